import IAPDiagnostics
import IAPProject

/// Whether the StoreKit 1 observers finish the transactions that fail or are restored.
///
/// StoreKit keeps a failed or restored transaction in the queue, and delivers it again at every
/// launch, until the app finishes it. An observer's `paymentQueue(_:updatedTransactions:)` is
/// judged where it dispatches on the transaction's state: for each of those two states, the branch
/// for it (or, with none, the `default:` that receives it), with the methods of the observer's
/// type that the branch calls, must reach `finishTransaction`. An observer that dispatches on no
/// state is not judged. (The purchased branch is not judged: apps finish it after delivering,
/// often from code this reading cannot follow. The restored branch is judged only in an app that
/// restores, since StoreKit delivers restored transactions only after
/// `restoreCompletedTransactions`.)
struct FailedTransactions {
    /// A transaction state whose branch must finish.
    enum State: String, CaseIterable {
        case failed, restored, purchased

        /// Swift's `.failed` (Swift 1 and 2: `.Failed`), or Objective-C's
        /// `SKPaymentTransactionStateFailed`.
        func names(_ name: String) -> Bool {
            switch self {
            case .failed: return FailedTransactions.isFailed(name)
            case .restored:
                return FailedTransactions.swiftName(name) == "restored" || name == "SKPaymentTransactionStateRestored"
            case .purchased:
                return FailedTransactions.swiftName(name) == "purchased" || name == "SKPaymentTransactionStatePurchased"
            }
        }

        /// The states whose branch must finish something: apps finish a purchase after
        /// delivering it, often from code this reading cannot follow.
        static let judgedForFinishing: [State] = [.failed, .restored]
    }

    /// A branch that finishes its transaction only when a `guard` holds: when it does not, the
    /// transaction stays in the queue and comes back at every launch, where the condition (a
    /// product loaded by a screen, say) usually fails again.
    struct EarlyExit {
        var observer: String
        var state: State
        /// The `guard` whose `else` leaves without finishing.
        var guardLocation: SourceLocation
    }

    /// An observer whose transactions in one state stay in the queue.
    struct Gap {
        /// `StoreService.paymentQueue(_:updatedTransactions:)`.
        var observer: String
        /// The state whose branch finishes nothing.
        var state: State
        /// The branch that receives those transactions and finishes nothing.
        var branch: SourceLocation
    }

    let index: SourceIndex
    /// Whether the app calls `restoreCompletedTransactions`, so that restored transactions arrive.
    var restores = true

    func gaps() -> [Gap] {
        var found: [Gap] = []
        // StoreKit hands every transaction to every observer: one that finishes a state's
        // transactions serves a second one that only shows progress.
        var finishedSomewhere: Set<State> = []
        for function in index.functions where Self.isObserver(function) {
            guard let body = function.body else { continue }
            // The observer's body and the methods of its type it calls, as far as two calls down.
            let bodies = index.bodies(reachedFrom: body, inType: function.typeName, depth: 2)
            let owner = function.typeName.map { "\($0)." } ?? ""
            for state in State.judgedForFinishing where state != .restored || restores {
                var finished = false
                var unfinished: SourceLocation?
                if state == .restored, finishesRestoredWhenTheRestoreEnds(typeName: function.typeName) {
                    finished = true
                }
                for span in bodies {
                    for branch in branches(for: state, in: span, fallsThrough: function.isObjectiveC) {
                        if finishes(branch.body, typeName: function.typeName)
                            || finishesLater(collectedIn: branch.body, observer: body, typeName: function.typeName)
                        {
                            finished = true
                        } else if unfinished == nil {
                            unfinished = branch.location
                        }
                    }
                }
                if finished { finishedSomewhere.insert(state) }
                guard !finished, let unfinished else { continue }
                found.append(Gap(observer: owner + function.signatureText, state: state, branch: unfinished))
            }
        }
        return found.filter { !finishedSomewhere.contains($0.state) }
    }

