import IAPDiagnostics
import IAPGenerate
import IAPModel
import IAPTemplates
import Testing

/// The files `iapkit generate` writes follow from the `storekit` choice alone.
@Suite struct OutputPlanTests {
    static func names(storekit: StoreKitVersion) -> GeneratedNames {
        let here = IAPDiagnostics.SourceLocation(file: "g.md", line: 1, column: 1)
        let app = AppConfiguration(
            name: Located("Shop", at: here), bundleID: Located("com.example.shop", at: here),
            manager: Located("ShopStore", at: here), storekit: storekit, location: here)
        var log = DiagnosticLog()
        let names = GeneratedNames.make(for: Workbook(chapters: [], app: app, products: []), diagnostics: &log)
        #expect(!log.hasErrors)
        return names
    }

    static func plan(_ storekit: StoreKitVersion) -> [String] {
        OutputPlan.files(for: names(storekit: storekit), storekit: storekit).files.map {
            "\($0.template) -> \($0.path)\($0.isScaffold ? " (scaffold)" : "")"
        }
    }

    @Test func storeKit2() {
        #expect(
            Self.plan(.storeKit2) == [
                "StoreKit2/ProductID.swift -> ProductID.swift",
                "StoreKit2/StoreTypes.swift -> StoreTypes.swift",
                "StoreKit2/StoreManager.swift -> ShopStore.swift",
                "StoreKit2/StoreSubscriptions.swift -> ShopStore+Subscriptions.swift",
                "StoreKit2/ProductHandlers.swift -> ShopStoreHandling.swift",
                "StoreKit2/EntitlementStore.swift -> EntitlementStore.swift",
                "StoreKit2/Configuration.storekit -> Shop.storekit",
                "StoreKit2/HandlersScaffold.swift -> ShopStore+Handlers.swift (scaffold)",
            ])
    }

    @Test func storeKit1SharesTheFilesThatUseNoStoreKitAPI() {
        #expect(
            Self.plan(.storeKit1) == [
                "StoreKit2/ProductID.swift -> ProductID.swift",
                "StoreKit2/StoreTypes.swift -> StoreTypes.swift",
                "StoreKit1/StoreManager.swift -> ShopStore.swift",
                "StoreKit1/ProductHandlers.swift -> ShopStoreHandling.swift",
                "StoreKit2/EntitlementStore.swift -> EntitlementStore.swift",
                "StoreKit2/Configuration.storekit -> Shop.storekit",
                "StoreKit1/HandlersScaffold.swift -> ShopStore+Handlers.swift (scaffold)",
            ])
    }

    @Test func bothPutsAFacadeBeforeTwoStores() {
        #expect(
            Self.plan(.both) == [
                "StoreKit2/ProductID.swift -> ProductID.swift",
                "StoreKit2/StoreTypes.swift -> StoreTypes.swift",
                "Facade/Store.swift -> ShopStore.swift",
                "Facade/StoreHandlers.swift -> ShopStoreHandling.swift",
                "StoreKit2/StoreManager.swift -> ShopStoreStoreKit2.swift",
                "StoreKit2/StoreSubscriptions.swift -> ShopStoreStoreKit2+Subscriptions.swift",
                "StoreKit2/ProductHandlers.swift -> ShopStoreStoreKit2Handling.swift",
                "StoreKit1/StoreManager.swift -> ShopStoreStoreKit1.swift",
                "StoreKit1/ProductHandlers.swift -> ShopStoreStoreKit1Handling.swift",
                "StoreKit2/EntitlementStore.swift -> EntitlementStore.swift",
                "StoreKit2/Configuration.storekit -> Shop.storekit",
                "Facade/HandlersScaffold.swift -> ShopStore+Handlers.swift (scaffold)",
            ])
        let files = OutputPlan.files(for: Self.names(storekit: .both), storekit: .both).files
        let storeKit2 = files.first { $0.path == "ShopStoreStoreKit2.swift" }
        #expect(storeKit2?.context["manager"] == .string("ShopStoreStoreKit2"))
        #expect(storeKit2?.context["storeKit2Availability"] == .bool(true))
        let storeKit1 = files.first { $0.path == "ShopStoreStoreKit1.swift" }
        #expect(storeKit1?.context["manager"] == .string("ShopStoreStoreKit1"))
    }

    @Test func theTypePrefixNamesTheSharedFiles() {
        let files = OutputPlan.files(for: Self.names(storekit: .storeKit1), storekit: .storeKit1, typePrefix: "Shop")
        #expect(
            files.files.map(\.path).filter {
                $0.hasPrefix("ShopProductID") || $0.hasPrefix("ShopEntitlement") || $0.hasPrefix("ShopStoreTypes")
            } == ["ShopProductID.swift", "ShopStoreTypes.swift", "ShopEntitlementStore.swift"])
    }
}
