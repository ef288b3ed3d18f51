import IAPModel

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
    }

    public var files: [File]

    public static func files(
        for names: GeneratedNames, storekit: StoreKitVersion, typePrefix: String = "", objectiveC: Bool = false
    ) -> OutputPlan {
        var files: [File] = []
        if storekit != .storeKit1 {
            files += [
                File(
                    template: "StoreKit2/ProductID.swift", path: "\(typePrefix)ProductID.swift", escapesHTML: false,
                    isScaffold: false),
                File(
                    template: "StoreKit2/StoreManager.swift", path: "\(names.manager).swift", escapesHTML: false,
                    isScaffold: false),
                File(
                    template: "StoreKit2/ProductHandlers.swift", path: "\(names.handlerProtocol).swift",
                    escapesHTML: false, isScaffold: false),
                File(
                    template: "StoreKit2/EntitlementStore.swift", path: "\(typePrefix)EntitlementStore.swift",
                    escapesHTML: false,
                    isScaffold: false),
                File(
                    template: "StoreKit2/Configuration.storekit", path: "\(names.storekitFile)", escapesHTML: false,
                    isScaffold: false),
                File(
                    template: "StoreKit2/HandlersScaffold.swift", path: names.scaffoldFile, escapesHTML: false,
                    isScaffold: true),
            ]
        }
        // Objective-C apps get a StoreKit 1 manager as a header and implementation, named apart
        // from the Swift files planned above.
        if objectiveC {
            let name = ObjectiveCSourceContext.className(manager: names.manager, besides: files)
            files += [
                File(template: "ObjectiveC/Manager.h", path: "\(name).h", escapesHTML: false, isScaffold: false),
                File(template: "ObjectiveC/Manager.m", path: "\(name).m", escapesHTML: false, isScaffold: false),
            ]
        }
        return OutputPlan(files: files)
    }
}