    /// Swift observers whose branch for a state finishes below a `guard … else { return }` (or
    /// `break`, `continue`) whose `else` finishes nothing.
    func earlyExits() -> [EarlyExit] {
        var found: [EarlyExit] = []
        for function in index.functions where Self.isObserver(function) && !function.isObjectiveC {
            guard let body = function.body else { continue }
            let tokens = index.tokens(body.file)
            let owner = function.typeName.map { "\($0)." } ?? ""
            for state in State.allCases where state != .restored || restores {
                for branch in branches(for: state, in: body, fallsThrough: false) {
                    guard let exit = Self.guardLeavingBeforeFinish(in: branch.body, tokens),
                        !waitsForAHandlerInstalledFirst(tokens, guardAt: exit)
                    else { continue }
                    found.append(
                        EarlyExit(
                            observer: owner + function.signatureText, state: state,
                            guardLocation: tokens[exit].location))
                }
            }
        }
        return found
    }

    /// The `guard` at the branch's own level that leaves without finishing, when the branch
    /// finishes after it.
    static func guardLeavingBeforeFinish(in branch: SourceIndex.Span, _ tokens: [SwiftToken]) -> Int? {
        var depth = 0
        var position = branch.start
        while position < branch.end {
            defer { position += 1 }
            let text = tokens[position].text
            if text == "{" || text == "(" || text == "[" { depth += 1 }
            if text == "}" || text == ")" || text == "]" { depth -= 1 }
            guard depth == 0, text == "guard", tokens[position].kind == .identifier else { continue }
            // The `else {` of this guard: the first `else` at the guard's own level.
            var cursor = position + 1
            var inner = 0
            while cursor < branch.end, !(inner == 0 && tokens[cursor].text == "else") {
                if ["{", "(", "["].contains(tokens[cursor].text) { inner += 1 }
                if ["}", ")", "]"].contains(tokens[cursor].text) { inner -= 1 }
                cursor += 1
            }
            guard cursor + 1 < branch.end, tokens[cursor + 1].text == "{" else { continue }
            let close = SourceIndex.close(tokens, from: cursor + 1)
            let elseBlock = SourceIndex.Span(file: branch.file, start: cursor + 1, end: close)
            let leaves = tokens[elseBlock.start..<elseBlock.end].contains {
                $0.kind == .identifier && ["return", "break", "continue"].contains($0.text)
            }
            let rest = SourceIndex.Span(file: branch.file, start: close, end: branch.end)
            if leaves, !mentionsFinish(elseBlock, tokens), mentionsFinish(rest, tokens) { return position }
            position = close - 1
        }
        return nil
    }

    /// `guard let handler = onPurchase else { continue }` (also `= self.onPurchase`, or `guard
    /// let onPurchase else`): the branch waits for a handler, which is always there when a
    /// function that adds an observer to the payment queue assigns it before the `add(`, as
    /// launch code does; the queue delivers nothing before the observer is added.
    private func waitsForAHandlerInstalledFirst(_ tokens: [SwiftToken], guardAt position: Int) -> Bool {
        var cursor = position + 2
        guard cursor + 3 < tokens.count, ["let", "var"].contains(tokens[position + 1].text) else { return false }
        if tokens[cursor + 1].text == "=" {
            cursor += 2
            if tokens[cursor].text == "self", cursor + 2 < tokens.count, tokens[cursor + 1].text == "." {
                cursor += 2
            }
        }
        guard cursor + 1 < tokens.count, tokens[cursor].kind == .identifier, tokens[cursor + 1].text == "else"
        else { return false }
        let property = tokens[cursor].text
        for (file, scan) in index.scans.enumerated() where scan.mentions(property) {
            let assigning = scan.tokens
            for at in assigning.indices.dropFirst().dropLast()
            where assigning[at].text == property && assigning[at - 1].text == "." && assigning[at + 1].text == "=" {
                guard let function = index.function(containing: at, in: file),
                    let body = index.functions[function].body
                else { continue }
                let adds = (at..<max(at, min(body.end, assigning.count) - 1)).contains {
                    assigning[$0].text == "add" && assigning[$0 - 1].text == "." && assigning[$0 + 1].text == "("
                }
                if adds { return true }
            }
        }
        return false
    }

