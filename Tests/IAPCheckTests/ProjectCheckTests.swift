import Foundation
import IAPCheck
import IAPDiagnostics
import IAPModel
import IAPProject
import IAPTestSupport
import Testing

/// Files held in memory, keyed by `/`-separated relative paths.
struct MemoryProjectFiles: ProjectFileSystem {
    var files: [String: [UInt8]]

    struct Missing: Error {}

    func isDirectory(_ path: String) -> Bool? {
        if files[path] != nil { return false }
        if path == "." { return true }
        return files.keys.contains { $0.hasPrefix(path + "/") } ? true : nil
    }

    func contents(of path: String) throws -> [UInt8] {
        guard let bytes = files[path] else { throw Missing() }
        return bytes
    }

    func entries(of directory: String) throws -> [String] {
        let prefix = directory == "." ? "" : directory + "/"
        var names: Set<String> = []
        for key in files.keys where key.hasPrefix(prefix) {
            if let name = key.dropFirst(prefix.count).split(separator: "/").first { names.insert(String(name)) }
        }
        return names.sorted()
    }
}

enum Fixture {
    static let folder = TestPaths.tests("IAPCheckTests/Fixtures")

    /// The clean project with a variant's files laid over it.
    static func files(_ variant: String?) throws -> [String: [UInt8]] {
        var files = try read(folder.appendingPathComponent("Clean"))
        files["guide.md"] = nil
        if let variant { files.merge(try read(folder.appendingPathComponent(variant))) { $1 } }
        return files
    }

    static func read(_ base: URL) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { return files }
        while let relative = enumerator.nextObject() as? String {
            let url = base.appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            files[relative] = try [UInt8](Data(contentsOf: url))
        }
        return files
    }

    /// The guide of `Clean/guide.md`, built by hand.
    static func workbook() -> Workbook {
        let at = SourceLocation(file: "guide.md", line: 1, column: 1)
        func product(_ id: String, line: Int, _ type: ProductType) -> Product {
            let location = SourceLocation(file: "guide.md", line: line, column: 9)
            return Product(
                id: Located(id, at: location), type: type, referenceName: Located(id, at: location), price: nil,
                clearedForSale: Located(true, at: location), location: location)
        }
        return Workbook(
            app: AppConfiguration(
                name: Located("Pebble", at: at), bundleID: Located("com.example.pebble", at: at), location: at),
            products: [
                product("com.example.pebble.gems", line: 7, .consumable),
                product("com.example.pebble.pro", line: 15, .nonConsumable),
            ])
    }

    static func results(_ variant: String?) throws -> [CheckResult] {
        let loader = ProjectLoader(fileSystem: MemoryProjectFiles(files: try files(variant)))
        let snapshot = try loader.load(".").get()
        return CheckRunner(workbook: workbook(), snapshot: snapshot).run()
    }
}

@Suite struct ProjectCheckTests {
    static let variants = [
        "Clean", "DevSuffix", "TypoID", "ConcatenatedID", "NoSchemeConfig", "ShadowedSandbox", "MissingConfigFile",
        "StoreKitGaps", "ApplePay", "LocalRequest", "LateListener", "NoRestore",
        // Shapes of real projects.
        "SettingsScreenStore", "DeepBootstrap", "RootTaskListener", "QueueProperty", "PaymentNotObserver",
        "UnknownID", "MissingSegment", "OldNamingScheme", "AssembledID", "WatchCompanion", "DemoApp",
        "XcconfigDevSuffix", "XcconfigConditional", "EmptyStoreKitFile", "PreprocessedInfoPlist", "StoreKitPerScheme",
        "NetworkRequestCallback", "DelegateTouchesUI", "SchemePathTooDeep", "WidgetSchemeSpringBoard",
        "StoredArrayRequest", "ManualSigning", "ObjectiveCStore", "TestsAndStrays", "GeneratedStore", "NoStoreCode",
        "SwiftyStoreKitStore", "TVAppDelegate", "ProtocolServices", "ObjectiveCProvider", "ReducerLaunchAction",
        "LaunchedController", "FeatureKeyNearID", "UncalledPermissionWrapper", "ApplePayDonations", "FailedNotFinished",
        "WatchOnlyApp", "AdaptorTypedProperty", "ImplicitSharedEnvironment", "ComputedPropertyRequest",
        "ControllerTouchesUI", "MappedKeyPathIDs", "JoinedIDLists", "TestsOnlyScheme", "TapHandlerStore",
        "ChildViewModifierTask", "StoredClosureID", "UnreadPermissionProperty", "RestoreThroughRefresh",
        "ProductViewOnly", "LazyDelegateStore", "RevenueCatPromoDelegate",
    ]

