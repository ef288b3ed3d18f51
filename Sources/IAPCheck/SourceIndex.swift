import IAPDiagnostics
import IAPProject

/// The declarations of a project's sources, found from their tokens: types (and the extensions
/// that add to them), functions and initialisers with their parameter labels, properties with
/// their declared type and initial value, enum cases with their raw value, and Objective-C
/// classes, methods and `#define`s. Enough structure to follow a call from one function to
/// another and a constant to its value, without compiling anything.
struct SourceIndex {
    /// A half-open range of token indices in one file.
    struct Span: Hashable {
        var file: Int
        var start: Int
        var end: Int

        var isEmpty: Bool { start >= end }
    }

    struct TypeDeclaration {
        enum Kind { case type, extensionOfType }
        var name: String
        var kind: Kind
        /// The token of the name.
        var nameToken: Int
        var body: Span
        /// Superclass and protocols, as written after `:` (or `<…>` in Objective-C).
        var inherits: [String]
        var isMain: Bool
    }

    struct Function {
        var name: String
        /// Argument labels (`_` for none), or the later selector parts of an Objective-C method.
        var labels: [String]
        /// Parameter names with the first type name written for each, for resolving arguments.
        var parameters: [(name: String, type: String)]
        var typeName: String?
        var signature: Span
        var body: Span?
        var isInitializer: Bool
        var isStatic: Bool
        var attributes: [String]
        var isObjectiveC = false

        /// How the function is written in messages: `productsRequest(_:didReceive:)`, or the
        /// selector `paymentQueue:updatedTransactions:` of an Objective-C method.
        var signatureText: String {
            if isObjectiveC {
                return parameters.isEmpty ? name : ([name] + labels).map { "\($0):" }.joined()
            }
            return "\(name)(\(labels.map { $0 == "_" ? "_:" : "\($0):" }.joined()))"
        }
    }

    struct Property {
        var name: String
        var typeName: String?
        /// The first type name of the declared type, `Store` in `let store: Store?`.
        var declaredType: String?
        /// The value after `=`.
        var initializer: Span?
        /// A computed property's body.
        var body: Span?
        var isStatic: Bool
        var attributes: [String]
        /// The `@Attribute(Type.self)` argument, for `@UIApplicationDelegateAdaptor(AppDelegate.self)`.
        var attributeArgument: String?
        var location: Int
        var file: Int
    }

    struct EnumCase {
        var name: String
        var typeName: String
        /// The token index of its string raw value.
        var rawValue: Int?
        var file: Int
    }

    struct Macro {
        var name: String
        var value: Span
    }

    let scans: [SwiftSourceScan]
    private(set) var types: [TypeDeclaration] = []
    private(set) var functions: [Function] = []
    private(set) var properties: [Property] = []
    private(set) var cases: [EnumCase] = []
    private(set) var macros: [Macro] = []
    private(set) var typesByName: [String: [Int]] = [:]
    /// The types (and extensions) that name each type or protocol among what they inherit from.
    private(set) var adoptersByName: [String: Set<String>] = [:]
    private(set) var functionsByName: [String: [Int]] = [:]
    private(set) var propertiesByName: [String: [Int]] = [:]
    private(set) var casesByName: [String: [Int]] = [:]
    private(set) var macrosByName: [String: [Int]] = [:]
    /// `loggingCalls` and the project's macros that stand for one, or for nothing
    /// (`#define DLog(...) NSLog(@__VA_ARGS__)`, `#define DLog(...)` in a release build).
    private(set) var loggingCalls: Set<String> = SourceIndex.loggingCalls
    private(set) var propertiesByType: [String: [Int]] = [:]
    /// The functions of each type and its extensions.
    private(set) var functionsByType: [String: [Int]] = [:]
    /// The Swift functions with a body, by name and argument labels: `registerServices(in:)`.
    private(set) var functionsBySignature: [String: [Int]] = [:]
    /// Closures passed under a label (`observer: { … }`), by label.
    private(set) var closureArguments: [String: [Span]] = [:]
    /// Switch cases that handle a launch action, `case .appDelegate(.didFinishLaunching):`.
    private(set) var launchActionCases: [(caseToken: Int, body: Span)] = []
    private(set) var casesByType: [String: [Int]] = [:]

    /// A `let` or `var` of a function body: where it is declared, its written type, its value.
    struct Local {
        var position: Int
        var type: String?
        var value: Span?
    }

    /// The locals of each function body, read once when first asked for.
    private final class LocalCache {
        var byFunction: [Int: [String: [Local]]] = [:]
    }

    private let localCache = LocalCache()

    /// The local named `name` declared last before `position` in the function's body.
    func local(_ name: String, before position: Int, inFunction function: Int) -> Local? {
        let locals: [String: [Local]]
        if let cached = localCache.byFunction[function] {
            locals = cached
        } else {
            locals = Self.locals(
                of: functions[function], tokens: functions[function].body.map { tokens($0.file) } ?? [])
            localCache.byFunction[function] = locals
        }
        return locals[name]?.last { $0.position < position }
    }

    private static func locals(of function: Function, tokens: [SwiftToken]) -> [String: [Local]] {
        guard let body = function.body else { return [:] }
        var found: [String: [Local]] = [:]
        var cursor = body.start
        while cursor + 1 < body.end {
            defer { cursor += 1 }
            guard ["let", "var"].contains(tokens[cursor].text), tokens[cursor + 1].kind == .identifier else { continue }
            let name = tokens[cursor + 1].text
            var next = cursor + 2
            var type: String?
            if next + 1 < body.end, tokens[next].text == ":" {
                var first = next + 1
                while first < body.end, ["[", "(", "any", "some"].contains(tokens[first].text) { first += 1 }
                if first < body.end, tokens[first].kind == .identifier { type = tokens[first].text }
                next = endOfType(tokens, from: next + 1)
            }
            var value: Span?
            if next < body.end, tokens[next].text == "=" {
                var end = min(endOfExpression(tokens, from: next + 1), body.end)
                // `if let ids = maybeIDs {`: the value ends where the body opens.
                if cursor > body.start, ["if", "while", ","].contains(tokens[cursor - 1].text) {
                    var depth = 0
                    for position in (next + 1)..<end where tokens[position].kind == .punctuation {
                        let text = tokens[position].text
                        if text == "{", depth == 0 {
                            end = position
                            break
                        }
                        if ["(", "["].contains(text) { depth += 1 }
                        if [")", "]"].contains(text) { depth -= 1 }
                    }
                }
                value = Span(file: body.file, start: next + 1, end: end)
                if type == nil, next + 1 < end, tokens[next + 1].kind == .identifier { type = tokens[next + 1].text }
            }
            found[name, default: []].append(Local(position: cursor + 1, type: type, value: value))
        }
        return found
    }

