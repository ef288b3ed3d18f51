import IAPDiagnostics
import IAPProject

/// Finds the string literals that reach a product request: the arguments of
/// `Product.products(for:)`, `SKProductsRequest(productIdentifiers:)`, the StoreKit views, the
/// wrappers' product look-ups and their Objective-C forms, followed through the constants, enums,
/// properties, locals, parameters' types and `#define`s that feed them.
struct ProductIDFlow {
    /// One call that asks the store for products.
    struct Request {
        var api: String
        var file: Int
        var token: Int
        var argument: SourceIndex.Span
    }

    /// A literal that reaches a request.
    struct Literal {
        var value: String
        var location: SourceLocation
        /// True when the literal is only a piece of the ID, joined to others at run time.
        var isPiece: Bool
        var request: Request
    }

    /// How deep the search follows names from a request's argument.
    static let maximumDepth = 6

    let index: SourceIndex
    /// The property lists the sources read as resources, by name: the IDs in them reach a
    /// request whose argument is read from the file.
    var resources: [String: ResourcePropertyList] = [:]

    /// `(name, label)`: a call `name(label: …)`, or `name(…)` when the label is nil.
    private static let swiftRequests: [(receiver: String?, name: String, label: String?, api: String)] = [
        ("Product", "products", "for", "Product.products(for:)"),
        (nil, "SKProductsRequest", "productIdentifiers", "SKProductsRequest(productIdentifiers:)"),
        (nil, "SubscriptionStoreView", "productIDs", "SubscriptionStoreView(productIDs:)"),
        (nil, "ProductView", "id", "ProductView(id:)"),
        (nil, "StoreView", "ids", "StoreView(ids:)"),
        (nil, "storeProductsTask", "for", "storeProductsTask(for:)"),
        (nil, "storeProductTask", "for", "storeProductTask(for:)"),
        ("Transaction", "latest", "for", "Transaction.latest(for:)"),
        ("SwiftyStoreKit", "retrieveProductsInfo", nil, "SwiftyStoreKit.retrieveProductsInfo"),
        (nil, "getProducts", nil, "Purchases.getProducts"),
    ]

    private static let requestNames = Set(swiftRequests.map(\.name))

    func requests() -> [Request] {
        var found: [Request] = []
        for (file, scan) in index.scans.enumerated() {
            let tokens = scan.tokens
            guard scan.language == .objectiveC || Self.requestNames.contains(where: scan.mentions) else { continue }
            if scan.language == .objectiveC {
                guard scan.mentions("initWithProductIdentifiers") || scan.mentions("paymentWithProductIdentifier")
                else {
                    continue
                }
                for position in tokens.indices
                where position >= 3 && position + 1 < tokens.count && tokens[position + 1].text == ":" {
                    let text = tokens[position].text
                    // `[[SKProductsRequest alloc] initWithProductIdentifiers:…]`, `[SKPayment paymentWithProductIdentifier:…]`.
                    let request =
                        text == "initWithProductIdentifiers" && tokens[position - 1].text == "]"
                        && tokens[position - 2].text == "alloc" && tokens[position - 3].text == "SKProductsRequest"
                    let payment =
                        text == "paymentWithProductIdentifier" && tokens[position - 1].text.hasPrefix("SK")
                    guard request || payment else { continue }
                    let end = Self.endOfMessageArgument(tokens, from: position + 2)
                    found.append(
                        Request(
                            api: tokens[position].text == "initWithProductIdentifiers"
                                ? "SKProductsRequest initWithProductIdentifiers:"
                                : "SKPayment paymentWithProductIdentifier:",
                            file: file, token: position,
                            argument: SourceIndex.Span(file: file, start: position + 2, end: end)))
                }
                continue
            }
            for position in tokens.indices where tokens[position].kind == .identifier {
                let text = tokens[position].text
                guard Self.requestNames.contains(text), position + 1 < tokens.count, tokens[position + 1].text == "("
                else {
                    continue
                }
                for pattern in Self.swiftRequests where pattern.name == text {
                    if let receiver = pattern.receiver {
                        guard position >= 2, tokens[position - 1].text == ".", tokens[position - 2].text == receiver
                        else {
                            continue
                        }
                    }
                    if pattern.name == "getProducts", !scan.mentions("Purchases") { continue }
                    let close = SourceIndex.close(tokens, from: position + 1)
                    var start = position + 2
                    if let label = pattern.label {
                        guard start + 1 < close, tokens[start].text == label, tokens[start + 1].text == ":" else {
                            continue
                        }
                        start += 2
                    }
                    let end = Self.endOfArgument(tokens, from: start, limit: close - 1)
                    found.append(
                        Request(
                            api: pattern.api, file: file, token: position,
                            argument: SourceIndex.Span(file: file, start: start, end: end)))
                }
            }
        }
        return found
    }

