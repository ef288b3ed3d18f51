import IAPDiagnostics
import IAPProject

/// Decides whether the transaction listener starts as the app launches, from what launch reaches.
///
/// Launch is the `@main` type (its initialiser, stored properties and the scenes of its `body`),
/// the views a scene shows first (their stored properties and initialisers, and what their
/// `.task`, `.onAppear` and `.onReceive` run, including through view modifiers), and the app
/// delegate's launch methods (`application(_:didFinishLaunchingWithOptions:)` and its siblings,
/// `scene(_:willConnectTo:options:)`, and their Objective-C forms). From there the search follows
/// initialisers, stored properties, calls and singletons (`Store.shared`), to `maximumDepth` steps.
/// Views that a root view's body shows are screens a person opens later, so they are not followed.
struct LaunchReachability {
    static let maximumDepth = 12

    /// One place that starts listening for transactions.
    struct Listener {
        enum Kind {
            case transactionUpdates
            case paymentQueueObserver
            /// A library that listens for the app once configured: SwiftyStoreKit, RevenueCat.
            case library(String)
        }

        var kind: Kind
        var file: Int
        var token: Int
    }

    /// One step of the path from launch to the listener.
    struct Step {
        var description: String
        var location: SourceLocation
    }

    let index: SourceIndex
    let listeners: [Listener]
    /// The files whose `@main` type and delegates count as launch: the selling apps' own, so a
    /// TV or demo app in the same project does not launch the phone app's store. Nil: every file.
    let launchFiles: Set<Int>?
    /// Per file, the token indices of its listeners, sorted.
    private let listenerTokens: [[Int]]

    /// The controllers the main storyboard creates at launch, by class name.
    let launchControllers: [StoryboardReader.Controller]

    init(index: SourceIndex, launchFiles: Set<Int>? = nil, launchControllers: [StoryboardReader.Controller] = []) {
        self.index = index
        self.launchFiles = launchFiles
        self.launchControllers = launchControllers
        var found: [Listener] = []
        let transactionNames = index.transactionTypeNames()
        for file in index.scans.indices {
            found += Self.findListeners(in: file, index: index, transactionNames: transactionNames)
        }
        listeners = found
        var perFile = Array(repeating: [Int](), count: index.scans.count)
        for listener in found { perFile[listener.file].append(listener.token) }
        listenerTokens = perFile.map { $0.sorted() }
    }

    func location(_ listener: Listener) -> SourceLocation { index.tokens(listener.file)[listener.token].location }

    /// The part of an Objective-C body that runs: up to the `;` of a `return` in the body's own
    /// block (`return YES;` before an `addTransactionObserver:` that never runs).
    static func runningPart(of span: SourceIndex.Span, index: SourceIndex) -> SourceIndex.Span {
        guard index.scans[span.file].language == .objectiveC else { return span }
        let tokens = index.tokens(span.file)
        guard span.start < span.end, tokens[span.start].text == "{" else { return span }
        var depth = 0
        for position in (span.start + 1)..<span.end {
            switch tokens[position].text {
            case "{" where tokens[position].kind == .punctuation: depth += 1
            case "}" where tokens[position].kind == .punctuation: depth -= 1
            // A statement of its own, not the body of a brace-less `if (…) return;` or `else return;`.
            case "return"
            where depth == 0 && tokens[position].kind == .identifier
                && [";", "{", "}"].contains(tokens[position - 1].text):
                guard let end = (position..<span.end).first(where: { tokens[$0].text == ";" }) else { return span }
                return SourceIndex.Span(file: span.file, start: span.start, end: end + 1)
            default: continue
            }
        }
        return span
    }

    /// The listener launch reaches and the path to it, or nil.
    func reachedListener() -> (listener: Listener, path: [Step])? {
        var search = Search(reachability: self)
        return search.run()
    }

    /// Where the code holding each listener is first started from outside it: the first call of
    /// its function, or the first use of its type, with the type that does it (a view when one
    /// does). One pass over the sources serves every listener asked about.
    func starters(of asked: [Listener]) -> [(step: Step, others: Int)?] {
        struct Wanted {
            var function: SourceIndex.Function?
            var typeName: String?
            var candidates: [Step] = []
        }
        var wanted = asked.map { listener -> Wanted in
            let function = index.function(containing: listener.token, in: listener.file).map { index.functions[$0] }
            let typeName =
                function?.typeName
                ?? index.type(containing: listener.token, in: listener.file).map {
                    index.types[$0].name
                }
            return Wanted(function: function, typeName: typeName)
        }
        var byName: [String: [Int]] = [:]
        for (position, entry) in wanted.enumerated() {
            if let function = entry.function, !function.isInitializer {
                byName[function.name, default: []].append(position)
            }
            if let typeName = entry.typeName { byName[typeName, default: []].append(position) }
        }
        for (file, scan) in index.scans.enumerated() where byName.keys.contains(where: scan.mentions) {
            let tokens = scan.tokens
            for position in tokens.indices where tokens[position].kind == .identifier {
                guard let askers = byName[tokens[position].text] else { continue }
                let next = position + 1 < tokens.count ? tokens[position + 1].text : ""
                let previous = position > 0 ? tokens[position - 1].text : ""
                let enclosing = index.type(containing: position, in: file).map { index.types[$0].name }
                let objectiveC = scan.language == .objectiveC
                // `[self purchase:sender]`, not the `- (void)purchase:(id)sender` that declares it.
                let isMessage =
                    objectiveC && (next == ":" || next == "]") && position > 0
                    && (tokens[position - 1].kind == .identifier || previous == "]")
                let declares = ["extension", "@interface", "@implementation", "@class", "@protocol"].contains(previous)
                for asker in askers {
                    let entry = wanted[asker]
                    let text = tokens[position].text
                    let isCall =
                        entry.function.map {
                            !$0.isInitializer && text == $0.name && (next == "(" && previous != "func" || isMessage)
                        } ?? false
                    let isUse =
                        entry.typeName.map {
                            text == $0 && !declares && (next == "(" || next == "." || objectiveC && previous == "[")
                        } ?? false
                    // The listener's own type does not count as starting it.
                    guard isCall || isUse, enclosing != entry.typeName else { continue }
                    wanted[asker].candidates.append(
                        Step(description: enclosing ?? scan.path, location: tokens[position].location))
                }
            }
        }
        return wanted.map { entry in
            guard
                let chosen = entry.candidates.first(where: { index.isViewType($0.description) })
                    ?? entry.candidates.first
            else { return nil }
            return (chosen, entry.candidates.count - 1)
        }
    }