    /// A member name within a type, for looking members up without scanning every namesake.
    struct Member: Hashable {
        var type: String
        var name: String
    }

    private var functionsByMember: [Member: [Int]] = [:]
    private var propertiesByMember: [Member: [Int]] = [:]
    /// Per file, for each entry of `typesByFile`, the position of the type that encloses it.
    private var typeParents: [[Int?]] = []
    /// Per file, the token index of each string literal, in order: the k-th is `strings[k]`.
    private var literalTokens: [[Int]] = []
    /// Per file, the functions with a body, sorted by where the body starts.
    private(set) var functionsByFile: [[Int]] = []
    /// Per file, the type declarations, sorted by where the body starts.
    private(set) var typesByFile: [[Int]] = []

    init(_ scans: [SwiftSourceScan]) {
        self.scans = scans
        functionsByFile = Array(repeating: [], count: scans.count)
        typesByFile = Array(repeating: [], count: scans.count)
        let perFile = concurrentMap(count: scans.count) { FileDeclarations(scans[$0], file: $0) }
        for declarations in perFile {
            types += declarations.types
            functions += declarations.functions
            properties += declarations.properties
            cases += declarations.cases
            macros += declarations.macros
            literalTokens.append(declarations.literalTokens)
            for (name, body) in declarations.closureArguments { closureArguments[name, default: []].append(body) }
            launchActionCases += declarations.launchActionCases
        }
        for (index, type) in types.enumerated() {
            typesByName[type.name, default: []].append(index)
            typesByFile[type.body.file].append(index)
            for parent in type.inherits { adoptersByName[parent, default: []].insert(type.name) }
        }
        for (index, function) in functions.enumerated() {
            if let typeName = function.typeName { functionsByType[typeName, default: []].append(index) }
            if !function.isObjectiveC, function.body != nil {
                functionsBySignature[Self.signature(function.name, function.labels), default: []].append(index)
            }
            for name in [function.name] + (function.isObjectiveC ? Self.swiftNames(of: function) : []) {
                functionsByName[name, default: []].append(index)
                if let typeName = function.typeName {
                    functionsByMember[Member(type: typeName, name: name), default: []].append(index)
                }
            }
            if let body = function.body { functionsByFile[body.file].append(index) }
        }
        for (index, property) in properties.enumerated() {
            propertiesByName[property.name, default: []].append(index)
            if let typeName = property.typeName {
                propertiesByType[typeName, default: []].append(index)
                propertiesByMember[Member(type: typeName, name: property.name), default: []].append(index)
            }
        }
        for (index, macro) in macros.enumerated() {
            macrosByName[macro.name, default: []].append(index)
            if isLoggingMacro(macro) { loggingCalls.insert(macro.name) }
        }
        for (index, item) in cases.enumerated() {
            casesByName[item.name, default: []].append(index)
            casesByType[item.typeName, default: []].append(index)
        }
        for file in functionsByFile.indices {
            functionsByFile[file].sort { (functions[$0].body?.start ?? 0) < (functions[$1].body?.start ?? 0) }
            typesByFile[file].sort { types[$0].body.start < types[$1].body.start }
        }
        // Each type's parent: the nearest earlier type still open at its start.
        typeParents = typesByFile.map { sorted in
            var parents: [Int?] = []
            var open: [Int] = []
            for (position, index) in sorted.enumerated() {
                let start = types[index].body.start
                while let last = open.last, types[sorted[last]].body.end <= start { open.removeLast() }
                parents.append(open.last)
                open.append(position)
            }
            return parents
        }
    }

    /// A function-like macro whose value is empty or starts with a logging call: the parameter
    /// list written against its name is skipped first.
    private func isLoggingMacro(_ macro: Macro) -> Bool {
        let tokens = scans[macro.value.file].tokens
        var start = macro.value.start
        if start < macro.value.end, tokens[start].text == "(" {
            start = min(SourceIndex.close(tokens, from: start), macro.value.end)
        } else {
            return false
        }
        guard start < macro.value.end else { return true }
        return tokens[start].kind == .identifier && SourceIndex.loggingCalls.contains(tokens[start].text)
    }

    /// The argument labels of the call whose `(` is at `open`, `_` for an unlabelled argument:
    /// `registerServices(in: self)` has `in`.
    static func callLabels(_ tokens: [SwiftToken], open: Int) -> [String] {
        let end = SourceIndex.close(tokens, from: open) - 1
        var labels: [String] = []
        var depth = 0
        var atStart = true
        var cursor = open + 1
        while cursor < end {
            let token = tokens[cursor]
            if atStart {
                let labelled = token.kind == .identifier && cursor + 1 < end && tokens[cursor + 1].text == ":"
                labels.append(labelled ? token.text : "_")
                atStart = false
            }
            if token.kind == .punctuation {
                switch token.text {
                case "(", "[", "{": depth += 1
                case ")", "]", "}": depth -= 1
                case "," where depth == 0: atStart = true
                default: break
                }
            }
            cursor += 1
        }
        return labels
    }

    /// `name(label:_:)`, the key of `functionsBySignature`.
    static func signature(_ name: String, _ labels: [String]) -> String {
        "\(name)(\(labels.map { "\($0):" }.joined()))"
    }

    /// `init`, `initWithItems:`, `initFromFile:` returning the object: Cocoa's init family, a
    /// word `init` then a capital. `- (void)initStoreKit` only sets something up; it runs when
    /// called, not when the object is made.
    static func isObjectiveCInitializer(_ name: String, returnType: String) -> Bool {
        guard name.hasPrefix("init"), returnType != "void" else { return false }
        return name == "init" || name.dropFirst(4).first?.isUppercase == true
    }