    /// The literals that reach the requests, each once, with the first request it reaches: one
    /// walk serves them all, so a large enum that every request reads is read once.
    func literals(reaching requests: [Request]) -> [Literal] {
        guard let first = requests.first else { return [] }
        var walker = Walker(index: index, request: first)
        walker.resources = resources
        for request in requests {
            walker.request = request
            walker.collect(request.argument, depth: 0, context: .argument, piece: false)
        }
        return walker.found
    }

    /// Up to the `,` or `)` that ends an argument.
    static func endOfArgument(_ tokens: [SwiftToken], from start: Int, limit: Int) -> Int {
        var cursor = start
        while cursor < limit {
            let text = tokens[cursor].text
            if text == "," { return cursor }
            if text == "(" || text == "[" || text == "{" {
                cursor = SourceIndex.close(tokens, from: cursor)
                continue
            }
            cursor += 1
        }
        return limit
    }

    /// Up to the `]` that closes an Objective-C message.
    static func endOfMessageArgument(_ tokens: [SwiftToken], from start: Int) -> Int {
        var cursor = start
        while cursor < tokens.count {
            let text = tokens[cursor].text
            if text == "]" || text == ";" { return cursor }
            if text == "(" || text == "[" || text == "{" {
                cursor = SourceIndex.close(tokens, from: cursor)
                continue
            }
            cursor += 1
        }
        return tokens.count
    }

    /// A literal that could be a product ID: letters, digits, `.`, `_` and `-`, no spaces.
    static func isIDShaped(_ value: String) -> Bool {
        value.count >= 2 && value.count <= 100
            && value.unicodeScalars.allSatisfy {
                ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "." || $0 == "_"
                    || $0 == "-"
            }
    }
}

/// Follows names from a request's argument to the literals behind them.
private struct Walker {
    struct Visit: Hashable {
        var span: SourceIndex.Span?
        var type: String?
        var piece: Bool
    }

    /// Where a span was reached from, which decides how sure a literal in it is to be an ID.
    enum Context {
        /// The argument itself, a property's or local's value, a type's raw values: any literal.
        case argument
        /// A function's or computed property's body: only literals that look reverse-DNS.
        case body
    }

    let index: SourceIndex
    var resources: [String: ResourcePropertyList] = [:]
    var request: ProductIDFlow.Request
    var found: [ProductIDFlow.Literal] = []
    /// Spans and types already read, with whether they were read as pieces of an ID.
    var seen: Set<Visit> = []
    var seenTypes: Set<Visit> = []
    var seenLiterals: Set<SourceLocation> = []

    init(index: SourceIndex, request: ProductIDFlow.Request) {
        self.index = index
        self.request = request
    }

    /// Words after which a `[` opens an array literal, not a subscript.
    static let keywordsBeforeLiteral: Set<String> = [
        "return", "in", "case", "where", "else", "try", "await", "let", "var", "throw", "yield", "some", "any",
    ]

