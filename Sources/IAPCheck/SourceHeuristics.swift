import IAPDiagnostics
import IAPModel
import IAPProject

/// Checks that read Swift and Objective-C source patterns. They can be wrong, so they warn and
/// never fail.
struct SourceHeuristics {
    let context: CheckContext

    private var scans: [SwiftSourceScan] { context.snapshot?.sources ?? [] }
    private var usage: StoreKitUsage { context.usage }
    private var index: SourceIndex { context.index }

    /// Set when there is nothing to judge: no project, no sources, no store code of the app's own.
    private var unavailable: Outcome? {
        guard context.snapshot != nil else { return .noProject }
        if scans.isEmpty { return Outcome(.info, "no Swift or Objective-C sources ship in the app") }
        if usage.onlyRevenueCat {
            return Outcome(
                .info, "purchases go through RevenueCat, which observes, finishes and restores transactions itself")
        }
        if !usage.any {
            return Outcome(
                .info,
                usage.importsStoreKit
                    ? "the sources import StoreKit but never sell through it" : "no StoreKit code in the app's sources")
        }
        return nil
    }

    // MARK: Requests

    func requestNotRetained() -> Outcome {
        if let unavailable { return unavailable }
        var evidence: [SourceLocation] = []
        for file in scans.indices where scans[file].mentions("SKProductsRequest") {
            evidence += unretainedRequests(in: file)
        }
        evidence += requestsStartedThroughComputedProperties()
        if evidence.isEmpty { return Outcome(.pass, "every SKProductsRequest is kept beyond the call that starts it") }
        return Outcome(.warning, "an SKProductsRequest is held only by a local variable or by nothing", evidence)
    }

    /// `SKProductsRequest(…)` or `[[SKProductsRequest alloc] init…]` inside a function, bound to a
    /// local (or to nothing) that the function never stores in a property, a collection or its result.
    private func unretainedRequests(in file: Int) -> [SourceLocation] {
        let tokens = index.tokens(file)
        let objectiveC = index.scans[file].language == .objectiveC
        // Without ARC, `alloc` keeps the request until the code releases it, usually in the
        // delegate's answer; a `[request release]` in the method that starts it lets it go at
        // once. A file can switch ARC on or off for itself (`-fobjc-arc`).
        let manual = objectiveC && !context.compilesWithAutomaticReferenceCounting(index.scans[file].path)
        var found: [SourceLocation] = []
        for position in tokens.indices where tokens[position].text == "SKProductsRequest" {
            guard let function = index.function(containing: position, in: file),
                let body = index.functions[function].body
            else { continue }
            let creates =
                objectiveC
                ? position + 1 < tokens.count && tokens[position + 1].text == "alloc" && position > 0
                    && tokens[position - 1].text == "["
                : position + 1 < tokens.count && tokens[position + 1].text == "("
            guard creates else { continue }
            var start = position
            if objectiveC { while start > body.start, tokens[start - 1].text == "[" { start -= 1 } }
            guard start > body.start else { continue }
            let before = tokens[start - 1].text
            var binding: String?
            if before == "=" {
                guard start >= 2, tokens[start - 2].kind == .identifier else { continue }
                var name = tokens[start - 2].text
                var declares =
                    objectiveC
                    ? start >= 3 && (tokens[start - 3].text == "*" || tokens[start - 3].text == "SKProductsRequest")
                    : start >= 3 && ["let", "var"].contains(tokens[start - 3].text)
                // `let request: SKProductsRequest = SKProductsRequest(…)`.
                if !objectiveC, !declares, start >= 5, tokens[start - 3].text == ":",
                    tokens[start - 4].kind == .identifier, ["let", "var"].contains(tokens[start - 5].text)
                {
                    name = tokens[start - 4].text
                    declares = true
                }
                guard declares else { continue }
                binding = name
            } else if before == "return" {
                continue
            } else if before == "(" || before == "," || before == ":" {
                continue
            } else if !objectiveC, before == "{" || before == "in",
                SourceIndex.close(tokens, from: position + 1) < body.end,
                tokens[SourceIndex.close(tokens, from: position + 1)].text == "}"
            {
                // `{ _ in SKProductsRequest() }`: a closure's one expression is its result.
                continue
            }
            let end = objectiveC ? ProductIDFlow.endOfMessageArgument(tokens, from: position) : position
            // `[[[SKProductsRequest alloc] init…] autorelease]`: let go at the end of the run
            // loop's pass, before the answer comes.
            let autoreleased =
                manual
                && (position..<body.end).prefix { tokens[$0].text != ";" }.contains {
                    tokens[$0].text == "autorelease"
                }
            guard let name = binding else {
                // Not bound at all: `SKProductsRequest(…).start()`.
                if !manual || autoreleased { found.append(tokens[position].location) }
                continue
            }
            let typeName = index.functions[function].typeName
            let stored = Self.stores(
                name, in: tokens, from: end, to: body.end, objectiveC: objectiveC,
                isWeak: { property in
                    index.properties(named: property, in: typeName).contains {
                        index.properties[$0].attributes.contains("weak")
                    }
                })
            if manual, !autoreleased, !Self.releases(name, in: tokens, from: end, to: body.end) { continue }
            if !stored { found.append(tokens[position].location) }
        }
        return found
    }

    /// `var request: SKProductsRequest { SKProductsRequest(…) }` builds a new request on every
    /// read, so `request.start()` starts one that nothing holds.
    private func requestsStartedThroughComputedProperties() -> [SourceLocation] {
        var found: [SourceLocation] = []
        for property in index.properties where !property.isStatic {
            guard let body = property.body else { continue }
            let tokens = index.tokens(body.file)
            guard
                (body.start..<body.end).contains(where: {
                    tokens[$0].text == "SKProductsRequest" && $0 + 1 < body.end && tokens[$0 + 1].text == "("
                })
            else { continue }
            for file in scans.indices where scans[file].language == .swift && scans[file].mentions(property.name) {
                let uses = index.tokens(file)
                for position in uses.indices
                where uses[position].text == property.name && position + 3 < uses.count
                    && uses[position + 1].text == "." && uses[position + 2].text == "start"
                    && uses[position + 3].text == "("
                {
                    found.append(uses[position].location)
                }
            }
        }
        return found
    }

    /// True when `name` is assigned to something (`self.request = name`, `_request = name`,
    /// `requests[name] = …`), added to a collection, or returned.
    private static func stores(
        _ name: String, in tokens: [SwiftToken], from start: Int, to end: Int, objectiveC: Bool,
        isWeak: (String) -> Bool = { _ in false }
    ) -> Bool {
        var position = start
        while position < end {
            defer { position += 1 }
            guard tokens[position].text == name, tokens[position].kind == .identifier else { continue }
            let previous = position > 0 ? tokens[position - 1].text : ""
            let next = position + 1 < tokens.count ? tokens[position + 1].text : ""
            // `self.request = request` into a `weak var` keeps nothing.
            if previous == "=", position >= 2, isWeak(tokens[position - 2].text) { continue }
            if previous == "=" || previous == "return" { return true }
            if previous == "[" && next == "]" && position + 2 < tokens.count && tokens[position + 2].text == "=" {
                return true
            }
            if previous == "(" || previous == ",", position >= 2,
                ["append", "insert", "add", "addObject", "setObject", "update"].contains(tokens[position - 2].text)
                    || (position >= 3 && ["append", "insert"].contains(tokens[position - 3].text))
            {
                return true
            }
            if objectiveC, previous == ":", position >= 2,
                ["addObject", "setObject", "addOperation"].contains(tokens[position - 2].text)
            {
                return true
            }
        }
        return false
    }

    /// `[request release]` or `[request autorelease]` between `start` and `end`.
    private static func releases(_ name: String, in tokens: [SwiftToken], from start: Int, to end: Int) -> Bool {
        (start..<max(start, end - 2)).contains {
            tokens[$0].text == "[" && tokens[$0 + 1].text == name
                && ["release", "autorelease"].contains(tokens[$0 + 2].text)
        }
    }

    func invalidIDsIgnored() -> Outcome {
        if let unavailable { return unavailable }
        var evidence: [SourceLocation] = []
        var reasons: [String] = []
        let requests = context.requests
        let storeKit1 = requests.filter { $0.api.hasPrefix("SKProductsRequest") }
        // A request made where no call shows it (`makeRequest: SKProductsRequest.init`) still
        // has its answer: the response handler is the place, unless SwiftyStoreKit makes the
        // requests and the handler is a leftover nothing starts.
        let swifty = requests.filter { $0.api == "SwiftyStoreKit.retrieveProductsInfo" }
        let storeKit1Place =
            storeKit1.first.map { index.tokens($0.file)[$0.token].location }
            ?? (swifty.isEmpty
                ? index.functions.first { $0.name == "productsRequest" && $0.body != nil && $0.parameters.count == 2 }
                    .map { index.tokens($0.signature.file)[$0.signature.start].location } : nil)
        if let place = storeKit1Place, !usesInvalidIdentifiers(),
            !responseNamesMissingProducts(), !looksUpAStoreKit1ProductAndReportsItsAbsence(),
            !reportsAnEmptyListOfTheOneProduct()
        {
            reasons.append("invalidProductIdentifiers is never read")
            evidence.append(place)
        }
        if let first = swifty.first, !mentionsInCalledCode("invalidProductIDs") {
            reasons.append("invalidProductIDs of SwiftyStoreKit's results is never read")
            evidence.append(index.tokens(first.file)[first.token].location)
        }
        // StoreKit 2 drops unknown IDs silently (a ProductView of one shows an empty placeholder, a
        // StoreView leaves the product out); one place that names them is enough.
        // A ProductView of a product already loaded (`ProductView(id: product.id)`) asks for
        // nothing new; one given the IDs themselves is a look-up of its own, and so is a StoreView or a
        // SubscriptionStoreView given product IDs.
        let flow = ProductIDFlow(index: index)
        // Beside RevenueCat, which loads the products itself, a look-up in a function nothing
        // calls (a StoreKit service kept for later) asks for nothing.
        let storeKit2 = requests.filter { request in
            !usage.revenueCat
                || index.function(containing: request.token, in: request.file).map(index.isEverCalled) ?? true
        }.filter {
            ["Product.products(for:)", "storeProductsTask(for:)"].contains($0.api)
                || ["ProductView(id:)", "StoreView(ids:)", "SubscriptionStoreView(productIDs:)"].contains($0.api)
                    && !flow.literals(reaching: [$0]).isEmpty
        }
        if !storeKit2.isEmpty, !storeKit2.contains(where: comparesRequestedAndReturned) {
            var named: Set<String> = []
            let files = storeKit2.map { index.scans[$0.file].path }.filter { named.insert($0).inserted }
            reasons.append(
                "\(files.joined(separator: ", ")) never \(files.count == 1 ? "compares" : "compare") requested and returned IDs"
            )
            evidence += storeKit2.map { index.tokens($0.file)[$0.token].location }
        }
        if storeKit1Place == nil, swifty.isEmpty, storeKit2.isEmpty, let payment = paymentFromABareID() {
            reasons.append(
                "payments are made from a bare ID (SKMutablePayment) and no product is ever requested, so an unknown ID is never named"
            )
            evidence.append(payment)
        }
        if reasons.isEmpty {
            return Outcome(
                .pass,
                requests.isEmpty ? "no product request to look at" : "the IDs the store does not return are named")
        }
        return Outcome(.warning, reasons.joined(separator: "; "), evidence)
    }

    /// `payment.productIdentifier = productID` on an `SKMutablePayment`: a purchase that never
    /// asked the store whether the ID exists.
    private func paymentFromABareID() -> SourceLocation? {
        for scan in index.scans where scan.mentions("SKMutablePayment") {
            let tokens = scan.tokens
            for position in tokens.indices.dropFirst().dropLast()
            where tokens[position].text == "productIdentifier" && tokens[position - 1].text == "."
                && tokens[position + 1].text == "="
            {
                return tokens[position].location
            }
        }
        return nil
    }

    /// Words that show requested and returned IDs being compared, in the function that asks (or
    /// the closure that receives the products).
    private static let comparisonWords: Set<String> = [
        "subtracting", "symmetricDifference", "missing", "unknown", "notFound", "invalid", "unavailable", "notReturned",
    ]

    /// Whether a StoreKit 1 response handler (`productsRequest(_:didReceive:)`), itself or
    /// through methods of its type two calls down, looks for the products it did not get: the
    /// comparison words, or a message such as "Product not found for …". Reading
    /// `invalidProductIdentifiers` is one way to name them; checking each requested ID is another.
    /// True when code that runs looks a requested ID up among the products it was handed
    /// (`if let product = products.first(where: { $0.productIdentifier == productId }) { … }
    /// else { showAlert(…) }`) and tells someone when it is not there: a screen that got the
    /// answer through a delegate names the missing product as well as the handler would.
    private func looksUpAStoreKit1ProductAndReportsItsAbsence() -> Bool {
        for (file, scan) in index.scans.enumerated() where scan.language == .swift && scan.mentions("productIdentifier")
        {
            let tokens = scan.tokens
            for position in tokens.indices.dropFirst(2).dropLast(2)
            where tokens[position].text == "productIdentifier" && tokens[position - 1].text == "."
                && tokens[position - 2].text == "$0" && tokens[position + 1].text == "=="
            {
                // `$0.productIdentifier == transaction.payment.productIdentifier` finds what was
                // bought, not a requested ID.
                let compared = tokens[(position + 2)..<min(tokens.count, position + 8)].prefix { $0.text != "}" }
                if compared.contains(where: { ["payment", "transaction", "transactions"].contains($0.text) }) {
                    continue
                }
                guard let function = index.function(containing: position, in: file), index.isEverCalled(function),
                    Self.isInsideLookUp(tokens, at: position)
                else { continue }
                if Self.reportsWhenEmpty(tokens, at: position) { return true }
            }
        }
        return false
    }