    /// The names Swift gives an Objective-C method, roughly as the importer does: `initWithItems:`
    /// is an `init`, `startProvidingWithCompletionHandler:` is `startProviding(completionHandler:)`,
    /// and `addProvider:` taking a `LicenseProvider` is `add(_:)`.
    static func swiftNames(of function: Function) -> [String] {
        let name = function.name
        var names: [String] = []
        if function.isInitializer, name != "init" {
            names.append("init")
            return names
        }
        if let with = name.range(of: "With"), with.lowerBound > name.startIndex,
            name[with.upperBound...].first?.isUppercase == true
        {
            names.append(String(name[..<with.lowerBound]))
        }
        if let lastWord = name.lastIndex(where: \.isUppercase), lastWord > name.startIndex,
            let type = function.parameters.first?.type, type.hasSuffix(name[lastWord...])
        {
            names.append(String(name[..<lastWord]))
        }
        return names.filter { $0 != name }
    }

    // MARK: Questions

    func tokens(_ file: Int) -> [SwiftToken] { scans[file].tokens }

    /// The string literal whose token is at `token`.
    func literal(at token: Int, in file: Int) -> SwiftStringLiteral? {
        let positions = literalTokens[file]
        var low = 0
        var high = positions.count
        while low < high {
            let middle = (low + high) / 2
            if positions[middle] < token { low = middle + 1 } else { high = middle }
        }
        guard low < positions.count, positions[low] == token, low < scans[file].strings.count else { return nil }
        return scans[file].strings[low]
    }

    /// Everything a type's declarations and extensions say it inherits from.
    func inherits(_ typeName: String) -> Set<String> {
        Set((typesByName[typeName] ?? []).flatMap { types[$0].inherits })
    }

    /// True for a type that declares itself (or through an extension) a SwiftUI view or modifier.
    func isViewType(_ typeName: String) -> Bool {
        !inherits(typeName).isDisjoint(with: ["View", "ViewModifier"])
    }

    func isTypeName(_ name: String) -> Bool { typesByName[name] != nil }

    /// False only for a Swift function whose name the project never writes except where
    /// functions of that name are declared: no call, no `#selector`, no reference. Actions
    /// (`@IBAction`, `@objc`), overrides, Objective-C methods and delegate methods (a parameter
    /// of a framework's prefixed type, `SKProductsRequest`, `UIApplication`) are taken as
    /// called, since the system or a storyboard calls them.
    func isEverCalled(_ function: Int) -> Bool {
        let target = functions[function]
        guard !target.isObjectiveC, !target.isInitializer,
            !target.attributes.contains(where: { ["@IBAction", "@objc", "override", "@IBSegueAction"].contains($0) }),
            !target.parameters.contains(where: { Self.isFrameworkPrefixed($0.type) })
        else { return true }
        let declarations = functionsByName[target.name]?.count ?? 1
        var mentions = 0
        // The body's own mentions do not call it: `func purchase(_ product: Product)` whose body
        // runs StoreKit's `product.purchase()`.
        let own = target.body.map { $0.start..<$0.end } ?? 0..<0
        for (file, scan) in scans.enumerated() where scan.mentions(target.name) {
            if file == target.body?.file {
                mentions +=
                    scan.tokens.indices.filter {
                        !own.contains($0) && scan.tokens[$0].text == target.name
                            && [.identifier, .attribute].contains(scan.tokens[$0].kind)
                    }.count
            } else {
                mentions += scan.occurrences(of: target.name).count
            }
            if mentions > declarations { return true }
        }
        return false
    }

    /// The closures another type stores in the property `property` (`store.onPurchase = { … }`,
    /// or `store.onPurchase = handler` with `let handler = { … }` earlier in the same function),
    /// as spans from their `{` to past their `}`.
    func closuresAssigned(to property: String) -> [Span] {
        var found: [Span] = []
        for (file, scan) in scans.enumerated() where scan.mentions(property) {
            let tokens = scan.tokens
            for position in tokens.indices.dropFirst().dropLast(2)
            where tokens[position].text == property && tokens[position - 1].text == "."
                && tokens[position + 1].text == "="
            {
                var opening: Int?
                if tokens[position + 2].text == "{" {
                    opening = position + 2
                } else if tokens[position + 2].kind == .identifier,
                    let body = function(containing: position, in: file).flatMap({ functions[$0].body })
                {
                    let local = tokens[position + 2].text
                    opening = (body.start..<max(body.start, position - 2)).first {
                        $0 > 0 && tokens[$0].text == local && ["let", "var"].contains(tokens[$0 - 1].text)
                            && tokens[$0 + 1].text == "=" && tokens[$0 + 2].text == "{"
                    }.map { $0 + 2 }
                }
                guard let opening else { continue }
                found.append(Span(file: file, start: opening, end: Self.close(tokens, from: opening)))
            }
        }
        return found
    }

    /// True for a type the project declares with nothing after a `:` (no superclass a storyboard
    /// could make it from, no protocol a framework could call it through) whose name appears
    /// nowhere but in its own declaration and extensions: no instance is ever made and no type
    /// member reached, as for a sample class kept beside the real store.
    func isNeverMade(_ typeName: String) -> Bool {
        let declarations = typesByName[typeName] ?? []
        guard declarations.contains(where: { types[$0].kind == .type }),
            declarations.allSatisfy({ types[$0].inherits.isEmpty && !types[$0].isMain })
        else { return false }
        var mentions = 0
        for scan in scans where scan.mentions(typeName) {
            mentions += scan.occurrences(of: typeName).count
            if mentions > declarations.count { return false }
        }
        return true
    }