    /// The results that differ from the clean project's: what each fixture is about.
    static let expectedFindings: [String: [String: CheckStatus]] = [
        "Clean": [:],
        "DevSuffix": ["bundle-id-mismatch": .fail],
        "TypoID": ["product-id-mismatch": .fail],
        "ConcatenatedID": ["product-id-mismatch": .warning],
        "NoSchemeConfig": [
            "simulator-without-config": .warning, "storekit-config-path": .info, "storekit-config-missing-ids": .info,
        ],
        "ShadowedSandbox": ["storekit-config-shadows-sandbox": .warning],
        "MissingConfigFile": ["storekit-config-path": .fail, "storekit-config-missing-ids": .info],
        "StoreKitGaps": ["storekit-config-missing-ids": .fail, "storekit-config-schema": .fail],
        "ApplePay": ["apple-pay-entitlement": .warning],
        "LocalRequest": ["request-not-retained": .warning],
        "LateListener": ["listener-at-launch": .warning],
        "NoRestore": ["restore-button": .warning],
        // A store a sub-view creates starts late; a listener two calls from the @main type, or in
        // the root view's .task, starts at launch; so does an observer added to a queue held in
        // a property, while a payment added to the queue is no observer.
        "SettingsScreenStore": ["listener-at-launch": .warning],
        "DeepBootstrap": [:],
        "RootTaskListener": [:],
        "QueueProperty": [:],
        "PaymentNotObserver": ["listener-at-launch": .warning],
        // IDs the catalogue lacks fail however far they are from its IDs; pieces joined at run
        // time warn.
        "UnknownID": ["product-id-mismatch": .fail],
        "MissingSegment": ["product-id-mismatch": .fail],
        "OldNamingScheme": ["product-id-mismatch": .fail],
        "AssembledID": ["product-id-mismatch": .warning],
        // A watch app and a second app are not the app that sells; build settings come from
        // configuration files with #include, $(inherited), conditions and modifiers.
        "WatchCompanion": [:],
        "DemoApp": [:],
        "XcconfigDevSuffix": ["bundle-id-mismatch": .fail],
        "XcconfigConditional": [:],
        // Files that cannot be read, or need the preprocessor, leave the report whole.
        "EmptyStoreKitFile": ["storekit-config-schema": .warning],
        "PreprocessedInfoPlist": [:],
        // Two schemes, two files: a product counts as present when one of them holds it.
        "StoreKitPerScheme": [:],
        // Only StoreKit delegate methods that touch the interface need a hop.
        "NetworkRequestCallback": [:],
        "DelegateTouchesUI": ["main-thread-assumed": .warning],
        "SchemePathTooDeep": ["storekit-config-path": .fail, "storekit-config-missing-ids": .info],
        // A widget run in SpringBoard is not a sandbox run of the app.
        "WidgetSchemeSpringBoard": ["storekit-config-shadows-sandbox": .warning],
        "StoredArrayRequest": [:],
        "ManualSigning": [:],
        "ObjectiveCStore": ["request-not-retained": .warning, "invalid-ids-ignored": .warning],
        // Test targets, files in no target and IAPKit's own generated files are not app code.
        "TestsAndStrays": [:],
        "GeneratedStore": [:],
        "NoStoreCode": [
            "listener-at-launch": .info, "restore-button": .info, "finish-transactions": .info,
            "can-make-payments": .info, "invalid-ids-ignored": .info, "request-not-retained": .info,
            "main-thread-assumed": .info,
        ],
        "SwiftyStoreKitStore": [:],
        // Launch is the selling app's: another app's delegate starts nothing of it, and an
        // initialiser of a framework class is not the project's. It reaches the listener through
        // a protocol's implementations, an Objective-C method by its Swift name, the launch
        // action a reducer handles, a client's closure, and the delegate callbacks of a
        // controller made at launch.
        "TVAppDelegate": ["listener-at-launch": .warning],
        "ProtocolServices": [:],
        "ObjectiveCProvider": [:],
        "ReducerLaunchAction": [:],
        "LaunchedController": [:],
        // A feature key near an ID the code spells exactly is no typo of it.
        "FeatureKeyNearID": [:],
        // canMakePayments inside a wrapper nothing calls asks nothing.
        "UncalledPermissionWrapper": ["can-make-payments": .warning],
        // The Apple Pay key of an app that takes Apple Pay is right.
        "ApplePayDonations": [:],
        // A StoreKit 1 switch whose failed transactions fall into `default: break`.
        "FailedNotFinished": ["finish-transactions": .warning],
        // A watch-only app: the iOS container holds the App Store bundle ID, the code runs in the
        // WatchKit extension, and the schemes run the watch app.
        "WatchOnlyApp": [:],
        // Launch reaches the store through a delegate adaptor typed only on its property, and
        // through `.shared` passed to a parameter whose label names the type.
        "AdaptorTypedProperty": [:],
        "ImplicitSharedEnvironment": [:],
        // A computed property builds a new request on every read: nothing keeps the one started.
        "ComputedPropertyRequest": ["request-not-retained": .warning],
        // A view controller observer that pops itself off its navigation controller, off main.
        "ControllerTouchesUI": ["main-thread-assumed": .warning],
        // IDs picked out of an enum by `allCases.map(\.productID)` are whole IDs, not pieces.
        "MappedKeyPathIDs": [:],
        // Two lists of IDs joined with `+`, and a plan's display title beside its ID.
        "JoinedIDLists": [:],
        // A UI-test scheme runs no app: the only scheme that does runs against local products.
        "TestsOnlyScheme": ["storekit-config-shadows-sandbox": .warning],
        // A store first made by a tap or an alert's handler is not made at launch.
        "TapHandlerStore": ["listener-at-launch": .warning],
        // A view of the first screen applies the modifier whose `.task` listens.
        "ChildViewModifierTask": [:],
        // IDs built by a closure the store is given.
        "StoredClosureID": ["product-id-mismatch": .warning],
        // canMakePayments inside a computed property nothing reads.
        "UnreadPermissionProperty": ["can-make-payments": .warning],
        // A restore button that reads Transaction.currentEntitlements through a refresh.
        "RestoreThroughRefresh": ["restore-button": .warning],
        // Products looked up only by ProductView(id:), whose empty placeholder names nothing.
        "ProductViewOnly": ["invalid-ids-ignored": .warning],
        // A lazy property of the app delegate is made where it is first read: here, a screen.
        "LazyDelegateStore": ["listener-at-launch": .warning],
        // RevenueCat sells; its delegate naming SKProduct is not StoreKit 1 code of the app's. It
        // listens, finishes and restores, but a purchase refused by Screen Time is the app's to
        // explain, and this one never asks.
        "RevenueCatPromoDelegate": [
            "request-not-retained": .info, "main-thread-assumed": .info, "invalid-ids-ignored": .info,
            "finish-transactions": .info, "restore-button": .info, "can-make-payments": .warning,
        ],
    ]