    /// True when the app's StoreKit 1 requests ask for one product ID in all (the one ID
    /// reaching them or, where no literal is seen to reach them, the guides' only product) and
    /// the app shows something when a list of products comes empty (`if model.products.isEmpty {
    /// show the "no product" state }`), wherever the list was handed: the empty list is exactly
    /// that product missing.
    private func reportsAnEmptyListOfTheOneProduct() -> Bool {
        let storeKit1 = context.requests.filter { $0.api.hasPrefix("SKProductsRequest") }
        let literals = ProductIDFlow(index: index).literals(reaching: storeKit1)
        guard !literals.contains(where: \.isPiece) else { return false }
        let asked = literals.isEmpty ? Set(context.workbook.products.map(\.id.value)) : Set(literals.map(\.value))
        guard asked.count == 1 else { return false }
        for (file, scan) in index.scans.enumerated() where scan.mentions("isEmpty") {
            let tokens = scan.tokens
            for position in tokens.indices.dropFirst(2)
            where tokens[position].text == "isEmpty" && tokens[position - 1].text == "."
                && tokens[position - 2].text.lowercased().hasSuffix("products")
            {
                guard let function = index.function(containing: position, in: file), index.isEverCalled(function)
                else { continue }
                if Self.reportsWhenEmpty(tokens, at: position) { return true }
            }
        }
        return false
    }

    /// True when the comparison at `position` is inside `first(where:)`, `first { }` or
    /// `filter(…).first` on its line.
    static func isInsideLookUp(_ tokens: [SwiftToken], at position: Int) -> Bool {
        let line = tokens[position].location.line
        var cursor = position - 1
        while cursor > 0, tokens[cursor].location.line == line {
            if ["first", "filter"].contains(tokens[cursor].text), ["(", "{"].contains(tokens[cursor + 1].text) {
                return true
            }
            cursor -= 1
        }
        return false
    }

    private func responseNamesMissingProducts() -> Bool {
        // With one ID asked for, an empty answer or a look for that one product is the check.
        let storeKit1 = context.requests.filter { $0.api.hasPrefix("SKProductsRequest") }
        let oneID = !storeKit1.isEmpty && storeKit1.allSatisfy { asksForOneID($0) }
        for handler in index.functions where handler.name == "productsRequest" {
            guard let body = handler.body else { continue }
            let bodies = index.bodies(reachedFrom: body, inType: handler.typeName, depth: 2)
            for span in bodies {
                let tokens = index.tokens(span.file)
                for position in span.start..<span.end {
                    let token = tokens[position]
                    // `self.invalid = response.invalidProductIdentifiers` only stores them.
                    let assigned = position + 1 < span.end && tokens[position + 1].text == "="
                    if token.kind == .identifier, Self.comparisonWords.contains(token.text), !assigned { return true }
                    if Self.comparesTheCountWithTheRequest(tokens, at: position) { return true }
                    if oneID, token.kind == .identifier, Self.checksTheOneAnswer(tokens, at: position),
                        Self.reportsWhenEmpty(tokens, at: position),
                        !handsTheAbsenceToSilentCallers(tokens, file: span.file, at: position)
                    {
                        return true
                    }
                    // `products = response.products`, then `guard let p = products?.first else { tell }`
                    // where the product is bought.
                    if oneID, let kept = Self.keptAnswer(tokens, at: position), isReportedWhenEmpty(kept) {
                        return true
                    }
                    // `self.product = [response.products objectAtIndex:0];` then `if (!product) { tell }`.
                    if oneID, let kept = Self.keptProduct(tokens, at: position),
                        Self.reportsWhenNil(kept, in: span, tokens: tokens)
                    {
                        return true
                    }
                    // `NSUInteger count = [response.products count]; if (count > 0) { … } else { … }`.
                    if oneID, let alias = Self.countAlias(tokens, at: position),
                        let check = (position + 1..<min(span.end, position + 40)).first(where: {
                            tokens[$0].text == alias && ["(", "if"].contains(tokens[$0 - 1].text)
                        }),
                        Self.reportsWhenEmpty(tokens, at: check, isCount: true)
                    {
                        return true
                    }
                    if token.kind == .stringLiteral, let literal = index.literal(at: position, in: span.file),
                        Self.saysAProductIsMissing(literal.words)
                    {
                        return true
                    }
                }
            }
        }
        return false
    }

    /// `guard let product = response.products.first else { completion?(nil); return }` only hands
    /// the absence on. True when the closures that receive it (the callers' closures, directly
    /// or through the property the asking method keeps the handler in) do nothing with it:
    /// `fetchProducts { guard let product = $0 else { return } … }`. False when no receiving
    /// closure can be found.
    private func handsTheAbsenceToSilentCallers(_ tokens: [SwiftToken], file: Int, at position: Int) -> Bool {
        guard let block = Self.elseBlock(tokens, after: position), let handler = Self.handsOnNothing(tokens, block),
            let function = index.function(containing: position, in: file)
        else { return false }
        var askers: [Int] = []
        if index.functions[function].parameters.contains(where: { $0.name == handler }) {
            askers = [function]
        } else {
            // `productRequestCompletion = completion` in `fetchProducts(completion:)`.
            for (other, scan) in index.scans.enumerated() where scan.mentions(handler) {
                let text = scan.tokens
                for assignment in text.indices.dropLast(2)
                where text[assignment].text == handler && text[assignment + 1].text == "="
                    && text[assignment + 2].kind == .identifier
                {
                    guard let asker = index.function(containing: assignment, in: other),
                        index.functions[asker].parameters.contains(where: { $0.name == text[assignment + 2].text })
                    else { continue }
                    askers.append(asker)
                }
            }
        }
        let closures = askers.flatMap { receivingClosures(ofCallsTo: index.functions[$0].name) }
        return !closures.isEmpty && closures.allSatisfy { !Self.closureReportsAbsence($0, index.tokens($0.file)) }
    }

    /// The `{` that ends a condition running on from `position` (the `else {` of a `guard`, the
    /// body of an `if`), looked for within 40 tokens and not past the enclosing block's `}`.
    static func conditionBrace(_ tokens: [SwiftToken], after position: Int) -> Int? {
        var cursor = position
        while cursor < tokens.count, tokens[cursor].text != "{" {
            if tokens[cursor].text == "}" || cursor - position > 40 { return nil }
            cursor += 1
        }
        return cursor < tokens.count ? cursor : nil
    }

    /// The block for the absence after a `guard let … = …` or `if let … = …` condition ending
    /// near `position`: the `else { … }`, as its opening and closing braces.
    static func elseBlock(_ tokens: [SwiftToken], after position: Int) -> Range<Int>? {
        guard let cursor = conditionBrace(tokens, after: position), cursor > 0 else { return nil }
        if tokens[cursor - 1].text == "else" { return cursor..<SourceIndex.close(tokens, from: cursor) }
        let afterBody = SourceIndex.close(tokens, from: cursor)
        guard afterBody + 1 < tokens.count, tokens[afterBody].text == "else", tokens[afterBody + 1].text == "{" else {
            return nil
        }
        return (afterBody + 1)..<SourceIndex.close(tokens, from: afterBody + 1)
    }

    /// The handler a block only calls with nothing (`completion?(nil)`, `self.handler(false)`,
    /// `done([])`), before returning; nil when the block does anything else.
    static func handsOnNothing(_ tokens: [SwiftToken], _ block: Range<Int>) -> String? {
        let names = Set(
            tokens[(block.lowerBound + 1)..<max(block.lowerBound + 1, block.upperBound - 1)].filter {
                $0.kind != .punctuation
            }.map(\.text))
        let handlers = names.subtracting(["self", "nil", "false", "return"])
        guard handlers.count == 1, let handler = handlers.first,
            let call = (block.lowerBound..<block.upperBound).first(where: { tokens[$0].text == handler }),
            tokens[call].kind == .identifier, call + 2 < tokens.count,
            tokens[call + 1].text == "(" || tokens[call + 1].text == "?" && tokens[call + 2].text == "("
        else { return nil }
        return handler
    }

    /// The closures handed to calls of `name`: trailing (`fetch() { … }`, `fetch { … }`) or as an
    /// argument (`fetch(completion: { … })`).
    private func receivingClosures(ofCallsTo name: String) -> [SourceIndex.Span] {
        var closures: [SourceIndex.Span] = []
        for (file, scan) in index.scans.enumerated() where scan.mentions(name) {
            let tokens = scan.tokens
            for position in tokens.indices.dropLast()
            where tokens[position].text == name && ["(", "{"].contains(tokens[position + 1].text)
                && (position == 0 || tokens[position - 1].text != "func")
            {
                var open = position + 1
                if tokens[open].text == "(" {
                    let close = SourceIndex.close(tokens, from: open)
                    if let inner = (open..<close).first(where: { tokens[$0].text == "{" }) {
                        open = inner
                    } else if close < tokens.count, tokens[close].text == "{" {
                        open = close
                    } else {
                        continue
                    }
                }
                closures.append(SourceIndex.Span(file: file, start: open, end: SourceIndex.close(tokens, from: open)))
            }
        }
        return closures
    }

    /// True when a closure unwraps (or tests for nil) the value it is handed and says something
    /// when it is missing: `guard let product = $0 else { showError(…) }`.
    static func closureReportsAbsence(_ closure: SourceIndex.Span, _ tokens: [SwiftToken]) -> Bool {
        var cursor = closure.start + 1
        // `[weak self] product in`: past the capture list to the parameter.
        if cursor < closure.end, tokens[cursor].text == "[" { cursor = SourceIndex.close(tokens, from: cursor) }
        let inKeyword = (cursor..<min(closure.end, cursor + 12)).first { tokens[$0].text == "in" }
        var parameter = "$0"
        if let inKeyword {
            let names = tokens[cursor..<inKeyword].filter { $0.kind == .identifier && $0.text != "_" }
            if let first = names.first { parameter = first.text }
        }
        for position in closure.start..<closure.end where tokens[position].text == parameter {
            let line = tokens[position].location.line
            var back = position - 1
            var condition = false
            while back > closure.start, tokens[back].location.line == line {
                if ["guard", "if"].contains(tokens[back].text) { condition = true }
                back -= 1
            }
            guard condition else { continue }
            // `if product == nil { showError(…) }`.
            if position + 3 < closure.end, tokens[position + 1].text == "==", tokens[position + 2].text == "nil" {
                if tokens[position + 3].text == "{", blockTellsSomeone(tokens, at: position + 3) { return true }
                continue
            }
            if reportsWhenMissing(tokens, after: position + 1) { return true }
        }
        return false
    }

    /// `guard response.products.count == expectedCount else { report }`: fewer products than
    /// were asked for is noticed and told (a count against `0` is the empty-answer check, which
    /// says something only for a request of one ID).
    static func comparesTheCountWithTheRequest(_ tokens: [SwiftToken], at position: Int) -> Bool {
        guard tokens[position].text == "count", position > 0, tokens[position - 1].text == ".",
            position + 2 < tokens.count, ["==", "!=", "<", ">="].contains(tokens[position + 1].text),
            tokens[position + 2].kind == .identifier
        else { return false }
        let line = tokens[position].location.line
        var cursor = position - 1
        while cursor >= 0, tokens[cursor].location.line == line, !["if", "guard"].contains(tokens[cursor].text) {
            cursor -= 1
        }
        guard cursor >= 0, ["if", "guard"].contains(tokens[cursor].text) else { return false }
        return reportsWhenMissing(tokens, after: position + 3)
    }

    /// The property a StoreKit 1 answer is kept in: `products` in `products = response.products`
    /// or `self.products = response.products`.
    static func keptAnswer(_ tokens: [SwiftToken], at position: Int) -> String? {
        guard tokens[position].text == "=", position >= 1, position + 3 < tokens.count,
            tokens[position - 1].kind == .identifier, tokens[position + 2].text == ".",
            tokens[position + 3].text == "products"
        else { return nil }
        let before = position >= 2 ? tokens[position - 2].text : ""
        guard before != "let", before != "var" else { return nil }
        return tokens[position - 1].text
    }

    /// True when some `guard` or `if` on `name?.first`, `name.first` or `name.isEmpty` anywhere
    /// in the sources reports the empty answer.
    private func isReportedWhenEmpty(_ name: String) -> Bool {
        for scan in index.scans where scan.mentions(name) {
            let tokens = scan.tokens
            for position in tokens.indices.dropFirst(2)
            where ["first", "isEmpty"].contains(tokens[position].text) && tokens[position - 1].text == "." {
                let receiver = tokens[position - 2].text == "?" && position >= 3 ? position - 3 : position - 2
                guard tokens[receiver].text == name else { continue }
                if Self.checksTheOneAnswer(tokens, at: position), Self.reportsWhenEmpty(tokens, at: position) {
                    return true
                }
            }
        }
        return false
    }

    /// The variable the one returned product is kept in: `product` in `self.product =
    /// [response.products objectAtIndex:0]`, `[response.products firstObject]` or
    /// `response.products.first`.
    static func keptProduct(_ tokens: [SwiftToken], at position: Int) -> String? {
        guard tokens[position].text == "=", position >= 1, tokens[position - 1].kind == .identifier else { return nil }
        let line = tokens[position].location.line
        let right = (position + 1)..<min(tokens.count, position + 10)
        guard
            let products = right.first(where: { tokens[$0].text == "products" && tokens[$0].location.line == line }),
            products + 1 < tokens.count,
            ["objectAtIndex", "firstObject", "."].contains(tokens[products + 1].text),
            tokens[products + 1].text != "." || products + 2 < tokens.count && tokens[products + 2].text == "first"
        else { return nil }
        return tokens[position - 1].text
    }

