import IAPDiagnostics
import IAPProject

/// Where the sources ask StoreKit whether payments are allowed, and whether anything uses the
/// answer.
///
/// A call in ordinary code asks. A call that is the whole of a small wrapper, the closure a
/// client is built with (`isAuthorizedForPayments: { SKPaymentQueue.canMakePayments() }`) or a
/// one-line method, asks only when some code calls that wrapper.
struct PaymentPermission {
    struct Ask {
        var location: SourceLocation
        /// The closure label or method that wraps the call, when it is a wrapper.
        var wrapper: String?
        var isUsed: Bool
        /// True when the answer is the condition of an `if` or `guard` whose branch for "not
        /// allowed" is missing or only logs, or when it is only written into a text: the
        /// customer taps Buy and nothing happens.
        var isSilent = false
    }

    let index: SourceIndex
    /// Tokens a wrapper's body may have beyond the call itself (`return`, `;`, braces).
    static let wrapperSize = 12

    func asks() -> [Ask] {
        var used: [String: Bool] = [:]
        var found: [Ask] = []
        for (file, scan) in index.scans.enumerated() where scan.mentions("canMakePayments") {
            let tokens = scan.tokens
            for position in tokens.indices.dropFirst() where tokens[position].text == "canMakePayments" {
                // `SKPaymentQueue.canMakePayments()`, `AppStore.canMakePayments`, `[SKPaymentQueue canMakePayments]`.
                let previous = tokens[position - 1].text
                guard previous == "." || previous == "SKPaymentQueue" else { continue }
                var ask = ask(at: position, in: file, location: tokens[position].location, used: &used)
                ask.isSilent =
                    ask.isSilent || Self.isInterpolated(tokens, askAt: position)
                    || refusesSilently(tokens, askAt: position, file: file)
                    || refusesThroughIgnoredCompletion(tokens, askAt: position, file: file)
                found.append(ask)
            }
        }
        return found
    }

    /// `used` remembers, by wrapper name, whether code outside a wrapper of that name uses it.
    private func ask(at position: Int, in file: Int, location: SourceLocation, used: inout [String: Bool]) -> Ask {
        var wrapper: (name: String, body: SourceIndex.Span)?
        if let (label, body) = closure(around: position, in: file), body.end - body.start <= Self.wrapperSize {
            wrapper = (label, body)
        } else if let function = index.function(containing: position, in: file).map({ index.functions[$0] }),
            let body = function.body, body.end - body.start <= Self.wrapperSize, !function.isInitializer
        {
            wrapper = (function.name, body)
        } else if let property = index.properties.first(where: { property in
            guard let body = property.body, body.file == file else { return false }
            return body.start < position && position < body.end && body.end - body.start <= Self.wrapperSize
        }) {
            // `var canBuy: Bool { AppStore.canMakePayments }`: a computed property wrapping it.
            wrapper = property.body.map { (property.name, $0) }
        }
        guard let wrapper else { return Ask(location: location, wrapper: nil, isUsed: true) }
        if used[wrapper.name] == nil { used[wrapper.name] = isUsed(wrapper.name, outside: wrapper.body) }
        var ask = Ask(location: location, wrapper: wrapper.name, isUsed: used[wrapper.name] == true)
        ask.isSilent = ask.isUsed && everyUseRefusesSilently(wrapper.name, outside: wrapper.body)
        return ask
    }

    /// True when every read of the wrapper `name` (`guard store.canPay else { return }`) is the
    /// condition of a branch that refuses in silence, as `refusesSilently` judges the API itself.
    private func everyUseRefusesSilently(_ name: String, outside body: SourceIndex.Span) -> Bool {
        var uses = 0
        for (file, scan) in index.scans.enumerated() where scan.mentions(name) {
            let tokens = scan.tokens
            for position in tokens.indices.dropFirst() where tokens[position].text == name {
                if file == body.file, body.start <= position, position < body.end { continue }
                let previous = tokens[position - 1].text
                let next = position + 1 < tokens.count ? tokens[position + 1].text : ""
                // `store.canPay`, `canPay()`, or the message `[store canMakePurchases]`.
                let message =
                    scan.language == .objectiveC && next == "]"
                    && (tokens[position - 1].kind == .identifier || previous == "]" || previous == ")")
                guard previous == "." || next == "(" || message, !["func", "var", "let"].contains(previous),
                    next != "="
                else {
                    continue
                }
                uses += 1
                if !refusesSilently(tokens, askAt: position, file: file),
                    !refusesThroughIgnoredCompletion(tokens, askAt: position, file: file)
                {
                    return false
                }
            }
        }
        return uses > 0
    }

