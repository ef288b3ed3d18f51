import IAPDiagnostics
import IAPProject

/// Whether the StoreKit 2 listeners finish what `Transaction.updates` delivers.
///
/// Renewals, Ask to Buy approvals, purchases made on another device and refunds arrive through
/// `Transaction.updates`; one the app does not finish is delivered again at every launch. A
/// project whose purchase path calls `finish()` can still leave every update unfinished, so a
/// `for await … in Transaction.updates` loop is judged by its own body: it, or a function it
/// calls (followed by name, so a delegate's method counts, two calls down), must finish.
///
/// A loop that throws the update away (`for await _ in Transaction.updates`) has nothing to
/// finish it with: only code that finishes every entry of `Transaction.unfinished`, whatever
/// else holds, finishes what it was sent.
///
/// A loop that hands the update on to code that cannot be followed (`continuation.yield`, a
/// subject's `send`, a notification, a stored closure) is not judged, nor is one in a function
/// nothing calls.
struct UnfinishedUpdates {
    let index: SourceIndex

    /// The loops over `Transaction.updates` that finish nothing, by where each starts.
    func loops() -> [SourceLocation] {
        var found: [SourceLocation] = []
        let transactionNames = index.transactionTypeNames()
        for (file, scan) in index.scans.enumerated() where scan.mentions("updates") {
            let tokens = scan.tokens
            var position = 0
            while position < tokens.count {
                defer { position += 1 }
                guard tokens[position].text == "for",
                    let body = Self.updatesLoopBody(tokens, forAt: position, transactionNames: transactionNames)
                else {
                    continue
                }
                let span = SourceIndex.Span(file: file, start: body.lowerBound, end: body.upperBound)
                // A loop in a function nothing calls never runs; `listener-at-launch` says so.
                let runs = index.function(containing: position, in: file).map(index.isEverCalled) ?? true
                let finished =
                    Self.discardsUpdate(tokens, forAt: position)
                    ? finishesEveryUnfinished(span, depth: 2, transactionNames: transactionNames)
                    : finishes(span, depth: 2)
                if runs, !handsOn(span), !finished { found.append(tokens[position].location) }
                position = body.upperBound - 1
            }
        }
        return found
    }

    /// `for await update in Transaction.updates {` (also `StoreKit.Transaction.updates`):
    /// the tokens of its braces.
    static func updatesLoopBody(
        _ tokens: [SwiftToken], forAt start: Int, transactionNames: Set<String> = ["Transaction"],
        sequence: String = "updates"
    ) -> Range<Int>? {
        var cursor = start + 1
        var sawIn = false
        var sawUpdates = false
        while cursor < tokens.count, tokens[cursor].text != "{", cursor - start < 16 {
            if tokens[cursor].text == "in" { sawIn = true }
            if sawIn, tokens[cursor].text == sequence, cursor >= 2, tokens[cursor - 1].text == ".",
                transactionNames.contains(tokens[cursor - 2].text)
            {
                sawUpdates = true
            }
            cursor += 1
        }
        guard sawUpdates, cursor < tokens.count, tokens[cursor].text == "{" else { return nil }
        return cursor..<SourceIndex.close(tokens, from: cursor)
    }

    /// Methods of the standard library and Foundation that a project's own function of the same
    /// name (a `filter` of its own) does not stand for.
    private static let libraryNames: Set<String> = [
        "filter", "map", "compactMap", "flatMap", "first", "last", "contains", "append", "insert", "remove",
        "removeAll", "sorted", "sort", "reduce", "forEach", "min", "max", "print", "info", "debug", "error", "log",
        "warning", "notice", "fault", "trace", "String", "Date", "URL", "Task", "async", "sleep",
    ]

    private static let maximumImplementations = 3

    private static let handOffs: Set<String> = ["yield", "send", "post", "continuation", "onNext", "emit"]

