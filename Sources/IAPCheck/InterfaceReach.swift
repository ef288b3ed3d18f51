import IAPDiagnostics
import IAPProject

/// What a StoreKit 1 callback runs before it returns, on StoreKit's queue: its own body, the
/// methods and functions it calls, and the observers of the notifications it posts, followed a
/// few steps deep. The first place among them that touches the interface without a hop to the
/// main thread is the callback's touch.
///
/// A call is followed only where its target is clear from the name alone: a method of the
/// caller's own type, a free function, or a method that exactly one type of the project defines
/// (`[moneyManager buyIAP:tag]` when only `MoneyManager` has `buyIAP:`). A body that hops anywhere,
/// or runs on the main actor, ends the walk there.
struct InterfaceReach {
    let index: SourceIndex
    let touchIn: (_ body: SourceIndex.Span, _ owner: String?) -> SourceLocation?

    /// How many calls or notifications deep the walk goes from the callback.
    static let depth = 4

    /// The first touch of the interface reached from `body`, whose code belongs to `owner`.
    func touch(from body: SourceIndex.Span, owner: String?) -> SourceLocation? {
        var visited: Set<SourceIndex.Span> = [body]
        var frontier = [(body: body, owner: owner)]
        for step in 0...Self.depth {
            var next: [(body: SourceIndex.Span, owner: String?)] = []
            for (whole, spanOwner) in frontier {
                let tokens = index.tokens(whole.file)
                for span in SourceHeuristics.unhoppedParts(tokens, whole) {
                    if let touch = touchIn(span, spanOwner) { return touch }
                    guard step < Self.depth else { continue }
                    for callee in callees(of: span, owner: spanOwner) where visited.insert(callee.body).inserted {
                        next.append(callee)
                    }
                    for observer in observers(of: postedNames(in: span)) where visited.insert(observer.body).inserted {
                        next.append(observer)
                    }
                    for setter in propertyObservers(assignedIn: span, owner: spanOwner)
                    where visited.insert(setter.body).inserted {
                        next.append(setter)
                    }
                }
            }
            if next.isEmpty { break }
            frontier = next
        }
        return nil
    }

    // MARK: Property observers

    /// The `didSet` and `willSet` blocks of the properties `span` assigns: `self.products = …`,
    /// `priceView.price = …` (a property of a project type the receiver is declared as). They run
    /// where the assignment does, on StoreKit's queue.
    private func propertyObservers(
        assignedIn span: SourceIndex.Span, owner: String?
    ) -> [(body: SourceIndex.Span, owner: String?)] {
        let tokens = index.tokens(span.file)
        guard index.scans[span.file].language == .swift else { return [] }
        var found: [(body: SourceIndex.Span, owner: String?)] = []
        for position in span.start..<max(span.start, min(span.end, tokens.count) - 1)
        where tokens[position].kind == .identifier && tokens[position + 1].text == "=" {
            let previous = position > 0 ? tokens[position - 1].text : ""
            if previous == "let" || previous == "var" || previous == "case" { continue }
            var typeName = owner
            if previous == ".", position >= 2 {
                let receiver = tokens[position - 2]
                guard receiver.kind == .identifier else { continue }
                if receiver.text != "self" {
                    typeName = LaunchReachability.declaredType(
                        of: receiver.text, at: position - 2, tokens: tokens, file: span.file, index: index)
                }
            }
            guard let typeName, index.isDeclaredType(typeName) else { continue }
            for property in index.properties(named: tokens[position].text, in: typeName).map({ index.properties[$0] }) {
                guard let observer = Self.observerBlock(of: property, index: index) else { continue }
                found.append((observer, typeName))
            }
        }
        return found
    }

    /// The `didSet { … }` (or `willSet`) block of a stored property, if it has one.
    static func observerBlock(of property: SourceIndex.Property, index: SourceIndex) -> SourceIndex.Span? {
        guard let declaration = property.body ?? property.initializer else { return nil }
        let tokens = index.tokens(declaration.file)
        for position in declaration.start..<min(declaration.end, tokens.count)
        where ["didSet", "willSet"].contains(tokens[position].text) {
            var open = position + 1
            // `didSet(oldValue) { … }`.
            if open < tokens.count, tokens[open].text == "(" { open = SourceIndex.close(tokens, from: open) }
            guard open < tokens.count, tokens[open].text == "{" else { continue }
            return SourceIndex.Span(file: declaration.file, start: open, end: SourceIndex.close(tokens, from: open))
        }
        return nil
    }