    /// True when the branch only collects its transaction (`restored.append(transaction)`) and
    /// the observer later hands the collection to a method that finishes
    /// (`handleRestored(restored)`) or finishes in a loop over it.
    private func finishesLater(collectedIn branch: SourceIndex.Span, observer: SourceIndex.Span, typeName: String?)
        -> Bool
    {
        let tokens = index.tokens(branch.file)
        guard branch.file == observer.file,
            let append = (branch.start..<max(branch.start, branch.end - 2)).first(where: {
                tokens[$0].kind == .identifier && tokens[$0 + 1].text == "." && tokens[$0 + 2].text == "append"
            })
        else { return false }
        let collection = tokens[append].text
        for position in branch.end..<min(observer.end, tokens.count) where tokens[position].text == collection {
            let previous = tokens[position - 1].text
            if previous == "in",
                let open = (position..<min(observer.end, position + 4)).first(where: { tokens[$0].text == "{" })
            {
                let loop = SourceIndex.Span(file: branch.file, start: open, end: SourceIndex.close(tokens, from: open))
                if finishes(loop, typeName: typeName) { return true }
                continue
            }
            // `handle(restored)`, `handle(transactions: restored)`.
            var callee = position - 2
            if previous == ":", position >= 4 { callee = tokens[position - 3].text == "(" ? position - 4 : -1 }
            guard previous == "(" || previous == ":", callee >= 0, tokens[callee].kind == .identifier else { continue }
            for function in index.functions(named: tokens[callee].text, in: typeName) {
                if let body = index.functions[function].body, finishes(body, typeName: typeName) { return true }
            }
        }
        return false
    }

    /// True when the type's `paymentQueueRestoreCompletedTransactionsFinished` walks the queue's
    /// transactions (`for transaction in queue.transactions`) and finishes the restored ones: the
    /// observer may leave them alone as they arrive, since they are finished once the restore
    /// is over.
    private func finishesRestoredWhenTheRestoreEnds(typeName: String?) -> Bool {
        for candidate in index.functions(named: "paymentQueueRestoreCompletedTransactionsFinished", in: typeName) {
            guard let body = index.functions[candidate].body else { continue }
            let tokens = index.tokens(body.file)
            let walksQueue = (body.start..<max(body.start, body.end - 3)).contains {
                tokens[$0].text == "in" && tokens[$0 + 2].text == "." && tokens[$0 + 3].text == "transactions"
            }
            guard walksQueue else { continue }
            let function = index.functions[candidate]
            for branch in branches(for: .restored, in: body, fallsThrough: function.isObjectiveC)
            where finishes(branch.body, typeName: typeName) {
                return true
            }
        }
        return false
    }

    /// `paymentQueue(_:updatedTransactions:)`, or `paymentQueue:updatedTransactions:`.
    static func isObserver(_ function: SourceIndex.Function) -> Bool {
        function.name == "paymentQueue" && function.labels.last == "updatedTransactions"
    }

    /// True when the code finishes a transaction, itself or through methods of its type, as far
    /// as three calls down (`didRestoreTransaction` → `didVerifyTransaction` → `finishTransaction`,
    /// as store libraries chain them). A flag named after the call (`finishTransaction = YES`,
    /// read after the switch) counts as well.
    private func finishes(_ span: SourceIndex.Span, typeName: String?) -> Bool {
        index.bodies(reachedFrom: span, inType: typeName, depth: 3).contains {
            Self.mentionsFinish($0, index.tokens($0.file))
        }
    }

    /// `finishTransaction` (StoreKit 1, any form) or a call of `finish(` (StoreKit 2).
    static func mentionsFinish(_ span: SourceIndex.Span, _ tokens: [SwiftToken]) -> Bool {
        (span.start..<span.end).contains { position in
            let token = tokens[position]
            guard token.kind == .identifier else { return false }
            if token.text == "finishTransaction" { return true }
            return token.text == "finish" && position + 1 < tokens.count && tokens[position + 1].text == "("
        }
    }