    /// True when `span` tests `name` for nil (`if (!product)`, `if (product == nil)`,
    /// `if product == nil`) and the block says something.
    static func reportsWhenNil(_ name: String, in span: SourceIndex.Span, tokens: [SwiftToken]) -> Bool {
        for position in span.start..<min(span.end, tokens.count) where tokens[position].text == name {
            // `!product`, `!self.product`.
            let negated =
                position >= 1 && tokens[position - 1].text == "!"
                || position >= 3 && tokens[position - 1].text == "." && tokens[position - 2].text == "self"
                    && tokens[position - 3].text == "!"
            let comparedToNil =
                position + 2 < tokens.count && tokens[position + 1].text == "==" && tokens[position + 2].text == "nil"
            guard negated || comparedToNil else { continue }
            var cursor = position - 1
            let line = tokens[position].location.line
            while cursor >= 0, tokens[cursor].location.line == line, tokens[cursor].text != "if" { cursor -= 1 }
            guard cursor >= 0, tokens[cursor].text == "if",
                let open = (position..<min(tokens.count, position + 8)).first(where: { tokens[$0].text == "{" })
            else { continue }
            if blockTellsSomeone(tokens, at: open) { return true }
        }
        return false
    }

    /// The variable the number of returned products is kept in: `count` in `NSUInteger count =
    /// [response.products count];`, `let count = response.products.count` or `var count : Int =
    /// response.products.count`.
    static func countAlias(_ tokens: [SwiftToken], at position: Int) -> String? {
        guard tokens[position].text == "count", position >= 3 else { return nil }
        let counted =
            tokens[position - 1].text == "." && tokens[position - 2].text == "products"
            || tokens[position - 1].text == "products" && position + 1 < tokens.count
                && tokens[position + 1].text == "]"
        guard counted else { return nil }
        let line = tokens[position].location.line
        var cursor = position - 1
        while cursor > 0, tokens[cursor].location.line == line, tokens[cursor].text != "=" { cursor -= 1 }
        guard cursor > 0, tokens[cursor].text == "=", tokens[cursor - 1].kind == .identifier,
            tokens[cursor - 1].location.line == line
        else { return nil }
        // `count : Int =`: the name is before the type annotation.
        if cursor >= 3, tokens[cursor - 2].text == ":", tokens[cursor - 3].kind == .identifier {
            return tokens[cursor - 3].text
        }
        return tokens[cursor - 1].text
    }

    /// Words of a message about products the store did not return.
    private static let missingProductWords = [
        "not found", "missing", "not returned", "no product found", "no products found", "product not available",
    ]

    /// Nouns that say the message is about a product.
    private static let productNouns: Set<String> = [
        "product", "products", "id", "ids", "identifier", "identifiers", "sku", "skus", "item", "items",
    ]

    /// True when a message says a product did not come ("Product not found", "missing: …"), not
    /// that a request went missing ("Missing running request for fulfilling SKProductsRequest").
    static func saysAProductIsMissing(_ words: String) -> Bool {
        let lowered = words.lowercased()
        guard missingProductWords.contains(where: lowered.contains) else { return false }
        guard lowered.contains("request") else { return true }
        return lowered.split(whereSeparator: { !$0.isLetter }).contains { productNouns.contains(String($0)) }
    }

    private func comparesRequestedAndReturned(_ request: ProductIDFlow.Request) -> Bool {
        let tokens = index.tokens(request.file)
        var span = SourceIndex.Span(
            file: request.file, start: request.token, end: min(tokens.count, request.token + 200))
        if let function = index.function(containing: request.token, in: request.file),
            let body = index.functions[function].body
        {
            span = body
        }
        if request.api == "storeProductsTask(for:)" {
            let close = SourceIndex.close(tokens, from: request.token + 1)
            if close < tokens.count, tokens[close].text == "{" {
                span = SourceIndex.Span(file: request.file, start: close, end: SourceIndex.close(tokens, from: close))
            }
        }
        var filters = false
        var contains = false
        // A message about the products that did not come ("… product not found") names them too.
        for position in span.start..<span.end where tokens[position].kind == .stringLiteral {
            guard let literal = index.literal(at: position, in: request.file) else { continue }
            if Self.saysAProductIsMissing(literal.words) { return true }
        }
        for position in span.start..<span.end where Self.reportsAMissingEntry(tokens, at: position) { return true }
        for position in span.start..<span.end where tokens[position].kind == .identifier {
            let word = tokens[position].text
            if Self.comparisonWords.contains(word)
                || Self.comparisonWords.contains(where: { word.lowercased().hasPrefix($0.lowercased()) })
            {
                return true
            }
            if word == "filter" { filters = true }
            if word == "contains" { contains = true }
            if Self.looksUpAnID(at: position, in: tokens) { return true }
            // `[productID]`: with one ID asked for, an empty answer is exactly the missing one.
            if Self.checksTheOneAnswer(tokens, at: position), asksForOneID(request),
                word == "isEmpty" || Self.reportsWhenEmpty(tokens, at: position)
            {
                return true
            }
        }
        // A stored answer read elsewhere (a status check's `guard let product = subscriptions.first`)
        // speaks for the one ID only when the request spells that ID out itself.
        if filters && contains
            || looksUpStoredProducts(from: span, oneID: asksForOneID(request, throughConstants: false))
        {
            return true
        }
        if handsTheAnswerToALookUp(request, within: span) { return true }
        // `return products`, or `completion(products)`: the caller that asked looks its product up
        // in what it got back.
        guard let function = index.function(containing: request.token, in: request.file) else { return false }
        let handlers = Set(index.functions[function].parameters.map(\.name))
        // The span ends past its `}`: `return products }` closes it.
        let handsBack = (span.start..<max(span.start, span.end - 2)).contains { position in
            tokens[position].text == "return" && tokens[position + 1].kind == .identifier
                || position + 3 < span.end && handlers.contains(tokens[position].text)
                    && tokens[position + 1].text == "(" && tokens[position + 2].kind == .identifier
                    && tokens[position + 3].text == ")"
        }
        return handsBack && callersLookUpAnID(index.functions[function].name)
    }

    /// `let products = try await Product.products(for: ids)`, then `try pro.resolve(from: products)`:
    /// the answer handed to a function of the project that looks its own ID up in it and says so
    /// when the product is not there names the missing product as a look-up beside the request
    /// would.
    private func handsTheAnswerToALookUp(_ request: ProductIDFlow.Request, within span: SourceIndex.Span) -> Bool {
        let tokens = index.tokens(request.file)
        let line = tokens[request.token].location.line
        var equals = request.token
        while equals > span.start, tokens[equals].location.line == line, tokens[equals].text != "=" { equals -= 1 }
        guard tokens[equals].text == "=", equals > 0, tokens[equals - 1].kind == .identifier else { return false }
        let answer = tokens[equals - 1].text
        for position in request.token..<span.end
        where tokens[position].text == answer && [",", ":", "("].contains(tokens[position - 1].text) {
            // The call the answer is an argument of: back to its unclosed `(`.
            var depth = 0
            var open = position - 1
            while open > span.start {
                let text = tokens[open].text
                if text == ")" || text == "]" {
                    depth += 1
                } else if text == "(" || text == "[" {
                    if depth == 0 { break }
                    depth -= 1
                }
                open -= 1
            }
            guard open > 0, tokens[open].text == "(", tokens[open - 1].kind == .identifier else { continue }
            let callee = tokens[open - 1].text
            for function in index.functions where function.name == callee && function.name != "products" {
                guard let body = function.body else { continue }
                let bodyTokens = index.tokens(body.file)
                for inner in body.start..<body.end where Self.looksUpAnID(at: inner, in: bodyTokens) {
                    if Self.reportsWhenMissing(bodyTokens, after: SourceIndex.close(bodyTokens, from: inner + 1)) {
                        return true
                    }
                }
            }
        }
        return false
    }

    /// `if map[plan] == nil { print("no product for \(plan.productID)") }`: each requested entry
    /// looked for in what came back, the missing one told.
    static func reportsAMissingEntry(_ tokens: [SwiftToken], at position: Int) -> Bool {
        guard tokens[position].text == "]", position + 3 < tokens.count, tokens[position + 1].text == "==",
            tokens[position + 2].text == "nil", tokens[position + 3].text == "{"
        else { return false }
        let line = tokens[position].location.line
        var cursor = position - 1
        while cursor >= 0, tokens[cursor].location.line == line, tokens[cursor].text != "if" { cursor -= 1 }
        guard cursor >= 0, tokens[cursor].text == "if" else { return false }
        return blockTellsSomeone(tokens, at: position + 3)
    }

    /// `store.load { products in … }`, `store.load(for: ids) { … }`: the answer comes to a closure.
    static func takesTrailingClosure(_ tokens: [SwiftToken], callAt position: Int) -> Bool {
        guard position + 1 < tokens.count else { return false }
        if tokens[position + 1].text == "{" { return true }
        let close = SourceIndex.close(tokens, from: position + 1)
        return close < tokens.count && tokens[close].text == "{"
    }

    /// `let products = await store.load()`: the result of the call at `position` is kept.
    static func isKept(_ tokens: [SwiftToken], callAt position: Int) -> Bool {
        let line = tokens[position].location.line
        var cursor = position - 1
        while cursor > 0, tokens[cursor].location.line == line {
            if tokens[cursor].text == "=" { return true }
            cursor -= 1
        }
        return false
    }

    /// True when a function that calls `name` (one that returns the products it asked for)
    /// looks a requested ID up among them: `products.first(where: { $0.id == proID })`, or a
    /// loop's `if product.id == "com.example.pro"`.
    private func callersLookUpAnID(_ name: String) -> Bool {
        for (file, scan) in index.scans.enumerated() where scan.mentions(name) {
            let tokens = index.tokens(file)
            for position in tokens.indices.dropFirst(2).dropLast()
            where tokens[position].text == name && ["(", "{"].contains(tokens[position + 1].text)
                && tokens[position - 1].text != "func"
                && !(tokens[position - 1].text == "." && tokens[position - 2].text == "Product")
                && (Self.isKept(tokens, callAt: position) || Self.takesTrailingClosure(tokens, callAt: position))
            {
                guard let caller = index.function(containing: position, in: file),
                    let body = index.functions[caller].body, index.functions[caller].name != name
                else { continue }
                // `let found = await store.load(ids: [productID])`, then `guard let product =
                // found.first else { report }`: one ID handed in, its absence told.
                let oneID = Self.handsInOneElement(tokens, callAt: position)
                for inner in body.start..<max(body.start, body.end - 2) where tokens[inner].kind == .identifier {
                    if Self.looksUpAnID(at: inner, in: tokens) { return true }
                    if oneID, Self.checksTheOneAnswer(tokens, at: inner), Self.reportsWhenEmpty(tokens, at: inner) {
                        return true
                    }
                    if tokens[inner].text == "id", tokens[inner - 1].text == ".", tokens[inner + 1].text == "==",
                        tokens[inner + 2].kind == .stringLiteral || tokens[inner + 2].kind == .identifier,
                        inner + 4 >= tokens.count
                            || !["productID", "productIdentifier"].contains(tokens[inner + 4].text)
                    {
                        return true
                    }
                }
            }
        }
        return false
    }

    /// True when the call at `position` hands in one collection of one element as its first
    /// argument: `load([productID])`, `load(ids: ["com.example.pro"])`.
    static func handsInOneElement(_ tokens: [SwiftToken], callAt position: Int) -> Bool {
        guard position + 2 < tokens.count, tokens[position + 1].text == "(" else { return false }
        let close = SourceIndex.close(tokens, from: position + 1) - 1
        var start = position + 2
        if start + 1 < close, tokens[start].kind == .identifier, tokens[start + 1].text == ":" { start += 2 }
        let end = firstAtTopLevel(",", tokens, from: start, to: close) ?? close
        return makesOneElementCollection(tokens, from: start, to: end)
    }

    /// The answer kept in a property (`self.products = storeProducts`) and searched for a
    /// requested ID elsewhere: a paywall's `store.products.first(where: { $0.id == … })`, or,
    /// when one ID was asked for, `guard let product = products.first else { report }`.
    private func looksUpStoredProducts(from span: SourceIndex.Span, oneID: Bool) -> Bool {
        let tokens = index.tokens(span.file)
        let typeName = index.function(containing: span.start, in: span.file).flatMap { index.functions[$0].typeName }
        var stored: Set<String> = []
        var keptFirst: Set<String> = []
        for position in span.start..<max(span.start, min(span.end, tokens.count) - 1)
        where tokens[position].kind == .identifier && tokens[position + 1].text == "=" {
            let previous = position > 0 ? tokens[position - 1].text : ""
            if ["let", "var"].contains(previous) { continue }
            if previous == ".", position < 2 || tokens[position - 2].text != "self" { continue }
            if !index.properties(named: tokens[position].text, in: typeName).isEmpty {
                stored.insert(tokens[position].text)
                // `product = products.first`: the one product itself is kept.
                if position + 5 < tokens.count, tokens[position + 2].kind == .identifier,
                    tokens[position + 3].text == ".", tokens[position + 4].text == "first",
                    !["(", "{"].contains(tokens[position + 5].text)
                {
                    keptFirst.insert(tokens[position].text)
                }
            }
        }
        for name in keptFirst.sorted() where oneID && isUnwrappedWithReport(name, in: span.file) { return true }
        for name in stored.sorted() {
            for (file, scan) in index.scans.enumerated() where scan.mentions(name) {
                let other = index.tokens(file)
                for position in other.indices
                where oneID && other[position].text == name && position + 3 < other.count
                    && other[position + 1].text == "." && other[position + 2].text == "first"
                    && !["(", "{"].contains(other[position + 3].text)
                    && Self.checksTheOneAnswer(other, at: position + 2)
                    && Self.reportsWhenMissing(other, after: position + 3)
                {
                    return true
                }
                for position in other.indices
                where other[position].text == name && position + 2 < other.count && other[position + 1].text == "."
                    && Self.looksUpAnID(at: position + 2, in: other)
                {
                    if Self.reportsWhenMissing(other, after: SourceIndex.close(other, from: position + 3)) {
                        return true
                    }
                    // `var proProduct: Product? { products.first { $0.id == proID } }`, and a
                    // `guard let product = store.proProduct else { … }` that reports. The look-up
                    // must be what the property gives: a view's `body` that only shows a found
                    // product hands nothing on.
                    if let property = index.properties.first(where: {
                        $0.body.map { $0.file == file && $0.start < position && position < $0.end } ?? false
                    }), let body = property.body, Self.isResult(other, at: position, of: body),
                        isReportedWhenMissing(property.name)
                    {
                        return true
                    }
                    // `func product(for id: String) -> Product? { products.first { $0.id == id } }`,
                    // and a `guard let product = store.product(for: id) else { … }` that reports.
                    if let function = index.function(containing: position, in: file),
                        let body = index.functions[function].body, Self.isResult(other, at: position, of: body),
                        isCallReportedWhenMissing(index.functions[function].name)
                    {
                        return true
                    }
                }
            }
        }
        return false
    }