    /// `field`: the span makes elements of which only that member is asked for
    /// (`Edition.all.map(\.productID)`): of a call given a `field:` argument, the other arguments
    /// are left alone.
    mutating func collect(
        _ span: SourceIndex.Span, depth: Int, context: Context, piece: Bool, hints: [String] = [],
        field: String? = nil
    ) {
        guard depth <= ProductIDFlow.maximumDepth, !span.isEmpty,
            seen.insert(Visit(span: span, type: nil, piece: piece)).inserted
        else { return }
        let tokens = index.tokens(span.file)
        let currentType =
            index.function(containing: span.start, in: span.file).flatMap { index.functions[$0].typeName }
            ?? index.type(containing: span.start, in: span.file).map { index.types[$0].name }
        let end = min(span.end, tokens.count)
        // Types the span names: the roots of `\.productID` key paths and `$0.productID` members.
        let namedTypes =
            hints
            + (span.start..<end).compactMap {
                tokens[$0].kind == .identifier && index.isDeclaredType(tokens[$0].text) ? tokens[$0].text : nil
            }
        // For each open parenthesis: whether it holds the arguments of a function that builds
        // something from them (`id("gems")`), which makes its literals pieces of an ID.
        var calls: [Bool] = []
        // For each open parenthesis: whether it holds a log call's arguments (`print("… \(id)")`),
        // which show values and never build the ID a request asks for.
        var logging: [Bool] = []
        // For each open parenthesis: whether its arguments include `field:`.
        var selecting: [Bool] = []
        var position = span.start
        while position < end {
            defer { position += 1 }
            let token = tokens[position]
            if let field, selecting.last == true, token.kind == .identifier, position + 1 < end,
                tokens[position + 1].text == ":", [",", "("].contains(tokens[position - 1].text), token.text != field
            {
                // On to the `,` or the `)` that ends the argument.
                var cursor = position
                while cursor < end, ![",", ")"].contains(tokens[cursor].text) {
                    cursor =
                        ["(", "[", "{"].contains(tokens[cursor].text)
                        ? SourceIndex.close(tokens, from: cursor) : cursor + 1
                }
                position = cursor - 1
                continue
            }
            if token.kind == .punctuation, token.text == "(" {
                let callee = position > span.start ? tokens[position - 1] : nil
                selecting.append(
                    field.map { Self.hasArgument(labelled: $0, tokens, open: position, end: end) } ?? false)
                logging.append(callee.map { SourceIndex.loggingCalls.contains($0.text) } ?? false)
                // `map(\.id)` picks IDs out; `map(identifier)` hands each value to a function
                // that builds the ID from it.
                let mapsThroughFunction =
                    ["map", "compactMap", "flatMap"].contains(callee?.text ?? "") && position + 1 < end
                    && tokens[position + 1].kind == .identifier
                // `Self("com.example.pro")` in a type's extension makes the type from the whole ID.
                calls.append(
                    callee.map {
                        $0.kind == .identifier
                            && (mapsThroughFunction || !Self.transparentCalls.contains($0.text))
                            && !index.isTypeName($0.text) && $0.text != "Self"
                    } ?? false)
                continue
            }
            if token.kind == .punctuation, token.text == ")" {
                _ = calls.popLast()
                _ = logging.popLast()
                _ = selecting.popLast()
                continue
            }
            if logging.contains(true) { continue }
            // `purchaseableProducts[kind]`: a subscript's key picks the value, it is not one of the
            // IDs (an array literal's `[` follows no name).
            if token.text == "[", token.kind == .punctuation, position > span.start,
                !index.isTypeName(tokens[position - 1].text),
                tokens[position - 1].kind == .identifier
                    && !Self.keywordsBeforeLiteral.contains(tokens[position - 1].text)
                    || [")", "]", "?", "!"].contains(tokens[position - 1].text)
            {
                position = SourceIndex.close(tokens, from: position) - 1
                continue
            }
            let joined =
                piece || calls.contains(true) || Self.feedsMappingFunction(tokens, at: position, end: end)
                || Self.isJoined(tokens, at: position)
                    && !isCollection(token, at: position, in: span.file, currentType: currentType)
            switch token.kind {
            case .stringLiteral:
                guard let literal = index.literal(at: position, in: span.file) else { continue }
                if let list = resource(named: literal, at: position, tokens: tokens) {
                    for identifier in list.identifiers where seenLiterals.insert(identifier.location).inserted {
                        found.append(
                            ProductIDFlow.Literal(
                                value: identifier.value, location: identifier.location, isPiece: false,
                                request: request))
                    }
                    continue
                }
                guard !Self.isLabelledText(literal, at: position, tokens: tokens) else { continue }
                if literal.isConcatenated, !literal.hasInterpolation,
                    addsOnlyEmptyText(tokens, at: position, file: span.file, currentType: currentType)
                {
                    // `prefix + "com.example.pro"` with `let prefix = ""`: the literal is the whole ID.
                    var whole = literal
                    whole.isConcatenated = false
                    let built =
                        piece || calls.contains(true) || Self.feedsMappingFunction(tokens, at: position, end: end)
                    record(whole, context: context, piece: built)
                    continue
                }
                // `bundleID + "." + suffix`: the separator alone shows an ID being assembled.
                if literal.value == ".", !literal.hasInterpolation, Self.isJoined(tokens, at: position),
                    seenLiterals.insert(literal.location).inserted
                {
                    found.append(
                        ProductIDFlow.Literal(value: ".", location: literal.location, isPiece: true, request: request))
                    continue
                }
                record(literal, context: context, piece: joined)
            case .identifier:
                guard !Self.ignoredNames.contains(token.text) else { continue }
                let previous = position > 0 ? tokens[position - 1].text : ""
                if previous == "func" || previous == "let" || previous == "var" { continue }
                if previous == "." || previous == "\\" {
                    member(
                        token.text, at: position, tokens: tokens, file: span.file, currentType: currentType,
                        namedTypes: namedTypes, depth: depth, piece: joined)
                } else {
                    bare(
                        token.text, at: position, tokens: tokens, file: span.file, currentType: currentType,
                        depth: depth, piece: joined)
                }
            default:
                continue
            }
        }
    }