    /// The `if` or `guard` whose condition holds the ask at `position`, on its line.
    struct AskCondition {
        /// The `if` or `guard`.
        var keyword: Int
        /// `!SKPaymentQueue.canMakePayments()`.
        var negated: Bool
        /// The `{` of its first block.
        var open: Int
        /// The `&&`, `||` and `,` joining other conditions before and after the ask.
        var joinersBefore: Set<String>
        var joinersAfter: Set<String>
    }

    /// The receiver's first token: `SKPaymentQueue.canMakePayments`, `[SKPaymentQueue canMakePayments]`.
    static func receiverStart(_ tokens: [SwiftToken], askAt position: Int) -> Int {
        var start = position - 1
        if tokens[start].text == ".", start > 0 { start -= 1 }
        // `[[AppDelegate get] canMakePayments]`: the receiver is a message of its own.
        if tokens[start].text == "]" {
            var depth = 0
            var cursor = start
            while cursor >= 0 {
                if tokens[cursor].text == "]" { depth += 1 }
                if tokens[cursor].text == "[" {
                    depth -= 1
                    if depth == 0 { break }
                }
                cursor -= 1
            }
            if cursor >= 0 { start = cursor }
        }
        // `IAPObserver.shared.authorized`: the whole chain.
        while start >= 2, tokens[start - 1].text == ".", tokens[start - 2].kind == .identifier { start -= 2 }
        if start > 0, tokens[start - 1].text == "[" { start -= 1 }
        return start
    }

    /// True when the ask is the interpolation of a string (`"Can pay: \(AppStore.canMakePayments)"`,
    /// a debug screen's line): the answer is shown as text, and no purchase waits on it.
    static func isInterpolated(_ tokens: [SwiftToken], askAt position: Int) -> Bool {
        let start = receiverStart(tokens, askAt: position)
        return start > 0 && tokens[start - 1].kind == .stringLiteral
    }

    static func askCondition(_ tokens: [SwiftToken], askAt position: Int) -> AskCondition? {
        let joiners: Set<String> = ["&&", "||", ","]
        let line = tokens[position].location.line
        let start = receiverStart(tokens, askAt: position)
        let negated = start > 0 && tokens[start - 1].text == "!"
        var keyword: Int?
        var before: Set<String> = []
        var cursor = start - 1
        while cursor >= 0, tokens[cursor].location.line == line, tokens[cursor].text != "{", tokens[cursor].text != "}"
        {
            if tokens[cursor].kind == .identifier, ["if", "guard"].contains(tokens[cursor].text) {
                keyword = cursor
                break
            }
            if joiners.contains(tokens[cursor].text) { before.insert(tokens[cursor].text) }
            cursor -= 1
        }
        guard let keyword else { return nil }
        var after: Set<String> = []
        var open = position + 1
        while open < tokens.count, tokens[open].text != "{" {
            if joiners.contains(tokens[open].text) { after.insert(tokens[open].text) }
            open += 1
        }
        guard open < tokens.count else { return nil }
        return AskCondition(keyword: keyword, negated: negated, open: open, joinersBefore: before, joinersAfter: after)
    }