    /// True when the expression starting at `position` is what the body gives back: its first
    /// statement, or one after `return`.
    /// A receiver before it (`store.products`, `self.products`) is part of the expression.
    static func isResult(_ tokens: [SwiftToken], at position: Int, of body: SourceIndex.Span) -> Bool {
        var start = position
        while start >= body.start + 2, tokens[start - 1].text == ".", tokens[start - 2].kind == .identifier {
            start -= 2
        }
        return start == body.start || tokens[start - 1].text == "return"
            || tokens[body.start].text == "{" && start == body.start + 1
    }

    /// `products.first(where: { $0.id == wanted })`, `contains { $0.id == … }`,
    /// `firstIndex(where:)`: a requested ID looked for among the returned products.
    static func looksUpAnID(at position: Int, in tokens: [SwiftToken]) -> Bool {
        guard ["first", "contains", "firstIndex"].contains(tokens[position].text), position + 1 < tokens.count,
            ["(", "{"].contains(tokens[position + 1].text)
        else { return false }
        let end = SourceIndex.close(tokens, from: position + 1)
        // `$0.id == transaction.productID` finds what a transaction bought, not a requested ID.
        for inner in (position + 2)..<max(position + 2, min(end, tokens.count) - 1)
        where tokens[inner].text == "." && ["productID", "productIdentifier"].contains(tokens[inner + 1].text) {
            return false
        }
        for inner in (position + 2)..<min(end, tokens.count) where tokens[inner].text == "id" {
            if inner >= 2, tokens[inner - 1].text == ".", inner + 1 < end, tokens[inner + 1].text == "==" {
                return true
            }
            if inner >= 3, tokens[inner - 1].text == ".", tokens[inner - 3].text == "==" { return true }
        }
        return false
    }

    /// For a request of one ID: `products.isEmpty`, `guard let product = products.first else`,
    /// `if response.products.count == 0`, `$0.productIdentifier == wantedID` or a `switch` on
    /// the identifier: the answer checked for the one product asked for.
    static func checksTheOneAnswer(_ tokens: [SwiftToken], at position: Int) -> Bool {
        let text = tokens[position].text
        guard position > 0, tokens[position - 1].text == "." else { return false }
        if text == "isEmpty" { return true }
        let line = tokens[position].location.line
        if text == "productIdentifier" {
            // `== wantedID`, or `switch product.productIdentifier { case wantedID: … }`.
            let near = max(0, position - 4)..<min(tokens.count, position + 2)
            return near.contains { ["==", "switch"].contains(tokens[$0].text) && tokens[$0].location.line == line }
        }
        guard text == "first" || text == "count" else { return false }
        var cursor = position - 1
        while cursor >= 0, tokens[cursor].location.line == line {
            if ["guard", "if"].contains(tokens[cursor].text) { return true }
            cursor -= 1
        }
        return false
    }

    /// True when the branch for an empty answer, checked at `position` (`isEmpty`, `first`,
    /// `count`), does something a person sees rather than returning: `guard let p =
    /// products.first else { throw … }`, `if products.isEmpty { showError(…) }`.
    /// `isCount`: the token is a variable holding the number of products.
    static func reportsWhenEmpty(_ tokens: [SwiftToken], at position: Int, isCount: Bool = false) -> Bool {
        let text = tokens[position].text
        let line = tokens[position].location.line
        if text == "productIdentifier" {
            // Inside `products.first(where: { $0.productIdentifier == id })`: the look-up's `else`
            // is the branch for the missing product; elsewhere (a loop keeping the match) the
            // comparison itself is the check.
            var cursor = position - 1
            while cursor > 0, tokens[cursor].location.line == line {
                if tokens[cursor].text == "first", tokens[cursor + 1].text == "(" {
                    return reportsWhenMissing(tokens, after: SourceIndex.close(tokens, from: cursor + 1))
                }
                // `products.filter({ $0.productIdentifier == id }).first`: the same look-up.
                if tokens[cursor].text == "filter", tokens[cursor + 1].text == "(" {
                    let close = SourceIndex.close(tokens, from: cursor + 1)
                    if close + 1 < tokens.count, tokens[close].text == ".", tokens[close + 1].text == "first" {
                        return reportsWhenMissing(tokens, after: close + 2)
                    }
                }
                // `for id in ids where !products.contains(where: { $0.productIdentifier == id }) { … }`:
                // the block is the branch for the missing product.
                if tokens[cursor].text == "contains", tokens[cursor + 1].text == "(" {
                    return blockTellsSomeone(tokens, at: SourceIndex.close(tokens, from: cursor + 1))
                }
                cursor -= 1
            }
            return true
        }
        var negated = false
        var cursor = position - 1
        while cursor >= 0, tokens[cursor].location.line == line, !["if", "guard"].contains(tokens[cursor].text) {
            if tokens[cursor].text == "!" { negated = true }
            cursor -= 1
        }
        let emptyInThen =
            text == "isEmpty" && !negated
            || (text == "count" || isCount) && position + 2 < tokens.count && tokens[position + 1].text == "=="
                && tokens[position + 2].text == "0"
        guard emptyInThen, cursor >= 0, tokens[cursor].text == "if" else {
            return reportsWhenMissing(tokens, after: position + 1)
        }
        guard let open = (position..<min(tokens.count, position + 40)).first(where: { tokens[$0].text == "{" }) else {
            return false
        }
        let close = SourceIndex.close(tokens, from: open)
        return tokens[(open + 1)..<max(open + 1, close - 1)].contains {
            $0.kind == .stringLiteral
                || $0.kind == .identifier && !["return", "nil", "false", "true", "break", "continue"].contains($0.text)
        }
    }

    /// True when the block opening at `open` says something or calls something: a message, a
    /// log, a thrown error. `_ = id` is silence.
    static func blockTellsSomeone(_ tokens: [SwiftToken], at open: Int) -> Bool {
        guard open < tokens.count, tokens[open].text == "{" else { return false }
        let close = SourceIndex.close(tokens, from: open)
        return ((open + 1)..<max(open + 1, close - 1)).contains { position in
            tokens[position].kind == .stringLiteral || tokens[position].text == "throw"
                || tokens[position].kind == .identifier && position + 1 < tokens.count
                    && tokens[position + 1].text == "("
        }
    }

    /// True when `file` unwraps the property `name` and reports its absence: `guard let
    /// product else { purchaseError = "…" }`, `guard let p = self.product else { … }`.
    private func isUnwrappedWithReport(_ name: String, in file: Int) -> Bool {
        let tokens = index.tokens(file)
        for position in tokens.indices.dropFirst(2).dropLast() where tokens[position].text == name {
            let previous = tokens[position - 1].text
            let unwrapped =
                previous == "let" && ["else", ",", "{"].contains(tokens[position + 1].text)
                || previous == "=" || previous == "." && tokens[position - 2].text == "self"
            guard unwrapped else { continue }
            var cursor = position - 1
            let line = tokens[position].location.line
            var guarded = false
            while cursor >= 0, tokens[cursor].location.line == line {
                if ["guard", "if"].contains(tokens[cursor].text) { guarded = true }
                cursor -= 1
            }
            if guarded, Self.reportsWhenMissing(tokens, after: position + 1) { return true }
        }
        return false
    }

    /// True when some `guard let` or `if let` of a call to `name` (`guard let product =
    /// store.product(for: id) else { … }`) reports the absence of what it returns.
    private func isCallReportedWhenMissing(_ name: String) -> Bool {
        for (file, scan) in index.scans.enumerated() where scan.mentions(name) {
            let tokens = index.tokens(file)
            for position in tokens.indices.dropFirst().dropLast()
            where tokens[position].text == name && tokens[position + 1].text == "("
                && tokens[position - 1].text != "func"
            {
                let line = tokens[position].location.line
                var cursor = position - 1
                var unwrapped = false
                while cursor >= 0, tokens[cursor].location.line == line {
                    if ["guard", "if"].contains(tokens[cursor].text) {
                        unwrapped = true
                        break
                    }
                    cursor -= 1
                }
                if unwrapped, Self.reportsWhenMissing(tokens, after: SourceIndex.close(tokens, from: position + 1)) {
                    return true
                }
            }
        }
        return false
    }

    /// True when some `guard let` or `if let` of the property `name` reports its absence.
    private func isReportedWhenMissing(_ name: String) -> Bool {
        for (file, scan) in index.scans.enumerated() where scan.mentions(name) {
            let tokens = index.tokens(file)
            for position in tokens.indices where tokens[position].text == name && tokens[position].kind == .identifier {
                if Self.reportsWhenMissing(tokens, after: position + 1) { return true }
            }
        }
        return false
    }

    /// True when the `else` of the `guard let` or `if let` around a look-up ending at `end` does
    /// something (an alert, a message, a thrown error), not only `return nil`: a price shown
    /// when the product is there is no report of a missing one.
    static func reportsWhenMissing(_ tokens: [SwiftToken], after end: Int) -> Bool {
        guard let cursor = conditionBrace(tokens, after: end) else { return false }
        var elseBlock = cursor
        if cursor == 0 || tokens[cursor - 1].text != "else" {
            // `if let … { … } else { … }`: past the body to its `else`.
            let afterBody = SourceIndex.close(tokens, from: cursor)
            guard afterBody + 1 < tokens.count, tokens[afterBody].text == "else" else {
                // `if let p = products.first { …; return }`: what follows is the branch for its absence.
                return endsWithReturn(tokens, close: afterBody - 1) && reportsBelow(tokens, from: afterBody)
            }
            elseBlock = afterBody + 1
            if tokens[elseBlock].text == "if" {
                // `} else if (!product) { … }`: the next branch is the one for the absence.
                guard
                    let open = (elseBlock..<min(tokens.count, elseBlock + 40)).first(where: { tokens[$0].text == "{" })
                else { return false }
                elseBlock = open
            }
            guard tokens[elseBlock].text == "{" else { return false }
        }
        let close = SourceIndex.close(tokens, from: elseBlock)
        // `else { return "" }` puts a value in the product's place and tells nobody.
        return ((elseBlock + 1)..<max(elseBlock + 1, close - 1)).contains { position in
            tokens[position].kind == .stringLiteral && tokens[position - 1].text != "return"
                || tokens[position].kind == .identifier
                    && !["return", "nil", "false", "true", "break", "continue"].contains(tokens[position].text)
        }
    }

    /// True when the last statement of the block closing at `close` (its `}`) is a `return`.
    static func endsWithReturn(_ tokens: [SwiftToken], close: Int) -> Bool {
        guard close >= 1, close < tokens.count, tokens[close].text == "}" else { return false }
        let line = tokens[close - 1].location.line
        var start = close - 1
        while start > 0, tokens[start - 1].location.line == line, tokens[start - 1].text != "{" { start -= 1 }
        return tokens[start].text == "return"
    }

    /// True when the code after `start`, up to the end of its block, tells someone: a message,
    /// a call or a thrown error, not a hard-coded value returned in the product's place.
    static func reportsBelow(_ tokens: [SwiftToken], from start: Int) -> Bool {
        var depth = 0
        for position in start..<min(tokens.count, start + 80) {
            let text = tokens[position].text
            if text == "{" { depth += 1 }
            if text == "}" {
                if depth == 0 { return false }
                depth -= 1
            }
            // `return "$2.99 / Month"` is a fallback shown as if nothing were missing.
            if tokens[position].kind == .stringLiteral, position == 0 || tokens[position - 1].text != "return" {
                return true
            }
            if text == "throw" { return true }
            if tokens[position].kind == .identifier, position + 1 < tokens.count, tokens[position + 1].text == "(",
                !["print", "debugPrint", "NSLog"].contains(text)
            {
                return true
            }
        }
        return false
    }

    /// True when a request's argument is an array literal of one element (`[productID]`), or,
    /// `throughConstants`, a constant declared as one (`Array(proIDs)`).
    private func asksForOneID(_ request: ProductIDFlow.Request, throughConstants: Bool = true) -> Bool {
        let tokens = index.tokens(request.file)
        var start = request.argument.start
        // `NSSet(object: id) as! Set<NSString>`: the cast changes the type, not the count.
        let end = Self.firstAtTopLevel("as", tokens, from: start, to: request.argument.end) ?? request.argument.end
        guard start < end else { return false }
        if Self.makesOneElementCollection(tokens, from: start, to: end) { return true }
        guard throughConstants else { return false }
        // `Set(ids)`, `Array(ids)`: the same IDs.
        if end - start == 4, ["Set", "Array"].contains(tokens[start].text), tokens[start + 1].text == "(" {
            start += 2
        } else if end - start == 3, tokens[start + 1].text == ".", tokens[start + 2].kind == .identifier {
            // `StoreConfig.productIDs`: a static constant of a type.
            let properties = index.properties(named: tokens[start + 2].text, in: tokens[start].text)
                .map { index.properties[$0] }
            if properties.count == 1, let value = properties[0].initializer, properties[0].body == nil {
                let valueTokens = index.tokens(value.file)
                if Self.makesOneElementCollection(
                    valueTokens, from: value.start, to: Self.endOfCollection(valueTokens, from: value.start))
                {
                    return true
                }
            }
            return asksForOneLiteral(request)
        } else if end - start != 1 {
            return asksForOneLiteral(request)
        }
        guard tokens[start].kind == .identifier else { return false }
        return namesOneElementCollection(tokens[start].text, at: start, in: request.file)
            || asksForOneLiteral(request)
    }