    /// True when the call whose `(` is at `open` has an argument labelled `label` at its own level.
    static func hasArgument(labelled label: String, _ tokens: [SwiftToken], open: Int, end: Int) -> Bool {
        var depth = 0
        var cursor = open + 1
        while cursor + 1 < end {
            let text = tokens[cursor].text
            if ["(", "[", "{"].contains(text) { depth += 1 }
            if [")", "]", "}"].contains(text) {
                if depth == 0 { return false }
                depth -= 1
            }
            if depth == 0, text == label, tokens[cursor + 1].text == ":", [",", "("].contains(tokens[cursor - 1].text) {
                return true
            }
            cursor += 1
        }
        return false
    }

    /// The bundled property list a literal names as a resource (`forResource: "Products"`), whose
    /// IDs are what the code reads, rather than a piece of an ID built at run time.
    func resource(named literal: SwiftStringLiteral, at position: Int, tokens: [SwiftToken]) -> ResourcePropertyList? {
        guard position >= 2, tokens[position - 1].text == ":",
            ResourcePropertyList.resourceLabels.contains(tokens[position - 2].text),
            let name = literal.constantValue
        else { return nil }
        return resources[ResourcePropertyList.lookupName(name)]
    }

    /// Names that are Swift or Foundation vocabulary around IDs, never a declaration of the project.
    static let ignoredNames: Set<String> = [
        "Set", "Array", "String", "map", "compactMap", "flatMap", "filter", "sorted", "self", "Self", "rawValue",
        "allCases", "try", "await", "for", "in", "return", "let", "var", "if", "else", "guard", "case", "switch",
        "default", "nil", "true", "false", "init", "reduce", "union", "insert", "append", "contains", "first",
        "NSSet", "setWithObjects", "setWithArray", "arrayWithObjects", "alloc", "nonisolated", "static", "id",
    ]

    /// Calls that only collect or pick their arguments: a literal inside them is still a whole
    /// ID (`allCases.map(\.productID)`); a closure that builds one shows it with `+` or `\(…)`.
    static let transparentCalls: Set<String> = [
        "Set", "Array", "NSSet", "NSArray", "setWithObjects", "arrayWithObjects", "setWithArray", "union", "contains",
        "insert", "append", "sorted", "map", "compactMap", "flatMap", "filter", "init",
    ]

    /// True when the token names a property or local holding an array or set (a literal, or one
    /// made by `allCases`, `map` or `Array(…)`): a `+` beside it joins lists of IDs (`planIDs +
    /// membershipIDs`), not pieces of one ID.
    func isCollection(_ token: SwiftToken, at position: Int, in file: Int, currentType: String?) -> Bool {
        guard token.kind == .identifier else { return false }
        func startsWithBracket(_ span: SourceIndex.Span?) -> Bool {
            guard let span, span.start < span.end else { return false }
            let tokens = index.tokens(span.file)
            if tokens[span.start].text == "[" { return true }
            // `TipID.allCases.map(\.rawValue)`, `Array(ids)`: a list made by code, not a string.
            let words = tokens[span.start..<min(span.end, tokens.count)].map(\.text)
            if words.contains("joined") { return false }
            if ["Array", "Set"].contains(words[0]), words.count > 1, words[1] == "(" { return true }
            return words.contains("allCases")
                || zip(words, words.dropFirst()).contains {
                    $0 == "." && ["map", "compactMap", "flatMap"].contains($1)
                }
        }
        if let function = index.function(containing: position, in: file),
            let local = index.local(token.text, before: position, inFunction: function)
        {
            return startsWithBracket(local.value)
        }
        var properties = index.properties(named: token.text, in: currentType)
        if properties.isEmpty { properties = index.propertiesByName[token.text] ?? [] }
        return !properties.isEmpty && properties.allSatisfy { startsWithBracket(index.properties[$0].initializer) }
    }

