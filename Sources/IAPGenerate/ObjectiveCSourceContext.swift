import IAPModel
import IAPTemplates

/// The context of the Objective-C templates (documented in Templates/README.md): the StoreKit 1
/// manager's class, protocol and constant names, and every literal, all finished here.
enum ObjectiveCSourceContext {
    static func make(
        workbook: Workbook, names: GeneratedNames, className: String, troubleshooting: String,
        sourceDescription: String
    ) -> [String: TemplateValue] {
        let app = workbook.app
        let products = zip(workbook.products, names.products).map { product, productNames -> TemplateValue in
            // Distinct Swift names give distinct C names (see `ObjectiveCNames.identifier`), and
            // `GeneratedNames` has already refused Swift names that meet.
            let base = ObjectiveCNames.identifier(for: productNames.identifier.name)
            return .object([
                "constant": .string(className + "Product" + ObjectiveCNames.capitalized(base)),
                "idLiteral": .string(ObjectiveCNames.stringLiteral(product.id.value)),
                "comment": .string(ObjectiveCNames.commentText(product.referenceName.value)),
                "isDurable": .bool(product.type != .consumable),
                "isAutoRenewable": .bool(product.type == .autoRenewable),
                "hasExpiry": .bool(product.type == .autoRenewable || product.type == .nonRenewing),
                "isPromoted": .bool(product.promoted),
                "hasTerm": .bool(term(of: product) != nil),
                "termYears": .string(String(term(of: product)?.years ?? 0)),
                "termMonths": .string(String(term(of: product)?.months ?? 0)),
                "termDays": .string(String((term(of: product).map { $0.weeks * 7 + $0.days }) ?? 0)),
                "on": .object([
                    "purchased": .string(base + "Purchased"), "renewed": .string(base + "Renewed"),
                    "restored": .string(base + "Restored"), "failed": .string(base + "Failed"),
                    "deferred": .string(base + "Deferred"), "revoked": .string(base + "Revoked"),
                    "expired": .string(base + "Expired"),
                ]),
            ])
        }
        let store = app?.entitlementStore ?? .keychain
        let bundleID = app?.bundleID.value ?? "iapkit"
        return [
            "sourceDescription": .string(ObjectiveCNames.commentText(sourceDescription)),
            "className": .string(className),
            "handlerProtocol": .string(className + "Handling"),
            "headerFile": .string(className + ".h"),
            "notificationName": .string(className + "PurchaseNotification"),
            "productKey": .string(className + "PurchaseProductIdentifierKey"),
            "errorDomain": .string(className + "ErrorDomain"),
            "usesKeychain": .bool(store == .keychain),
            "usesUserDefaults": .bool(store == .userDefaults),
            "usesNone": .bool(store == .none),
            // The Swift store's names for the same things, so the two share one record.
            "recordKeyLiteral": .string(ObjectiveCNames.stringLiteral(bundleID + ".iap.entitlements")),
            "keychainServiceLiteral": .string(ObjectiveCNames.stringLiteral(bundleID + ".iap")),
            "changedNotificationLiteral": .string(
                ObjectiveCNames.stringLiteral(bundleID + ".iap.entitlementsChanged")),
            "deliveriesKeyLiteral": .string(ObjectiveCNames.stringLiteral(bundleID + ".iap.deliveries")),
            "troubleshootingLiteral": .string(ObjectiveCNames.stringLiteral(troubleshooting)),
            "products": .list(products),
        ]
    }

    /// How long one purchase lasts: a subscription's period, a pass's duration.
    static func term(of product: Product) -> ISODuration? {
        switch product.type {
        case .autoRenewable: product.subscription?.period.flatMap { ISODuration($0.value) }
        case .nonRenewing: product.duration.flatMap { ISODuration($0.value) }
        case .consumable, .nonConsumable: nil
        }
    }

    /// The class name for the pair: the manager's name, unless a Swift output in the same folder
    /// already uses it as a file name (Xcode would build both into one `.o`) or C reserves it.
    static func className(manager: String, besides files: [OutputPlan.File]) -> String {
        let name = ObjectiveCNames.identifier(for: manager)
        let stems = Set(files.map { $0.path.split(separator: ".").first.map(String.init) ?? $0.path })
        return stems.contains(name) || ObjectiveCNames.reserved.contains(name) ? name + "ObjC" : name
    }
}