    /// `SKProductsRequest`, `UIApplication`, `NSNotification`: two capitals and a word, the way
    /// Apple's frameworks name their types.
    static func isFrameworkPrefixed(_ type: String) -> Bool {
        let bytes = Array(type.utf8.prefix(3))
        guard bytes.count == 3 else { return false }
        let isUpper = { (byte: UInt8) in (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
        let isLower = { (byte: UInt8) in (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
        return isUpper(bytes[0]) && isUpper(bytes[1]) && (isUpper(bytes[2]) || isLower(bytes[2]))
    }

    /// The names of a type's properties that carry `attribute` (`@Published`, `@IBOutlet`).
    func propertyNames(of typeName: String, withAttribute attribute: String) -> Set<String> {
        Set(
            (propertiesByType[typeName] ?? []).map { properties[$0] }.filter { $0.attributes.contains(attribute) }
                .map(\.name))
    }

    /// True for a type the project declares, not one it only extends (`extension String`).
    func isDeclaredType(_ name: String) -> Bool {
        (typesByName[name] ?? []).contains { types[$0].kind == .type }
    }

    /// The members of a type and its extensions named `name`.
    /// The functions named `name`, of one type (with its extensions) or, for nil, anywhere.
    func functions(named name: String, in typeName: String?) -> [Int] {
        guard let typeName else { return functionsByName[name] ?? [] }
        return functionsByMember[Member(type: typeName, name: name)] ?? []
    }

    func properties(named name: String, in typeName: String?) -> [Int] {
        guard let typeName else { return propertiesByName[name] ?? [] }
        return propertiesByMember[Member(type: typeName, name: name)] ?? []
    }

    /// The function whose body holds the token. Bodies are not indexed inside bodies, so they
    /// never overlap and a binary search finds the one.
    func function(containing token: Int, in file: Int) -> Int? {
        let candidates = functionsByFile[file]
        var low = 0
        var high = candidates.count
        while low < high {
            let middle = (low + high) / 2
            if (functions[candidates[middle]].body?.start ?? 0) <= token { low = middle + 1 } else { high = middle }
        }
        guard low > 0, let body = functions[candidates[low - 1]].body, token < body.end else { return nil }
        return candidates[low - 1]
    }

    /// The innermost type (or extension) whose body holds the token: the last one that starts
    /// before it, or the nearest of that one's enclosing types that also ends after it.
    func type(containing token: Int, in file: Int) -> Int? {
        let candidates = typesByFile[file]
        var low = 0
        var high = candidates.count
        while low < high {
            let middle = (low + high) / 2
            if types[candidates[middle]].body.start <= token { low = middle + 1 } else { high = middle }
        }
        var position: Int? = low > 0 ? low - 1 : nil
        while let current = position {
            if token < types[candidates[current]].body.end { return candidates[current] }
            position = typeParents[file][current]
        }
        return nil
    }

    /// Functions that print or log what they are given (`println` is Swift 1's `print`).
    static let loggingCalls: Set<String> = [
        "print", "println", "debugPrint", "dump", "NSLog", "os_log", "debug", "info", "notice", "warning", "error",
        "fault",
        "trace", "critical", "log",
    ]

    /// `span` and the bodies of the methods of `typeName` it calls (`name(`, `[self name:`,
    /// `[self name]`), and those they call, as far as `depth` calls down; a body that `follows`
    /// refuses (one that hops to the main thread, say) is neither taken nor followed.
    func bodies(
        reachedFrom span: Span, inType typeName: String?, depth: Int, follows: (Span) -> Bool = { _ in true }
    ) -> [Span] {
        var reached = [span]
        guard let typeName else { return reached }
        var frontier = [span]
        for _ in 0..<depth {
            var next: [Span] = []
            for caller in frontier {
                let tokens = self.tokens(caller.file)
                for position in caller.start..<caller.end where tokens[position].kind == .identifier {
                    let following = position + 1 < tokens.count ? tokens[position + 1].text : ""
                    guard following == "(" || following == ":" || following == "]" else { continue }
                    for candidate in functions(named: tokens[position].text, in: typeName) {
                        guard let body = functions[candidate].body, !reached.contains(body), !next.contains(body),
                            follows(body)
                        else { continue }
                        next.append(body)
                    }
                }
            }
            reached += next
            frontier = next
        }
        return reached
    }

    static func casePattern(_ tokens: [SwiftToken], caseAt start: Int, limit: Int) -> (
        pattern: Range<Int>, colon: Int
    )? {
        let line = tokens[start].location.line
        var cursor = start + 1
        var depth = 0
        while cursor < limit, tokens[cursor].location.line == line {
            let text = tokens[cursor].text
            if text == "(" { depth += 1 }
            if text == ")" { depth -= 1 }
            if text == "{" || text == "}" || text == "=" { return nil }
            if text == ":", depth == 0 { return ((start + 1)..<cursor, cursor) }
            cursor += 1
        }
        return nil
    }

    /// A case body: up to the next `case` or `default` of the same switch, or its closing brace.
    static func caseBody(_ tokens: [SwiftToken], from start: Int, limit: Int) -> Range<Int> {
        var depth = 0
        var cursor = start
        while cursor < limit {
            let token = tokens[cursor]
            if token.kind == .punctuation {
                if ["(", "[", "{"].contains(token.text) { depth += 1 }
                if [")", "]", "}"].contains(token.text) {
                    if depth == 0 { break }
                    depth -= 1
                }
            } else if depth == 0, token.kind == .identifier, cursor == 0 || tokens[cursor - 1].text != ".",
                token.text == "case" || token.text == "default" && cursor + 1 < limit && tokens[cursor + 1].text == ":"
            {
                // The next clause; `SKPaymentQueue.default()` is not one.
                break
            }
            cursor += 1
        }
        return start..<cursor
    }

    /// The index just after the bracket that closes the one at `open` (`(`, `[`, `{`, or `<` of
    /// generics), or `tokens.count` when it is never closed.
    /// The index of the bracket that `close` (a `)`, `]` or `}`) closes, or -1 when none does:
    /// `close`'s mirror, for reading backwards from a call's end to its name.
    static func opening(_ tokens: [SwiftToken], of close: Int) -> Int {
        let closing = tokens[close].text
        let opening: String
        switch closing {
        case ")": opening = "("
        case "]": opening = "["
        case "}": opening = "{"
        default: return close
        }
        var depth = 0
        var index = close
        while index >= 0 {
            let text = tokens[index].text
            if text == closing { depth += 1 }
            if text == opening {
                depth -= 1
                if depth == 0 { return index }
            }
            index -= 1
        }
        return -1
    }

    static func close(_ tokens: [SwiftToken], from open: Int) -> Int {
        let opening = tokens[open].text
        let closing: String
        switch opening {
        case "(": closing = ")"
        case "[": closing = "]"
        case "{": closing = "}"
        default: return open + 1
        }
        var depth = 0
        var index = open
        while index < tokens.count {
            let text = tokens[index].text
            if tokens[index].kind == .punctuation {
                if text == opening {
                    depth += 1
                } else if text == closing {
                    depth -= 1
                    if depth == 0 { return index + 1 }
                }
            }
            index += 1
        }
        return tokens.count
    }

    // MARK: Swift

    enum ScopeKind {
        case type(String, isEnum: Bool)
        case function
        case other
    }

    static let declarationModifiers: Set<String> = [
        "private", "fileprivate", "internal", "public", "open", "final", "override", "required", "convenience",
        "static", "class", "lazy", "weak", "unowned", "nonisolated", "dynamic", "mutating", "nonmutating",
        "indirect", "optional", "package", "isolated", "consuming", "borrowing",
    ]

    /// Labels and typed names of a parameter list between `start` and `end` (exclusive).
    static func parameters(_ tokens: [SwiftToken], from start: Int, to end: Int) -> (
        labels: [String], parameters: [(name: String, type: String)]
    ) {
        var labels: [String] = []
        var parameters: [(name: String, type: String)] = []
        var cursor = start
        while cursor < end {
            var names: [String] = []
            while cursor < end, tokens[cursor].text != ":", tokens[cursor].text != "," {
                if tokens[cursor].kind == .identifier { names.append(tokens[cursor].text) }
                cursor += 1
            }
            var type = ""
            if cursor < end, tokens[cursor].text == ":" {
                cursor += 1
                while cursor < end,
                    tokens[cursor].kind != .identifier
                        || ["inout", "some", "any", "borrowing", "consuming"].contains(tokens[cursor].text)
                {
                    cursor += 1
                }
                if cursor < end { type = tokens[cursor].text }
            }
            var depth = 0
            while cursor < end {
                let text = tokens[cursor].text
                if text == "(" || text == "[" || text == "{" { depth += 1 }
                if text == ")" || text == "]" || text == "}" { depth -= 1 }
                depth += angleChange(tokens[cursor])
                if text == ",", depth <= 0 { break }
                cursor += 1
            }
            cursor += 1
            if let label = names.first {
                labels.append(label)
                parameters.append((names.last ?? label, type))
            }
        }
        return (labels, parameters)
    }

    /// The change in `<…>` nesting a token makes. The lexer keeps runs of operator characters
    /// together, so `>?` and `>>` close generics too; `->` and `=>` do not.
    static func angleChange(_ token: SwiftToken) -> Int {
        guard token.kind == .punctuation, token.text != "->", !token.text.hasSuffix("=") || token.text == "=" else {
            return 0
        }
        var change = 0
        for character in token.text {
            if character == "<" { change += 1 } else if character == ">" { change -= 1 }
        }
        return change
    }

    /// Past `<…>`, counting nested angle brackets.
    static func skipGenerics(_ tokens: [SwiftToken], from start: Int) -> Int {
        var depth = 0
        var cursor = start
        while cursor < tokens.count {
            depth += angleChange(tokens[cursor])
            cursor += 1
            if depth <= 0 { break }
        }
        return cursor
    }

    /// Past a type annotation: names joined by `.` or `&`, `?`, `!`, generic arguments and
    /// brackets. A name after a complete type starts the next declaration.
    static func endOfType(_ tokens: [SwiftToken], from start: Int) -> Int {
        var cursor = start
        var depth = 0
        var expectName = true
        while cursor < tokens.count {
            let token = tokens[cursor]
            let angles = angleChange(token)
            if token.text == "[" || token.text == "(" {
                depth += 1
            } else if token.text == "]" || token.text == ")" {
                if depth == 0 { break }
                depth -= 1
                // `[Product]` or `(Int, Int)` is a whole type: a name after it on the next line
                // (`init() {`) starts the next declaration, not a part of this type.
                if depth == 0 { expectName = false }
            } else if angles != 0 {
                depth += angles
                if depth < 0 { break }
                if depth == 0 { expectName = false }
            } else if depth > 0 {
                // Inside brackets or generic arguments: anything goes.
            } else if token.kind == .identifier {
                if ["any", "some", "inout"].contains(token.text) {
                    expectName = true
                } else if expectName {
                    expectName = false
                } else {
                    break
                }
            } else if token.text == "." || token.text == "&" {
                expectName = true
            } else if !["?", "!", "?!"].contains(token.text) {
                break
            }
            cursor += 1
        }
        return cursor
    }

    /// The end of an expression that starts at `start`: the first token outside brackets that
    /// begins a new line, unless the line before ended with an operator or the new line starts
    /// with one (`.map`, `+`).
    static func endOfExpression(_ tokens: [SwiftToken], from start: Int) -> Int {
        var cursor = start
        var depth = 0
        while cursor < tokens.count {
            let token = tokens[cursor]
            // `guard let ids = maybeIDs else { … }`: the value ends before the `else`.
            if depth == 0, cursor > start, token.kind == .identifier, token.text == "else" { return cursor }
            if token.kind == .punctuation {
                switch token.text {
                case "(", "[", "{": depth += 1
                case ")", "]", "}":
                    if depth == 0 { return cursor }
                    depth -= 1
                case ";" where depth == 0: return cursor
                default: break
                }
            }
            if depth == 0, cursor > start, token.location.line > tokens[cursor - 1].location.line {
                let previous = tokens[cursor - 1]
                let continues =
                    (previous.kind == .punctuation && !["}", ")", "]", "?", "!"].contains(previous.text))
                    || (token.kind == .punctuation
                        && [".", "+", "-", "*", "/", "??", "&&", "||", "==", "?", ":"].contains(token.text))
                if !continues { return cursor }
            }
            cursor += 1
        }
        return cursor
    }

}

/// The declarations of one file, found on their own so that files are indexed on every core.
struct FileDeclarations: Sendable {
    var types: [SourceIndex.TypeDeclaration] = []
    var functions: [SourceIndex.Function] = []
    var properties: [SourceIndex.Property] = []
    var cases: [SourceIndex.EnumCase] = []
    var macros: [SourceIndex.Macro] = []
    /// The token index of each string literal, in order: the k-th is the file's `strings[k]`.
    var literalTokens: [Int] = []
    /// Closures passed under a label, `observer: { … }`, as a client made of closures is built.
    var closureArguments: [(name: String, body: SourceIndex.Span)] = []
    /// The bodies of `case .didFinishLaunching:` and `case .appDelegate(.didFinishLaunching):`,
    /// where a reducer handles the launch its app delegate sends as an action.
    var launchActionCases: [(caseToken: Int, body: SourceIndex.Span)] = []

    init(_ scan: SwiftSourceScan, file: Int) {
        switch scan.language {
        case .swift:
            indexSwift(file, scan.tokens)
            indexClosuresAndLaunchCases(file, scan.tokens)
        case .objectiveC: indexObjectiveC(file, scan.tokens)
        }
        literalTokens.reserveCapacity(scan.strings.count)
        for (position, token) in scan.tokens.enumerated() where token.kind == .stringLiteral {
            literalTokens.append(position)
        }
    }

    static let launchActions: Set<String> = ["didFinishLaunching", "didFinishLaunchingWithOptions"]

    mutating func indexClosuresAndLaunchCases(_ file: Int, _ tokens: [SwiftToken]) {
        var index = 1
        while index + 2 < tokens.count {
            defer { index += 1 }
            let token = tokens[index]
            guard token.kind == .identifier else { continue }
            if tokens[index + 1].text == ":", tokens[index + 2].text == "{",
                tokens[index - 1].text == "(" || tokens[index - 1].text == ","
            {
                let end = SourceIndex.close(tokens, from: index + 2)
                closureArguments.append((token.text, SourceIndex.Span(file: file, start: index + 2, end: end)))
                continue
            }
            guard token.text == "case", let body = Self.launchCaseBody(tokens, caseAt: index) else { continue }
            launchActionCases.append(
                (index, SourceIndex.Span(file: file, start: body.lowerBound, end: body.upperBound)))
        }
    }

    /// The tokens of a switch case's body when its one-line pattern names a launch action.
    static func launchCaseBody(_ tokens: [SwiftToken], caseAt start: Int) -> Range<Int>? {
        guard let (pattern, colon) = SourceIndex.casePattern(tokens, caseAt: start, limit: tokens.count),
            pattern.contains(where: { launchActions.contains(tokens[$0].text) && tokens[$0 - 1].text == "." })
        else { return nil }
        return SourceIndex.caseBody(tokens, from: colon + 1, limit: tokens.count)
    }

    mutating func indexSwift(_ file: Int, _ tokens: [SwiftToken]) {
        var scopes: [(kind: SourceIndex.ScopeKind, end: Int)] = []
        var index = 0
        var attributes: [String] = []
        var attributeArgument: String?
        var isStatic = false
        while index < tokens.count {
            while let last = scopes.last, index >= last.end { scopes.removeLast() }
            let token = tokens[index]
            let enclosingType: (name: String, isEnum: Bool)? = {
                if case .type(let name, let isEnum)? = scopes.last?.kind { return (name, isEnum) }
                return nil
            }()
            if token.kind == .attribute {
                attributes.append(token.text)
                if index + 1 < tokens.count, tokens[index + 1].text == "(" {
                    let end = SourceIndex.close(tokens, from: index + 1)
                    if index + 2 < end, tokens[index + 2].kind == .identifier {
                        attributeArgument = tokens[index + 2].text
                    }
                    index = end
                    continue
                }
                index += 1
                continue
            }
            guard token.kind == .identifier, index == 0 || tokens[index - 1].text != "." else {
                if token.text == "{" {
                    let end = SourceIndex.close(tokens, from: index)
                    scopes.append((.other, end))
                }
                attributes = []
                attributeArgument = nil
                isStatic = false
                index += 1
                continue
            }
            if SourceIndex.declarationModifiers.contains(token.text) {
                // A lazy property's value is made at its first read, not with its owner.
                if token.text == "lazy" { attributes.append("lazy") }
                // A weak property keeps nothing alive (a request stored in one is released).
                if token.text == "weak" { attributes.append("weak") }
                if token.text == "override" { attributes.append("override") }
                if token.text == "static"
                    || (token.text == "class" && index + 1 < tokens.count
                        && ["func", "var", "let"].contains(tokens[index + 1].text))
                {
                    isStatic = true
                }
                if token.text != "class"
                    || (index + 1 < tokens.count && ["func", "var", "let"].contains(tokens[index + 1].text))
                {
                    index += 1
                    continue
                }
            }
            switch token.text {
            case "class", "struct", "enum", "actor", "extension", "protocol":
                guard index + 1 < tokens.count, tokens[index + 1].kind == .identifier else { break }
                var nameEnd = index + 2
                var name = tokens[index + 1].text
                var nameToken = index + 1
                // `extension Outer.Inner`: the last name is the type.
                while nameEnd + 1 < tokens.count, tokens[nameEnd].text == ".", tokens[nameEnd + 1].kind == .identifier {
                    name = tokens[nameEnd + 1].text
                    nameToken = nameEnd + 1
                    nameEnd += 2
                }
                var cursor = nameEnd
                if cursor < tokens.count, tokens[cursor].text == "<" {
                    cursor = SourceIndex.skipGenerics(tokens, from: cursor)
                }
                var inherits: [String] = []
                if cursor < tokens.count, tokens[cursor].text == ":" {
                    cursor += 1
                    var expectName = true
                    while cursor < tokens.count, tokens[cursor].text != "{", tokens[cursor].text != "where" {
                        if tokens[cursor].text == "," { expectName = true }
                        if tokens[cursor].text == "<" {
                            cursor = SourceIndex.skipGenerics(tokens, from: cursor)
                            continue
                        }
                        if expectName, tokens[cursor].kind == .identifier {
                            var inherited = tokens[cursor].text
                            while cursor + 2 < tokens.count, tokens[cursor + 1].text == ".",
                                tokens[cursor + 2].kind == .identifier
                            {
                                inherited = tokens[cursor + 2].text
                                cursor += 2
                            }
                            inherits.append(inherited)
                            expectName = false
                        }
                        cursor += 1
                    }
                }
                while cursor < tokens.count, tokens[cursor].text != "{" { cursor += 1 }
                guard cursor < tokens.count else { break }
                let end = SourceIndex.close(tokens, from: cursor)
                types.append(
                    SourceIndex.TypeDeclaration(
                        name: name, kind: token.text == "extension" ? .extensionOfType : .type, nameToken: nameToken,
                        body: SourceIndex.Span(file: file, start: cursor, end: end), inherits: inherits,
                        isMain: attributes.contains("@main") || attributes.contains("@UIApplicationMain")
                            || attributes.contains("@NSApplicationMain")))
                scopes.append((.type(name, isEnum: token.text == "enum"), end))
                attributes = []
                attributeArgument = nil
                isStatic = false
                index = cursor + 1
                continue
            case "func", "init":
                let isInitializer = token.text == "init"
                var cursor = index + 1
                var name = "init"
                if !isInitializer {
                    guard cursor < tokens.count else { break }
                    name = tokens[cursor].text
                    cursor += 1
                }
                if cursor < tokens.count, tokens[cursor].text == "?" || tokens[cursor].text == "!" { cursor += 1 }
                if cursor < tokens.count, tokens[cursor].text == "<" {
                    cursor = SourceIndex.skipGenerics(tokens, from: cursor)
                }
                guard cursor < tokens.count, tokens[cursor].text == "(" else { break }
                let parametersEnd = SourceIndex.close(tokens, from: cursor)
                let (labels, parameters) = SourceIndex.parameters(tokens, from: cursor + 1, to: parametersEnd - 1)
                var bodyStart = parametersEnd
                var body: SourceIndex.Span?
                while bodyStart < tokens.count {
                    let text = tokens[bodyStart].text
                    if text == "{" {
                        body = SourceIndex.Span(
                            file: file, start: bodyStart, end: SourceIndex.close(tokens, from: bodyStart))
                        break
                    }
                    if text == "}" || text == ";" || ["func", "var", "let", "init", "case", "deinit"].contains(text)
                        || tokens[bodyStart].kind == .attribute
                    {
                        break
                    }
                    if text == "(" || text == "[" {
                        bodyStart = SourceIndex.close(tokens, from: bodyStart)
                        continue
                    }
                    bodyStart += 1
                }
                functions.append(
                    SourceIndex.Function(
                        name: name, labels: labels, parameters: parameters, typeName: enclosingType?.name,
                        signature: SourceIndex.Span(file: file, start: index, end: parametersEnd), body: body,
                        isInitializer: isInitializer, isStatic: isStatic, attributes: attributes))
                // Bodies are skipped: what the checks need inside them (calls, locals) is read
                // when a check asks, and most of a project's tokens are in bodies.
                index = body?.end ?? parametersEnd
                attributes = []
                attributeArgument = nil
                isStatic = false
                continue
            case "var", "let":
                // A type's property, or a global constant or variable of the file (no type).
                guard index + 1 < tokens.count, tokens[index + 1].kind == .identifier else { break }
                let name = tokens[index + 1].text
                var cursor = index + 2
                var declaredType: String?
                if cursor < tokens.count, tokens[cursor].text == ":" {
                    cursor += 1
                    var first = cursor
                    while first < tokens.count, ["[", "(", "any", "some"].contains(tokens[first].text) { first += 1 }
                    if first < tokens.count, tokens[first].kind == .identifier { declaredType = tokens[first].text }
                    cursor = SourceIndex.endOfType(tokens, from: cursor)
                }
                var initializer: SourceIndex.Span?
                var body: SourceIndex.Span?
                if cursor < tokens.count, tokens[cursor].text == "=" {
                    let end = SourceIndex.endOfExpression(tokens, from: cursor + 1)
                    initializer = SourceIndex.Span(file: file, start: cursor + 1, end: end)
                    cursor = end
                } else if cursor < tokens.count, tokens[cursor].text == "{" {
                    let end = SourceIndex.close(tokens, from: cursor)
                    body = SourceIndex.Span(file: file, start: cursor, end: end)
                    cursor = end
                }
                properties.append(
                    SourceIndex.Property(
                        name: name, typeName: enclosingType?.name, declaredType: declaredType,
                        initializer: initializer, body: body, isStatic: isStatic || enclosingType == nil,
                        attributes: attributes, attributeArgument: attributeArgument,
                        location: index + 1, file: file))
                attributes = []
                attributeArgument = nil
                isStatic = false
                index = max(cursor, index + 2)
                continue
            case "case":
                guard let enclosingType, enclosingType.isEnum else { break }
                var cursor = index + 1
                while cursor < tokens.count, tokens[cursor].kind == .identifier {
                    let name = tokens[cursor].text
                    cursor += 1
                    var rawValue: Int?
                    if cursor < tokens.count, tokens[cursor].text == "(" {
                        cursor = SourceIndex.close(tokens, from: cursor)
                    }
                    if cursor + 1 < tokens.count, tokens[cursor].text == "=" {
                        if tokens[cursor + 1].kind == .stringLiteral { rawValue = cursor + 1 }
                        cursor += 2
                    }
                    cases.append(
                        SourceIndex.EnumCase(name: name, typeName: enclosingType.name, rawValue: rawValue, file: file))
                    guard cursor < tokens.count, tokens[cursor].text == "," else { break }
                    cursor += 1
                }
                index = cursor
                continue
            default:
                break
            }
            attributes = []
            attributeArgument = nil
            isStatic = false
            index += 1
        }
    }

    // MARK: Objective-C

    /// `name(…) {` after a return type (`void`, `int *`), at the top of a file: a C function's
    /// definition, not a call or a declaration.
    static func startsCFunction(_ tokens: [SwiftToken], at index: Int) -> Bool {
        guard index > 0, index + 1 < tokens.count, tokens[index + 1].text == "(" else { return false }
        let before = tokens[index - 1]
        guard before.kind == .identifier || before.text == "*",
            !["return", "else", "case", "sizeof"].contains(before.text)
        else { return false }
        let close = SourceIndex.close(tokens, from: index + 1)
        return close < tokens.count && tokens[close].text == "{"
    }

    /// True when the token at `position` is on a preprocessor line (`#pragma mark -`, `#endif`).
    static func isDirectiveLine(_ tokens: [SwiftToken], at position: Int) -> Bool {
        let line = tokens[position].location.line
        var first = position
        while first > 0, tokens[first - 1].location.line == line { first -= 1 }
        return tokens[first].kind == .poundKeyword
    }

    mutating func indexObjectiveC(_ file: Int, _ tokens: [SwiftToken]) {
        var implementation: (name: String, start: Int)?
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch (token.kind, token.text) {
            case (.poundKeyword, "#define"):
                guard index + 1 < tokens.count, tokens[index + 1].kind == .identifier else { break }
                let line = token.location.line
                var end = index + 2
                while end < tokens.count, tokens[end].location.line == line { end += 1 }
                macros.append(
                    SourceIndex.Macro(
                        name: tokens[index + 1].text, value: SourceIndex.Span(file: file, start: index + 2, end: end)))
                index = end
                continue
            case (.attribute, "@interface"), (.attribute, "@protocol"):
                guard index + 1 < tokens.count else { break }
                let name = tokens[index + 1].text
                var cursor = index + 2
                var inherits: [String] = []
                let line = token.location.line
                while cursor < tokens.count, tokens[cursor].location.line <= line + 1, tokens[cursor].text != "{",
                    tokens[cursor].kind != .attribute, tokens[cursor].text != "-", tokens[cursor].text != "+"
                {
                    if tokens[cursor].kind == .identifier { inherits.append(tokens[cursor].text) }
                    cursor += 1
                }
                types.append(
                    SourceIndex.TypeDeclaration(
                        name: name, kind: .extensionOfType, nameToken: index + 1,
                        body: SourceIndex.Span(file: file, start: index, end: index + 1),
                        inherits: inherits, isMain: false))
            case (.attribute, "@implementation"):
                if index + 1 < tokens.count { implementation = (tokens[index + 1].text, index) }
            case (.attribute, "@end"):
                if let open = implementation {
                    types.append(
                        SourceIndex.TypeDeclaration(
                            name: open.name, kind: .type, nameToken: open.start + 1,
                            body: SourceIndex.Span(file: file, start: open.start, end: index),
                            inherits: [], isMain: false))
                }
                implementation = nil
            case (.punctuation, "-"), (.punctuation, "+"):
                guard let open = implementation, index + 1 < tokens.count, tokens[index + 1].text == "(",
                    index == 0 || [";", "}", "{"].contains(tokens[index - 1].text)
                        || tokens[index - 1].kind == .attribute
                        // A line of its own, after a `#define`'s value or an `#endif`.
                        || tokens[index - 1].kind != .punctuation
                            && tokens[index - 1].location.line < token.location.line
                        // After `#pragma mark -`, whose `-` is no expression's.
                        || tokens[index - 1].location.line < token.location.line
                            && Self.isDirectiveLine(tokens, at: index - 1)
                        // The first method of a category, `@implementation Shop (Purchases)`.
                        || tokens[index - 1].location.line < token.location.line
                            && tokens[index - 1].location.line == tokens[open.start].location.line
                else { break }
                var cursor = SourceIndex.close(tokens, from: index + 1)
                var parts: [String] = []
                var parameters: [(name: String, type: String)] = []
                while cursor < tokens.count, tokens[cursor].text != "{", tokens[cursor].text != ";" {
                    if tokens[cursor].kind == .identifier {
                        parts.append(tokens[cursor].text)
                        cursor += 1
                        if cursor < tokens.count, tokens[cursor].text == ":" {
                            cursor += 1
                            var type = ""
                            if cursor < tokens.count, tokens[cursor].text == "(" {
                                let end = SourceIndex.close(tokens, from: cursor)
                                type =
                                    tokens[(cursor + 1)..<max(cursor + 1, end - 1)].first { $0.kind == .identifier }?
                                    .text ?? ""
                                cursor = end
                            }
                            if cursor < tokens.count, tokens[cursor].kind == .identifier {
                                parameters.append((tokens[cursor].text, type))
                                cursor += 1
                            }
                        }
                    } else {
                        cursor += 1
                    }
                }
                guard let name = parts.first, cursor < tokens.count, tokens[cursor].text == "{" else {
                    index = cursor
                    continue
                }
                let end = SourceIndex.close(tokens, from: cursor)
                functions.append(
                    SourceIndex.Function(
                        name: name, labels: Array(parts.dropFirst()), parameters: parameters, typeName: open.name,
                        signature: SourceIndex.Span(file: file, start: index, end: cursor),
                        body: SourceIndex.Span(file: file, start: cursor, end: end),
                        isInitializer: SourceIndex.isObjectiveCInitializer(name, returnType: tokens[index + 2].text),
                        isStatic: token.text == "+", attributes: [],
                        isObjectiveC: true))
                index = end
                continue
            case (.identifier, _) where Self.startsCFunction(tokens, at: index):
                // A C function (`void iphoneStartup() { … }`), as C and Objective-C files call
                // one another's: launch code of older apps runs through them.
                let close = SourceIndex.close(tokens, from: index + 1)
                let end = SourceIndex.close(tokens, from: close)
                functions.append(
                    SourceIndex.Function(
                        name: token.text, labels: [], parameters: [], typeName: nil,
                        signature: SourceIndex.Span(file: file, start: index, end: close),
                        body: SourceIndex.Span(file: file, start: close, end: end),
                        isInitializer: false, isStatic: true, attributes: [], isObjectiveC: true))
                index = end
                continue
            case (.attribute, "@property"):
                var cursor = index + 1
                if cursor < tokens.count, tokens[cursor].text == "(" {
                    cursor = SourceIndex.close(tokens, from: cursor)
                }
                var names: [String] = []
                while cursor < tokens.count, tokens[cursor].text != ";" {
                    if tokens[cursor].kind == .identifier { names.append(tokens[cursor].text) }
                    cursor += 1
                }
                if let name = names.last, let typeName = implementation?.name ?? types.last?.name {
                    properties.append(
                        SourceIndex.Property(
                            name: name, typeName: typeName, declaredType: names.first, initializer: nil, body: nil,
                            isStatic: false, attributes: [], attributeArgument: nil, location: index, file: file))
                }
                index = cursor
                continue
            default:
                break
            }
            index += 1
        }
    }
}

extension SourceIndex {
    /// `Transaction`, and the names a project gives StoreKit's (`typealias StoreTransaction =
    /// StoreKit.Transaction`, written where an own `Transaction` type would clash).
    func transactionTypeNames() -> Set<String> {
        var names: Set<String> = ["Transaction"]
        for scan in scans where scan.language == .swift && scan.mentions("typealias") {
            let tokens = scan.tokens
            for position in tokens.indices.dropLast(3) where tokens[position].text == "typealias" {
                guard tokens[position + 1].kind == .identifier, tokens[position + 2].text == "=" else { continue }
                let qualified =
                    position + 5 < tokens.count && tokens[position + 3].text == "StoreKit"
                    && tokens[position + 4].text == "." && tokens[position + 5].text == "Transaction"
                if qualified { names.insert(tokens[position + 1].text) }
            }
        }
        return names
    }
}