    /// True when the code passes updates where they cannot be followed: a stream or subject, a
    /// notification, or a closure kept in a property (`onUpdate?(transaction)`).
    private func handsOn(_ span: SourceIndex.Span) -> Bool {
        let tokens = index.tokens(span.file)
        return (span.start..<span.end).contains { position in
            let token = tokens[position]
            if Self.handOffs.contains(token.text) { return true }
            guard token.kind == .identifier, position + 1 < span.end else { return false }
            let next = tokens[position + 1].text
            let calls = next == "(" || (next == "?" && position + 2 < span.end && tokens[position + 2].text == "(")
            // Only the type's own property (`onUpdate(…)`, `self.onUpdate?(…)`): `Log.info(…)` is a
            // library's method, whatever properties the project names `info`.
            let own =
                position == 0 || tokens[position - 1].text != "."
                || (position >= 2 && tokens[position - 2].text == "self")
            return calls && own && index.functions(named: token.text, in: nil).isEmpty
                && !index.properties(named: token.text, in: nil).isEmpty
        }
    }

    /// `for await _ in …`: the loop binds nothing.
    static func discardsUpdate(_ tokens: [SwiftToken], forAt start: Int) -> Bool {
        let first = start + 1 < tokens.count && tokens[start + 1].text == "await" ? start + 2 : start + 1
        return first < tokens.count && tokens[first].text == "_"
    }

    /// True when `span`, or a function it calls (`depth` calls down), loops over
    /// `Transaction.unfinished` and finishes in that loop, outside any `if`, `guard` or `switch`
    /// of its function (a `do` block aside).
    private func finishesEveryUnfinished(_ span: SourceIndex.Span, depth: Int, transactionNames: Set<String>) -> Bool {
        let tokens = index.tokens(span.file)
        var open: [Int] = []
        for position in span.start..<span.end where tokens[position].kind != .stringLiteral {
            switch tokens[position].text {
            case "{": open.append(position)
            case "}": _ = open.popLast()
            case "for":
                guard
                    let body = Self.updatesLoopBody(
                        tokens, forAt: position, transactionNames: transactionNames, sequence: "unfinished"),
                    FailedTransactions.mentionsFinish(
                        SourceIndex.Span(file: span.file, start: body.lowerBound, end: body.upperBound), tokens)
                else { continue }
                // Every brace between the function's and the loop opens a `do` block.
                let nested = open.dropFirst().contains { $0 == 0 || tokens[$0 - 1].text != "do" }
                if !nested { return true }
            default: continue
            }
        }
        guard depth > 0 else { return false }
        return calledBodies(span).contains {
            finishesEveryUnfinished($0, depth: depth - 1, transactionNames: transactionNames)
        }
    }

    private func finishes(_ span: SourceIndex.Span, depth: Int) -> Bool {
        let tokens = index.tokens(span.file)
        if FailedTransactions.mentionsFinish(span, tokens) { return true }
        guard depth > 0 else { return false }
        return calledBodies(span).contains { finishes($0, depth: depth - 1) || handsOn($0) }
    }

    /// The bodies of the project's functions that `span` calls, followed by name (and by
    /// argument labels when several share it).
    private func calledBodies(_ span: SourceIndex.Span) -> [SourceIndex.Span] {
        let tokens = index.tokens(span.file)
        var called: [SourceIndex.Span] = []
        for position in span.start..<span.end where tokens[position].kind == .identifier {
            let token = tokens[position]
            let next = position + 1 < span.end ? tokens[position + 1].text : ""
            guard next == "(", !Self.libraryNames.contains(token.text) else { continue }
            // A name many types declare is too common to say which one runs.
            var candidates = index.functions(named: token.text, in: nil)
            if candidates.count > 1 {
                // `handle(updatedTransaction:)` is not `handle(transaction:)`: the labels say which.
                let labels = SourceIndex.callLabels(tokens, open: position + 1)
                let matching = index.functionsBySignature[SourceIndex.signature(token.text, labels)] ?? []
                if !matching.isEmpty { candidates = matching }
            }
            guard candidates.count <= Self.maximumImplementations else { continue }
            for candidate in candidates {
                if let body = index.functions[candidate].body, body != span, !called.contains(body) {
                    called.append(body)
                }
            }
        }
        return called
    }
}