    /// True when the token starts a chain mapped through a function, `names.map(identifier)`:
    /// its values are what the function builds IDs from.
    static func feedsMappingFunction(_ tokens: [SwiftToken], at position: Int, end: Int) -> Bool {
        guard tokens[position].kind == .identifier || ["self", "Self"].contains(tokens[position].text) else {
            return false
        }
        var cursor = position + 1
        while cursor + 1 < end, tokens[cursor].text == "." || tokens[cursor].text == "?" {
            if tokens[cursor].text == "?" {
                cursor += 1
                continue
            }
            let member = tokens[cursor + 1].text
            if ["map", "compactMap", "flatMap"].contains(member) {
                return cursor + 3 < end && tokens[cursor + 2].text == "(" && tokens[cursor + 3].kind == .identifier
            }
            cursor += 2
        }
        return false
    }

    /// `title: "Max"` beside `id: "plan.max"`: a plain word given for a label that names no
    /// identifier is display text, not an ID.
    static func isLabelledText(_ literal: SwiftStringLiteral, at position: Int, tokens: [SwiftToken]) -> Bool {
        guard position >= 2, tokens[position - 1].text == ":", tokens[position - 2].kind == .identifier else {
            return false
        }
        let label = tokens[position - 2].text.lowercased()
        let value = literal.value ?? ""
        let namesID = ["id", "identifier", "product", "sku"].contains { label.contains($0) }
        return !namesID && !value.contains(".") && !value.contains("_")
    }

    /// True when the literal at `position` is joined by one `+` to text known to be empty: `""`,
    /// or a constant declared with it (`IAPHandler.prefix + "com.example.pro"` where `static
    /// let prefix = ""`), as apps keep a prefix they once meant to fill in.
    func addsOnlyEmptyText(_ tokens: [SwiftToken], at position: Int, file: Int, currentType: String?) -> Bool {
        let plusBefore = position >= 2 && tokens[position - 1].text == "+"
        let plusAfter = position + 2 < tokens.count && tokens[position + 1].text == "+"
        guard plusBefore != plusAfter else { return false }
        // The operand's name and the type written before it, and the tokens around the operand.
        var name: Int
        var typeToken: Int?
        var outside: (before: Int, after: Int)
        if plusBefore {
            name = position - 2
            if name >= 2, tokens[name - 1].text == "." { typeToken = name - 2 }
            outside = ((typeToken ?? name) - 1, position + 1)
        } else {
            name = position + 2
            if name + 2 < tokens.count, tokens[name + 1].text == ".", tokens[name + 2].kind == .identifier {
                typeToken = name
                name += 2
            }
            outside = (position - 1, name + 1)
        }
        // `a + "x" + b`: more than two pieces.
        if outside.before >= 0, tokens[outside.before].text == "+" { return false }
        if outside.after < tokens.count, tokens[outside.after].text == "+" { return false }
        if tokens[name].kind == .stringLiteral {
            return typeToken == nil
                && index.literal(at: name, in: file).map { $0.value == "" && !$0.hasInterpolation }
                    == true
        }
        guard tokens[name].kind == .identifier else { return false }
        var typeName = currentType
        if let typeToken, !["self", "Self"].contains(tokens[typeToken].text) { typeName = tokens[typeToken].text }
        let properties = index.properties(named: tokens[name].text, in: typeName).map { index.properties[$0] }
        return !properties.isEmpty
            && properties.allSatisfy { property in
                let declaration = index.tokens(property.file)
                guard let value = property.initializer, value.end == value.start + 1, property.location > 0,
                    declaration[property.location - 1].text == "let",
                    declaration[value.start].kind == .stringLiteral,
                    let literal = index.literal(at: value.start, in: property.file)
                else { return false }
                return literal.value == "" && !literal.hasInterpolation
            }
    }

