import IAPDiagnostics
import IAPGenerate
import IAPModel
import Templates
import Testing

@Suite struct NamingCollisionTests {
    static func product(_ id: String, handler: String? = nil, line: Int) -> Product {
        let here = IAPDiagnostics.SourceLocation(file: "g.md", line: line, column: 9)
        return Product(
            id: Located(id, at: here), type: .consumable, referenceName: Located("R", at: here),
            price: Located(1, at: here), clearedForSale: Located(true, at: here),
            handler: handler.map { Located($0, at: here) }, location: here)
    }

    static func generate(_ products: [Product]) -> [Diagnostic] {
        let library = TemplateLibrary(userFolder: nil)
        return Generator.generate(Workbook(products: products), options: GenerationOptions(), templates: library)
            .diagnostics
    }

    @Test func namesThatMeetAfterConversionGetADerivedNameAndAWarning() {
        let diagnostics = Self.generate([Self.product("gem.pack", line: 3), Self.product("gem_pack", line: 9)])
        #expect(
            diagnostics.map(\.description) == [
                "g.md:9:9: warning: product 'gem_pack' would be named 'gemPack' in Swift, like the product defined at line 3; it is named 'gemPackProduct' instead (set 'handler' to choose the name)"
            ])
    }

    @Test func handlersThatMeetAreAnErrorNamingBoth() {
        let diagnostics = Self.generate([
            Self.product("a", handler: "gems", line: 3), Self.product("b", handler: "gems", line: 9),
        ])
        #expect(
            diagnostics.map(\.description) == [
                "g.md:9:9: error: product 'b' would be named 'gems' in Swift, like another product; give one of them another 'handler'\ng.md:3:9: note: the other product is defined here"
            ])
    }

    /// App Store Connect accepts these IDs, so generation must not stop on them.
    @Test(arguments: [
        ("com.example.shop.self", "self", "which Swift reserves", "selfProduct"),
        ("com.example.shop.products", "products", "which the generated store already uses", "productsProduct"),
        ("com.example.shop.default", "default", "which Swift reserves", "defaultProduct"),
        ("com.example.shop.Type", "type", "", ""),
    ])
    func anIDWhoseNameCannotBeUsedGetsASafeOneAndAWarning(id: String, name: String, reason: String, safe: String) {
        let diagnostics = Self.generate(
            [Self.product(id, line: 4)], app: Self.app(manager: "ShopStore", storekit: .storeKit2))
        if safe.isEmpty {
            #expect(diagnostics.isEmpty)
        } else {
            #expect(
                diagnostics == [
                    "g.md:4:9: warning: product '\(id)' would be named '\(name)' in Swift, \(reason); it is named '\(safe)' instead (set 'handler' to choose the name)"
                ])
        }
    }

    @Test func aDerivedNameGivesWayToAChosenOne() {
        let diagnostics = Self.generate(
            [Self.product("com.example.shop.gems", line: 3), Self.product("x", handler: "gems", line: 9)],
            app: Self.app(manager: "ShopStore", storekit: .storeKit2))
        #expect(
            diagnostics == [
                "g.md:3:9: warning: product 'com.example.shop.gems' would be named 'gems' in Swift, like the product defined at line 9; it is named 'gemsProduct' instead (set 'handler' to choose the name)"
            ])
    }

    @Test func aChosenNameTheStoreAlreadyUsesIsAnError() {
        let diagnostics = Self.generate([Self.product("x", handler: "products", line: 4)])
        #expect(
            diagnostics.map(\.description) == [
                "g.md:4:9: error: product 'x' would be named 'products', which the generated store already uses; give it another 'handler'"
            ])
    }

    static func app(manager: String, storekit: StoreKitVersion) -> AppConfiguration {
        let here = IAPDiagnostics.SourceLocation(file: "g.md", line: 2, column: 12)
        return AppConfiguration(
            name: Located("Shop", at: here), bundleID: Located("com.example.shop", at: here),
            manager: Located(manager, at: here), storekit: storekit, location: here)
    }

    static func generate(_ products: [Product], app: AppConfiguration, typePrefix: String = "") -> [String] {
        let library = TemplateLibrary(userFolder: nil)
        let workbook = Workbook(chapters: [], app: app, products: products)
        return Generator.generate(workbook, options: GenerationOptions(typePrefix: typePrefix), templates: library)
            .diagnostics.map(\.description)
    }

    @Test(arguments: StoreKitVersion.allCases)
    func aManagerNamedLikeAGeneratedTypeIsAnError(_ storekit: StoreKitVersion) {
        let diagnostics = Self.generate(
            [Self.product("gems", line: 5)], app: Self.app(manager: "StoreError", storekit: storekit))
        #expect(
            diagnostics == [
                "g.md:2:12: error: manager 'StoreError' gives the store manager the name 'StoreError', which a generated type already has; choose another 'manager' or a type prefix"
            ])
    }

    @Test(arguments: ["AppStore", "Transaction"])
    func aManagerNamedLikeAStoreKitTypeIsAnError(_ manager: String) {
        let diagnostics = Self.generate(
            [Self.product("gems", line: 5)], app: Self.app(manager: manager, storekit: .storeKit2))
        #expect(
            diagnostics == [
                "g.md:2:12: error: manager '\(manager)' gives the store manager the name '\(manager)', which would hide the framework type the generated code uses; choose another 'manager' or app 'name'"
            ])
    }

    /// Without an app block the default name must not be `AppStore`, StoreKit's own type.
    @Test func theDefaultManagerNameHidesNoStoreKitType() {
        #expect(Self.generate([Self.product("gems", line: 5)]).isEmpty)
    }

    @Test func aTypePrefixKeepsTheGeneratedTypesApartFromTheManager() {
        let diagnostics = Self.generate(
            [Self.product("gems", line: 5)], app: Self.app(manager: "StoreError", storekit: .both), typePrefix: "Shop")
        #expect(diagnostics.isEmpty)
    }

    @Test func aProductMayNotTakeTheNameOfAStoreKit1Member() {
        let buy = [Self.product("com.example.shop.x", handler: "buy", line: 7)]
        #expect(Self.generate(buy, app: Self.app(manager: "ShopStore", storekit: .storeKit2)).isEmpty)
        for storekit in [StoreKitVersion.storeKit1, .both] {
            #expect(
                Self.generate(buy, app: Self.app(manager: "ShopStore", storekit: storekit)) == [
                    "g.md:7:9: error: product 'com.example.shop.x' would be named 'buy', which the generated store already uses; give it another 'handler'"
                ])
        }
    }

    @Test func theAppBlocksTypePrefixNamesTheFilesAndTypes() throws {
        var app = Self.app(manager: "StoreError", storekit: .storeKit2)
        app.typePrefix = Located("IAP", at: IAPDiagnostics.SourceLocation(file: "g.md", line: 3, column: 15))
        let library = TemplateLibrary(userFolder: nil)
        let workbook = Workbook(chapters: [], app: app, products: [Self.product("gems", line: 5)])
        let result = Generator.generate(workbook, options: GenerationOptions(), templates: library)
        #expect(result.diagnostics.isEmpty)
        let paths = Set(result.files.map(\.path))
        #expect(paths.isSuperset(of: ["IAPProductID.swift", "IAPStoreTypes.swift", "IAPEntitlementStore.swift"]))
        let types = try #require(result.files.first { $0.path == "IAPStoreTypes.swift" }).contents
        #expect(types.contains("enum IAPStoreError: Error"))
        #expect(types.contains("struct IAPSubscriptionStatus:"))
        #expect(!types.contains("enum StoreError"))
    }

    @Test func aTypePrefixGivenToTheGeneratorWinsOverTheAppBlocks() {
        var app = Self.app(manager: "ShopStore", storekit: .storeKit2)
        app.typePrefix = Located("IAP", at: IAPDiagnostics.SourceLocation(file: "g.md", line: 3, column: 15))
        let library = TemplateLibrary(userFolder: nil)
        let workbook = Workbook(chapters: [], app: app, products: [Self.product("gems", line: 5)])
        let result = Generator.generate(workbook, options: GenerationOptions(typePrefix: "Shop"), templates: library)
        #expect(result.files.contains { $0.path == "ShopProductID.swift" })
    }

    @Test func aBadTypePrefixInTheAppBlockIsRefusedWhereItIsWritten() {
        var app = Self.app(manager: "ShopStore", storekit: .storeKit2)
        app.typePrefix = Located("my prefix", at: IAPDiagnostics.SourceLocation(file: "g.md", line: 3, column: 15))
        let library = TemplateLibrary(userFolder: nil)
        let result = Generator.generate(
            Workbook(chapters: [], app: app), options: GenerationOptions(), templates: library)
        #expect(result.files.isEmpty)
        #expect(
            result.diagnostics.map(\.description) == [
                "g.md:3:15: error: type prefix 'my prefix' is not a Swift type name"
            ])
    }

    @Test func aBadTypePrefixIsRefused() {
        let library = TemplateLibrary(userFolder: nil)
        let result = Generator.generate(Workbook(), options: GenerationOptions(typePrefix: "1 x"), templates: library)
        #expect(result.files.isEmpty)
        #expect(result.diagnostics.map(\.message) == ["type prefix '1 x' is not a Swift type name"])
    }
}