    /// True when the IDs that reach the request, followed through constants, enums and the
    /// code that maps them (`Set(Purchase.allCases.map(\.productID))` with one case), are one
    /// whole literal.
    private func asksForOneLiteral(_ request: ProductIDFlow.Request) -> Bool {
        let literals = ProductIDFlow(index: index).literals(reaching: [request])
        guard let first = literals.first, !literals.contains(where: \.isPiece) else { return false }
        return literals.allSatisfy { $0.value == first.value }
    }

    /// `["com.example.pro"]`, `Set([productID])`, `Set<String>(arrayLiteral: productID)`,
    /// `NSSet(object: productID)`: the expression from `start` to `end` makes a collection of
    /// one element.
    static func makesOneElementCollection(_ tokens: [SwiftToken], from start: Int, to end: Int) -> Bool {
        guard start < end, end <= tokens.count else { return false }
        if tokens[start].text == "[" { return holdsOneElement(tokens, open: start, end: end) }
        guard ["Set", "Array", "NSSet", "NSArray"].contains(tokens[start].text) else { return false }
        let open = openingOfCollectionCall(tokens, after: start, limit: end)
        guard open + 1 < end, SourceIndex.close(tokens, from: open) == end else { return false }
        let first = open + 1
        if tokens[first].text == "[" {
            return SourceIndex.close(tokens, from: first) == end - 1
                && holdsOneElement(tokens, open: first, end: end - 1)
        }
        guard first + 2 < end, ["arrayLiteral", "object"].contains(tokens[first].text), tokens[first + 1].text == ":"
        else { return false }
        return !hasTopLevelComma(tokens, from: first + 2, to: end - 1)
    }

    /// True when a `,` outside any bracket lies in `start..<end`: the list there has more than
    /// one element.
    static func hasTopLevelComma(_ tokens: [SwiftToken], from start: Int, to end: Int) -> Bool {
        firstAtTopLevel(",", tokens, from: start, to: end) != nil
    }

    /// The first `text` in `start..<end` outside any bracket the range opens.
    static func firstAtTopLevel(_ text: String, _ tokens: [SwiftToken], from start: Int, to end: Int) -> Int? {
        var depth = 0
        for position in start..<max(start, min(end, tokens.count)) {
            let token = tokens[position].text
            if ["(", "[", "{"].contains(token) { depth += 1 }
            if [")", "]", "}"].contains(token) { depth -= 1 }
            if depth == 0, token == text { return position }
        }
        return nil
    }

    /// The `(` of `Set(…)` or `Set<String>(…)` whose name is at `name`.
    private static func openingOfCollectionCall(_ tokens: [SwiftToken], after name: Int, limit: Int) -> Int {
        var open = name + 1
        if open < limit, tokens[open].text == "<" {
            while open < limit, !tokens[open].text.hasPrefix(">") { open += 1 }
            open += 1
        }
        return open < limit && tokens[open].text == "(" ? open : limit
    }

    /// Where a collection expression starting at `start` ends: past its `]`, or past the `)` of
    /// `Set(…)`; `start` itself when it is neither.
    static func endOfCollection(_ tokens: [SwiftToken], from start: Int) -> Int {
        guard start < tokens.count else { return start }
        if tokens[start].text == "[" { return SourceIndex.close(tokens, from: start) }
        guard ["Set", "Array", "NSSet", "NSArray"].contains(tokens[start].text) else { return start }
        let open = openingOfCollectionCall(tokens, after: start, limit: min(tokens.count, start + 8))
        guard open < tokens.count, tokens[open].text == "(" else { return start }
        return SourceIndex.close(tokens, from: open)
    }

    /// `[productID]`, `["com.example.pro"]`: a collection literal of one element.
    private static func holdsOneElement(_ tokens: [SwiftToken], open: Int, end: Int) -> Bool {
        guard SourceIndex.close(tokens, from: open) == end, end - open > 2 else { return false }
        if tokens[open + 1].kind == .identifier, tokens[open + 2].kind == .identifier {
            // An Objective-C message: `[NSSet setWithObject:productID]`, `[NSSet
            // setWithArray:@[productID]]`; an empty `[NSSet set]` grown later is not one ID.
            guard open + 3 < end, tokens[open + 3].text == ":" else { return false }
            switch tokens[open + 2].text {
            case "setWithObject": return true
            case "setWithArray":
                // Only an array literal says how many: `[self.tips allKeys]` may hold any number.
                let literal = open + 5
                guard literal < end, tokens[open + 4].text == "@", tokens[literal].text == "[" else { return false }
                return holdsOneElement(tokens, open: literal, end: SourceIndex.close(tokens, from: literal))
            default: return false
            }
        }
        return !hasTopLevelComma(tokens, from: open + 1, to: end - 1)
    }

    /// True when `name`, used at `position`, is a constant declared as a one-element collection
    /// literal: `let productIds: Set<String> = [removeAdsID]` in the same function, or a
    /// property of the type, `private let proProductIDs: Set<String> = ["com.example.pro"]`.
    private func namesOneElementCollection(_ name: String, at position: Int, in file: Int) -> Bool {
        let tokens = index.tokens(file)
        if let function = index.function(containing: position, in: file), let body = index.functions[function].body {
            var cursor = body.start
            while cursor < position - 1 {
                defer { cursor += 1 }
                // `let ids = …`, or Objective-C's `NSSet *ids = …`.
                guard tokens[cursor].text == name, cursor > 0, ["let", "var", "*"].contains(tokens[cursor - 1].text)
                else {
                    continue
                }
                return oneElementInitializer(tokens, after: cursor, end: position)
            }
        }
        let typeName = index.function(containing: position, in: file).flatMap { index.functions[$0].typeName }
        let properties = index.properties(named: name, in: typeName).map { index.properties[$0] }
        guard properties.count == 1, let property = properties.first, property.body == nil,
            let value = property.initializer
        else { return false }
        let valueTokens = index.tokens(value.file)
        guard value.start < value.end else { return false }
        // The literal's own end: a property's initializer may stop at the line before its `]`.
        return Self.makesOneElementCollection(
            valueTokens, from: value.start, to: Self.endOfCollection(valueTokens, from: value.start))
    }

    /// The `= [ … ]` after a declared name (its type annotation skipped) holds one element.
    private func oneElementInitializer(_ tokens: [SwiftToken], after name: Int, end: Int) -> Bool {
        var cursor = name + 1
        if cursor < end, tokens[cursor].text == ":" {
            while cursor < end, tokens[cursor].text != "=" { cursor += 1 }
        }
        guard cursor + 1 < end, tokens[cursor].text == "=" else { return false }
        return Self.makesOneElementCollection(
            tokens, from: cursor + 1, to: Self.endOfCollection(tokens, from: cursor + 1))
    }

    // MARK: Listener

    /// The listener must run as the app launches, or purchases that complete while the app is
    /// closed (Ask to Buy approvals, renewals, interrupted purchases) wait until some screen
    /// happens to start it.
    func listenerAtLaunch() -> Outcome {
        guard context.snapshot != nil else { return .noProject }
        let reachability = context.reachability
        if let (listener, path) = reachability.reachedListener() {
            let steps = path.map(\.description).joined(separator: " → ")
            let what: String
            switch listener.kind {
            case .transactionUpdates: what = "Transaction.updates is listened to from launch"
            case .paymentQueueObserver: what = "the payment queue observer is added at launch"
            case .library(let name): what = "\(name) observes transactions from launch"
            }
            var evidence: [SourceLocation] = []
            for step in path where !evidence.contains(step.location) { evidence.append(step.location) }
            return Outcome(.pass, "\(what): \(steps)", evidence)
        }
        if let unavailable, reachability.listeners.isEmpty { return unavailable }
        guard !reachability.listeners.isEmpty else {
            if usage.storeKit2 {
                return Outcome(.warning, "StoreKit 2 is used but Transaction.updates is never listened to")
            }
            return Outcome(.warning, "StoreKit 1 is used but no transaction observer is added")
        }
        // A few listeners are named, with the screen that starts each; the rest are counted.
        let shown = Array(reachability.listeners.prefix(Self.listenersNamed))
        let starters = reachability.starters(of: shown)
        var messages: [String] = []
        var evidence: [SourceLocation] = []
        for (listener, starter) in zip(shown, starters) {
            let location = reachability.location(listener)
            let owner = index.function(containing: listener.token, in: listener.file).map { index.functions[$0] }
            let place =
                owner.map { ($0.typeName.map { "\($0)." } ?? "") + ($0.isInitializer ? "init" : "\($0.name)()") }
                ?? index.scans[listener.file].path
            var message = "the transaction listener in \(place) is not reached from launch"
            evidence.append(location)
            if let (starter, others) = starter {
                message += "; \(starter.description) starts it (\(starter.location))"
                if others > 0 { message += " and \(others) other \(others == 1 ? "place uses" : "places use") it" }
                if !evidence.contains(starter.location) { evidence.append(starter.location) }
            }
            if !messages.contains(message) { messages.append(message) }
        }
        let more = reachability.listeners.count - shown.count
        if more > 0 { messages.append("\(more) more listener\(more == 1 ? "" : "s") likewise") }
        return Outcome(.warning, messages.joined(separator: "; "), evidence)
    }

    /// How many unreached listeners a warning names one by one.
    static let listenersNamed = 3

    // MARK: Finishing, restoring, payments allowed

    func finishTransactions() -> Outcome {
        if let unavailable { return unavailable }
        let finishes = scans.contains { scan in
            scan.mentions("finishTransaction")
                || (scan.mentions("finish")
                    && scan.tokens.indices.contains { index in
                        index + 1 < scan.tokens.count && scan.tokens[index].kind == .identifier
                            && scan.tokens[index].text == "finish" && scan.tokens[index + 1].text == "("
                    })
        }
        // An observer with `paymentQueue:removedTransactions:` and no `updatedTransactions:`
        // finishes only what is already finished: StoreKit hands new transactions to the latter.
        let observerMethods = index.functions.filter { $0.name == "paymentQueue" && $0.body != nil }
        if finishes, !usage.swiftyStoreKit, !observerMethods.isEmpty,
            !observerMethods.contains(where: { $0.labels.contains("updatedTransactions") }),
            let removed = observerMethods.first(where: { $0.labels.contains("removedTransactions") })
        {
            return Outcome(
                .warning,
                "the payment queue observer has no paymentQueue:updatedTransactions:, which StoreKit hands every new transaction to, so none is finished; its paymentQueue:removedTransactions: sees only those already finished",
                [index.tokens(removed.signature.file)[removed.signature.start].location])
        }
        if finishes {
            // SwiftyStoreKit finishes the failed ones itself.
            // A `restore()` nothing calls brings no restored transaction to finish.
            let restores = mentionsInCalledCode("restoreCompletedTransactions")
            let gaps = usage.swiftyStoreKit ? [] : FailedTransactions(index: index, restores: restores).gaps()
            let loops = UnfinishedUpdates(index: index).loops()
            if gaps.isEmpty, !loops.isEmpty {
                return Outcome(
                    .warning,
                    "the Transaction.updates \(loops.count == 1 ? "loop finishes" : "loops finish") nothing: renewals, Ask to Buy approvals and purchases from other devices are delivered again at every launch",
                    loops)
            }
            if gaps.isEmpty, !usage.swiftyStoreKit,
                case let exits = FailedTransactions(index: index, restores: restores).earlyExits().sorted(by: {
                    ($0.guardLocation.file, $0.guardLocation.line) < ($1.guardLocation.file, $1.guardLocation.line)
                }), !exits.isEmpty
            {
                let first = exits[0]
                return Outcome(
                    .warning,
                    "\(first.observer) finishes a \(first.state.rawValue) transaction only when the guard at line \(first.guardLocation.line) holds; when it does not, the transaction stays unfinished and StoreKit delivers it again at every launch",
                    exits.map(\.guardLocation))
            }
            guard !gaps.isEmpty else { return Outcome(.pass, "transactions are finished") }
            var observers: [String] = []
            for gap in gaps where !observers.contains(gap.observer) { observers.append(gap.observer) }
            let states = FailedTransactions.State.allCases.filter { state in gaps.contains { $0.state == state } }
            return Outcome(
                .warning,
                "\(observers.joined(separator: ", ")) \(observers.count == 1 ? "finishes" : "finish") no \(states.map(\.rawValue).joined(separator: " or ")) transaction, which StoreKit then delivers again at every launch",
                gaps.map(\.branch))
        }
        // SwiftyStoreKit finishes a transaction itself unless told `atomically: false`.
        if usage.swiftyStoreKit, Self.swiftyStoreKitFinishes(scans) {
            return Outcome(.pass, "SwiftyStoreKit finishes transactions itself (atomically)")
        }
        return Outcome(.warning, "neither finish() nor finishTransaction appears in the sources")
    }

    static func swiftyStoreKitFinishes(_ scans: [SwiftSourceScan]) -> Bool {
        var calls = 0
        for scan in scans where scan.mentions("SwiftyStoreKit") {
            let tokens = scan.tokens
            for position in tokens.indices
            where tokens[position].text == "SwiftyStoreKit" && position + 2 < tokens.count {
                guard
                    ["completeTransactions", "purchaseProduct", "restorePurchases"].contains(tokens[position + 2].text)
                else {
                    continue
                }
                calls += 1
                let call = position + 3 < tokens.count ? SourceIndex.close(tokens, from: position + 3) : tokens.count
                let arguments = tokens[min(position + 3, call)..<call]
                let atomicallyFalse = zip(arguments, arguments.dropFirst(2)).contains {
                    $0.text == "atomically" && $1.text == "false"
                }
                if !atomicallyFalse { return true }
            }
        }
        return calls == 0
    }

    func restoreButton() -> Outcome {
        if let unavailable { return unavailable }
        let products = context.workbook.products
        if !products.isEmpty, products.allSatisfy({ $0.type == .consumable }) {
            return Outcome(.pass, "every product of the guides is consumable, and consumables are not restored")
        }
        if let how = restoreMechanism() { return Outcome(.pass, "purchases can be restored (\(how))") }
        if let reread = entitlementsOnlyRestore() {
            return Outcome(
                .warning,
                "\(reread.text), which asks the App Store nothing: nothing calls AppStore.sync(), restoreCompletedTransactions or a receipt refresh",
                [reread.location])
        }
        return Outcome(
            .warning,
            "nothing asks the store to restore purchases: no AppStore.sync(), restoreCompletedTransactions or receipt refresh"
        )
    }

