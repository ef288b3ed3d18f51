import Foundation
import IAPDiagnostics
import IAPModel
import IAPTemplates

/// The context of the `.storekit` template: Xcode's StoreKit configuration file. String values
/// arrive as JSON literals (quoted and escaped); IDs Xcode generates are derived from the
/// product IDs, so regenerating gives the same file.
enum StoreKitFileContext {
    static func make(workbook: Workbook) -> [String: TemplateValue] {
        let bundleID = workbook.app?.bundleID.value ?? ""
        let products = workbook.products.filter { $0.type == .consumable || $0.type == .nonConsumable }
        let nonRenewing = workbook.products.filter { $0.type == .nonRenewing }
        let subscriptions = workbook.products.filter { $0.type == .autoRenewable }
        var groupOrder: [String] = []
        for product in subscriptions {
            let group = product.subscription?.group?.value ?? ""
            if !groupOrder.contains(group) { groupOrder.append(group) }
        }
        let groups = groupOrder.map { group -> [String: TemplateValue] in
            let members = subscriptions.filter { ($0.subscription?.group?.value ?? "") == group }
            let groupID = StableID.decimal(for: "group:" + bundleID + ":" + group)
            return [
                "id": .string(groupID),
                "name": .string(json(group)),
                "subscriptions": listed(members.map { subscription($0, groupID: groupID) }),
            ]
        }
        return [
            "identifier": .string(StableID.hex(for: "storekit:" + bundleID)),
            "products": listed(
                products.map { product($0, type: $0.type == .consumable ? "Consumable" : "NonConsumable") }),
            "nonRenewing": listed(nonRenewing.map { product($0, type: "NonRenewingSubscription") }),
            "groups": listed(groups),
        ]
    }

    private static func product(_ product: Product, type: String) -> [String: TemplateValue] {
        [
            "displayPrice": .string(json(price(product.price?.value))),
            "familyShareable": .string(product.familyShareable ? "true" : "false"),
            "internalID": .string(StableID.decimal(for: "product:" + product.id.value)),
            "localizations": listed(product.localizations.map(localization)),
            "productID": .string(json(product.id.value)),
            "referenceName": .string(json(product.referenceName.value)),
            "type": .string(type),
        ]
    }

    private static func subscription(_ product: Product, groupID: String) -> [String: TemplateValue] {
        var fields = self.product(product, type: "RecurringSubscription")
        fields["groupNumber"] = .string(String(product.subscription?.level?.value ?? 1))
        fields["period"] = .string(product.subscription?.period?.value ?? "P1M")
        fields["groupID"] = .string(groupID)
        if let offer = product.subscription?.introductoryOffer {
            let mode: String
            switch offer.mode {
            case .freeTrial: mode = "free"
            case .payAsYouGo: mode = "payAsYouGo"
            case .payUpFront: mode = "payUpFront"
            }
            fields["offer"] = .object([
                "displayPrice": offer.mode == .freeTrial ? .null : .string(json(price(offer.price?.value))),
                "internalID": .string(StableID.decimal(for: "offer:" + product.id.value)),
                "numberOfPeriods": .string(String(offer.periods?.value ?? 1)),
                "paymentMode": .string(mode),
                "period": .string(offer.period.value),
            ])
        } else {
            fields["offer"] = .null
        }
        return fields
    }

    private static func localization(_ localization: Localization) -> [String: TemplateValue] {
        [
            "description": .string(json(localization.description)),
            "displayName": .string(json(localization.displayName)),
            "locale": .string(json(localization.locale.replacingOccurrences(of: "-", with: "_"))),
        ]
    }

    /// Items with a `last` flag, so the template knows where commas go.
    private static func listed(_ items: [[String: TemplateValue]]) -> TemplateValue {
        .list(
            items.enumerated().map { index, item in
                var item = item
                item["last"] = .bool(index == items.count - 1)
                return .object(item)
            })
    }

    /// `2.99` as Xcode writes it: the decimal's plain digits.
    private static func price(_ value: Decimal?) -> String {
        guard let value else { return "0" }
        return NSDecimalNumber(decimal: value).stringValue
    }

    /// A JSON string literal, escaped as JSON requires.
    static func json(_ text: String) -> String { QuotedLiteral.json(text) }
}

/// Identifiers Xcode would make up at random, derived instead from stable text (FNV-1a), so
/// that the generated file does not change from one run to the next.
enum StableID {
    static func hash(_ text: String) -> UInt32 {
        var value: UInt32 = 0x811C_9DC5
        for byte in text.utf8 {
            value ^= UInt32(byte)
            value = value &* 0x0100_0193
        }
        return value
    }

    /// Eight upper-case hex digits, the shape of a `.storekit` file's `identifier`.
    static func hex(for text: String) -> String {
        let digits = String(hash(text), radix: 16, uppercase: true)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// Nine or ten decimal digits, the shape of an `internalID`.
    static func decimal(for text: String) -> String {
        String(UInt64(hash(text)) + 1_000_000_000)
    }
}
