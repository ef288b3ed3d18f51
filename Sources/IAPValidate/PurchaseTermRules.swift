import IAPDiagnostics
import IAPModel

/// What one purchase gives: how long a non-renewing subscription lasts (`duration`) and how many
/// units a consumable credits (`units`). The App Store tracks neither, so the generated store
/// needs both from the guide.
enum PurchaseTermRules {
    /// The most units one purchase may credit; ten purchases of it still fit any counter.
    static let unitLimit = 1_000_000

    static func check(_ product: Product, into log: inout DiagnosticLog) {
        let id = Diagnostic.quote(product.id.value)
        if let duration = product.duration {
            if product.type != .nonRenewing {
                log.error(
                    "only non-renewing products take a 'duration'; \(id) is \(product.type.rawValue)"
                        + (product.type == .autoRenewable ? " (its length is the subscription's 'period')" : ""),
                    at: duration.location)
            } else if ISODuration(duration.value) == nil {
                log.error(
                    "duration \(Diagnostic.quote(duration.value)) is not an ISO 8601 duration in years, months, weeks or days, such as 'P1Y', 'P3M' or 'P30D'",
                    at: duration.location)
            }
        } else if product.type == .nonRenewing {
            log.error(
                "non-renewing product \(id) needs a 'duration' (such as 'P1Y'): the App Store never ends a non-renewing subscription, so the generated store ends it that long after the purchase",
                at: product.location)
        }
        if let units = product.units {
            if product.type != .consumable {
                log.error(
                    "only consumable products take 'units'; \(id) is \(product.type.rawValue)", at: units.location)
            } else if !(1...unitLimit).contains(units.value) {
                log.error("units must be between 1 and \(unitLimit); it is \(units.value)", at: units.location)
            }
        }
    }

    /// A store that forgets everything at quit loses every consumable unit bought.
    static func checkEntitlementStore(_ workbook: Workbook, into log: inout DiagnosticLog) {
        guard let app = workbook.app, app.entitlementStore == .none else { return }
        let consumables = workbook.products.filter { $0.type == .consumable }
        guard let first = consumables.first else { return }
        let names = consumables.prefix(3).map { Diagnostic.quote($0.id.value) }.joined(separator: ", ")
        log.error(
            "entitlementStore 'none' keeps consumable balances in memory only, so every unit of \(names)\(consumables.count > 3 ? " and others" : "") the customer paid for is lost when the app quits; use 'keychain' or 'userDefaults'",
            at: app.entitlementStoreLocation ?? app.location,
            notes: [.note("the first consumable is defined here", at: first.location)])
    }
}