    @Test(arguments: variants) func goldenOutputs(_ variant: String) throws {
        let results = try Fixture.results(variant == "Clean" ? nil : variant)
        let report = CheckReport(results: results)
        let golden = Fixture.folder.appendingPathComponent("Golden")
        Golden.check(report.text, matches: golden.appendingPathComponent("\(variant).txt"))
        Golden.check(report.json, matches: golden.appendingPathComponent("\(variant).json"))
        Golden.check(report.markdown, matches: golden.appendingPathComponent("\(variant).md"))
        Golden.check(report.sarif(toolVersion: "0.0.0"), matches: golden.appendingPathComponent("\(variant).sarif"))
        Golden.check(report.junit, matches: golden.appendingPathComponent("\(variant).xml"))
    }

    /// Each fixture changes one thing of the clean project, and exactly the checks about that
    /// thing change their verdict.
    @Test(arguments: variants) func onlyTheExpectedChecksChange(_ variant: String) throws {
        let clean = try Fixture.results(nil)
        let results = try Fixture.results(variant == "Clean" ? nil : variant)
        var changed: [String: CheckStatus] = [:]
        for (before, after) in zip(clean, results) where before.status != after.status {
            changed[after.id] = after.status
        }
        #expect(changed == Self.expectedFindings[variant], "\(variant)")
    }