    /// Whether the ask at `position` is the condition of an `if` or `guard` on its line whose
    /// branch for a refusal is missing or only logs. (`if !…canMakePayments()` refuses in its
    /// first block; anything more involved is not judged, and counts as heard.)
    ///
    /// Other conditions joined with `&&` or `,` (`if canPay && !products.isEmpty { buy } else
    /// { print(…) }`) still send a refusal to the `else`; joined with `||`, to the first block
    /// of a negated ask (`if !canPay || products.isEmpty { … }`).
    func refusesSilently(_ tokens: [SwiftToken], askAt position: Int, file: Int) -> Bool {
        guard let condition = Self.askCondition(tokens, askAt: position) else { return false }
        let joiners = condition.joinersBefore.union(condition.joinersAfter)
        let (keyword, negated, open) = (condition.keyword, condition.negated, condition.open)
        guard negated ? joiners.isSubset(of: ["||"]) : !joiners.contains("||") else { return false }
        let thenEnd = SourceIndex.close(tokens, from: open)
        let thenBody = (open + 1)..<max(open + 1, thenEnd - 1)
        if tokens[keyword].text == "guard" {
            // `guard … else { … }`: the block is the refusal, unless the condition is negated.
            return !negated && onlyLogs(tokens, thenBody)
        }
        if negated { return onlyLogs(tokens, thenBody) }
        // `if canMakePayments { buyButton.hidden = NO }` with no `else`: the way to buy is only
        // shown when payments are allowed, so nothing fails in silence. A branch that buys does,
        // and so does one that starts the purchase inside the Buy action itself (`- (void)buy:`
        // calling `[manager requestProductData]`, whose answer is bought).
        guard thenEnd < tokens.count, tokens[thenEnd].text == "else" else {
            return Self.buys(tokens, thenBody) || startsPurchaseInBuyAction(tokens, thenBody, file: file)
        }
        guard thenEnd + 1 < tokens.count, tokens[thenEnd + 1].text == "{" else { return false }  // `else if`
        let elseEnd = SourceIndex.close(tokens, from: thenEnd + 1)
        return onlyLogs(tokens, (thenEnd + 2)..<max(thenEnd + 2, elseEnd - 1))
    }

    /// True when the function holding `range` is the Buy action (`buy:`, `buyTapped()`,
    /// `purchasePro()`) and the range calls something: the customer asked to buy, and a refusal
    /// with no `else` leaves the tap unanswered.
    func startsPurchaseInBuyAction(_ tokens: [SwiftToken], _ range: Range<Int>, file: Int) -> Bool {
        guard let first = range.first,
            let function = index.function(containing: first, in: file).map({ index.functions[$0] })
        else { return false }
        let name = function.name.lowercased()
        guard name.hasPrefix("buy") || name.hasPrefix("purchase") || name.hasPrefix("didtapbuy") else { return false }
        return range.contains { position in
            let next = position + 1 < tokens.count ? tokens[position + 1].text : ""
            return tokens[position].kind == .identifier && ["(", "]"].contains(next)
                && !index.loggingCalls.contains(tokens[position].text)
                && !["self", "super", "return"].contains(tokens[position].text)
        }
    }