    /// True when a `+` or `+=` stands beside the token: it is part of a concatenation.
    static func isJoined(_ tokens: [SwiftToken], at position: Int) -> Bool {
        let plus: Set<String> = ["+", "+="]
        if position > 0, tokens[position - 1].kind == .punctuation, plus.contains(tokens[position - 1].text) {
            return true
        }
        if position + 1 < tokens.count, tokens[position + 1].kind == .punctuation,
            plus.contains(tokens[position + 1].text)
        {
            return true
        }
        return false
    }

    mutating func record(_ literal: SwiftStringLiteral, context: Context, piece: Bool) {
        guard seenLiterals.insert(literal.location).inserted else { return }
        let isPiece = piece || literal.isConcatenated || literal.hasInterpolation
        let value = literal.value ?? ""
        if isPiece {
            // A piece of an ID: text with a dot or underscore, or interpolation that builds one.
            let text = literal.hasInterpolation ? "" : value
            guard literal.hasInterpolation || (!text.isEmpty && ProductIDFlow.isIDShaped(text)) else { return }
            found.append(
                ProductIDFlow.Literal(value: value, location: literal.location, isPiece: true, request: request))
            return
        }
        guard ProductIDFlow.isIDShaped(value) else { return }
        if context == .body, !value.contains("."), !value.contains("_") { return }
        found.append(ProductIDFlow.Literal(value: value, location: literal.location, isPiece: false, request: request))
    }

    /// `Receiver.name`, `.name` (an enum case), `\.name` (a key path).
    mutating func member(
        _ name: String, at position: Int, tokens: [SwiftToken], file: Int, currentType: String?, namedTypes: [String],
        depth: Int, piece: Bool
    ) {
        let namedTypes = namedTypes
        let next = depth + 1
        let isCall = position + 1 < tokens.count && tokens[position + 1].text == "("
        let receiver = position >= 2 ? tokens[position - 2] : nil
        var owners: [String] = []
        if tokens[position - 1].text == "\\" {
            owners = namedTypes
        } else if let receiver, receiver.kind == .identifier {
            if index.isDeclaredType(receiver.text) {
                owners = [receiver.text]
            } else if receiver.text == "self" || receiver.text == "Self" {
                owners = currentType.map { [$0] } ?? []
            } else if receiver.text.hasPrefix("$") {
                owners = namedTypes
            } else if let type = LaunchReachability.declaredType(
                of: receiver.text, at: position - 2, tokens: tokens, file: file, index: index),
                index.isDeclaredType(type)
            {
                owners = [type]
            } else {
                return
            }
        } else if let receiver, [")", "]", "?", "\\"].contains(receiver.text) {
            owners = namedTypes
        } else {
            // `.forever2`: an enum case of a type the context names (the declared type of the
            // property being read, a type in the same expression); failing that, any enum's case
            // whose raw value looks like a reverse-DNS ID.
            let candidates = (index.casesByName[name] ?? []).map { index.cases[$0] }
            let named = candidates.filter { namedTypes.contains($0.typeName) }
            for item in named.isEmpty ? candidates : named {
                if let raw = item.rawValue {
                    recordToken(raw, file: item.file, context: named.isEmpty ? .body : .argument, piece: piece)
                }
            }
            return
        }
        for owner in owners {
            for item in (index.casesByName[name] ?? []).map({ index.cases[$0] }) where item.typeName == owner {
                if let raw = item.rawValue { recordToken(raw, file: item.file, context: .argument, piece: piece) }
            }
            // `all.map(\.productID)`: only that member of the elements is asked for.
            let field =
                position + 6 < tokens.count && tokens[position + 1].text == "."
                    && ["map", "compactMap"].contains(tokens[position + 2].text) && tokens[position + 3].text == "("
                    && tokens[position + 4].text == "\\" && tokens[position + 5].text == "."
                ? tokens[position + 6].text : nil
            for property in index.properties(named: name, in: owner).map({ index.properties[$0] }) {
                if let initializer = property.initializer {
                    collect(
                        initializer, depth: next, context: .argument, piece: piece, hints: declaredTypes(of: property),
                        field: field)
                }
                if let body = property.body { collect(body, depth: next, context: .body, piece: piece) }
            }
            if isCall {
                for function in index.functions(named: name, in: owner) {
                    if let body = index.functions[function].body {
                        collect(body, depth: next, context: .body, piece: piece)
                    }
                }
            }
            for macro in (index.macrosByName[name] ?? []).map({ index.macros[$0] }) {
                collect(macro.value, depth: next, context: .argument, piece: piece)
            }
            // A stored closure (`let identifier: (Kind) -> String`): the closures the code gives
            // for it, as `StoreHelper(identifier: { "\(prefix).\($0)" })`.
            if index.properties(named: name, in: owner).contains(where: { index.properties[$0].initializer == nil }),
                let closures = index.closureArguments[name], closures.count <= 4
            {
                for closure in closures { collect(closure, depth: next, context: .argument, piece: piece) }
            }
        }
    }