    // MARK: Finding listeners

    private static func findListeners(in file: Int, index: SourceIndex, transactionNames: Set<String>) -> [Listener] {
        let scan = index.scans[file]
        let tokens = scan.tokens
        var found: [Listener] = []
        let relevant =
            scan.mentions("updates") || scan.mentions("add") || scan.mentions("addTransactionObserver")
            || scan.mentions("completeTransactions") || scan.mentions("configure")
        guard relevant else { return [] }
        for position in tokens.indices where tokens[position].kind == .identifier {
            let text = tokens[position].text
            let next = position + 1 < tokens.count ? tokens[position + 1].text : ""
            let previous = position > 0 ? tokens[position - 1].text : ""
            switch text {
            case let name
            where transactionNames.contains(name) && next == "." && position + 2 < tokens.count
                && tokens[position + 2].text == "updates":
                // A project's own `Transaction` type hides StoreKit's unless the name is qualified.
                let qualified = position >= 2 && previous == "." && tokens[position - 2].text == "StoreKit"
                if name == "Transaction", index.isDeclaredType("Transaction") && !qualified { continue }
                found.append(Listener(kind: .transactionUpdates, file: file, token: position))
            case "addTransactionObserver" where next == ":" || next == "(":
                found.append(Listener(kind: .paymentQueueObserver, file: file, token: position))
            case "add" where previous == "." && next == "(":
                if isPaymentQueue(before: position - 1, tokens: tokens, file: file, index: index),
                    isObserver(argumentAt: position + 2, tokens: tokens, file: file, index: index)
                {
                    found.append(Listener(kind: .paymentQueueObserver, file: file, token: position))
                }
            case "completeTransactions"
            where previous == "." && position >= 2 && tokens[position - 2].text == "SwiftyStoreKit":
                found.append(Listener(kind: .library("SwiftyStoreKit"), file: file, token: position))
            case "configure"
            where previous == "." && position >= 2 && tokens[position - 2].text == "Purchases" && next == "(":
                found.append(Listener(kind: .library("RevenueCat"), file: file, token: position))
            default:
                continue
            }
        }
        return found
    }

    /// True when the expression ending at `dot` (the `.` of `.add`) is the payment queue:
    /// `SKPaymentQueue.default()`, or a name declared as one, such as a stored
    /// `let queue = SKPaymentQueue.default()` or a parameter `queue: SKPaymentQueue`.
    static func isPaymentQueue(before dot: Int, tokens: [SwiftToken], file: Int, index: SourceIndex) -> Bool {
        guard dot > 0 else { return false }
        if dot >= 5, tokens[dot - 1].text == ")", tokens[dot - 3].text == "default",
            tokens[dot - 5].text == "SKPaymentQueue"
        {
            return true
        }
        guard tokens[dot - 1].kind == .identifier else { return false }
        let name = tokens[dot - 1].text
        if name == "SKPaymentQueue" { return false }
        if let type = declaredType(of: name, at: dot - 1, tokens: tokens, file: file, index: index) {
            return type.contains("PaymentQueue") || type.contains("PaymentQueuing")
        }
        return false
    }

    /// The type written for `name`: a parameter or local of the enclosing function, else a property
    /// of the enclosing type; `SKPaymentQueue` for one initialised with `SKPaymentQueue.default()`.
    static func declaredType(of name: String, at position: Int, tokens: [SwiftToken], file: Int, index: SourceIndex)
        -> String?
    {
        if let function = index.function(containing: position, in: file) {
            if let parameter = index.functions[function].parameters.first(where: { $0.name == name }) {
                return parameter.type
            }
            if let local = index.local(name, before: position, inFunction: function) { return local.type }
        }
        let typeName = index.type(containing: position, in: file).map { index.types[$0].name }
        for property in index.properties(named: name, in: typeName).map({ index.properties[$0] }) {
            if let declared = property.declaredType { return declared }
            if let initializer = property.initializer, initializer.start < initializer.end {
                return index.tokens(initializer.file)[initializer.start].text
            }
        }
        return nil
    }

    /// False for a payment (`add(payment)`, `add(SKPayment(product: p))`); true for `self` and
    /// other observers.
    static func isObserver(argumentAt position: Int, tokens: [SwiftToken], file: Int, index: SourceIndex) -> Bool {
        guard position < tokens.count else { return false }
        let first = tokens[position]
        if first.text == "self" { return true }
        guard first.kind == .identifier else { return false }
        if first.text.hasPrefix("SKPayment") || first.text.hasPrefix("SKMutablePayment") { return false }
        if first.text.lowercased().contains("payment") { return false }
        if let type = declaredType(of: first.text, at: position, tokens: tokens, file: file, index: index),
            type.hasPrefix("SKPayment") || type.hasPrefix("SKMutablePayment")
        {
            return false
        }
        return true
    }

    /// The first listener token in the span outside its deferred parts (`deferredParts(of:)` of
    /// the span, worked out once by the caller, which walks the same parts).
    fileprivate func listener(in span: SourceIndex.Span, outside deferred: [DeferredPart]) -> Int? {
        let tokens = listenerTokens[span.file]
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle] < span.start { low = middle + 1 } else { high = middle }
        }
        guard low < tokens.count, tokens[low] < span.end else { return nil }
        return tokens[low...].prefix { $0 < span.end }.first { token in
            !deferred.contains { $0.range.contains(token) }
        }
    }

    /// A part of a Swift body that does not run when the body does.
    struct DeferredPart {
        /// The tokens from the opening brace to the closing one.
        var range: Range<Int>
        /// The name of a function declared inside the body, which runs when the body calls it;
        /// nil for a closure run on the user's action.
        var localFunction: String?
    }

    /// Closures a tap or alert runs, and the bodies of functions declared inside the body
    /// (`func removeAds() { buyProduct() }` in a scene's `didMove(to:)`), which run only when
    /// called.
    static func deferredParts(of span: SourceIndex.Span, index: SourceIndex) -> [DeferredPart] {
        guard index.scans[span.file].language != .objectiveC else { return [] }
        let tokens = index.tokens(span.file)
        var parts: [DeferredPart] = []
        var position = span.start
        while position < span.end {
            defer { position += 1 }
            let token = tokens[position]
            if token.text == "{", Search.runsOnUserAction(tokens, open: position) {
                let close = SourceIndex.close(tokens, from: position)
                parts.append(DeferredPart(range: position..<close, localFunction: nil))
                position = close - 1
            } else if token.text == "func", token.kind == .identifier, position > span.start,
                position + 1 < span.end, tokens[position + 1].kind == .identifier
            {
                // The body opens at the first `{` outside the parameter list.
                var open = position + 2
                while open < span.end, tokens[open].text != "{" {
                    if tokens[open].text == "(" { open = SourceIndex.close(tokens, from: open) } else { open += 1 }
                }
                guard open < span.end else { continue }
                let close = SourceIndex.close(tokens, from: open)
                parts.append(DeferredPart(range: open..<close, localFunction: tokens[position + 1].text))
                position = close - 1
            }
        }
        return parts
    }
}