    @Test func cleanProjectPassesEveryAutomaticCheck() throws {
        let results = try Fixture.results(nil)
        #expect(!results.contains { $0.status == .fail || $0.status == .warning })
        for result in results where result.definition?.kind != .manual {
            #expect([.pass, .info].contains(result.status), "\(result.id): \(result.message)")
        }
    }

    private func status(_ id: String, _ variant: String) throws -> CheckResult? {
        try Fixture.results(variant).first { $0.id == id }
    }

    @Test func devSuffixFailsWithItsLine() throws {
        let result = try status("bundle-id-mismatch", "DevSuffix")
        #expect(result?.status == .fail)
        #expect(result?.evidence.map(\.description) == ["Pebble.xcodeproj/project.pbxproj:69:5"])
    }

    @Test func typoAndCaseOnlyIDsFail() throws {
        let result = try status("product-id-mismatch", "TypoID")
        #expect(result?.status == .fail)
        #expect(result?.evidence.map(\.line) == [5, 5])
    }

    @Test func schemeProblems() throws {
        #expect(try status("simulator-without-config", "NoSchemeConfig")?.status == .warning)
        #expect(try status("storekit-config-path", "MissingConfigFile")?.status == .fail)
        #expect(try status("storekit-config-missing-ids", "StoreKitGaps")?.status == .fail)
        #expect(try status("storekit-config-schema", "StoreKitGaps")?.status == .fail)
    }