    /// A name on its own: a parameter, a local, a property of the type it is used in, a global, a
    /// `#define`, a function; a type only as `Type.allCases`.
    mutating func bare(
        _ name: String, at position: Int, tokens: [SwiftToken], file: Int, currentType: String?, depth: Int, piece: Bool
    ) {
        let next = depth + 1
        let following = position + 1 < tokens.count ? tokens[position + 1].text : ""
        if index.isTypeName(name) {
            if index.isDeclaredType(name), following == ".", position + 2 < tokens.count,
                tokens[position + 2].text == "allCases"
            {
                include(type: name, depth: next, piece: piece)
            }
            return
        }
        if let function = index.function(containing: position, in: file) {
            let parameters = index.functions[function].parameters
            if let parameter = parameters.firstIndex(where: { $0.name == name }) {
                let type = parameters[parameter].type
                if index.isDeclaredType(type) {
                    include(type: type, depth: next, piece: piece)
                } else {
                    followCallers(of: function, parameter: parameter, depth: next, piece: piece)
                }
                return
            }
            if let local = index.local(name, before: position, inFunction: function), let value = local.value {
                collect(value, depth: next, context: .argument, piece: piece)
                return
            }
        }
        var properties = index.properties(named: name, in: currentType)
        if properties.isEmpty {
            properties = (index.propertiesByName[name] ?? []).filter { index.properties[$0].typeName == nil }
        }
        for property in properties.map({ index.properties[$0] }) {
            if let initializer = property.initializer {
                collect(initializer, depth: next, context: .argument, piece: piece, hints: declaredTypes(of: property))
            }
            if let body = property.body { collect(body, depth: next, context: .body, piece: piece) }
            if property.initializer.map(isEmptyCollection) ?? true, property.body == nil {
                assignments(to: property, depth: next, piece: piece)
            }
        }
        if !properties.isEmpty { return }
        for macro in (index.macrosByName[name] ?? []).map({ index.macros[$0] }) {
            collect(macro.value, depth: next, context: .argument, piece: piece)
        }
        if following == "(" {
            var functions = index.functions(named: name, in: currentType)
            if functions.isEmpty {
                functions = (index.functionsByName[name] ?? []).filter { index.functions[$0].typeName == nil }
            }
            for function in functions {
                if let body = index.functions[function].body {
                    collect(body, depth: next, context: .body, piece: piece)
                }
            }
        }
    }

    /// `[]`, `[String]()`, `Array<String>()`, `Set<String>()`: a collection that starts empty.
    func isEmptyCollection(_ span: SourceIndex.Span) -> Bool {
        let words = index.tokens(span.file)[span.start..<max(span.start, span.end)].map(\.text)
        if words == ["[", "]"] { return true }
        guard words.count >= 3, words.suffix(2) == ["(", ")"] else { return false }
        return words[0] == "[" || ["Array", "Set", "NSMutableArray", "NSMutableSet"].contains(words[0])
    }