    /// Whether the refusal is only handed on to a completion the function was given
    /// (`else { onComplete(false) }`), or to a closure property of its type
    /// (`purchaseStatusBlock?(.disabled)`), and every closure its callers hand in, or assign to
    /// the property, ignores it: an empty `{ _ in }`, `{ ok in if ok { … } else { print(…) } }`,
    /// or `{ status in if status == .purchased { … } }`. The customer taps Buy and nothing
    /// happens, one call further away.
    func refusesThroughIgnoredCompletion(_ tokens: [SwiftToken], askAt position: Int, file: Int) -> Bool {
        guard index.scans[file].language == .swift,
            let function = index.function(containing: position, in: file).map({ index.functions[$0] }),
            let refusal = Self.refusalBranch(tokens, askAt: position)
        else { return false }
        var receivers: [(closures: [SourceIndex.Span], handed: String?)] = []
        var cursor = refusal.lowerBound
        while cursor < refusal.upperBound {
            let token = tokens[cursor]
            if token.kind == .identifier, !["return", "self"].contains(token.text) {
                if index.loggingCalls.contains(token.text), cursor + 1 < tokens.count,
                    tokens[cursor + 1].text == "("
                {
                    cursor = SourceIndex.close(tokens, from: cursor + 1)
                    continue
                }
                // `handler(…)` or `handler?(…)`.
                var open = cursor + 1
                if open < tokens.count, tokens[open].text == "?" { open += 1 }
                guard open < tokens.count, tokens[open].text == "(" else { return false }
                let close = SourceIndex.close(tokens, from: open)
                // `.disabled`: the case handed on, which a closure testing another case ignores.
                let handed =
                    close == open + 4 && tokens[open + 1].text == "." ? tokens[open + 2].text : nil
                if let parameter = function.parameters.firstIndex(where: { $0.name == token.text }) {
                    receivers.append((closuresHanded(to: function, parameter: parameter), handed))
                } else if !index.properties(named: token.text, in: function.typeName).isEmpty {
                    receivers.append((index.closuresAssigned(to: token.text), handed))
                } else {
                    return false
                }
                cursor = close
                continue
            }
            cursor += 1
        }
        guard !receivers.isEmpty else { return false }
        return receivers.allSatisfy { receiver in
            !receiver.closures.isEmpty
                && receiver.closures.allSatisfy {
                    ignoresRefusal(tokens: index.tokens($0.file), $0, handed: receiver.handed)
                }
        }
    }

    /// The block that runs when payments are not allowed: a `guard`'s `else`, the `else` of an
    /// `if` (its other conditions joined with `&&` or `,` change nothing, since the ask fails),
    /// or the first block of a negated `if`.
    static func refusalBranch(_ tokens: [SwiftToken], askAt position: Int) -> Range<Int>? {
        guard let condition = askCondition(tokens, askAt: position), !condition.joinersBefore.contains("||"),
            !condition.joinersAfter.contains("||")
        else { return nil }
        let (keyword, negated, open) = (condition.keyword, condition.negated, condition.open)
        let thenEnd = SourceIndex.close(tokens, from: open)
        let thenBody = (open + 1)..<max(open + 1, thenEnd - 1)
        if tokens[keyword].text == "guard" || negated {
            return negated == (tokens[keyword].text == "if") ? thenBody : nil
        }
        guard thenEnd + 1 < tokens.count, tokens[thenEnd].text == "else", tokens[thenEnd + 1].text == "{" else {
            return nil
        }
        let elseEnd = SourceIndex.close(tokens, from: thenEnd + 1)
        return (thenEnd + 2)..<max(thenEnd + 2, elseEnd - 1)
    }

    /// The closures callers pass to `function` for `parameter`: a trailing closure, or one under
    /// the parameter's label.
    private func closuresHanded(to function: SourceIndex.Function, parameter: Int) -> [SourceIndex.Span] {
        guard !function.isObjectiveC, parameter < function.labels.count else { return [] }
        let label = function.labels[parameter]
        var found: [SourceIndex.Span] = []
        for (file, scan) in index.scans.enumerated() where scan.language == .swift && scan.mentions(function.name) {
            let tokens = scan.tokens
            for position in tokens.indices.dropLast()
            where tokens[position].text == function.name && (position == 0 || tokens[position - 1].text != "func") {
                var opening: Int?
                if tokens[position + 1].text == "{" {
                    opening = position + 1
                } else if tokens[position + 1].text == "(" {
                    let close = SourceIndex.close(tokens, from: position + 1)
                    if close < tokens.count, tokens[close].text == "{" {
                        opening = close
                    } else {
                        opening = (position + 2..<max(position + 2, close - 2)).first {
                            tokens[$0].text == label && tokens[$0 + 1].text == ":" && tokens[$0 + 2].text == "{"
                        }.map { $0 + 2 }
                    }
                }
                guard let opening else { continue }
                found.append(
                    SourceIndex.Span(file: file, start: opening, end: SourceIndex.close(tokens, from: opening)))
            }
        }
        return found
    }