    // MARK: Calls

    /// The bodies of the functions `span` calls whose target the name settles.
    private func callees(of span: SourceIndex.Span, owner: String?) -> [(body: SourceIndex.Span, owner: String?)] {
        let tokens = index.tokens(span.file)
        var found: [(body: SourceIndex.Span, owner: String?)] = []
        var seen: Set<Int> = []
        let objectiveC = index.scans[span.file].language == .objectiveC
        for position in span.start..<span.end where tokens[position].kind == .identifier {
            guard
                let function = callee(
                    at: position, in: tokens, limit: span.end, owner: owner, objectiveC: objectiveC),
                seen.insert(function).inserted
            else { continue }
            let target = index.functions[function]
            guard let body = target.body, !target.attributes.contains("@MainActor") else { continue }
            found.append((body, target.typeName))
        }
        return found
    }

    /// The function a call at `position` reaches, when its name settles it.
    private func callee(at position: Int, in tokens: [SwiftToken], limit: Int, owner: String?, objectiveC: Bool)
        -> Int?
    {
        let name = tokens[position].text
        let next = position + 1 < limit ? tokens[position + 1].text : ""
        let previous = position > 0 ? tokens[position - 1].text : ""
        // `name(`, `.name(`, `[receiver name]`, `[receiver name:…]`, `[[Type shared] name:…]`.
        let swiftCall = next == "(" && !["func", "init", "-", "+"].contains(previous)
        let message =
            objectiveC && (next == ":" || next == "]")
            && (tokens[max(0, position - 1)].kind == .identifier && previous != "return" || previous == "]")
        guard swiftCall || message, let candidates = index.functionsByName[name] else { return nil }
        let receiver = message ? previous : previous == "." && position >= 2 ? tokens[position - 2].text : "self"
        if receiver == "self" || !message && previous != ".",
            let own = index.functions(named: name, in: owner).first
        {
            return own
        }
        // `PPLDefaults.instance.disableAds()`, `SceneDelegate.shared.adsRemoved()`: a chain that
        // starts at a type of the project reaches that type's method (a singleton or a type method).
        if !message, previous == ".", let first = Self.chainStart(tokens, before: position - 1),
            tokens[first].text.first?.isUppercase == true, index.isTypeName(tokens[first].text),
            let typed = index.functions(named: name, in: tokens[first].text).first
        {
            return typed
        }
        let free = candidates.filter { index.functions[$0].typeName == nil }
        if !message, previous != ".", !free.isEmpty {
            // Overloads of one free function (`sendAlert(_:withTitle:level:handler:)` and a
            // variant with one more label) do one thing: the first the call's labels fit.
            return free.first { takesLabels(of: position + 1, in: tokens, function: $0) }
        }
        // A call with no receiver that is neither the type's own method nor a free function
        // (`displaySimpleAlert(title:…)` in a controller) runs one inherited from an extension of
        // its superclass or of a protocol it adopts: followed, as below, when one type alone
        // implements the name.
        // A protocol's requirement has no body: `delegate?.didPurchase()` runs the one type's
        // method that implements it.
        let implemented = candidates.filter { index.functions[$0].body != nil }
        let types = Set(implemented.compactMap { index.functions[$0].typeName })
        guard free.isEmpty, types.count == 1, let only = implemented.first else { return nil }
        // `queue.add(self)` is not the project's `add(child:container:)`: with the receiver's type
        // unknown, a Swift call must at least be written with the method's labels.
        if !message, !takesLabels(of: position + 1, in: tokens, function: only) { return nil }
        return only
    }

    /// The first token of a member chain ending at the `.` at `dot` (`Store.shared!.` gives
    /// `Store`), when the chain is made of names only.
    static func chainStart(_ tokens: [SwiftToken], before dot: Int) -> Int? {
        var cursor = dot - 1
        while cursor >= 0, ["!", "?"].contains(tokens[cursor].text) { cursor -= 1 }
        guard cursor >= 0, tokens[cursor].kind == .identifier else { return nil }
        while cursor >= 2, tokens[cursor - 1].text == ".", tokens[cursor - 2].kind == .identifier {
            cursor -= 2
        }
        return cursor
    }