    /// The branches that receive a transaction in `state`: `case .failed:` (with the rest of its
    /// pattern), `if … == .failed {`, their Objective-C forms with `SKPaymentTransactionStateFailed`,
    /// or the `default:` of a state switch that names no case for the state.
    ///
    /// In Objective-C a case falls through to the next unless it breaks or returns, so
    /// `case …Failed: case …Deferred: [queue finishTransaction:t]; break;` finishes the failed
    /// transaction; `fallsThrough` says the branch goes on until such a statement. A Swift case
    /// ending in `fallthrough` goes on into the next clause.
    private func branches(for state: State, in span: SourceIndex.Span, fallsThrough: Bool)
        -> [(body: SourceIndex.Span, location: SourceLocation)]
    {
        let tokens = index.tokens(span.file)
        var branches: [(body: SourceIndex.Span, location: SourceLocation)] = []
        var stateCases = false
        var failedCase = false
        var defaults: [Int] = []
        // `if state == .purchased { … } else if state == .failed { … }`: the branches of a chain
        // of state comparisons, and the chain's first `if`.
        var stateIfs: [Range<Int>] = []
        var firstStateIf: Int?
        var position = span.start
        while position < span.end {
            defer { position += 1 }
            let token = tokens[position]
            guard token.kind == .identifier else { continue }
            switch token.text {
            case "case":
                guard let pattern = SourceIndex.casePattern(tokens, caseAt: position, limit: span.end) else { continue }
                let names = tokens[pattern.pattern].filter { $0.kind == .identifier }.map(\.text)
                if names.contains(where: Self.isStateName) { stateCases = true }
                guard names.contains(where: state.names) else { continue }
                failedCase = true
                var body = SourceIndex.caseBody(tokens, from: pattern.colon + 1, limit: span.end)
                if fallsThrough {
                    body = Self.throughFallingCases(tokens, body: body, limit: span.end)
                } else {
                    body = Self.throughFallthrough(tokens, body: body, limit: span.end)
                }
                // A finish after the switch, in the block that holds it, finishes every case
                // that does not return first (`switch … { … }; queue.finishTransaction(t)`).
                if !tokens[body].contains(where: { $0.text == "return" }),
                    let after = Self.restOfBlock(afterSwitchHolding: body.upperBound, tokens, limit: span.end),
                    Self.finishesAfter(branch: body, rest: after, tokens, file: span.file)
                {
                    body = body.lowerBound..<after.upperBound
                }
                branches.append(
                    (SourceIndex.Span(file: span.file, start: body.lowerBound, end: body.upperBound), token.location))
            case "default" where position + 1 < span.end && tokens[position + 1].text == ":":
                defaults.append(position)
            case "if":
                // `if transaction.transactionState == .failed {`, `if (… == SKPaymentTransactionStateFailed) {`.
                var cursor = position + 1
                var failed = false
                var namesState = false
                var negated = false
                while cursor < span.end, tokens[cursor].text != "{",
                    tokens[cursor].location.line <= token.location.line + 1
                {
                    let comparesState =
                        cursor > 0 && (tokens[cursor - 1].text == "." || tokens[cursor].text.hasPrefix("SK"))
                    if state.names(tokens[cursor].text), comparesState { failed = true }
                    if Self.isStateName(tokens[cursor].text), comparesState { namesState = true }
                    if tokens[cursor].text == "!=" { negated = true }
                    cursor += 1
                }
                guard cursor < span.end, tokens[cursor].text == "{" else { continue }
                let end = SourceIndex.close(tokens, from: cursor)
                // `if (state != SKPaymentTransactionStatePurchasing) { … }` receives every other state.
                if namesState, negated, !failed {
                    branches.append((SourceIndex.Span(file: span.file, start: cursor, end: end), token.location))
                }
                if namesState {
                    stateIfs.append(cursor..<end)
                    if firstStateIf == nil { firstStateIf = position }
                    // A closing `else { … }` of the chain receives every other state.
                    if end + 1 < span.end, tokens[end].text == "else", tokens[end + 1].text == "{" {
                        stateIfs.append((end + 1)..<SourceIndex.close(tokens, from: end + 1))
                        if !failed {
                            let elseEnd = SourceIndex.close(tokens, from: end + 1)
                            let body = Self.throughFinishAfterChain(
                                end + 1..<elseEnd, tokens, file: span.file, limit: span.end)
                            branches.append(
                                (
                                    SourceIndex.Span(file: span.file, start: body.lowerBound, end: body.upperBound),
                                    tokens[end].location
                                ))
                        }
                    }
                }
                guard failed else { continue }
                let body = Self.throughFinishAfterChain(cursor..<end, tokens, file: span.file, limit: span.end)
                branches.append(
                    (SourceIndex.Span(file: span.file, start: body.lowerBound, end: body.upperBound), token.location))
            default:
                continue
            }
        }
        // A chain of state comparisons with no branch and no `else` for the state leaves its
        // transactions unhandled, unless the observer finishes somewhere outside the chain.
        if let firstStateIf, branches.isEmpty, !stateCases,
            !(span.start..<span.end).contains(where: { position in
                tokens[position].text == "finishTransaction" && !stateIfs.contains { $0.contains(position) }
            })
        {
            branches.append(
                (
                    SourceIndex.Span(file: span.file, start: firstStateIf, end: firstStateIf),
                    tokens[firstStateIf].location
                ))
        }
        if stateCases, !failedCase {
            for position in defaults {
                let body = SourceIndex.caseBody(tokens, from: position + 2, limit: span.end)
                branches.append(
                    (
                        SourceIndex.Span(file: span.file, start: body.lowerBound, end: body.upperBound),
                        tokens[position].location
                    ))
            }
        }
        return branches
    }