    /// True when a completion closure does nothing a person sees with a `false` (or with the
    /// case `handed` on, `.disabled`): it is empty or only logs, or it tests its parameter (`if
    /// success { … }`, `if status == .purchased { … }` for another case) with no `else`, or an
    /// `else` that only logs. A first `guard let strongSelf = self else { return }` changes
    /// nothing.
    func ignoresRefusal(tokens: [SwiftToken], _ closure: SourceIndex.Span, handed: String? = nil) -> Bool {
        var bodyStart = closure.start + 1
        var parameter: String?
        if let header = (closure.start + 1..<min(closure.end, closure.start + 16)).first(where: {
            tokens[$0].text == "in" && tokens[$0].kind == .identifier
        }) {
            parameter = (closure.start + 1..<header).last { tokens[$0].kind == .identifier }.map { tokens[$0].text }
            bodyStart = header + 1
        }
        if bodyStart + 4 < closure.end, tokens[bodyStart].text == "guard", tokens[bodyStart + 3].text == "=",
            tokens[bodyStart + 4].text == "self",
            let elseBrace = SourceHeuristics.conditionBrace(tokens, after: bodyStart + 4)
        {
            let elseEnd = SourceIndex.close(tokens, from: elseBrace)
            if onlyLogs(tokens, (elseBrace + 1)..<max(elseBrace + 1, elseEnd - 1)) { bodyStart = elseEnd }
        }
        let body = bodyStart..<max(bodyStart, closure.end - 1)
        if onlyLogs(tokens, body) { return true }
        guard let parameter, body.lowerBound + 2 < body.upperBound, tokens[body.lowerBound].text == "if",
            tokens[body.lowerBound + 1].text == parameter
        else { return false }
        // `if status == .purchased {`: another case than the one handed on.
        var open = body.lowerBound + 2
        if let handed, open + 3 < body.upperBound, tokens[open].text == "==", tokens[open + 1].text == ".",
            tokens[open + 2].text != handed
        {
            open += 3
        }
        guard tokens[open].text == "{" else { return false }
        let thenEnd = SourceIndex.close(tokens, from: open)
        guard thenEnd < body.upperBound else { return true }
        guard tokens[thenEnd].text == "else", thenEnd + 1 < body.upperBound, tokens[thenEnd + 1].text == "{" else {
            return false
        }
        let elseEnd = SourceIndex.close(tokens, from: thenEnd + 1)
        return elseEnd >= body.upperBound && onlyLogs(tokens, (thenEnd + 2)..<max(thenEnd + 2, elseEnd - 1))
    }

    /// Where the sources handle a purchase that failed because payments are not allowed
    /// (`SKError.paymentNotAllowed`, `Product.PurchaseError.purchaseNotAllowed`) in a way the
    /// customer can see. A `case` or `if` branch that only logs or breaks tells nobody; any other
    /// use (a message, a mapping to the app's own error) counts. The app's own error type with a
    /// case of that name describing itself is no such use: inside it, the name only says what
    /// the case would mean if anything produced it.
    func explainsRefusal() -> Bool {
        let names: Set<String> = ["paymentNotAllowed", "purchaseNotAllowed", "SKErrorPaymentNotAllowed"]
        for (file, scan) in index.scans.enumerated() where names.contains(where: scan.mentions) {
            let tokens = scan.tokens
            for position in tokens.indices where names.contains(tokens[position].text) {
                if let owner = index.type(containing: position, in: file).map({ index.types[$0].name }),
                    (index.casesByName[tokens[position].text] ?? []).contains(where: {
                        index.cases[$0].typeName == owner
                    })
                {
                    continue
                }
                guard let body = branch(naming: position, tokens) else { return true }
                if !onlyLogs(tokens, body) || Self.returnsMessage(tokens, body) { return true }
            }
        }
        return false
    }

    /// True when the branch hands back words for the customer: `case .paymentNotAllowed: return
    /// "Payment not allowed"` in a closure that picks an alert's message.
    static func returnsMessage(_ tokens: [SwiftToken], _ body: Range<Int>) -> Bool {
        body.contains { position in
            tokens[position].text == "return" && tokens[position].kind == .identifier && position + 1 < body.upperBound
                && tokens[position + 1].kind == .stringLiteral
        }
    }

