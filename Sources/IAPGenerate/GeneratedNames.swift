import IAPDiagnostics
import IAPModel

/// The Swift names of one generation run, all decided here: the manager's type, its handler
/// protocol, and one identifier per product, checked for collisions.
public struct GeneratedNames: Sendable {
    public struct ProductNames: Sendable {
        /// The enum case and the store's property (`removeAds`).
        public var identifier: SwiftIdentifier
        public var purchased, restored, failed, deferred, revoked, expired: String
    }

    public var manager: String
    public var handlerProtocol: String
    public var scaffoldFile: String
    public var storekitFile: String
    public var products: [ProductNames]

    /// Members of the generated manager; a product property may not take one of these names.
    static let managerMembers: Set<String> = [
        "products", "missingProducts", "ownedProducts", "handler", "entitlements", "canMakePayments",
        "loadProducts", "purchase", "restorePurchases", "refreshEntitlements", "isPurchased", "balance",
        "consume", "process", "complete", "notifyChange", "grantedTransactions", "listeners",
        "objectWillChange", "init", "deinit", "self",
    ]

    public static func make(for workbook: Workbook, diagnostics: inout DiagnosticLog) -> GeneratedNames {
        let app = workbook.app
        let managerName = app?.manager?.value ?? SwiftNames.typeName(for: (app?.name.value ?? "App") + " Store").name
        let fileStem = SwiftNames.typeName(for: app?.name.value ?? "Products").name
        var names = GeneratedNames(
            manager: managerName, handlerProtocol: managerName + "Handling",
            scaffoldFile: managerName + "+Handlers.swift", storekitFile: fileStem + ".storekit", products: [])
        var taken: [String: SourceLocation] = [:]
        for product in workbook.products {
            let source = product.handler?.value ?? product.id.value
            let identifier = SwiftNames.identifier(
                for: source, droppingPrefix: product.handler == nil ? app?.bundleID.value : nil)
            let location = product.handler?.location ?? product.id.location
            if let first = taken[identifier.name] {
                diagnostics.error(
                    "product \(Diagnostic.quote(product.id.value)) would be named '\(identifier.name)' in Swift, like another product; give one of them a 'handler'",
                    at: location, notes: [.note("the other product is defined here", at: first)])
            } else if managerMembers.contains(identifier.name) {
                diagnostics.error(
                    "product \(Diagnostic.quote(product.id.value)) would be named '\(identifier.name)', which the generated store already uses; give it another 'handler'",
                    at: location)
            }
            taken[identifier.name] = taken[identifier.name] ?? location
            let base = identifier.name
            names.products.append(
                ProductNames(
                    identifier: identifier, purchased: base + "Purchased", restored: base + "Restored",
                    failed: base + "Failed", deferred: base + "Deferred", revoked: base + "Revoked",
                    expired: base + "Expired"))
        }
        return names
    }
}