    /// A C case body extended over the clauses it falls into: while it ends without `break`,
    /// `return`, `continue` or `goto` at its own level, the next clause's statements are its too.
    static func throughFallingCases(_ tokens: [SwiftToken], body: Range<Int>, limit: Int) -> Range<Int> {
        throughClauses(tokens, body: body, limit: limit) { clause in
            !clause.contains { position in
                tokens[position].kind == .identifier
                    && ["break", "return", "continue", "goto"].contains(tokens[position].text)
            }
        }
    }

    /// A Swift case body extended over the clauses that `fallthrough` carries it into.
    static func throughFallthrough(_ tokens: [SwiftToken], body: Range<Int>, limit: Int) -> Range<Int> {
        throughClauses(tokens, body: body, limit: limit) { clause in
            clause.contains { tokens[$0].kind == .identifier && tokens[$0].text == "fallthrough" }
        }
    }

    /// A case body extended clause by clause while the clause read last `continues` into the next.
    private static func throughClauses(
        _ tokens: [SwiftToken], body: Range<Int>, limit: Int, continues: (Range<Int>) -> Bool
    ) -> Range<Int> {
        var end = body.upperBound
        var clauseStart = body.lowerBound
        while end < limit, continues(clauseStart..<end) {
            let label = tokens[end]
            let next: Int
            if label.text == "case", let pattern = SourceIndex.casePattern(tokens, caseAt: end, limit: limit) {
                next = pattern.colon + 1
            } else if label.text == "default", end + 1 < limit, tokens[end + 1].text == ":" {
                next = end + 2
            } else {
                break
            }
            let clause = SourceIndex.caseBody(tokens, from: next, limit: limit)
            (clauseStart, end) = (next, clause.upperBound)
        }
        return body.lowerBound..<end
    }