    /// The body of the `case …:` clause or the `if … {` block whose condition holds the token.
    private func branch(naming position: Int, _ tokens: [SwiftToken]) -> Range<Int>? {
        let line = tokens[position].location.line
        var cursor = position - 1
        while cursor >= 0, tokens[cursor].location.line == line {
            let text = tokens[cursor].text
            if text == "case", let pattern = SourceIndex.casePattern(tokens, caseAt: cursor, limit: tokens.count),
                pattern.pattern.contains(position)
            {
                return SourceIndex.caseBody(tokens, from: pattern.colon + 1, limit: tokens.count)
            }
            if text == "if" {
                var open = position + 1
                while open < tokens.count, tokens[open].location.line == line, tokens[open].text != "{" { open += 1 }
                guard open < tokens.count, tokens[open].text == "{" else { return nil }
                return (open + 1)..<max(open + 1, SourceIndex.close(tokens, from: open) - 1)
            }
            cursor -= 1
        }
        return nil
    }

    /// True when the code in `range` starts a purchase or names one: a payment added to the
    /// queue, a `purchase(…)` or a method whose name says it buys, or a restore the customer
    /// asked for (`restoreCompletedTransactions()`), which also does nothing in silence.
    static func buys(_ tokens: [SwiftToken], _ range: Range<Int>) -> Bool {
        range.contains { position in
            // A call (`purchase(`, `[queue addPayment:`), not a `purchaseLabel` that shows the
            // section.
            let next = position + 1 < tokens.count ? tokens[position + 1].text : ""
            guard tokens[position].kind == .identifier, ["(", "{", ":", "]"].contains(next) else { return false }
            let word = tokens[position].text.lowercased()
            return word.contains("purchase") || word.contains("buy") || word.contains("payment")
                || word.contains("restore") || word == "add" || word == "addpayment"
        }
    }

    /// True when the code in `range` calls nothing but logging functions, the project's own
    /// logging macros among them (and may break or return).
    func onlyLogs(_ tokens: [SwiftToken], _ range: Range<Int>) -> Bool {
        let loggingCalls = index.loggingCalls
        var index = range.lowerBound
        while index < range.upperBound {
            let token = tokens[index]
            let next = index + 1 < range.upperBound ? tokens[index + 1].text : ""
            if token.kind == .identifier, !["break", "return", "fallthrough", "self", "Self"].contains(token.text) {
                if loggingCalls.contains(token.text), next == "(" {
                    // The log call's arguments are only shown, whatever they name.
                    index = SourceIndex.close(tokens, from: index + 1)
                    continue
                }
                // `logger.error(…)`, `Log.debug(…)`: a receiver followed by a log call.
                let isReceiver =
                    next == "." && index + 2 < range.upperBound
                    && loggingCalls.contains(tokens[index + 2].text)
                if !isReceiver { return false }
            }
            index += 1
        }
        return true
    }

    /// The innermost closure passed under a label that holds the token.
    private func closure(around position: Int, in file: Int) -> (String, SourceIndex.Span)? {
        var best: (String, SourceIndex.Span)?
        for (label, spans) in index.closureArguments {
            for span in spans where span.file == file && span.start < position && position < span.end {
                if best.map({ span.end - span.start < $0.1.end - $0.1.start }) ?? true { best = (label, span) }
            }
        }
        return best
    }

    /// `bool canMakePayments();` in a C++ header, `bool Wrapper::canMakePayments() {`: a type
    /// or a class's scope before the name, and a declaration's `;` or a body after the list.
    static func declaresFunction(_ tokens: [SwiftToken], at position: Int) -> Bool {
        guard position > 0 else { return false }
        let previous = tokens[position - 1]
        // `::` may come as one token or as two colons.
        let scope = previous.text == "::" || previous.text == ":" && position >= 2 && tokens[position - 2].text == ":"
        let typed =
            scope
            || previous.kind == .identifier
                && !["return", "else", "case", "sizeof", "if", "while"].contains(previous.text)
        let close = SourceIndex.close(tokens, from: position + 1)
        return typed && close < tokens.count && ["{", ";", "const"].contains(tokens[close].text)
    }

