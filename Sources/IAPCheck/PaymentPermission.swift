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
                found.append(ask(at: position, in: file, location: tokens[position].location, used: &used))
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
        return Ask(location: location, wrapper: wrapper.name, isUsed: used[wrapper.name] == true)
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

    /// True when some code outside `body` calls or reads `name`: `client.name()`, `store.name`,
    /// `[store name]`, `name()`; a declaration, a label or an assignment to it does not count.
    private func isUsed(_ name: String, outside body: SourceIndex.Span) -> Bool {
        for (file, scan) in index.scans.enumerated() where scan.mentions(name) {
            let tokens = scan.tokens
            for position in tokens.indices where tokens[position].kind == .identifier && tokens[position].text == name {
                if file == body.file, body.start <= position, position < body.end { continue }
                let previous = position > 0 ? tokens[position - 1].text : ""
                let next = position + 1 < tokens.count ? tokens[position + 1].text : ""
                if ["func", "var", "let", "case"].contains(previous) || next == "=" { continue }
                // A wrapper named after the API (`+ (BOOL)canMakePayments`) is not used by another
                // call of the API itself.
                let receiver = previous == "." && position >= 2 ? tokens[position - 2].text : previous
                if ["SKPaymentQueue", "AppStore"].contains(receiver) { continue }
                if previous == "." { return true }
                if next == "(", previous != ")" { return true }
                if scan.language == .objectiveC, next == "]" || next == ":",
                    position > 0, tokens[position - 1].kind == .identifier || previous == "]"
                {
                    return true
                }
            }
        }
        return false
    }
}