/// The breadth-first walk from launch.
private struct Search {
    enum Mode {
        /// Code that runs: function bodies, initial values, closures.
        case code
        /// A root view's body: only what its `.task`, `.onAppear` and modifiers run, and the
        /// views it shows directly.
        case viewBody
        /// The body of a view the root view shows: its `.task`, `.onAppear` and modifiers, not
        /// the views below it (which depend on what the user selects).
        case childViewBody
    }

    struct Item {
        var span: SourceIndex.Span
        var mode: Mode
        var depth: Int
        var node: Int
    }

    let reachability: LaunchReachability
    var index: SourceIndex { reachability.index }
    var queue: [Item] = []
    var head = 0
    var seen: Set<SourceIndex.Span> = []
    var constructed: Set<String> = []
    var nodes: [(step: LaunchReachability.Step, parent: Int?)] = []
    /// Objective-C variables written with their class, by file and name, with where each is
    /// declared; read once per file, when the first message to a variable is met there.
    var objectiveCVariables: [Int: [String: [(position: Int, className: String)]]] = [:]
    /// The class each global Objective-C name was found declared with, nil when none.
    var globalClasses: [String: String?] = [:]

    init(reachability: LaunchReachability) {
        self.reachability = reachability
    }

    mutating func run() -> (listener: LaunchReachability.Listener, path: [LaunchReachability.Step])? {
        seedRoots()
        while head < queue.count {
            var item = queue[head]
            head += 1
            var deferred: [LaunchReachability.DeferredPart] = []
            if item.mode == .code {
                item.span = LaunchReachability.runningPart(of: item.span, index: reachability.index)
                deferred = LaunchReachability.deferredParts(of: item.span, index: reachability.index)
            }
            if item.mode == .code, let token = reachability.listener(in: item.span, outside: deferred) {
                guard
                    let listener = reachability.listeners.first(where: {
                        $0.file == item.span.file && $0.token == token
                    })
                else { continue }
                var path = [
                    LaunchReachability.Step(
                        description: listenerName(listener), location: reachability.location(listener))
                ]
                var current: Int? = item.node
                while let node = current {
                    path.append(nodes[node].step)
                    current = nodes[node].parent
                }
                return (listener, path.reversed())
            }
            guard item.depth < LaunchReachability.maximumDepth else { continue }
            switch item.mode {
            case .code: followCode(item, deferred: deferred)
            case .viewBody, .childViewBody: followViewBody(item)
            }
        }
        return nil
    }

    private func listenerName(_ listener: LaunchReachability.Listener) -> String {
        switch listener.kind {
        case .transactionUpdates: "Transaction.updates"
        case .paymentQueueObserver: "the payment queue observer"
        case .library(let name): "\(name)'s transaction observer"
        }
    }

    // MARK: Roots

    private mutating func seedRoots() {
        let launchFiles = reachability.launchFiles
        func launches(_ file: Int) -> Bool { launchFiles?.contains(file) ?? true }
        for type in index.types where type.isMain && launches(type.body.file) {
            let name = SourceIndex.Span(file: type.body.file, start: type.nameToken, end: type.nameToken + 1)
            let node = addNode("@main \(type.name)", at: name, parent: nil)
            seedApp(type.name, node: node)
            // `static func main() { if #available(…) { NewApp.main() } else { OldApp.main() } }`:
            // each App the custom entry point runs is launched like an `@main` one.
            for function in index.functions(named: "main", in: type.name) {
                guard let body = index.functions[function].body else { continue }
                let tokens = index.tokens(body.file)
                for position in body.start..<max(body.start, body.end - 3)
                where tokens[position + 1].text == "." && tokens[position + 2].text == "main"
                    && tokens[position + 3].text == "(" && index.isDeclaredType(tokens[position].text)
                    && tokens[position].text != type.name
                {
                    let app = tokens[position].text
                    let child = addNode(
                        "\(app).main()", at: SourceIndex.Span(file: body.file, start: position, end: position + 1),
                        parent: node)
                    seedApp(app, node: child)
                }
            }
        }
        for controller in reachability.launchControllers {
            let storyboard = ProjectPath.lastComponent(controller.location.file)
            let node = addNode(
                "\(storyboard)'s initial \(controller.className)", location: controller.location, parent: nil)
            construct(controller.className, asRootView: false, depth: 0, node: node)
        }
        for (caseToken, body) in index.launchActionCases where launches(body.file) {
            // `case .appDelegate(.didFinishLaunching):`, as the evidence names it.
            let pattern = index.tokens(body.file)[(caseToken + 1)..<max(caseToken + 1, body.start - 1)]
            let node = addNode(
                "case \(pattern.map(\.text).joined())",
                at: SourceIndex.Span(file: body.file, start: caseToken, end: body.start), parent: nil)
            enqueue(body, .code, depth: 0, node: node)
        }
        for (position, function) in index.functions.enumerated()
        where Self.isLaunchMethod(function) && launches(function.signature.file) {
            let owner = function.typeName ?? "app delegate"
            let node = addNode("\(owner).\(Self.describe(function))", at: function.signature, parent: nil)
            if let typeName = function.typeName { construct(typeName, asRootView: false, depth: 0, node: node) }
            enqueue(index.functions[position].body, .code, depth: 0, node: node)
        }
    }

    /// An app type as launch makes it: its initialiser, stored properties and scene `body`.
    private mutating func seedApp(_ typeName: String, node: Int) {
        construct(typeName, asRootView: false, depth: 0, node: node)
        for function in index.functions(named: "body", in: typeName) {
            enqueue(index.functions[function].body, .code, depth: 0, node: node)
        }
        for property in index.properties(named: "body", in: typeName) {
            enqueue(index.properties[property].body, .code, depth: 0, node: node)
        }
    }

    static func isLaunchMethod(_ function: SourceIndex.Function) -> Bool {
        switch function.name {
        case "application":
            return function.labels.contains {
                $0 == "didFinishLaunchingWithOptions" || $0 == "willFinishLaunchingWithOptions"
            }
        case "applicationDidFinishLaunching", "applicationWillFinishLaunching": return true
        case "scene":
            return function.labels.contains("willConnectTo") || function.labels.contains("willConnectToSession")
        default: return false
        }
    }