    /// True when `name` is written in code that can run: outside any function, in Objective-C,
    /// or in a function something calls. A reader nothing calls (`alertForProductRetrievalInfo`
    /// whose one call is commented out, a `restore()` no button reaches) reads nothing. Functions
    /// named in `excluded` do not count either.
    private func mentionsInCalledCode(_ name: String, outside excluded: Set<String> = []) -> Bool {
        for (file, scan) in index.scans.enumerated() where scan.mentions(name) {
            if scan.language == .objectiveC { return true }
            let tokens = scan.tokens
            for position in tokens.indices where tokens[position].kind == .identifier && tokens[position].text == name {
                guard let function = index.function(containing: position, in: file) else { return true }
                if excluded.contains(index.functions[function].name) { continue }
                if index.isEverCalled(function) { return true }
            }
        }
        return false
    }

    /// True when `invalidProductIdentifiers` is read in code that can run for more than a copy
    /// into a property nothing reads: `invalid = response.invalidProductIdentifiers`, alone or
    /// behind `if !response.invalidProductIdentifiers.isEmpty { … }`, tells nobody.
    private func usesInvalidIdentifiers() -> Bool {
        let name = "invalidProductIdentifiers"
        for (file, scan) in index.scans.enumerated() where scan.mentions(name) {
            if scan.language == .objectiveC { return true }
            let tokens = scan.tokens
            for position in tokens.indices.dropFirst().dropLast()
            where tokens[position].kind == .identifier && tokens[position].text == name {
                // Declarations and the left side of a copy are not reads.
                if ["var", "let"].contains(tokens[position - 1].text) || tokens[position + 1].text == "=" { continue }
                if let function = index.function(containing: position, in: file), !index.isEverCalled(function) {
                    continue
                }
                if copiesToAnUnreadProperty(tokens, at: position) || guardsOnlyCopies(tokens, at: position) {
                    continue
                }
                return true
            }
        }
        return false
    }

    /// `copy = response.invalidProductIdentifiers` (or `self.copy = …`), a statement of its own,
    /// where nothing reads `copy`.
    private func copiesToAnUnreadProperty(_ tokens: [SwiftToken], at position: Int) -> Bool {
        guard position >= 4, tokens[position - 1].text == ".", tokens[position - 2].kind == .identifier,
            tokens[position - 3].text == "=", tokens[position - 4].kind == .identifier,
            position + 1 >= tokens.count || tokens[position + 1].location.line != tokens[position].location.line
        else { return false }
        return !isRead(tokens[position - 4].text)
    }

    /// `if !response.invalidProductIdentifiers.isEmpty { copy = response.invalidProductIdentifiers }`.
    private func guardsOnlyCopies(_ tokens: [SwiftToken], at position: Int) -> Bool {
        guard position + 3 < tokens.count, tokens[position + 1].text == ".", tokens[position + 2].text == "isEmpty",
            tokens[position + 3].text == "{"
        else { return false }
        let close = SourceIndex.close(tokens, from: position + 3)
        let inner = (position + 4)..<max(position + 4, close - 1)
        guard let copy = inner.last, tokens[copy].text == tokens[position].text else { return false }
        // The block is the one copy: `name = receiver.invalidProductIdentifiers`, `self.` allowed.
        let length = inner.count
        return (length == 5 || length == 7 && tokens[inner.lowerBound].text == "self")
            && copiesToAnUnreadProperty(tokens, at: copy)
    }

    /// True when some code reads the property `name`: a mention that is no declaration, no
    /// left side of an assignment and no member of another value (`response.name`).
    private func isRead(_ name: String) -> Bool {
        for scan in index.scans where scan.mentions(name) {
            let tokens = scan.tokens
            for position in tokens.indices where tokens[position].kind == .identifier && tokens[position].text == name {
                let previous = position > 0 ? tokens[position - 1].text : ""
                if ["var", "let"].contains(previous) { continue }
                if position + 1 < tokens.count, tokens[position + 1].text == "=" { continue }
                if previous == ".", position >= 2, tokens[position - 2].text != "self" { continue }
                return true
            }
        }
        return false
    }

    private func restoreMechanism() -> String? {
        // `AppStore.sync()` in a type nothing makes (a sample kept beside the real store) restores nothing.
        for (file, scan) in index.scans.enumerated() where !scan.memberAccesses("AppStore", "sync").isEmpty {
            let tokens = scan.tokens
            for position in tokens.indices.dropLast(2)
            where tokens[position].text == "AppStore" && tokens[position + 1].text == "."
                && tokens[position + 2].text == "sync"
            {
                let function = index.function(containing: position, in: file).map { index.functions[$0] }
                if let owner = function?.typeName, index.isNeverMade(owner) { continue }
                return "AppStore.sync()"
            }
        }
        for scan in scans {
            // A restore started by the observer's own callback (`paymentQueue(_:updatedTransactions:)`)
            // runs after a purchase, not when the customer asks: it is no way to restore.
            if scan.mentions("restoreCompletedTransactions"),
                mentionsInCalledCode("restoreCompletedTransactions", outside: ["paymentQueue"])
            {
                return "restoreCompletedTransactions"
            }
            if scan.mentions("SKReceiptRefreshRequest") { return "SKReceiptRefreshRequest" }
            // TPInAppReceipt's `InAppReceipt.refresh { … }` refreshes the receipt with StoreKit.
            if !scan.memberAccesses("InAppReceipt", "refresh").isEmpty { return "InAppReceipt.refresh" }
            // A StoreKit view's own Restore Purchases button: `.storeButton(.visible, for: .restorePurchases)`.
            let tokens = scan.tokens
            for position in tokens.indices.dropFirst() where tokens[position].text == "restorePurchases" {
                let call = tokens[max(0, position - 8)..<position]
                if tokens[position - 1].text == ".", call.contains(where: { $0.text == "storeButton" }),
                    call.contains(where: { $0.text == "visible" })
                {
                    return "the Restore Purchases button of a StoreKit view"
                }
            }
            if scan.mentions("SwiftyStoreKit"), scan.mentions("restorePurchases") {
                return "SwiftyStoreKit.restorePurchases"
            }
            // SwiftyStoreKit's fetchReceipt and verifyReceipt refresh the receipt when asked to.
            guard scan.mentions("SwiftyStoreKit") else { continue }
            for position in tokens.indices where tokens[position].text == "forceRefresh" && position + 2 < tokens.count
            {
                guard tokens[position + 1].text == ":", tokens[position + 2].text != "false" else { continue }
                let call = tokens[max(0, position - 12)..<position].last {
                    $0.text == "fetchReceipt" || $0.text == "verifyReceipt"
                }
                if call != nil { return "a receipt refresh" }
            }
        }
        return nil
    }

    /// A restore action that only re-reads what the device already holds (itself or through a
    /// function it calls, `refreshEntitlements()`): `Transaction.currentEntitlements` answers
    /// from the device, so a purchase the device never saw (a new phone, a reinstall before the
    /// sync) stays missing until the App Store is asked with `AppStore.sync()`.
    private func entitlementsOnlyRestore() -> (text: String, location: SourceLocation)? {
        for function in index.functions where function.name.lowercased().contains("restore") {
            guard let body = function.body else { continue }
            // Breadth first through the calls, three steps at most.
            var frontier: [(body: SourceIndex.Span, via: String?)] = [(body, nil)]
            var seen: Set<SourceIndex.Span> = [body]
            for _ in 0..<3 {
                var next: [(body: SourceIndex.Span, via: String?)] = []
                for (span, via) in frontier {
                    if let read = transactionsRead(in: span) {
                        let text =
                            "\(function.name)() only re-reads Transaction.\(read)"
                            + (via.map { " through \($0)()" } ?? "")
                        return (text, index.tokens(function.signature.file)[function.signature.start].location)
                    }
                    let tokens = index.tokens(span.file)
                    for position in span.start..<span.end
                    where tokens[position].kind == .identifier && position + 1 < span.end
                        && tokens[position + 1].text == "("
                    {
                        for callee in index.functionsByName[tokens[position].text] ?? [] {
                            guard let calleeBody = index.functions[callee].body, seen.insert(calleeBody).inserted
                            else { continue }
                            next.append((calleeBody, via ?? tokens[position].text))
                        }
                    }
                }
                frontier = next
            }
        }
        return nil
    }

    /// `currentEntitlements`, `all` or `unfinished` when the span reads that sequence of
    /// `Transaction`.
    private func transactionsRead(in body: SourceIndex.Span) -> String? {
        let tokens = index.tokens(body.file)
        for position in body.start..<body.end where tokens[position].text == "Transaction" {
            if position + 2 < tokens.count, tokens[position + 1].text == ".",
                ["currentEntitlements", "all", "unfinished"].contains(tokens[position + 2].text)
            {
                return tokens[position + 2].text
            }
        }
        return nil
    }

    func promotedPurchases() -> Outcome {
        let promoted = context.workbook.products.filter(\.promoted)
        guard !promoted.isEmpty else { return Outcome(.pass, "the guides promote no product") }
        let ids = promoted.map(\.id.value)
        if let unavailable { return unavailable }
        // SwiftyStoreKit's `shouldAddStorePaymentHandler` is its form of the delegate method.
        if ["PurchaseIntent", "shouldAddStorePayment", "shouldAddStorePaymentHandler"].contains(where: usage.mentions) {
            return Outcome(.pass, "promoted purchases are handled")
        }
        return Outcome(
            .warning,
            "\(ids.joined(separator: ", ")) are promoted but neither PurchaseIntent nor shouldAddStorePayment appears")
    }

    /// Screen Time can turn purchases off; an app that never asks shows a buy button that fails.
    func canMakePayments() -> Outcome {
        // RevenueCat observes, finishes and restores, but a purchase that Screen Time refuses is
        // still the app's to explain (`Purchases.canMakePayments()`, `.purchaseNotAllowedError`).
        if let unavailable, !(usage.onlyRevenueCat && context.snapshot != nil && !scans.isEmpty) { return unavailable }
        if usage.onlyRevenueCat, usage.mentions("purchaseNotAllowedError") {
            return Outcome(.pass, "the sources explain a purchase RevenueCat reports as not allowed")
        }
        let permission = PaymentPermission(index: index)
        let asks = permission.asks()
        let heard = asks.filter { $0.wrapper == nil || $0.isUsed }
        if heard.contains(where: { !$0.isSilent }) {
            return Outcome(.pass, "the sources ask whether payments are allowed")
        }
        // `SKError.paymentNotAllowed` (StoreKit 1) or `Product.PurchaseError.purchaseNotAllowed`
        // (StoreKit 2).
        if permission.explainsRefusal() {
            return Outcome(.pass, "the sources explain a purchase refused because payments are not allowed")
        }
        if sellsOnlyThroughStoreKitViews() {
            return Outcome(.pass, "purchases go through StoreKit's views, which explain a refused purchase themselves")
        }
        if sellsOnlyThroughRevenueCatPaywalls() {
            return Outcome(
                .pass, "purchases go through RevenueCat's paywall, whose alert explains a refused purchase itself")
        }
        if !heard.isEmpty {
            return Outcome(
                .warning,
                "canMakePayments is asked, but when payments are not allowed the app only logs it or does nothing; tell the customer purchases are turned off",
                heard.map(\.location))
        }
        if !asks.isEmpty {
            let wrappers = asks.compactMap(\.wrapper).joined(separator: ", ")
            return Outcome(
                .warning,
                "canMakePayments is asked only inside \(wrappers), which no code calls; disable buying when purchases are turned off",
                asks.map(\.location))
        }
        return Outcome(.warning, "canMakePayments never appears; disable buying when purchases are turned off")
    }

    /// True when StoreKit's SwiftUI views (`StoreView`, `ProductView`, `SubscriptionStoreView`)
    /// make every purchase: with no `onInAppPurchaseCompletion` of the app's own, a view shows
    /// StoreKit's alert for a purchase that fails, a refused one included.
    private func sellsOnlyThroughStoreKitViews() -> Bool {
        guard !usage.storeKit1, !usage.swiftyStoreKit, !usage.mentions("onInAppPurchaseCompletion"),
            ["StoreView", "ProductView", "SubscriptionStoreView"].contains(where: usage.mentions)
        else { return false }
        return !makesItsOwnPurchases(ignoringUncalled: false)
    }

    /// True when RevenueCatUI's paywall (`PaywallView`, `presentPaywallIfNeeded`, a paywall
    /// footer) makes every purchase: unless the app takes failures over (`onPurchaseFailure`),
    /// the paywall shows the error of a failed purchase, a refused one included.
    private func sellsOnlyThroughRevenueCatPaywalls() -> Bool {
        guard usage.revenueCat, !usage.storeKit1, !usage.swiftyStoreKit, usage.mentions("RevenueCatUI"),
            !usage.mentions("onPurchaseFailure"),
            ["PaywallView", "presentPaywallIfNeeded", "paywallFooter", "originalTemplatePaywallFooter"].contains(
                where: usage.mentions)
        else { return false }
        return !makesItsOwnPurchases(ignoringUncalled: true)
    }

    /// True when some code calls `purchase(…)` itself: `try await product.purchase()`,
    /// `purchase(product)` through the environment's action, RevenueCat's `purchase(package:)`.
    /// `ignoringUncalled`: a call inside a function nothing calls (a StoreKit service kept
    /// beside RevenueCat's paywall) buys nothing.
    private func makesItsOwnPurchases(ignoringUncalled: Bool) -> Bool {
        index.scans.indices.contains { file in
            let tokens = index.scans[file].tokens
            return index.scans[file].mentions("purchase")
                && tokens.indices.dropLast().contains { position in
                    tokens[position].text == "purchase" && tokens[position + 1].text == "("
                        && (position == 0 || tokens[position - 1].text != "func")
                        && (!ignoringUncalled
                            || index.function(containing: position, in: file).map(index.isEverCalled) ?? true)
                }
        }
    }