    /// A stored property declared without a value (or with an empty collection) gets one inside
    /// its type, as an `init` does after reading the IDs from a file: `productIDs = …`,
    /// `self.productIDs = …`, `productIDs.append("com.example.pro")` in `viewDidLoad`.
    mutating func assignments(to property: SourceIndex.Property, depth: Int, piece: Bool) {
        guard depth <= ProductIDFlow.maximumDepth, let owner = property.typeName else { return }
        let tokens = index.tokens(property.file)
        for position in tokens.indices.dropFirst()
        where tokens[position].kind == .identifier && tokens[position].text == property.name
            && position + 2 < tokens.count
        {
            let previous = tokens[position - 1].text
            if previous == "." {
                guard position >= 2, tokens[position - 2].text == "self" else { continue }
            }
            let value: SourceIndex.Span
            if tokens[position + 1].text == "=", previous != "let", previous != "var" {
                value = SourceIndex.Span(
                    file: property.file, start: position + 2,
                    end: SourceIndex.endOfExpression(tokens, from: position + 2))
            } else if position + 3 < tokens.count, tokens[position + 1].text == ".",
                ["append", "insert"].contains(tokens[position + 2].text), tokens[position + 3].text == "("
            {
                value = SourceIndex.Span(
                    file: property.file, start: position + 3, end: SourceIndex.close(tokens, from: position + 3))
            } else {
                continue
            }
            guard let type = index.type(containing: position, in: property.file), index.types[type].name == owner
            else { continue }
            collect(value, depth: depth, context: .argument, piece: piece)
        }
    }

    /// A parameter holds what its callers pass: `storeManager.getProducts(productIDs: productIDs)`
    /// in a view, for `func getProducts(productIDs: [String])` that builds the request. Only a
    /// Swift function whose name no other function has is followed, so a call by that name is
    /// a call of it.
    mutating func followCallers(of function: Int, parameter: Int, depth: Int, piece: Bool) {
        let callee = index.functions[function]
        guard depth <= ProductIDFlow.maximumDepth, !callee.isObjectiveC, !callee.isInitializer,
            parameter < callee.labels.count, index.functionsByName[callee.name]?.count == 1
        else { return }
        let label = callee.labels[parameter]
        for file in index.scans.indices where index.scans[file].mentions(callee.name) {
            let tokens = index.tokens(file)
            for position in tokens.indices
            where tokens[position].kind == .identifier && tokens[position].text == callee.name
                && position + 1 < tokens.count && tokens[position + 1].text == "("
                && (position == 0 || tokens[position - 1].text != "func")
            {
                let close = SourceIndex.close(tokens, from: position + 1)
                var start = position + 2
                var argument = 0
                while start < close - 1 {
                    let end = ProductIDFlow.endOfArgument(tokens, from: start, limit: close - 1)
                    let labelled = end - start > 2 && tokens[start].kind == .identifier && tokens[start + 1].text == ":"
                    let matches = labelled ? tokens[start].text == label : label == "_" && argument == parameter
                    if matches {
                        let value = SourceIndex.Span(file: file, start: labelled ? start + 2 : start, end: end)
                        collect(value, depth: depth, context: .argument, piece: piece)
                    }
                    argument += 1
                    start = end + 1
                }
            }
        }
    }

    /// Every raw value and string constant of a type: `ProductID.allCases`, `[ProductID]`.
    mutating func include(type name: String, depth: Int, piece: Bool) {
        guard depth <= ProductIDFlow.maximumDepth, seenTypes.insert(Visit(span: nil, type: name, piece: piece)).inserted
        else { return }
        for item in (index.casesByType[name] ?? []).map({ index.cases[$0] }) {
            if let raw = item.rawValue { recordToken(raw, file: item.file, context: .argument, piece: piece) }
        }
        for property in (index.propertiesByType[name] ?? []).map({ index.properties[$0] }) where property.isStatic {
            if let initializer = property.initializer {
                collect(initializer, depth: depth + 1, context: .body, piece: piece)
            }
        }
    }

    mutating func recordToken(_ token: Int, file: Int, context: Context, piece: Bool) {
        guard let literal = index.literal(at: token, in: file) else { return }
        record(literal, context: context, piece: piece)
    }

    /// The project's types its declaration names, as `InAppProduct` and `Kind` in
    /// `let products: [InAppProduct.Kind: [InAppProduct]] = …`.
    func declaredTypes(of property: SourceIndex.Property) -> [String] {
        guard let initializer = property.initializer, initializer.start > property.location else { return [] }
        let tokens = index.tokens(property.file)
        return (property.location..<initializer.start).compactMap {
            tokens[$0].kind == .identifier && index.isDeclaredType(tokens[$0].text) ? tokens[$0].text : nil
        }
    }

}