    static func describe(_ function: SourceIndex.Function) -> String {
        if function.isInitializer && !function.isObjectiveC { return "init" }
        return function.signatureText
    }

    // MARK: Following

    private mutating func addNode(_ description: String, location: SourceLocation, parent: Int?) -> Int {
        nodes.append((LaunchReachability.Step(description: description, location: location), parent))
        return nodes.count - 1
    }

    private mutating func addNode(_ description: String, at span: SourceIndex.Span, parent: Int?) -> Int {
        let tokens = index.tokens(span.file)
        let location =
            span.start < tokens.count
            ? tokens[span.start].location : SourceLocation(file: index.scans[span.file].path, line: 1, column: 1)
        nodes.append((LaunchReachability.Step(description: description, location: location), parent))
        return nodes.count - 1
    }

    private mutating func enqueue(_ span: SourceIndex.Span?, _ mode: Mode, depth: Int, node: Int) {
        guard let span, !span.isEmpty, seen.insert(span).inserted else { return }
        queue.append(Item(span: span, mode: mode, depth: depth, node: node))
    }

    /// A type comes into being: its initialisers and stored properties run; a view made by code
    /// that runs at launch is a root view, so its body's start-up closures run too.
    private mutating func construct(
        _ typeName: String, asRootView: Bool, bodyMode: Mode = .viewBody, depth: Int, node: Int
    ) {
        let key = "\(typeName)#\(asRootView)#\(bodyMode)"
        guard constructed.insert(key).inserted else { return }
        for function in index.functions(named: "init", in: typeName) {
            let child = addNode("\(typeName).init", at: index.functions[function].signature, parent: node)
            enqueue(index.functions[function].body, .code, depth: depth + 1, node: child)
            // Default arguments run too (`init(store: PatronageStore = StoreKitStore())`): they
            // are how a type behind a protocol is usually made.
            enqueue(index.functions[function].signature, .code, depth: depth + 1, node: child)
        }
        for property in (index.propertiesByType[typeName] ?? []).map({ index.properties[$0] }) where !property.isStatic
        {
            if let initializer = property.initializer, !property.attributes.contains("lazy") {
                let child = addNode("\(typeName).\(property.name)", at: initializer, parent: node)
                enqueue(initializer, .code, depth: depth + 1, node: child)
            }
            // `@UIApplicationDelegateAdaptor(AppDelegate.self) var delegate`, or with the type
            // written only on the property (`@NSApplicationDelegateAdaptor var delegate: AppDelegate`).
            if let adaptor = property.attributeArgument ?? property.declaredType,
                property.attributes.contains(where: { $0.hasSuffix("DelegateAdaptor") })
            {
                let child = addNode(
                    "\(typeName).\(property.name)",
                    at: SourceIndex.Span(file: property.file, start: property.location, end: property.location + 1),
                    parent: node)
                construct(adaptor, asRootView: false, depth: depth + 1, node: child)
            }
        }
        // A controller made at launch is on screen at launch: its view's life-cycle methods run,
        // and so do the callbacks of the delegates it adopts (`directorDidReshapeProjection:`).
        let adoptsDelegate = index.inherits(typeName).contains { $0.hasSuffix("Delegate") }
        let callbacks = (index.functionsByType[typeName] ?? []).filter { position in
            let name = index.functions[position].name
            return Self.lifeCycleMethods.contains(name)
                || adoptsDelegate && (name.contains("Did") || name.contains("Will"))
        }
        followFunctions(callbacks, depth: depth, node: node)
        if asRootView {
            for function in index.functions(named: "body", in: typeName) {
                let child = addNode("\(typeName).body", at: index.functions[function].signature, parent: node)
                enqueue(index.functions[function].body, bodyMode, depth: depth + 1, node: child)
            }
            for property in index.properties(named: "body", in: typeName) {
                let child = addNode(
                    "\(typeName).body",
                    at: SourceIndex.Span(
                        file: index.properties[property].file, start: index.properties[property].location,
                        end: index.properties[property].location + 1), parent: node)
                enqueue(index.properties[property].body, bodyMode, depth: depth + 1, node: child)
            }
        }
    }

    /// Modifiers and views whose content is shown only when the user asks for it.
    static let presentations: Set<String> = [
        "sheet", "fullScreenCover", "popover", "navigationDestination", "alert", "confirmationDialog",
        "contextMenu", "inspector", "NavigationLink",
    ]

    /// Methods the system calls on a controller, window controller or SpriteKit scene that is
    /// made to be shown (`SKView.presentScene(MenuScene(fileNamed:))` runs `didMove(to:)`).
    static let lifeCycleMethods: Set<String> = [
        "loadView", "viewDidLoad", "viewWillAppear", "viewDidAppear", "awakeFromNib", "windowDidLoad", "didMove",
        "sceneDidLoad",
    ]

    private mutating func followFunctions(_ candidates: [Int], depth: Int, node: Int) {
        for candidate in candidates {
            let function = index.functions[candidate]
            guard let body = function.body, !seen.contains(body) else { continue }
            let owner = function.typeName.map { "\($0)." } ?? ""
            let child = addNode(owner + Self.describe(function), at: function.signature, parent: node)
            enqueue(body, .code, depth: depth + 1, node: child)
        }
    }

    private mutating func followStaticProperty(_ name: String, of typeName: String, depth: Int, node: Int) {
        for position in index.properties(named: name, in: typeName) {
            let property = index.properties[position]
            guard property.isStatic else { continue }
            let child = addNode(
                "\(typeName).\(name)",
                at: SourceIndex.Span(file: property.file, start: property.location, end: property.location + 1),
                parent: node)
            enqueue(property.initializer, .code, depth: depth + 1, node: child)
            enqueue(property.body, .code, depth: depth + 1, node: child)
        }
    }