    // MARK: Main thread

    /// The StoreKit 1 delegate and observer methods, by name and by a StoreKit parameter type.
    private static let delegateMethods: Set<String> = [
        "productsRequest", "request", "requestDidFinish", "paymentQueue",
        "paymentQueueRestoreCompletedTransactionsFinished",
    ]

    /// StoreKit 1 calls its delegates on a queue of its choosing. A delegate method that touches
    /// UIKit or AppKit (a view, a controller, an alert) without hopping to the main thread first
    /// can crash or draw nothing.
    func mainThreadAssumed() -> Outcome {
        if let unavailable { return unavailable }
        var evidence: [SourceLocation] = []
        var names: [String] = []
        for function in index.functions where Self.delegateMethods.contains(function.name) {
            guard let body = function.body, function.parameters.contains(where: { $0.type.hasPrefix("SK") }),
                !function.attributes.contains("@MainActor")
            else { continue }
            let tokens = index.tokens(body.file)
            // A hop handed a block covers that block only: what the method does outside it
            // still runs on StoreKit's queue.
            guard !Self.unhoppedParts(tokens, body).isEmpty,
                let touch = interfaceReach.touch(from: body, owner: function.typeName)
                    ?? (Self.hopsToMain(tokens, body: body)
                        ? nil : handedInHandlerTouch(from: body, of: function.typeName))
            else {
                continue
            }
            evidence.append(touch)
            let name = Self.describe(function)
            if !names.contains(name) { names.append(name) }
        }
        for (call, touch) in swiftyStoreKitCompletionTouches() {
            evidence.append(touch)
            if !names.contains(call) { names.append(call) }
        }
        if evidence.isEmpty {
            return Outcome(.pass, "no StoreKit 1 delegate method touches the interface off the main thread")
        }
        let verb = names.count == 1 ? "touches" : "touch"
        return Outcome(
            .warning, "\(names.joined(separator: ", ")) \(verb) the interface with no hop to the main thread", evidence)
    }

    static func describe(_ function: SourceIndex.Function) -> String { function.signatureText }

    /// SwiftyStoreKit calls the completions of `purchaseProduct`, `restorePurchases` and
    /// `completeTransactions` from its transaction observer (`PaymentQueueController`) with no hop
    /// of its own (only its product look-up hops), so an app's completion that touches the
    /// interface must hop itself. The library does so whether it is copied into the sources, kept
    /// in `Pods` or added as a package.
    private func swiftyStoreKitCompletionTouches() -> [(call: String, touch: SourceLocation)] {
        let calls: Set<String> = ["purchaseProduct", "restorePurchases", "completeTransactions"]
        var found: [(call: String, touch: SourceLocation)] = []
        for (file, scan) in index.scans.enumerated() where scan.mentions("SwiftyStoreKit") {
            let tokens = scan.tokens
            for position in tokens.indices.dropFirst(2).dropLast()
            where calls.contains(tokens[position].text) && tokens[position - 1].text == "."
                && tokens[position - 2].text == "SwiftyStoreKit" && tokens[position + 1].text == "("
            {
                let close = SourceIndex.close(tokens, from: position + 1)
                var opening: Int?
                if close < tokens.count, tokens[close].text == "{" {
                    opening = close
                } else if let labelled = (position + 2..<min(close, tokens.count)).first(where: {
                    tokens[$0].text == "completion" && $0 + 2 < close && tokens[$0 + 1].text == ":"
                        && tokens[$0 + 2].text == "{"
                }) {
                    opening = labelled + 2
                }
                guard let opening else { continue }
                let closure = SourceIndex.Span(
                    file: file, start: opening, end: SourceIndex.close(tokens, from: opening))
                let enclosing = index.function(containing: opening, in: file)
                let owner = enclosing.flatMap { index.functions[$0].typeName }
                if let touch = interfaceReach.touch(from: closure, owner: owner)
                    ?? enclosing.flatMap({ touchThroughPassedOnCompletion(in: closure, of: index.functions[$0]) })
                {
                    found.append(("the completion of SwiftyStoreKit.\(tokens[position].text)", touch))
                }
            }
        }
        return found
    }

    /// A wrapper that passes SwiftyStoreKit's answer on (`completion(true)` in its closure, where
    /// `completion` is the wrapper's own closure parameter) runs its callers' closures on the
    /// same queue: the closures they hand it are judged, unless the wrapper calls its completion
    /// inside a hop of its own (`DispatchQueue.main.async { completion() }`).
    private func touchThroughPassedOnCompletion(
        in closure: SourceIndex.Span, of function: SourceIndex.Function
    ) -> SourceLocation? {
        let tokens = index.tokens(closure.file)
        for position in closure.start..<max(closure.start, min(closure.end, tokens.count) - 1)
        where tokens[position].kind == .identifier && ["(", "?"].contains(tokens[position + 1].text) {
            // A parameter called like a function is a closure.
            guard let parameter = function.parameters.firstIndex(where: { $0.name == tokens[position].text }),
                position == 0 || tokens[position - 1].text != ".",
                !Self.isInsideMainHop(tokens, position, within: closure)
            else { continue }
            if let touch = touchInHandedClosures(to: function, parameter: parameter) { return touch }
        }
        return nil
    }

    /// A completion handler the delegate calls that a screen handed in: the tutorial helper's
    /// `_completionHandler(YES, products)`, stored by `requestProductsWithCompletionHandler:` from
    /// `[helper requestProductsWithCompletionHandler:^(…) { [self.tableView reloadData]; }]`, or
    /// Swift's `completionHandler?(true, products)` and `store.requestProducts { … }`. The
    /// handler runs on StoreKit's queue, so a screen's block that touches the interface without
    /// a hop of its own is the delegate's touch.
    private func handedInHandlerTouch(from body: SourceIndex.Span, of typeName: String?) -> SourceLocation? {
        guard let typeName else { return nil }
        let tokens = index.tokens(body.file)
        var handlers: [String] = []
        for position in body.start..<max(body.start, body.end - 1) where tokens[position].kind == .identifier {
            let name = tokens[position].text
            let next = tokens[position + 1].text
            // `handler(…)`, `handler?(…)`, `handler!(…)`.
            let called =
                next == "(" || ["?", "!"].contains(next) && position + 2 < body.end && tokens[position + 2].text == "("
            let previous = position > 0 ? tokens[position - 1].text : ""
            guard called, previous != "." || position >= 2 && tokens[position - 2].text == "self",
                name.first.map({ $0.isLowercase || $0 == "_" }) == true, index.functionsByName[name] == nil,
                !handlers.contains(name)
            else { continue }
            handlers.append(name)
        }
        // `delegate?.purchaseResult(was: true)`, `[self.delegate didPurchase:…]`: what the
        // screens that adopt the delegate protocol do in that method.
        for position in body.start..<max(body.start, body.end - 3) where tokens[position].text == "delegate" {
            var method = position + 1
            if tokens[method].text == "?" || tokens[method].text == "!" { method += 1 }
            let swiftCall = tokens[method].text == "." && tokens[method + 1].kind == .identifier
            let objectiveCCall =
                tokens[position + 1].kind == .identifier && position > 0
                && (tokens[position - 1].text == "[" || tokens[position - 1].text == ".")
            guard swiftCall || objectiveCCall else { continue }
            let name = swiftCall ? tokens[method + 1].text : tokens[position + 1].text
            for implementation in index.functionsByName[name] ?? [] {
                let adopter = index.functions[implementation]
                guard adopter.typeName != typeName, let adopterBody = adopter.body else { continue }
                if let touch = handedHandlerTouch(in: adopterBody, owner: adopter.typeName) { return touch }
            }
        }
        for handler in handlers {
            // `guard let handler = onPurchase else { … }; handler(id)`: the property bound.
            let property = Self.boundProperty(of: handler, in: tokens, body: body) ?? handler
            if !index.properties(named: property, in: typeName).isEmpty,
                let touch = touchInAssignedClosures(to: property)
            {
                return touch
            }
            let stored = handler.hasPrefix("_") ? String(handler.dropFirst()) : handler
            for member in index.functionsByType[typeName] ?? [] {
                let setter = index.functions[member]
                guard let setterBody = setter.body else { continue }
                let setterTokens = index.tokens(setterBody.file)
                for position in setterBody.start..<max(setterBody.start, setterBody.end - 2)
                where [handler, stored, "_" + stored].contains(setterTokens[position].text)
                    && setterTokens[position + 1].text == "="
                {
                    var value = position + 2
                    if setterTokens[value].text == "[" { value += 1 }
                    guard value < setterBody.end,
                        let parameter = setter.parameters.firstIndex(where: { $0.name == setterTokens[value].text })
                    else { continue }
                    if let touch = touchInHandedClosures(to: setter, parameter: parameter) { return touch }
                }
            }
        }
        return nil
    }

    /// `name` in `let name = property`, `guard let name = property`, `if let name = property`
    /// inside the body: the property a local handler is read from.
    static func boundProperty(of name: String, in tokens: [SwiftToken], body: SourceIndex.Span) -> String? {
        for position in body.start..<max(body.start, body.end - 3)
        where position > 0 && tokens[position].text == name && ["let", "var"].contains(tokens[position - 1].text)
            && tokens[position + 1].text == "=" && tokens[position + 2].kind == .identifier
        {
            var value = position + 2
            if tokens[value].text == "self", tokens[value + 1].text == "." { value += 2 }
            guard value < body.end, tokens[value].kind == .identifier else { continue }
            return tokens[value].text
        }
        return nil
    }

    /// The closures assigned to a closure property from outside its type (`observer.onPurchase =
    /// { … }`, or a local closure assigned by name), judged for an interface touch without a hop.
    private func touchInAssignedClosures(to property: String) -> SourceLocation? {
        for closure in index.closuresAssigned(to: property) {
            let owner = index.function(containing: closure.start, in: closure.file).map { index.functions[$0] }
            if let touch = handedHandlerTouch(in: closure, owner: owner?.typeName) { return touch }
        }
        return nil
    }

    /// The closures or blocks callers pass to `function` for its parameter `parameter`, judged
    /// for an interface touch without a hop.
    private func touchInHandedClosures(to function: SourceIndex.Function, parameter: Int) -> SourceLocation? {
        // The message part or argument label that carries the parameter.
        let label: String
        if function.isObjectiveC {
            label =
                parameter == 0
                ? function.name : parameter - 1 < function.labels.count ? function.labels[parameter - 1] : ""
        } else {
            label = parameter < function.labels.count ? function.labels[parameter] : ""
        }
        for (file, scan) in index.scans.enumerated() where scan.mentions(function.name) {
            let tokens = index.tokens(file)
            for position in tokens.indices where tokens[position].text == function.name && position + 1 < tokens.count {
                if position > 0, ["func", "-", "+", ")"].contains(tokens[position - 1].text) { continue }
                var opening: Int?
                if function.isObjectiveC {
                    // `[helper requestProductsWithCompletionHandler:^(BOOL success, NSArray *products) { … }]`.
                    var cursor = position
                    let end = ProductIDFlow.endOfMessageArgument(tokens, from: position)
                    while cursor + 2 < end, !(tokens[cursor].text == label && tokens[cursor + 1].text == ":") {
                        cursor += 1
                    }
                    if cursor + 2 < end, tokens[cursor + 2].text == "^" {
                        opening = (cursor + 3..<end).first { tokens[$0].text == "{" }
                    }
                } else if tokens[position + 1].text == "{" {
                    opening = position + 1
                } else if tokens[position + 1].text == "(" {
                    let close = SourceIndex.close(tokens, from: position + 1)
                    if close < tokens.count, tokens[close].text == "{" {
                        opening = close
                    } else if let labelled = (position + 2..<close).first(where: {
                        tokens[$0].text == label && $0 + 2 < close && tokens[$0 + 1].text == ":"
                            && tokens[$0 + 2].text == "{"
                    }) {
                        opening = labelled + 2
                    } else if label == "_", close - position == 6 || close - position == 4 {
                        // `setCallBack(self.onPurchase)`, `setCallBack(onPurchase)`: a method of the
                        // caller's own type is the handler.
                        let owner = index.function(containing: position, in: file).flatMap {
                            index.functions[$0].typeName
                        }
                        let method = tokens[close - 2].text
                        if let handlerBody = index.functions(named: method, in: owner).compactMap({
                            index.functions[$0].body
                        }).first, let touch = handedHandlerTouch(in: handlerBody, owner: owner) {
                            return touch
                        }
                    }
                }
                guard let opening else { continue }
                let closure = SourceIndex.Span(
                    file: file, start: opening, end: SourceIndex.close(tokens, from: opening))
                let owner = index.function(containing: opening, in: file).flatMap { index.functions[$0].typeName }
                if let touch = handedHandlerTouch(in: closure, owner: owner) { return touch }
            }
        }
        return nil
    }

    /// A handed-in block's or method's touch of the interface without a hop of its own: itself,
    /// through its screen's own methods (`[self showProductPrice:…]`) or by setting a view
    /// model's `@Published` state.
    private func handedHandlerTouch(in body: SourceIndex.Span, owner: String?) -> SourceLocation? {
        interfaceReach.touch(from: body, owner: owner)
    }

    /// The walk from a callback through what it runs, judging each body it reaches by itself.
    private var interfaceReach: InterfaceReach {
        InterfaceReach(index: index) { body, owner in
            let tokens = index.tokens(body.file)
            if let touch = Self.uiTouch(in: tokens, body: body) { return tokens[touch].location }
            return projectInterfaceClassTouch(in: body) ?? publishedTouch(in: body, of: owner)
                ?? outletTouch(in: body, of: owner)
        }
    }

