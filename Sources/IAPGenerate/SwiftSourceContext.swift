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
                "isAutoRenewable": .bool(product.type == .autoRenewable),
                "isPromoted": .bool(product.promoted),
                "on": .object([
                    "purchased": .string(productNames.purchased), "restored": .string(productNames.restored),
                    "failed": .string(productNames.failed), "deferred": .string(productNames.deferred),
                    "revoked": .string(productNames.revoked), "expired": .string(productNames.expired),
                ]),
            ])
        }
        let store = app?.entitlementStore ?? .keychain
        return [
            "sourceDescription": .string(SwiftNames.commentText(sourceDescription)),
            "access": .string(accessLevel == .public ? "public " : ""),
            "manager": .string(names.manager),
            "handlerProtocol": .string(names.handlerProtocol),
            "scaffoldFile": .string(names.scaffoldFile),
            "firstHandler": .string(names.products.first?.identifier.name ?? "product"),
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
            "definesSharedTypes": true,
        ]
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