    private mutating func followCode(_ item: Item, deferred: [LaunchReachability.DeferredPart]) {
        let tokens = index.tokens(item.span.file)
        let objectiveC = index.scans[item.span.file].language == .objectiveC
        let currentType =
            index.function(containing: item.span.start, in: item.span.file).flatMap { index.functions[$0].typeName }
            ?? index.type(containing: item.span.start, in: item.span.file).map { index.types[$0].name }
        let depth = item.depth
        // A tap or alert handler runs when the user acts, not at launch; a local function runs
        // when the body calls it (`deferred`, from `LaunchReachability.deferredParts(of:)`).
        var localFunctions: [String: SourceIndex.Span] = [:]
        var nextDeferred = 0
        var position = item.span.start
        while position < item.span.end {
            defer { position += 1 }
            if nextDeferred < deferred.count, position == deferred[nextDeferred].range.lowerBound {
                let part = deferred[nextDeferred]
                nextDeferred += 1
                if let name = part.localFunction {
                    localFunctions[name] = SourceIndex.Span(
                        file: item.span.file, start: part.range.lowerBound, end: part.range.upperBound)
                }
                position = part.range.upperBound - 1
                continue
            }
            let token = tokens[position]
            if objectiveC, token.text == "@selector" {
                followPerformedSelector(at: position, tokens: tokens, currentType: currentType, item: item)
                continue
            }
            if !objectiveC, token.text == "#selector", position + 1 < tokens.count, tokens[position + 1].text == "(" {
                // `#selector(showSettings(_:))` names a method; only `perform(…)` runs it now.
                let close = SourceIndex.close(tokens, from: position + 1)
                if Self.isPerformed(tokens, selector: position) {
                    let named = ((position + 2)..<max(position + 2, close - 1)).first {
                        tokens[$0].kind == .identifier && ["(", ")"].contains(tokens[$0 + 1].text)
                    }
                    if let named {
                        let name = tokens[named].text
                        let members = currentType.map { index.functions(named: name, in: $0) } ?? []
                        followFunctions(
                            members.isEmpty ? index.functions(named: name, in: nil) : members, depth: depth,
                            node: item.node)
                    }
                }
                position = close - 1
                continue
            }
            guard token.kind == .identifier else { continue }
            let text = token.text
            let next = position + 1 < tokens.count ? tokens[position + 1].text : ""
            let previous = position > 0 ? tokens[position - 1].text : ""
            if objectiveC {
                // `[receiver selector:argument …]`, `[Type sharedInstance]`.
                if next == ":" || next == "]", position > 0,
                    tokens[position - 1].kind == .identifier || previous == "]" || previous == ")"
                {
                    followMessage(
                        text, receiverEnd: position - 1, tokens: tokens, file: item.span.file,
                        currentType: currentType, depth: depth, node: item.node)
                }
                if next == "(" { followFunctions(index.functions(named: text, in: nil), depth: depth, node: item.node) }
                continue
            }
            if previous == "func" || previous == "var" || previous == "let" { continue }
            if text == "Settings", next == "{", previous != ".", !index.isDeclaredType(text) {
                // A macOS `Settings { }` scene opens from the app menu, like a sheet.
                position = SourceIndex.close(tokens, from: position + 1) - 1
                continue
            }
            if previous == "." {
                let receiverEnd = position - 2
                let receiverType = receiverTypeName(
                    endingAt: receiverEnd, tokens: tokens, file: item.span.file, currentType: currentType)
                if next == "(" || next == "{" {
                    if let receiverType, index.isTypeName(receiverType) {
                        var members = index.functions(named: text, in: receiverType)
                        // A protocol's requirement has no body: what runs is an adopter's method
                        // (`let store: PatronageStore`, then `store.transactionUpdates()`).
                        if members.allSatisfy({ index.functions[$0].body == nil }) {
                            let adopters = (index.adoptersByName[receiverType] ?? []).sorted()
                            members += adopters.prefix(Self.maximumImplementations).flatMap {
                                index.functions(named: text, in: $0)
                            }
                        }
                        if !members.isEmpty {
                            followFunctions(members, depth: depth, node: item.node)
                            continue
                        }
                    }
                    // A receiver of unknown type: follow the name when one function has it, or
                    // the few whose argument labels match, as a protocol's implementations.
                    if text != "init" {
                        followUnknownReceiver(text, at: position, tokens: tokens, depth: depth, node: item.node)
                    }
                } else if receiverEnd >= 0, tokens[receiverEnd].text == "self", let currentType,
                    receiverEnd == 0 || tokens[receiverEnd - 1].text != "."
                {
                    followPropertyRead(text, of: currentType, depth: depth, node: item.node)
                } else if receiverEnd >= 0, tokens[receiverEnd].kind == .identifier,
                    index.isTypeName(tokens[receiverEnd].text)
                {
                    followStaticProperty(text, of: tokens[receiverEnd].text, depth: depth, node: item.node)
                } else if receiverEnd >= 0, [":", "(", ",", "="].contains(tokens[receiverEnd].text),
                    let typeName = implicitMemberType(text, label: receiverEnd, tokens: tokens)
                {
                    followStaticProperty(text, of: typeName, depth: depth, node: item.node)
                }
                continue
            }
            if index.isTypeName(text), next == "(" || next == "." || next == "{" {
                if next != ".", index.isDeclaredType(text) {
                    construct(text, asRootView: index.isViewType(text), depth: depth, node: item.node)
                }
                continue
            }
            if next == "(", let local = localFunctions[text] {
                let child = addNode("\(text)()", at: local, parent: item.node)
                enqueue(local, .code, depth: depth + 1, node: child)
                continue
            }
            if next == "(" || next == "{" {
                var candidates = currentType.map { index.functions(named: text, in: $0) } ?? []
                if candidates.isEmpty {
                    candidates = (index.functionsByName[text] ?? []).filter { index.functions[$0].typeName == nil }
                }
                if candidates.isEmpty, text != "init", let only = index.functionsByName[text], only.count == 1 {
                    candidates = only
                }
                followFunctions(candidates, depth: depth, node: item.node)
            } else if let currentType {
                followPropertyRead(text, of: currentType, depth: depth, node: item.node)
            }
        }
    }

    /// A computed property of the same type, such as a scene the app's `body` names, or a lazy or
    /// static one (`return instance` in a `getInstance()`, `lazy var store: Store = .init()`),
    /// made where it is first read (`store`, `self.store`).
    private mutating func followPropertyRead(_ name: String, of typeName: String, depth: Int, node: Int) {
        for position in index.properties(named: name, in: typeName) {
            let property = index.properties[position]
            let madeWhenRead = property.attributes.contains("lazy") || property.isStatic
            let lazyValue = madeWhenRead ? property.initializer : nil
            guard let body = property.body ?? lazyValue, !seen.contains(body) else { continue }
            let child = addNode(
                "\(typeName).\(name)",
                at: SourceIndex.Span(file: property.file, start: property.location, end: property.location + 1),
                parent: node)
            let tokens = index.tokens(body.file)
            if property.body == nil, body.start + 1 < body.end, tokens[body.start].text == ".",
                tokens[body.start + 1].text == "init", let declared = property.declaredType,
                index.isDeclaredType(declared)
            {
                // `= .init()`: the declared type is made.
                construct(declared, asRootView: index.isViewType(declared), depth: depth + 1, node: child)
                continue
            }
            enqueue(body, .code, depth: depth + 1, node: child)
        }
    }