    /// A use of an `@IBOutlet` of the code's own type (`removeAdsButton.removeFromSuperview()`,
    /// `self.priceLabel.text = …`): a view from the storyboard, whatever its name says.
    private func outletTouch(in body: SourceIndex.Span, of typeName: String?) -> SourceLocation? {
        guard let typeName else { return nil }
        let outlets = index.propertyNames(of: typeName, withAttribute: "@IBOutlet")
        guard !outlets.isEmpty else { return nil }
        let tokens = index.tokens(body.file)
        for position in body.start..<body.end where outlets.contains(tokens[position].text) {
            guard position + 1 < body.end, [".", "?", "!"].contains(tokens[position + 1].text) else { continue }
            let previous = position > 0 ? tokens[position - 1].text : ""
            guard previous != "." || position >= 2 && tokens[position - 2].text == "self" else { continue }
            // `purchaseButton.enable(duration: 0.25)`: the project's own method of the view (an
            // extension of UIButton) that hops to the main queue before it touches anything.
            if position + 3 < body.end, tokens[position + 1].text == ".", tokens[position + 3].text == "(" {
                let methods = index.functions(named: tokens[position + 2].text, in: nil).compactMap {
                    index.functions[$0].body
                }
                if !methods.isEmpty, methods.allSatisfy({ Self.hopsToMain(index.tokens($0.file), body: $0) }) {
                    continue
                }
            }
            return tokens[position].location
        }
        return nil
    }

    /// A use of one of the project's own views or controllers (`[[ActivityIndicator
    /// currentIndicator] hide]` where `@interface ActivityIndicator : UIView`): its name says
    /// nothing of the interface, its superclass does.
    private func projectInterfaceClassTouch(in body: SourceIndex.Span) -> SourceLocation? {
        let tokens = index.tokens(body.file)
        for position in body.start..<body.end where tokens[position].kind == .identifier {
            let name = tokens[position].text
            // `isTypeName`: a class whose `@interface` is in a header without its `@implementation`
            // (a library's, copied in) counts too.
            guard name.first?.isUppercase == true, index.isTypeName(name), isInterfaceClass(name) else { continue }
            // `App.settings.isSyncOn`: a static property of the screen's class holds state, not a view.
            if position + 2 < body.end, tokens[position + 1].text == ".",
                index.properties(named: tokens[position + 2].text, in: name).contains(where: {
                    index.properties[$0].isStatic
                })
            {
                continue
            }
            return tokens[position].location
        }
        return nil
    }

    /// True for a class of the project that descends, through the project's classes, from a
    /// UIKit or AppKit view, controller, window or control.
    private func isInterfaceClass(_ name: String) -> Bool {
        var pending = [name]
        var visited: Set<String> = []
        while let current = pending.popLast(), visited.insert(current).inserted, visited.count <= 8 {
            for parent in index.inherits(current) {
                if Self.isInterfaceTypeName(parent) { return true }
                if index.isTypeName(parent) { pending.append(parent) }
            }
        }
        return false
    }

    /// `UIButton`, `NSWindowController`: a UIKit or AppKit type whose name ends like a part of
    /// the interface.
    static func isInterfaceTypeName(_ text: String) -> Bool {
        guard text.count > 3, text.hasPrefix("UI") || text.hasPrefix("NS"), let third = text.dropFirst(2).first,
            third.isUppercase
        else { return false }
        return uiSuffixes.contains(where: { text.hasSuffix($0) })
    }

    /// The last name or string in the parenthesised or message argument after `start`:
    /// `kPurchaseCompleted` in `name: Notification.Name(rawValue: Manager.kPurchaseCompleted)`.
    static func notificationName(_ tokens: [SwiftToken], from start: Int, limit: Int) -> String? {
        var cursor = start
        var depth = 0
        var last: String?
        while cursor < limit {
            let text = tokens[cursor].text
            if text == "(" || text == "[" { depth += 1 }
            if text == ")" || text == "]" {
                if depth == 0 { break }
                depth -= 1
            }
            if depth == 0, text == "," || text == "object" && cursor > start + 1 { break }
            if tokens[cursor].kind == .identifier,
                !["name", "Notification", "NSNotification", "Name", "rawValue"].contains(text)
            {
                last = text
            }
            if tokens[cursor].kind == .stringLiteral { last = text }
            cursor += 1
        }
        return last
    }

    /// An assignment to, or a mutation of, a `@Published` property of the delegate's own type
    /// (`transactionState = .purchased`, `self.products.append(p)`): SwiftUI redraws from it, and
    /// a change published off the main thread is a runtime warning and an interface that may not
    /// update. Only an `ObservableObject` redraws SwiftUI; `@Published` on another class feeds
    /// Combine subscribers, which pick their own queue.
    private func publishedTouch(in body: SourceIndex.Span, of typeName: String?) -> SourceLocation? {
        guard let typeName, index.inherits(typeName).contains("ObservableObject") else { return nil }
        let published = index.propertyNames(of: typeName, withAttribute: "@Published")
        guard !published.isEmpty else { return nil }
        let tokens = index.tokens(body.file)
        for position in body.start..<body.end where tokens[position].kind == .identifier {
            guard published.contains(tokens[position].text), position + 1 < body.end else { continue }
            let previous = position > 0 ? tokens[position - 1].text : ""
            // `name`, `self.name`; not `other.name` nor a local's declaration.
            guard previous != "." || (position >= 2 && tokens[position - 2].text == "self") else { continue }
            if ["let", "var"].contains(previous) { continue }
            let next = tokens[position + 1].text
            let mutates =
                ["=", "+=", "-="].contains(next)
                || next == "." && position + 2 < body.end
                    && ["append", "removeAll", "insert", "remove", "removeFirst", "removeLast"].contains(
                        tokens[position + 2].text)
            if mutates { return tokens[position].location }
        }
        return nil
    }

    private static let uiSuffixes = [
        "View", "Controller", "Alert", "Button", "Label", "Window", "Application", "TextField", "Cell", "Bar", "Menu",
        "Panel", "Item",
    ]
    private static let uiCalls: Set<String> = [
        "present", "presentViewController", "dismiss", "dismissViewControllerAnimated", "reloadData", "performSegue",
        "setNeedsDisplay", "setNeedsLayout", "runModal", "beginSheetModal", "impactOccurred", "notificationOccurred",
        "startAnimating", "stopAnimating", "dismissWithClickedButtonIndex", "removeFromSuperview", "addSubview",
        "insertSubview", "setTitle", "reloadRows", "reloadSections", "insertRows", "deleteRows", "layoutIfNeeded",
        "endRefreshing", "beginRefreshing", "makeKeyAndOrderFront", "orderOut", "setAttributedTitle", "setImage",
        "setTitleColor", "sizeToFit",
    ]
    /// A view's own state, set as `spinner.hidden = YES` or `button.isEnabled = true`.
    private static let viewStates: Set<String> = ["hidden", "isHidden", "enabled", "isEnabled"]
    /// A view controller's own interface, read as `navigationController?.…` or `tableView.…`.
    private static let controllerProperties: Set<String> = [
        "navigationController", "tabBarController", "splitViewController", "navigationItem", "tableView",
        "collectionView", "presentingViewController", "presentedViewController",
    ]

    /// The first token of the body that is a UIKit or AppKit type or an interface call.
    static func uiTouch(in tokens: [SwiftToken], body: SourceIndex.Span) -> Int? {
        for position in body.start..<body.end where tokens[position].kind == .identifier {
            let text = tokens[position].text
            // `present(_:animated:)`, `presentViewController:animated:completion:`, and an alert
            // library's `presentWithCompletion:`.
            let presents =
                text.hasPrefix("present") && text != "presentingViewController" && text != "presentedViewController"
            if viewStates.contains(text), position >= 1, tokens[position - 1].text == ".", position + 1 < tokens.count,
                tokens[position + 1].text == "="
            {
                return position
            }
            // `[spinner stopAnimating]` is a message without arguments.
            if uiCalls.contains(text) || presents, position + 1 < tokens.count,
                [":", "("].contains(tokens[position + 1].text)
                    || tokens[position + 1].text == "]" && position >= 2 && tokens[position - 1].kind == .identifier
            {
                // `SVProgressHUD.dismiss()`: a library's own type method, which does its own
                // threading, not a view controller's.
                if position >= 2, tokens[position - 1].text == ".", tokens[position - 2].kind == .identifier,
                    let first = tokens[position - 2].text.first, first.isUppercase,
                    !tokens[position - 2].text.hasPrefix("UI"), !tokens[position - 2].text.hasPrefix("NS")
                {
                    continue
                }
                return position
            }
            if controllerProperties.contains(text), position + 1 < tokens.count,
                [".", "?"].contains(tokens[position + 1].text),
                position == 0 || tokens[position - 1].text != "."
                    || position >= 2 && tokens[position - 2].text == "self"
            {
                return position
            }
            // `[self.tableView updateDataSource:…]`: any message to the screen's own view.
            if controllerProperties.contains(text), position >= 3, position + 1 < tokens.count,
                tokens[position + 1].kind == .identifier, tokens[position - 1].text == ".",
                tokens[position - 2].text == "self", tokens[position - 3].text == "["
            {
                return position
            }
            if isInterfaceTypeName(text) { return position }
        }
        return nil
    }

    /// True when a block inside `outer` that holds `position` is handed to a hop to the main
    /// thread (`DispatchQueue.main.async {`, `await MainActor.run {`): the few tokens before its
    /// `{` say so.
    static func isInsideMainHop(_ tokens: [SwiftToken], _ position: Int, within outer: SourceIndex.Span) -> Bool {
        var depth = 0
        var cursor = position - 1
        while cursor > outer.start {
            let text = tokens[cursor].text
            if text == "}" { depth += 1 }
            if text == "{" {
                if depth == 0 {
                    let lead = SourceIndex.Span(file: outer.file, start: max(outer.start + 1, cursor - 6), end: cursor)
                    if hopsToMain(tokens, body: lead) { return true }
                } else {
                    depth -= 1
                }
            }
            cursor -= 1
        }
        return false
    }

    static func hopsToMain(_ tokens: [SwiftToken], body: SourceIndex.Span) -> Bool {
        !hops(tokens, body: body).isEmpty
    }

    /// The parts of `span` that run where the span does, on StoreKit's queue: all of it with no
    /// hop; the code after the first block a hop is handed, outside such blocks, when each hop
    /// takes a block on its own line (`PearlMainQueue(^{ … })`, `DispatchQueue.main.async { … }`,
    /// `[[NSOperationQueue mainQueue] addOperationWithBlock:^{ … }]`): the code before it mostly
    /// prepares what the block shows (the alert it presents), while the code after it runs
    /// beside the block, off the main thread. None when a hop takes no block
    /// (`performSelectorOnMainThread:`, `Task { @MainActor in … }`) or the code asks
    /// `isMainThread`, whose reach is harder to tell.
    static func unhoppedParts(_ tokens: [SwiftToken], _ span: SourceIndex.Span) -> [SourceIndex.Span] {
        let positions = hops(tokens, body: span)
        guard !positions.isEmpty else { return [span] }
        if (span.start..<min(span.end, tokens.count)).contains(where: { tokens[$0].text == "isMainThread" }) {
            return []
        }
        var blocks: [Range<Int>] = []
        for hop in positions {
            guard let open = blockHanded(to: hop, tokens, limit: span.end) else { return [] }
            blocks.append(open..<SourceIndex.close(tokens, from: open))
        }
        var parts: [SourceIndex.Span] = []
        blocks.sort { $0.lowerBound < $1.lowerBound }
        var start = blocks[0].upperBound
        for block in blocks.dropFirst() {
            if block.lowerBound > start {
                parts.append(SourceIndex.Span(file: span.file, start: start, end: block.lowerBound))
            }
            start = max(start, block.upperBound)
        }
        if start < span.end { parts.append(SourceIndex.Span(file: span.file, start: start, end: span.end)) }
        return parts
    }

    /// The `{` of the block a hop at `hop` is handed, on the hop's line and in the same call.
    static func blockHanded(to hop: Int, _ tokens: [SwiftToken], limit: Int) -> Int? {
        let line = tokens[hop].location.line
        var depth = 0
        var cursor = hop + 1
        while cursor < min(limit, tokens.count), tokens[cursor].location.line == line {
            switch tokens[cursor].text {
            case "{": return cursor
            case ";": return nil
            case "(", "[": depth += 1
            case ")":
                depth -= 1
                if depth < 0 { return nil }
            // `[[NSOperationQueue mainQueue] addOperationWithBlock:^{`: out of the receiver.
            case "]":
                depth -= 1
                if depth < -1 { return nil }
            default: break
            }
            cursor += 1
        }
        return nil
    }

    /// Where `body` hops to the main thread.
    static func hops(_ tokens: [SwiftToken], body: SourceIndex.Span) -> [Int] {
        var found: [Int] = []
        for position in body.start..<min(body.end, tokens.count) {
            let text = tokens[position].text
            if text == "MainActor" || text == "@MainActor" || text == "dispatch_get_main_queue"
                || text == "performSelectorOnMainThread" || text == "mainQueue"
            {
                found.append(position)
                continue
            }
            // A project's own helper (`runOnMainThread { … }`, `PearlMainQueue(^{ … })`,
            // `dispatch_async_main(^{ … })`), whose code may not even be checked out.
            // An Objective-C message part (`[NSThread performBlockOnMainThread:^{ … }]`) too, but
            // not a Swift argument label (`load(onMainThread: false)`).
            let messagePart =
                tokens[position + 1 < tokens.count ? position + 1 : position].text == ":" && position > 0
                && !["(", ","].contains(tokens[position - 1].text)
            if tokens[position].kind == .identifier, position + 1 < tokens.count,
                ["(", "{"].contains(tokens[position + 1].text) || messagePart
            {
                let lowered = text.lowercased()
                if lowered.contains("mainqueue") || lowered.contains("mainthread"), !lowered.hasPrefix("is") {
                    found.append(position)
                    continue
                }
                if lowered.hasSuffix("main"),
                    ["dispatch", "async", "perform", "runon", "ensure"].contains(where: lowered.contains)
                {
                    found.append(position)
                    continue
                }
            }
            if text == "main", position >= 2, tokens[position - 1].text == ".",
                ["DispatchQueue", "OperationQueue", "RunLoop"].contains(tokens[position - 2].text)
            {
                found.append(position)
            }
        }
        return found
    }
}
