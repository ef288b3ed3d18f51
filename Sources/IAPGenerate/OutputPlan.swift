import IAPModel
import IAPTemplates

/// The files `iapkit generate` writes, decided by configuration alone: the same guides and
/// options always give the same list, whatever the products are.
public struct OutputPlan: Sendable, Equatable {
    public struct File: Sendable, Equatable {
        /// The template that renders it, such as `StoreKit2/StoreManager.swift`.
        public var template: String
        /// The path below the output folder.
        public var path: String
        /// How values are escaped: Swift and JSON outputs get literals built by the context.
        public var escapesHTML: Bool
        /// Written only when absent: the file belongs to the user from then on.
        public var isScaffold: Bool
        /// Context keys this file sees with other values, such as `manager` for the StoreKit 2
        /// store that sits behind the facade of `storekit: both`.
        public var context: [String: TemplateValue]

        public init(
            template: String, path: String, escapesHTML: Bool = false, isScaffold: Bool = false,
            context: [String: TemplateValue] = [:]
        ) {
            self.template = template
            self.path = path
            self.escapesHTML = escapesHTML
            self.isScaffold = isScaffold
            self.context = context
        }
    }

    public var files: [File]

    public static func files(
        for names: GeneratedNames, storekit: StoreKitVersion, typePrefix: String = "", objectiveC: Bool = false
    ) -> OutputPlan {
        let productID = File(template: "StoreKit2/ProductID.swift", path: "\(typePrefix)ProductID.swift")
        let storeTypes = File(template: "StoreKit2/StoreTypes.swift", path: "\(typePrefix)StoreTypes.swift")
        let entitlementStore = File(
            template: "StoreKit2/EntitlementStore.swift", path: "\(typePrefix)EntitlementStore.swift")
        let configuration = File(template: "StoreKit2/Configuration.storekit", path: names.storekitFile)
        var files: [File]
        switch storekit {
        case .storeKit2, .storeKit1:
            // The two single-API outputs differ only in the folder their store templates live in.
            let folder = storekit == .storeKit2 ? "StoreKit2" : "StoreKit1"
            files = [
                productID, storeTypes,
                File(template: "\(folder)/StoreManager.swift", path: "\(names.manager).swift"),
                File(template: "\(folder)/ProductHandlers.swift", path: "\(names.handlerProtocol).swift"),
                entitlementStore, configuration,
                File(template: "\(folder)/HandlersScaffold.swift", path: names.scaffoldFile, isScaffold: true),
            ]
            if storekit == .storeKit2 {
                // Subscription groups, offers and customer service, beside the store.
                files.insert(
                    File(template: "StoreKit2/StoreSubscriptions.swift", path: "\(names.manager)+Subscriptions.swift"),
                    at: 3)
            }
        case .both:
            // The facade takes the manager's name; the stores behind it get names of their own.
            let storeKit2: [String: TemplateValue] = [
                "manager": .string(names.storeKit2Manager),
                "handlerProtocol": .string(names.storeKit2HandlerProtocol), "storeKit2Availability": true,
            ]
            let storeKit1: [String: TemplateValue] = [
                "manager": .string(names.storeKit1Manager),
                "handlerProtocol": .string(names.storeKit1HandlerProtocol),
            ]
            files = [
                productID, storeTypes,
                File(template: "Facade/Store.swift", path: "\(names.manager).swift"),
                File(template: "Facade/StoreHandlers.swift", path: "\(names.handlerProtocol).swift"),
                File(
                    template: "StoreKit2/StoreManager.swift", path: "\(names.storeKit2Manager).swift",
                    context: storeKit2),
                File(
                    template: "StoreKit2/StoreSubscriptions.swift",
                    path: "\(names.storeKit2Manager)+Subscriptions.swift", context: storeKit2),
                File(
                    template: "StoreKit2/ProductHandlers.swift", path: "\(names.storeKit2HandlerProtocol).swift",
                    context: storeKit2),
                File(
                    template: "StoreKit1/StoreManager.swift", path: "\(names.storeKit1Manager).swift",
                    context: storeKit1),
                File(
                    template: "StoreKit1/ProductHandlers.swift", path: "\(names.storeKit1HandlerProtocol).swift",
                    context: storeKit1),
                entitlementStore, configuration,
                File(template: "Facade/HandlersScaffold.swift", path: names.scaffoldFile, isScaffold: true),
            ]
        }
        // Objective-C apps get a StoreKit 1 manager as a header and implementation, named apart
        // from the Swift files planned above.
        if objectiveC {
            let name = ObjectiveCSourceContext.className(manager: names.manager, besides: files)
            files += [
                File(template: "ObjectiveC/Manager.h", path: "\(name).h"),
                File(template: "ObjectiveC/Manager.m", path: "\(name).m"),
            ]
        }
        return OutputPlan(files: files)
    }
}