    @Test func entitlementsAndSources() throws {
        #expect(try status("apple-pay-entitlement", "ApplePay")?.status == .warning)
        #expect(try status("request-not-retained", "LocalRequest")?.status == .warning)
        #expect(try status("restore-button", "NoRestore")?.status == .warning)
        #expect(
            try status("listener-at-launch", "LateListener")?.evidence.map(\.description) == [
                "Pebble/Store.swift:10:33", "Pebble/StoreView.swift:10:31",
            ])
        #expect(try status("product-id-mismatch", "ConcatenatedID")?.evidence.map(\.line) == [5, 6, 6, 6])
    }

    @Test func launchPathsNameEveryStep() throws {
        #expect(
            try status("listener-at-launch", "ImplicitSharedEnvironment")?.message
                == "Transaction.updates is listened to from launch: @main PebbleApp → PebbleApp.model → AppEnvironment.shared → Store.init → Transaction.updates"
        )
        #expect(
            try status("listener-at-launch", "AdaptorTypedProperty")?.message
                == "Transaction.updates is listened to from launch: @main PebbleApp → PebbleApp.delegate → AppDelegate.store → Store.init → Transaction.updates"
        )
        let watch = try status("bundle-id-mismatch", "WatchOnlyApp")
        #expect(watch?.status == .pass)
        #expect(watch?.message.hasPrefix("every build configuration of Pebble uses com.example.pebble") == true)
        #expect(try status("request-not-retained", "ComputedPropertyRequest")?.evidence.map(\.line) == [25])
    }

    @Test func invalidInAppPurchaseKeyFails() throws {
        var files = try Fixture.files("ApplePay")
        files["Pebble/Pebble.entitlements"] = Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>com.apple.developer.in-app-purchase</key>
            \t<true/>
            </dict>
            </plist>

            """.utf8)
        let snapshot = try ProjectLoader(fileSystem: MemoryProjectFiles(files: files)).load(".").get()
        let result = CheckRunner(workbook: Fixture.workbook(), snapshot: snapshot).run()
            .first { $0.id == "apple-pay-entitlement" }
        #expect(result?.status == .fail)
        #expect(result?.evidence.first?.line == 4)
        // The plural spelling is invented too (hold-out 32's midtrim).
        let plural = try FindingDetailTests.replacing(
            "Pebble/Pebble.entitlements", "in-app-purchase</key>", with: "in-app-purchases</key>", in: files)
        let pluralSnapshot = try ProjectLoader(fileSystem: MemoryProjectFiles(files: plural)).load(".").get()
        let pluralResult = CheckRunner(workbook: Fixture.workbook(), snapshot: pluralSnapshot).run()
            .first { $0.id == "apple-pay-entitlement" }
        #expect(pluralResult?.status == .fail)
        #expect(pluralResult?.message == "com.apple.developer.in-app-purchases is not a valid entitlement")
    }

    @Test func unreadableInputIsALocatedErrorNotACrash() throws {
        var files = try Fixture.files(nil)
        files["Pebble.xcodeproj/project.pbxproj"] = Array("{ objects = ".utf8)
        let outcome = ProjectLoader(fileSystem: MemoryProjectFiles(files: files)).load(".")
        guard case .failure(let failure) = outcome else {
            Issue.record("a broken project.pbxproj was accepted")
            return
        }
        #expect(failure.errors.first?.location.file == "Pebble.xcodeproj/project.pbxproj")
        let missing = ProjectLoader(fileSystem: MemoryProjectFiles(files: [:])).load("Nowhere")
        #expect((try? missing.get()) == nil)
    }
}

@Suite struct BundleIDInheritanceTests {
    @Test func projectLevelBundleIDIsInheritedByTheTarget() throws {
        var files = try Fixture.files(nil)
        let pbxproj = "Pebble.xcodeproj/project.pbxproj"
        var text = String(decoding: files[pbxproj] ?? [], as: UTF8.self)
        // Move the Debug bundle ID from the target up to the project configuration.
        text = text.replacingOccurrences(
            of: "SDKROOT = iphoneos;", with: "PRODUCT_BUNDLE_IDENTIFIER = com.example.other;")
        if let range = text.range(of: "\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.pebble;\n") {
            text.removeSubrange(range)
        }
        files[pbxproj] = Array(text.utf8)
        let snapshot = try ProjectLoader(fileSystem: MemoryProjectFiles(files: files)).load(".").get()
        let result = CheckRunner(workbook: Fixture.workbook(), snapshot: snapshot).run()
            .first { $0.id == "bundle-id-mismatch" }
        #expect(result?.status == .fail)
        #expect(result?.message.contains("Pebble (Debug) uses com.example.other") == true)
    }
}

@Suite struct ProjectLoaderTests {
    @Test func thirdPartyAndBuildFoldersAreNotScanned() throws {
        var files = try Fixture.files(nil)
        let typo = Array("let id = \"com.example.pebble.gem\"\n".utf8)
        for folder in [".build", "Pods", "DerivedData", "Carthage"] { files["\(folder)/Vendor/Store.swift"] = typo }
        let snapshot = try ProjectLoader(fileSystem: MemoryProjectFiles(files: files)).load(".").get()
        #expect(snapshot.sources.map(\.path) == ["Pebble/PebbleApp.swift", "Pebble/Store.swift"])
        #expect(snapshot.projectPath == "Pebble.xcodeproj")
        #expect(snapshot.project.synchronizedFolders.count == 1)
    }

    @Test func projectFoundInASubfolder() throws {
        var nested: [String: [UInt8]] = [:]
        for (path, bytes) in try Fixture.files(nil) { nested["App/" + path] = bytes }
        let snapshot = try ProjectLoader(fileSystem: MemoryProjectFiles(files: nested)).load(".").get()
        #expect(snapshot.projectPath == "App/Pebble.xcodeproj")
        #expect(snapshot.projectFolder == "App")
        let results = CheckRunner(workbook: Fixture.workbook(), snapshot: snapshot).run()
        #expect(results.first { $0.id == "storekit-config-path" }?.status == .pass)
    }
}

@Suite struct PromotedPurchaseTests {
    @Test func promotedProductsNeedAHandler() throws {
        let snapshot = try ProjectLoader(fileSystem: MemoryProjectFiles(files: try Fixture.files(nil))).load(".").get()
        var workbook = Fixture.workbook()
        #expect(Self.status(workbook, snapshot) == .pass)
        workbook.products[1].promoted = true
        #expect(Self.status(workbook, snapshot) == .warning)
        #expect(Self.status(workbook, nil) == .manual)
    }

    static func status(_ workbook: Workbook, _ snapshot: ProjectSnapshot?) -> CheckStatus? {
        CheckRunner(workbook: workbook, snapshot: snapshot).run().first { $0.id == "promoted-purchases" }?.status
    }
}