    /// True when the arguments of the call opening at `open` carry labels the function has, in
    /// its order (arguments with default values may be left out).
    private func takesLabels(of open: Int, in tokens: [SwiftToken], function: Int) -> Bool {
        let labels = index.functions[function].labels
        let close = SourceIndex.close(tokens, from: open) - 1
        var written: [String] = []
        var cursor = open + 1
        var startsArgument = true
        while cursor < close {
            let text = tokens[cursor].text
            if startsArgument {
                let labelled =
                    tokens[cursor].kind == .identifier && cursor + 1 < close && tokens[cursor + 1].text == ":"
                written.append(labelled ? text : "_")
                startsArgument = false
            }
            if text == "(" || text == "[" || text == "{" {
                cursor = SourceIndex.close(tokens, from: cursor)
                continue
            }
            if text == "," { startsArgument = true }
            cursor += 1
        }
        var next = labels.startIndex
        for label in written {
            guard let found = labels[next...].firstIndex(of: label) else { return false }
            next = found + 1
        }
        return true
    }

    // MARK: Notifications

    /// The names of the notifications `span` posts, itself or through a function that posts the
    /// name it is handed (`postNotification(withName: "alertRequested")`).
    private func postedNames(in span: SourceIndex.Span) -> Set<String> {
        let tokens = index.tokens(span.file)
        var names: Set<String> = []
        for position in span.start..<span.end where tokens[position].kind == .identifier {
            if let name = Self.postedName(tokens, at: position, limit: span.end) {
                names.insert(name)
                continue
            }
            guard position + 1 < span.end, tokens[position + 1].text == "(",
                let wrapper = index.functionsByName[tokens[position].text]?.first(where: {
                    index.functions[$0].typeName == nil
                }),
                let parameter = postedParameter(of: index.functions[wrapper])
            else { continue }
            let close = SourceIndex.close(tokens, from: position + 1)
            let label =
                index.functions[wrapper].labels.indices.contains(parameter)
                ? index.functions[wrapper].labels[parameter] : "_"
            var start = position + 2
            if label != "_" {
                guard
                    let labelled = (position + 2..<min(close, span.end)).first(where: {
                        tokens[$0].text == label && $0 + 1 < close && tokens[$0 + 1].text == ":"
                    })
                else { continue }
                start = labelled + 2
            }
            if let name = SourceHeuristics.notificationName(tokens, from: start, limit: min(close, span.end)) {
                names.insert(name)
            }
        }
        return names
    }

    /// The notification name a post at `position` gives: `post(name: X, …)`,
    /// `postNotificationName:X object:…`.
    static func postedName(_ tokens: [SwiftToken], at position: Int, limit: Int) -> String? {
        guard isPost(tokens, at: position, limit: limit) else { return nil }
        let swift = tokens[position].text == "post"
        return SourceHeuristics.notificationName(tokens, from: position + (swift ? 2 : 1), limit: limit)
    }

    static func isPost(_ tokens: [SwiftToken], at position: Int, limit: Int) -> Bool {
        let text = tokens[position].text
        return text == "post" && position + 3 < limit && tokens[position + 2].text == "name"
            || text == "postNotificationName" && position + 1 < limit
    }

    /// The method a selector names: `onPurchased` in `@selector(onPurchased:)` and
    /// `displayAlert` in `#selector(GameViewController.displayAlert(notification:))`.
    static func selectorMethod(_ tokens: [SwiftToken], after selector: Int, limit: Int) -> String? {
        guard let opening = (selector + 1..<limit).first(where: { tokens[$0].text == "(" }) else { return nil }
        let close = min(SourceIndex.close(tokens, from: opening), limit)
        var method: String?
        var cursor = opening + 1
        while cursor < close {
            if tokens[cursor].text == "(" {
                cursor = SourceIndex.close(tokens, from: cursor) + 1
                continue
            }
            if tokens[cursor].kind == .identifier { method = tokens[cursor].text }
            cursor += 1
        }
        return method
    }