    /// True when the closure opening at `open` is an event handler: given for a label such as
    /// `handler:` or `action:`, or to a call that installs one (`addTapGestureRecognizer { … }`,
    /// `addAction(…)`).
    static func runsOnUserAction(_ tokens: [SwiftToken], open: Int) -> Bool {
        guard open >= 1 else { return false }
        if open >= 2, tokens[open - 1].text == ":", tokens[open - 2].kind == .identifier {
            return ["action", "handler", "primaryAction", "tapAction", "onTap"].contains(tokens[open - 2].text)
        }
        // The callee: the identifier before `{`, or before the `( … )` that precedes it.
        var end = open - 1
        let called = tokens[end].text == ")"
        if called { end = SourceIndex.opening(tokens, of: end) - 1 }
        // `if tapped {` is a condition, not a call: a trailing closure follows `.name`, or is a
        // SwiftUI `Button { … } label: { … }`, whose first closure is its action.
        guard end >= 1, tokens[end].kind == .identifier,
            called || tokens[end - 1].text == "." || tokens[end].text == "Button"
        else { return false }
        if tokens[end].text == "Button" { return true }
        let callee = tokens[end].text.lowercased()
        return ["gesture", "tap", "longpress", "swipe", "addaction", "addtarget"].contains { callee.contains($0) }
    }

    /// The type of an implicit member such as `environment: .shared`, whose type only the
    /// parameter knows: the one type with a static property of that name, or, among several, the
    /// one the argument label names (`environment:` for `AppEnvironment`).
    private func implicitMemberType(_ name: String, label colon: Int, tokens: [SwiftToken]) -> String? {
        let owners = Set(
            index.properties(named: name, in: nil).map { index.properties[$0] }.filter(\.isStatic).compactMap(
                \.typeName))
        if owners.count == 1 { return owners.first }
        // `@State var service: PurchaseService = .shared`: the declared type says whose.
        if tokens[colon].text == "=" {
            var typeEnd = colon - 1
            while typeEnd > 0, ["?", "!"].contains(tokens[typeEnd].text) { typeEnd -= 1 }
            guard typeEnd > 0, tokens[typeEnd - 1].text == ":", owners.contains(tokens[typeEnd].text) else {
                return nil
            }
            return tokens[typeEnd].text
        }
        guard tokens[colon].text == ":", colon > 0, tokens[colon - 1].kind == .identifier else { return nil }
        let label = tokens[colon - 1].text.lowercased()
        let named = owners.filter { $0.lowercased().contains(label) }
        return named.count == 1 ? named.first : nil
    }

    /// A call on a receiver of unknown type: the one function of that name, or, for a call with
    /// arguments, the functions (at most `maximumImplementations`) with the same labels.
    private mutating func followUnknownReceiver(
        _ name: String, at position: Int, tokens: [SwiftToken], depth: Int, node: Int
    ) {
        guard let all = index.functionsByName[name], !all.isEmpty else {
            // A closure property of a client, `client.observer()`: the closures given for it.
            let closures = index.closureArguments[name] ?? []
            guard !closures.isEmpty, closures.count <= Self.maximumImplementations else { return }
            for closure in closures where !seen.contains(closure) {
                let child = addNode("\(name): { … }", at: closure, parent: node)
                enqueue(closure, .code, depth: depth + 1, node: child)
            }
            return
        }
        if all.count == 1 {
            followFunctions(all, depth: depth, node: node)
            return
        }
        guard position + 1 < tokens.count, tokens[position + 1].text == "(" else { return }
        let labels = SourceIndex.callLabels(tokens, open: position + 1)
        guard !labels.isEmpty else { return }
        let matching = index.functionsBySignature[SourceIndex.signature(name, labels)] ?? []
        if matching.count <= Self.maximumImplementations { followFunctions(matching, depth: depth, node: node) }
    }

    static let maximumImplementations = 4

    /// True when the Swift `#selector` at `position` is handed to `perform(_:…)` or
    /// `performSelector(onMainThread:…)`, which run it now or soon; anywhere else (a menu item's
    /// or a button's action, a notification's observer) it runs when something happens later.
    static func isPerformed(_ tokens: [SwiftToken], selector position: Int) -> Bool {
        guard position >= 2 else { return false }
        var cursor = position - 1
        if tokens[cursor].text == ":", tokens[cursor - 1].kind == .identifier {
            // `addObserver(self, selector: #selector(setUp), name: UIApplication.didFinishLaunchingNotification, …)`
            // runs as the app launches.
            if tokens[cursor - 1].text == "selector" {
                var open = cursor - 2
                var depth = 0
                while open >= 0 {
                    if [")", "]"].contains(tokens[open].text) { depth += 1 }
                    if ["(", "["].contains(tokens[open].text) {
                        if depth == 0 { break }
                        depth -= 1
                    }
                    open -= 1
                }
                if open >= 0, tokens[open].text == "(" {
                    let close = SourceIndex.close(tokens, from: open)
                    if tokens[open..<min(close, tokens.count)].contains(where: {
                        $0.text.hasSuffix("FinishLaunchingNotification")
                            || $0.text.hasSuffix("BecomeActiveNotification")
                    }) {
                        return true
                    }
                }
            }
            cursor -= 2
        }
        guard cursor >= 1, tokens[cursor].text == "(" else { return false }
        return tokens[cursor - 1].text == "perform" || tokens[cursor - 1].text.hasPrefix("performSelector")
    }

    /// `[self performSelectorOnMainThread:@selector(setUp) withObject:nil waitUntilDone:NO]` (and
    /// the other `performSelector…:` messages) run the named method now or soon: it is followed as
    /// a call. A selector given anywhere else (a button's action) runs when the user acts.
    private mutating func followPerformedSelector(
        at position: Int, tokens: [SwiftToken], currentType: String?, item: Item
    ) {
        guard position >= 2, tokens[position - 1].text == ":",
            tokens[position - 2].text.hasPrefix("performSelector"), position + 2 < tokens.count,
            tokens[position + 1].text == "(", tokens[position + 2].kind == .identifier
        else { return }
        let name = tokens[position + 2].text
        let members = currentType.map { index.functions(named: name, in: $0) } ?? []
        followFunctions(
            members.isEmpty ? index.functions(named: name, in: nil) : members, depth: item.depth, node: item.node)
    }

