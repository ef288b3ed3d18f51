import IAPDiagnostics
import IAPModel

/// Handler names become Swift properties (`store.removeAds`): each must be an identifier, and
/// two products may not share one.
enum HandlerRules {
    static func check(_ products: [Product], into log: inout DiagnosticLog) {
        var seen: [String: Located<String>] = [:]
        for product in products {
            guard let handler = product.handler else { continue }
            if !SwiftIdentifier.isValid(handler.value) {
                log.error(
                    "handler \(Diagnostic.quote(handler.value)) is not a Swift identifier; use letters, digits and '_', not starting with a digit",
                    at: handler.location)
                continue
            }
            if let first = seen[handler.value] {
                log.error(
                    "handler \(Diagnostic.quote(handler.value)) is used by two products",
                    at: handler.location, notes: [.note("first used here", at: first.location)])
            }
            seen[handler.value] = handler
        }
    }
}