    /// The parameter of a free function that names the notification it posts.
    private func postedParameter(of function: SourceIndex.Function) -> Int? {
        guard let body = function.body, !function.parameters.isEmpty else { return nil }
        let tokens = index.tokens(body.file)
        for position in body.start..<body.end where tokens[position].kind == .identifier {
            guard Self.isPost(tokens, at: position, limit: body.end) else { continue }
            // The name argument, after its label: `NSNotification.Name(rawValue: name)` holds the
            // parameter `name`, which the reader of literal names passes over as a label.
            var cursor = position + (tokens[position].text == "post" ? 3 : 2)
            var depth = 0
            while cursor < body.end {
                let text = tokens[cursor].text
                if text == "(" || text == "[" { depth += 1 }
                if text == ")" || text == "]" {
                    if depth == 0 { break }
                    depth -= 1
                }
                if depth == 0, text == "," || text == "object" { break }
                if tokens[cursor].kind == .identifier, cursor + 1 == body.end || tokens[cursor + 1].text != ":",
                    let parameter = function.parameters.firstIndex(where: { $0.name == text })
                {
                    return parameter
                }
                cursor += 1
            }
        }
        return nil
    }

    /// The observers of the named notifications: methods named by a selector, and blocks that
    /// run on the posting queue (`queue: nil`). `NotificationCenter` calls them on the thread
    /// that posts.
    /// The bodies of the methods named `name` that an observer registration names, except those
    /// that run on the main actor.
    private func observerMethods(named name: String) -> [(body: SourceIndex.Span, owner: String?)] {
        (index.functionsByName[name] ?? []).compactMap { candidate in
            let observer = index.functions[candidate]
            guard let body = observer.body, !observer.attributes.contains("@MainActor") else { return nil }
            return (body, observer.typeName)
        }
    }

    /// True when a notification name is a product ID: a case whose raw value is one
    /// (`IAPProducts.fullPro.rawValue`). A callback that posts `transaction.payment.productIdentifier`
    /// as the name reaches the observers registered under the products' IDs.
    private func namesAProduct(_ name: String) -> Bool {
        (index.casesByName[name] ?? []).contains { position in
            let item = index.cases[position]
            guard let raw = item.rawValue else { return false }
            let value = index.tokens(item.file)[raw].text
            return value.contains(".") && !value.contains(where: \.isWhitespace)
        }
    }

    private func observers(of names: Set<String>) -> [(body: SourceIndex.Span, owner: String?)] {
        guard !names.isEmpty else { return [] }
        var found: [(body: SourceIndex.Span, owner: String?)] = []
        for (file, scan) in index.scans.enumerated() where scan.mentions("addObserver") {
            let tokens = scan.tokens
            for position in tokens.indices where tokens[position].text == "addObserver" {
                let end = min(tokens.count, position + 40)
                guard let nameLabel = (position..<end).first(where: { ["name", "forName"].contains(tokens[$0].text) }),
                    let name = SourceHeuristics.notificationName(tokens, from: nameLabel, limit: end),
                    names.contains(name) || names.contains("productIdentifier") && namesAProduct(name)
                else { continue }
                if let selector = (position + 1..<end).first(where: { tokens[$0].text.hasSuffix("selector") }) {
                    guard let method = Self.selectorMethod(tokens, after: selector, limit: end) else { continue }
                    found += observerMethods(named: method)
                } else if let queue = (position..<end).first(where: { tokens[$0].text == "queue" }),
                    queue + 6 < end, tokens[queue + 1].text == ":", tokens[queue + 2].text == "nil",
                    tokens[queue + 4].text == "using", tokens[queue + 5].text == ":",
                    tokens[queue + 6].kind == .identifier, queue + 7 >= end || tokens[queue + 7].text != "{"
                {
                    // `addObserver(forName: …, object: nil, queue: nil, using: catchFailure)`: a
                    // method given by name runs on the posting thread too.
                    found += observerMethods(named: tokens[queue + 6].text)
                } else if let queue = (position..<end).first(where: { tokens[$0].text == "queue" }),
                    queue + 2 < end, tokens[queue + 1].text == ":", tokens[queue + 2].text == "nil",
                    let opening = (queue + 3..<end).first(where: { tokens[$0].text == "{" })
                {
                    let owner = index.function(containing: opening, in: file).flatMap { index.functions[$0].typeName }
                    found.append(
                        (
                            SourceIndex.Span(file: file, start: opening, end: SourceIndex.close(tokens, from: opening)),
                            owner
                        ))
                }
            }
        }
        return found
    }
}
