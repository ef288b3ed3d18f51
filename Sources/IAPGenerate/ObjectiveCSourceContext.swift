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
                "isPromoted": .bool(product.promoted),
                "on": .object([
                    "purchased": .string(base + "Purchased"), "restored": .string(base + "Restored"),
                    "failed": .string(base + "Failed"), "deferred": .string(base + "Deferred"),
                    "revoked": .string(base + "Revoked"),
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
            "remembersOwnership": .bool(store != .none),
            "ownershipKeyLiteral": .string(ObjectiveCNames.stringLiteral(bundleID + ".iapkit.ownedProducts")),
            "troubleshootingLiteral": .string(ObjectiveCNames.stringLiteral(troubleshooting)),
            "products": .list(products),
        ]
    }

    /// The class name for the pair: the manager's name, unless a Swift output in the same folder
    /// already uses it as a file name (Xcode would build both into one `.o`) or C reserves it.
    static func className(manager: String, besides files: [OutputPlan.File]) -> String {
        let name = ObjectiveCNames.identifier(for: manager)
        let stems = Set(files.map { $0.path.split(separator: ".").first.map(String.init) ?? $0.path })
        return stems.contains(name) || ObjectiveCNames.reserved.contains(name) ? name + "ObjC" : name
    }
}