    /// A branch of an `if … else if …` chain on the state, extended over the statements after
    /// the chain when they finish the transaction (`if settle { queue.finishTransaction(t) }`
    /// below the chain), unless the branch leaves first.
    static func throughFinishAfterChain(_ branch: Range<Int>, _ tokens: [SwiftToken], file: Int, limit: Int)
        -> Range<Int>
    {
        guard !tokens[branch].contains(where: { ["return", "continue"].contains($0.text) }) else { return branch }
        // Past the chain's later `else if … { }` and `else { }` to its end.
        var chainEnd = branch.upperBound
        while chainEnd + 1 < limit, tokens[chainEnd].text == "else" {
            var brace = chainEnd + 1
            while brace < limit, tokens[brace].text != "{" { brace += 1 }
            guard brace < limit else { break }
            chainEnd = SourceIndex.close(tokens, from: brace)
        }
        // Up to the `}` of the block that holds the chain.
        var depth = 0
        var cursor = chainEnd
        while cursor < min(limit, tokens.count) {
            if tokens[cursor].text == "{" { depth += 1 }
            if tokens[cursor].text == "}" {
                if depth == 0 { break }
                depth -= 1
            }
            cursor += 1
        }
        let rest = chainEnd..<cursor
        guard finishesAfter(branch: branch, rest: rest, tokens, file: file) else { return branch }
        return branch.lowerBound..<rest.upperBound
    }

    /// True when `rest`, run after `branch`, finishes the transaction: a finish not kept inside
    /// `if flag { … }` for a flag the branch clears (`settle = false` for the states that stay
    /// in the queue).
    static func finishesAfter(branch: Range<Int>, rest: Range<Int>, _ tokens: [SwiftToken], file: Int) -> Bool {
        var cleared: Set<String> = []
        for position in branch where position + 2 < tokens.count && tokens[position].kind == .identifier {
            if tokens[position + 1].text == "=", ["false", "NO"].contains(tokens[position + 2].text) {
                cleared.insert(tokens[position].text)
            }
        }
        var gated: [Range<Int>] = []
        for position in rest where position + 2 < rest.upperBound && tokens[position].text == "if" {
            var condition = position + 1
            if tokens[condition].text == "(" { condition += 1 }
            guard cleared.contains(tokens[condition].text) else { continue }
            var brace = condition + 1
            if brace < rest.upperBound, tokens[brace].text == ")" { brace += 1 }
            guard brace < rest.upperBound, tokens[brace].text == "{" else { continue }
            gated.append(position..<SourceIndex.close(tokens, from: brace))
        }
        var start = rest.lowerBound
        for range in gated.sorted(by: { $0.lowerBound < $1.lowerBound }) + [rest.upperBound..<rest.upperBound] {
            let open = SourceIndex.Span(file: file, start: start, end: max(start, range.lowerBound))
            if mentionsFinish(open, tokens) { return true }
            start = max(start, range.upperBound)
        }
        return false
    }

    /// The statements after the `switch` whose case ends at `caseEnd`, up to the end of the
    /// block that holds the switch; nil in Objective-C-like code with no closing brace in reach.
    static func restOfBlock(afterSwitchHolding caseEnd: Int, _ tokens: [SwiftToken], limit: Int) -> Range<Int>? {
        var depth = 0
        var cursor = caseEnd
        var switchEnd: Int?
        while cursor < min(limit, tokens.count) {
            let text = tokens[cursor].text
            if text == "{" { depth += 1 }
            if text == "}" {
                if depth == 0 {
                    if switchEnd == nil {
                        switchEnd = cursor + 1
                    } else {
                        return switchEnd.map { $0..<cursor }
                    }
                } else {
                    depth -= 1
                }
            }
            cursor += 1
        }
        return switchEnd.map { $0..<min(limit, tokens.count) }
    }

    static func isFailed(_ name: String) -> Bool {
        swiftName(name) == "failed" || name == "SKPaymentTransactionStateFailed"
    }

    static func isStateName(_ name: String) -> Bool {
        stateNames.contains(swiftName(name)) || name.hasPrefix("SKPaymentTransactionState")
    }

    private static let stateNames: Set<String> = ["purchased", "restored", "purchasing", "deferred", "failed"]

    /// A state's case name as Swift 3 and later write it: Swift 1 and 2 capitalised the cases
    /// (`.Purchased`, `.Failed`), and projects of that age still read the same way.
    static func swiftName(_ name: String) -> String {
        guard let first = name.first, first.isUppercase else { return name }
        let lowered = first.lowercased() + name.dropFirst()
        return stateNames.contains(lowered) ? lowered : name
    }
}