    /// True when the innermost braces around `position` are the body of a small function or
    /// method called `name` (`- (BOOL)canMakePayments {`, `bool Store::canMakePayments() {`).
    static func isInsideDefinition(named name: String, at position: Int, in tokens: [SwiftToken]) -> Bool {
        var depth = 0
        var cursor = position - 1
        while cursor >= 0, position - cursor <= wrapperSize * 2 {
            let text = tokens[cursor].text
            if text == "}" { depth += 1 }
            if text == "{" {
                if depth == 0 { break }
                depth -= 1
            }
            cursor -= 1
        }
        guard cursor > 0, tokens[cursor].text == "{" else { return false }
        var before = cursor - 1
        if tokens[before].text == "const", before > 0 { before -= 1 }
        if tokens[before].text == ")" { before = SourceIndex.opening(tokens, of: before) - 1 }
        return before >= 0 && tokens[before].text == name
    }

    /// True when the statements inside a body's braces sit on one line: a function that only
    /// passes an answer on, not a screen's method that also does something with it.
    static func isOneLine(_ tokens: [SwiftToken], _ body: SourceIndex.Span) -> Bool {
        let inner = (body.start + 1)..<max(body.start + 1, body.end - 1)
        guard let first = inner.first, let last = inner.last else { return true }
        return tokens[first].location.line == tokens[last].location.line
    }

    /// True when some code outside `body` calls or reads `name`: `client.name()`, `store.name`,
    /// `[store name]`, `name()`; a declaration, a label or an assignment to it does not count.
    /// A use inside another small function (a repository's `canMakePurchase` passing on the
    /// manager's `canMakePayment()`) counts only when that function is used in turn, `depth`
    /// wrappers out.
    private func isUsed(_ name: String, outside body: SourceIndex.Span, depth: Int = 3) -> Bool {
        for (file, scan) in index.scans.enumerated() where scan.mentions(name) {
            let tokens = scan.tokens
            for position in tokens.indices where tokens[position].kind == .identifier && tokens[position].text == name {
                if file == body.file, body.start <= position, position < body.end { continue }
                let previous = position > 0 ? tokens[position - 1].text : ""
                let next = position + 1 < tokens.count ? tokens[position + 1].text : ""
                if ["func", "var", "let", "case"].contains(previous) || next == "=" { continue }
                if scan.language == .objectiveC, next == "(", Self.declaresFunction(tokens, at: position) { continue }
                // The call inside a wrapper of the wrapper (C++'s `bool IAPWrapper::canMakePayments()
                // { return [[Helper shared] canMakePayments]; }`) uses neither.
                if Self.isInsideDefinition(named: name, at: position, in: tokens) { continue }
                // A wrapper named after the API (`+ (BOOL)canMakePayments`) is not used by another
                // call of the API itself.
                let receiver = previous == "." && position >= 2 ? tokens[position - 2].text : previous
                if ["SKPaymentQueue", "AppStore"].contains(receiver) { continue }
                let uses =
                    previous == "." || next == "(" && previous != ")"
                    || scan.language == .objectiveC && (next == "]" || next == ":")
                        && (tokens[position - 1].kind == .identifier || previous == "]")
                guard uses else { continue }
                if depth > 0, let outer = index.function(containing: position, in: file).map({ index.functions[$0] }),
                    let outerBody = outer.body, outerBody != body, !outer.isInitializer,
                    outerBody.end - outerBody.start <= Self.wrapperSize * 2,
                    !outer.attributes.contains("@IBAction"), !outer.attributes.contains("@objc"),
                    Self.isOneLine(tokens, outerBody)
                {
                    if isUsed(outer.name, outside: outerBody, depth: depth - 1) { return true }
                    continue
                }
                return true
            }
        }
        return false
    }
}