    /// An Objective-C message. `[[Type alloc] initWith…]` and `[Type new]` make a `Type`;
    /// `[self …]`, `[Type …]` and `[[Type shared] …]` go to that type's methods; any other
    /// receiver to every method of that selector, except initialisers, which only a known class
    /// decides (`[super init]` and `[[UIView alloc] init]` start nothing of the project's).
    private mutating func followMessage(
        _ selector: String, receiverEnd end: Int, tokens: [SwiftToken], file: Int, currentType: String?, depth: Int,
        node: Int
    ) {
        var receiverClass: String?
        var known = false
        // A variable's class is the one it was declared with; the object may be a subclass's.
        var mayBeSubclass = false
        let receiver = tokens[end]
        if receiver.text == "]" {
            let cursor = SourceIndex.opening(tokens, of: end)
            if cursor >= 0, end - cursor == 6, tokens[cursor + 1].text == "[", tokens[cursor + 2].text == "self",
                tokens[cursor + 3].text == "class", tokens[cursor + 4].text == "]", tokens[cursor + 5].text == "alloc"
            {
                // `[[[self class] alloc] init]`, the shared instance of the class itself.
                receiverClass = currentType
                known = currentType != nil
            } else if cursor >= 0, end - cursor == 3, tokens[cursor + 1].kind == .identifier {
                // `[[Type alloc] …]`, `[[self alloc] …]` of a shared instance, `[[Type shared] …]`.
                let first = tokens[cursor + 1].text
                if first == "self" {
                    receiverClass = currentType
                    known = currentType != nil
                } else if index.isTypeName(first) {
                    receiverClass = first
                    known = true
                } else if first.first?.isUppercase == true {
                    // `[[UIApplication sharedApplication] …]`: a class the project does not declare.
                    known = true
                }
            }
        } else if receiver.text == "self" {
            receiverClass = currentType
            known = true
        } else if receiver.text == "super" {
            known = true
        } else if receiver.kind == .identifier, end > 0, tokens[end - 1].text == "[",
            !index.isTypeName(receiver.text), receiver.text.first?.isUppercase == true,
            let declared = globalObjectiveCClass(of: receiver.text), index.isTypeName(declared)
        {
            // `[AppController initialize]` after `extern ApplicationController *AppController;`:
            // a global holding the one instance of a project class.
            receiverClass = declared
            known = true
            mayBeSubclass = true
        } else if receiver.kind == .identifier, end > 0, tokens[end - 1].text == "[",
            index.isTypeName(receiver.text) || receiver.text.first?.isUppercase == true
        {
            // `[Type message]`; a class of a framework has none of the project's methods.
            receiverClass = index.isTypeName(receiver.text) ? receiver.text : nil
            known = true
        } else if receiver.kind == .identifier, end > 0, tokens[end - 1].text == "[",
            let declared = objectiveCClass(of: receiver.text, before: end, tokens: tokens, file: file)
        {
            // `[instance start]` after `static Store *instance`: Store's `start`, not every
            // `start` of the project (two shared-instance classes each name theirs `instance`).
            receiverClass = index.isTypeName(declared) ? declared : nil
            known = true
            mayBeSubclass = true
        }
        if selector == "alloc" { return }
        if let receiverClass {
            if selector.hasPrefix("init") || selector == "new" {
                if index.isDeclaredType(receiverClass) {
                    construct(receiverClass, asRootView: false, depth: depth, node: node)
                }
                guard selector != "init", selector != "new" else { return }
                // `initWithProductIdentifiers:` runs too, the class's own or the one it inherits
                // (`[[self alloc] initWith…]` in a subclass's shared instance).
            }
            if mayBeSubclass {
                // `(LicenseProvider *)provider` may hold an AppStoreProvider: its override runs.
                let subclasses = (index.adoptersByName[receiverClass] ?? []).sorted()
                followFunctions(
                    subclasses.prefix(Self.maximumImplementations).flatMap { index.functions(named: selector, in: $0) },
                    depth: depth, node: node)
            }
            // The class's own method, or one it inherits from a class of the project.
            var classes = [receiverClass]
            var visited: Set<String> = []
            while let current = classes.popLast(), visited.insert(current).inserted, visited.count <= 8 {
                let members = index.functions(named: selector, in: current)
                if !members.isEmpty {
                    followFunctions(members, depth: depth, node: node)
                    return
                }
                classes += index.inherits(current).filter { index.isDeclaredType($0) }
            }
            return
        } else if known {
            return
        }
        // Sent to a receiver of unknown class: an initializer only a known class decides, but
        // `[self.store initStoreKit]` is a method like any other.
        guard !["new", "copy", "class", "description"].contains(selector) else { return }
        followFunctions(
            (index.functionsByName[selector] ?? []).filter { !index.functions[$0].isInitializer }, depth: depth,
            node: node)
    }

    /// The class of the nearest declaration above `end` of the Objective-C variable `name`:
    /// `Store *name` before `;`, `=`, `,` or `)`, or a parameter `(Store *)name`. Classes start
    /// with a capital letter, which keeps a product (`Width * name;`) out in practice.
    /// The class a global Objective-C variable is declared with in any file
    /// (`extern ApplicationController *AppController;`).
    /// Asked once per name: framework classes (`[NSUserDefaults standardUserDefaults]`) are
    /// messaged everywhere, and each ask would walk every Objective-C file.
    private mutating func globalObjectiveCClass(of name: String) -> String? {
        if let known = globalClasses[name] { return known }
        var found: String?
        for (file, scan) in index.scans.enumerated() where scan.language == .objectiveC && scan.mentions(name) {
            found = objectiveCClass(of: name, before: scan.tokens.count, tokens: scan.tokens, file: file)
            if found != nil { break }
        }
        globalClasses[name] = .some(found)
        return found
    }

    private mutating func objectiveCClass(of name: String, before end: Int, tokens: [SwiftToken], file: Int)
        -> String?
    {
        if objectiveCVariables[file] == nil {
            var found: [String: [(position: Int, className: String)]] = [:]
            func isClass(_ position: Int) -> Bool {
                position >= 0 && tokens[position].kind == .identifier
                    && tokens[position].text.first?.isUppercase == true
            }
            for position in tokens.indices where position >= 3 && tokens[position].kind == .identifier {
                let next = position + 1 < tokens.count ? tokens[position + 1].text : ""
                if tokens[position - 1].text == "*", isClass(position - 2), [";", "=", ",", ")"].contains(next) {
                    found[tokens[position].text, default: []].append((position, tokens[position - 2].text))
                } else if tokens[position - 1].text == ")", tokens[position - 2].text == "*", isClass(position - 3),
                    position >= 4, tokens[position - 4].text == "("
                {
                    found[tokens[position].text, default: []].append((position, tokens[position - 3].text))
                }
            }
            objectiveCVariables[file] = found
        }
        return objectiveCVariables[file]?[name]?.last(where: { $0.position < end })?.className
    }

