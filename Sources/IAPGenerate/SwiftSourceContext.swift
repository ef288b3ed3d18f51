import IAPModel
import IAPTemplates

/// The context of the Swift templates (documented in Templates/README.md). Every name and
/// literal is computed here; templates only place them.
enum SwiftSourceContext {
    static func make(
        workbook: Workbook, names: GeneratedNames, accessLevel: AccessLevel, troubleshooting: String,
        sourceDescription: String
    ) -> [String: TemplateValue] {
        let app = workbook.app
        let products = zip(workbook.products, names.products).map { product, productNames -> TemplateValue in
            .object([
                "caseName": .string(productNames.identifier.spelling),
                "handler": .string(productNames.identifier.spelling),
                "idLiteral": .string(SwiftNames.stringLiteral(product.id.value)),
                "comment": .string(SwiftNames.commentText(product.referenceName.value)),
                "kind": .string(kindCase(product.type)),
                "isConsumable": .bool(product.type == .consumable),
                "isDurable": .bool(product.type != .consumable),
                "isAutoRenewable": .bool(product.type == .autoRenewable),
                "isNonRenewing": .bool(product.type == .nonRenewing),
                "hasExpiry": .bool(product.type == .autoRenewable || product.type == .nonRenewing),
                // Family Sharing covers non-consumables and auto-renewable subscriptions only.
                "isFamilyShareable": .bool(
                    product.familyShareable && (product.type == .nonConsumable || product.type == .autoRenewable)),
                // Only a subscription can meet every event, so only its switch needs no default.
                "handlesEveryEvent": .bool(product.type == .autoRenewable),
                "isPromoted": .bool(product.promoted),
                "unitsPerPurchase": .string(product.type == .consumable ? String(product.unitsPerPurchase) : "0"),
                "termLiteral": .string(termLiteral(for: product)),
                "groupCase": .string(groupCase(of: product, names: names)),
                "levelLiteral": .string(
                    product.type == .autoRenewable ? String(product.subscription?.level?.value ?? 1) : "nil"),
                "on": .object([
                    "purchased": .string(productNames.purchased), "familyShared": .string(productNames.familyShared),
                    "renewed": .string(productNames.renewed), "restored": .string(productNames.restored),
                    "failed": .string(productNames.failed), "deferred": .string(productNames.deferred),
                    "revoked": .string(productNames.revoked), "expired": .string(productNames.expired),
                ]),
            ])
        }
        let store = app?.entitlementStore ?? .keychain
        let groups = names.groups.map { group -> TemplateValue in
            // Highest level first; products without a level count as level 1.
            let members = zip(workbook.products, names.products).filter {
                $0.0.type == .autoRenewable && $0.0.subscription?.group?.value == group.name
            }.sorted { ($0.0.subscription?.level?.value ?? 1) < ($1.0.subscription?.level?.value ?? 1) }
            return .object([
                "caseName": .string(group.identifier.spelling),
                "handle": .string(group.identifier.spelling),
                "nameLiteral": .string(SwiftNames.stringLiteral(group.name)),
                "comment": .string(SwiftNames.commentText(group.name)),
                "productCases": .string(members.map { "." + $0.1.identifier.spelling }.joined(separator: ", ")),
            ])
        }
        let platforms = PlatformSupport(workbook.app?.platforms ?? [])
        return [
            "groups": .list(groups),
            "hasGroups": .bool(!groups.isEmpty),
            "usesObservation": .bool(platforms.hasObservation),
            "usesCombine": .bool(!platforms.hasObservation),
            "ignored": .string(platforms.hasObservation ? "@ObservationIgnored " : ""),
            "storeKit2AvailabilityAttribute": .string(platforms.storeKit2Attribute),
            "needsStoreKit2Attribute": .bool(!platforms.storeKit2Attribute.isEmpty),
            "storeKit2AvailabilityCheck": .string(platforms.storeKit2Check),
            "sourceDescription": .string(SwiftNames.commentText(sourceDescription)),
            "access": .string(accessLevel == .public ? "public " : ""),
            "manager": .string(names.manager),
            "handlerProtocol": .string(names.handlerProtocol),
            "scaffoldFile": .string(names.scaffoldFile),
            "firstHandler": .string(names.products.first?.identifier.name ?? "product"),
            "firstGroupExample": .string(
                names.groups.first.map { "`store.\($0.identifier.name)`" } ?? "a property of the store named after it"),
            "appNameLiteral": .string(SwiftNames.stringLiteral(app?.name.value ?? "")),
            "bundleIDLiteral": .string(SwiftNames.stringLiteral(app?.bundleID.value ?? "iapkit")),
            "troubleshootingLiteral": .string(SwiftNames.stringLiteral(troubleshooting)),
            "entitlementStoreName": .string(store.rawValue),
            "usesKeychain": .bool(store == .keychain),
            "usesUserDefaults": .bool(store == .userDefaults),
            "usesNone": .bool(store == .none),
            "products": .list(products),
            "promotedIDLiterals": .string(
                workbook.products.filter(\.promoted).map { SwiftNames.stringLiteral($0.id.value) }.joined(
                    separator: ", ")),
            "storeKit2Manager": .string(names.storeKit2Manager),
            "storeKit1Manager": .string(names.storeKit1Manager),
            "storeKit2HandlerProtocol": .string(names.storeKit2HandlerProtocol),
            "storeKit1HandlerProtocol": .string(names.storeKit1HandlerProtocol),
            // Set per file by the output plan for `storekit: both`.
            "storeKit2Availability": false,
        ]
    }

    /// `DateComponents(year: 1)` for a one-year pass or yearly subscription; `nil` for products
    /// without a term, or with one the guide did not give in a form the lint accepts.
    static func termLiteral(for product: Product) -> String {
        let text: String? =
            switch product.type {
            case .nonRenewing: product.duration?.value
            case .autoRenewable: product.subscription?.period?.value
            case .consumable, .nonConsumable: nil
            }
        guard let text, let duration = ISODuration(text) else { return "nil" }
        var parts: [String] = []
        if duration.years > 0 { parts.append("year: \(duration.years)") }
        if duration.months > 0 { parts.append("month: \(duration.months)") }
        if duration.weeks > 0 || duration.days > 0 { parts.append("day: \(duration.weeks * 7 + duration.days)") }
        return "DateComponents(" + parts.joined(separator: ", ") + ")"
    }

    /// `.strideMembership` for a subscription of that group; `nil` for other products.
    static func groupCase(of product: Product, names: GeneratedNames) -> String {
        guard product.type == .autoRenewable, let group = product.subscription?.group?.value,
            let identifier = names.groups.first(where: { $0.name == group })?.identifier
        else { return "nil" }
        return "." + identifier.spelling
    }

    static func kindCase(_ type: ProductType) -> String {
        switch type {
        case .consumable: "consumable"
        case .nonConsumable: "nonConsumable"
        case .autoRenewable: "autoRenewable"
        case .nonRenewing: "nonRenewing"
        }
    }
}