    /// The type of the expression that ends at `end`, when it is plain: `self`, a type name,
    /// `Type.shared`, or a property or parameter with a written type.
    private func receiverTypeName(endingAt end: Int, tokens: [SwiftToken], file: Int, currentType: String?) -> String? {
        guard end >= 0 else { return nil }
        let token = tokens[end]
        if token.text == "self" { return currentType }
        if token.text == ")", end >= 1 {
            // `Type()` and `Type.shared()`-like chains: find the name before the call.
            let cursor = SourceIndex.opening(tokens, of: end)
            if cursor > 0, index.isTypeName(tokens[cursor - 1].text) { return tokens[cursor - 1].text }
            return nil
        }
        guard token.kind == .identifier else { return nil }
        if index.isTypeName(token.text) { return token.text }
        if end >= 2, tokens[end - 1].text == ".", index.isTypeName(tokens[end - 2].text) {
            // `Type.shared`: the static property's type, usually the type itself.
            let typeName = tokens[end - 2].text
            for property in index.properties(named: token.text, in: typeName).map({ index.properties[$0] }) {
                if let declared = property.declaredType, index.isTypeName(declared) { return declared }
                if let initializer = property.initializer, initializer.start < initializer.end {
                    let first = index.tokens(initializer.file)[initializer.start].text
                    if index.isTypeName(first) { return first }
                    if first == "." || first == "Self" || first == "self" { return typeName }
                }
            }
            return typeName
        }
        if let declared = LaunchReachability.declaredType(
            of: token.text, at: end, tokens: tokens, file: file, index: index),
            index.isTypeName(declared)
        {
            return declared
        }
        // `Container.shared.store`: the declared type of the property, in the type the chain
        // before it names.
        if end >= 2, tokens[end - 1].text == ".",
            let base = receiverTypeName(endingAt: end - 2, tokens: tokens, file: file, currentType: currentType),
            let declared = index.properties(named: token.text, in: base).lazy.compactMap({
                self.index.properties[$0].declaredType
            }).first,
            index.isTypeName(declared)
        {
            return declared
        }
        return nil
    }

    /// A root view's body: follow `.task { }`, `.onAppear { }`, `.onReceive(…) { }`, the
    /// project's own modifiers (`.backyardBirdsShop()`, `modifier(Shop())`), nothing else.
    private mutating func followViewBody(_ item: Item) {
        let tokens = index.tokens(item.span.file)
        let currentType =
            index.function(containing: item.span.start, in: item.span.file).flatMap { index.functions[$0].typeName }
            ?? index.type(containing: item.span.start, in: item.span.file).map { index.types[$0].name }
        var position = item.span.start
        while position < item.span.end {
            defer { position += 1 }
            let token = tokens[position]
            guard token.kind == .identifier, position > 0 else { continue }
            let previous = tokens[position - 1].text
            let next = position + 1 < tokens.count ? tokens[position + 1].text : ""
            if Self.presentations.contains(token.text), previous == "." || token.text == "NavigationLink",
                next == "(" || next == "{"
            {
                // What a sheet or a navigation link shows appears when the user asks for it.
                var cursor = position + 1
                while cursor < item.span.end, tokens[cursor].text == "(" || tokens[cursor].text == "{" {
                    cursor = SourceIndex.close(tokens, from: cursor)
                }
                position = cursor - 1
                continue
            }
            if previous != ".", next != "(", next != ":", let currentType {
                // `var body: some View { ZStack { contentView } }`: a computed view of the same
                // type is part of the body.
                for property in index.properties(named: token.text, in: currentType) {
                    guard let body = index.properties[property].body, !seen.contains(body) else { continue }
                    let child = addNode(
                        "\(currentType).\(token.text)",
                        at: SourceIndex.Span(
                            file: index.properties[property].file, start: index.properties[property].location,
                            end: index.properties[property].location + 1), parent: item.node)
                    enqueue(body, item.mode, depth: item.depth + 1, node: child)
                }
            }
            if item.mode == .viewBody, next == "(" || next == "{", previous != ".", index.isDeclaredType(token.text),
                index.isViewType(token.text)
            {
                // A view the root view shows: its own start-up closures run at launch too.
                construct(
                    token.text, asRootView: true, bodyMode: .childViewBody, depth: item.depth + 1, node: item.node)
            }
            if previous == ".", ["task", "onAppear", "onReceive"].contains(token.text) {
                var cursor = position + 1
                if cursor < tokens.count, tokens[cursor].text == "(" {
                    let end = SourceIndex.close(tokens, from: cursor)
                    // `.onAppear(perform: start)`, `.onAppear(perform: manager.start)`
                    for argument in cursor..<end where tokens[argument].kind == .identifier {
                        let receiver =
                            tokens[argument - 1].text == "."
                            ? receiverTypeName(
                                endingAt: argument - 2, tokens: tokens, file: item.span.file, currentType: currentType)
                            : currentType
                        if let type = receiver {
                            followFunctions(
                                index.functions(named: tokens[argument].text, in: type), depth: item.depth,
                                node: item.node)
                        }
                    }
                    enqueue(
                        SourceIndex.Span(file: item.span.file, start: cursor, end: end), .code, depth: item.depth + 1,
                        node: item.node)
                    cursor = end
                }
                if cursor < tokens.count, tokens[cursor].text == "{" {
                    let end = SourceIndex.close(tokens, from: cursor)
                    enqueue(
                        SourceIndex.Span(file: item.span.file, start: cursor, end: end), .code, depth: item.depth + 1,
                        node: item.node)
                    position = end - 1
                }
            } else if token.text == "modifier", next == "(", position + 2 < tokens.count,
                index.isTypeName(tokens[position + 2].text)
            {
                // `.modifier(Purchases())`: the modifier's body is part of this view's.
                construct(tokens[position + 2].text, asRootView: true, depth: item.depth, node: item.node)
            } else if previous == ".", next == "(", token.text != "init" {
                // `.init(color:location:)` in a view is a SwiftUI value's initializer, not one of
                // the project's.
                followFunctions(index.functionsByName[token.text] ?? [], depth: item.depth, node: item.node)
            }
        }
    }
}
