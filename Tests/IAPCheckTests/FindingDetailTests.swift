import Foundation
import IAPCheck
import IAPDiagnostics
import IAPModel
import IAPProject
import IAPTestSupport
import Testing

/// Single findings, each made by one change to the clean project or its guide.
@Suite struct FindingDetailTests {
    static func result(_ id: String, files: [String: [UInt8]], workbook: Workbook = Fixture.workbook()) throws
        -> CheckResult?
    {
        let snapshot = try ProjectLoader(fileSystem: MemoryProjectFiles(files: files)).load(".").get()
        return CheckRunner(workbook: workbook, snapshot: snapshot).run().first { $0.id == id }
    }

    static func replacing(_ path: String, _ old: String, with new: String, in files: [String: [UInt8]]) throws
        -> [String: [UInt8]]
    {
        var files = files
        let text = String(decoding: files[path] ?? [], as: UTF8.self)
        #expect(text.contains(old), "\(path) has no \(old)")
        files[path] = Array(text.replacingOccurrences(of: old, with: new).utf8)
        return files
    }

    /// Only a delegate method that touches the interface matters, and only without a hop.
    @Test func delegateCallbacksThatTouchTheInterfaceOffTheMainThreadWarn() throws {
        let touching = try Self.replacing(
            "Pebble/Store.swift", "if !unknown.isEmpty { print(\"Unknown product IDs: \\(unknown)\") }",
            with:
                "if !unknown.isEmpty { print(\"Unknown product IDs: \\(unknown)\") }\n            UIApplication.shared.isIdleTimerDisabled = false",
            in: try Fixture.files("LocalRequest"))
        #expect(try Self.result("main-thread-assumed", files: touching)?.status == .pass)
        let noHop = try Self.replacing("Pebble/Store.swift", "DispatchQueue.main.async {", with: "do {", in: touching)
        let result = try Self.result("main-thread-assumed", files: noHop)
        #expect(result?.status == .warning)
        #expect(result?.evidence.map(\.line) == [27])
        #expect(result?.message.contains("productsRequest(_:didReceive:)") == true)
        // A project's own helper that runs a block on the main queue is a hop too, even when its
        // code is not in the project (a submodule not checked out).
        for helper in ["runOnMainThread {", "PearlMainQueue {"] {
            let helped = try Self.replacing("Pebble/Store.swift", "do {", with: helper, in: noHop)
            #expect(try Self.result("main-thread-assumed", files: helped)?.status == .pass, "\(helper)")
        }
        let checkOnly = try Self.replacing("Pebble/Store.swift", "do {", with: "if Thread.isMainThread {", in: noHop)
        #expect(try Self.result("main-thread-assumed", files: checkOnly)?.status == .warning)
        // A library's type method named like an interface call does its own threading; a view
        // controller's does not.
        for (call, status) in [
            ("SVProgressHUD.dismiss()", CheckStatus.pass), ("controller.dismiss(animated: true)", .warning),
        ] {
            let library = try Self.replacing(
                "Pebble/Store.swift", "UIApplication.shared.isIdleTimerDisabled = false", with: call, in: noHop)
            #expect(try Self.result("main-thread-assumed", files: library)?.status == status, "\(call)")
        }
    }

    @Test func wildcardProvisioningProfileWarns() throws {
        let pbxproj = "Pebble.xcodeproj/project.pbxproj"
        let files = try Self.replacing(
            pbxproj, "CODE_SIGN_ENTITLEMENTS = Pebble/Pebble.entitlements;",
            with:
                "CODE_SIGN_ENTITLEMENTS = Pebble/Pebble.entitlements;\n\t\t\t\tPROVISIONING_PROFILE_SPECIFIER = \"XC Wildcard\";",
            in: try Fixture.files(nil))
        let result = try Self.result("explicit-app-id", files: files)
        #expect(result?.status == .warning)
        #expect(result?.message.contains("XC Wildcard") == true)
        #expect(result?.evidence.first?.file == pbxproj)

        let named = try Self.replacing(pbxproj, "XC Wildcard", with: "Pebble App Store", in: files)
        #expect(try Self.result("explicit-app-id", files: named)?.status == .pass)
    }

    @Test func catalogueRulesFailWithTheGuideLocation() throws {
        var workbook = Fixture.workbook()
        var copy = workbook.products[0]
        copy.location = SourceLocation(file: "guide.md", line: 30, column: 9)
        copy.id = Located(copy.id.value, at: copy.location)
        workbook.products.append(copy)
        workbook.products[1].referenceName = Located(
            String(repeating: "n", count: 65), at: SourceLocation(file: "guide.md", line: 16, column: 20))
        let files = try Fixture.files(nil)
        let duplicate = try Self.result("product-id-duplicate", files: files, workbook: workbook)
        #expect(duplicate?.status == .fail)
        #expect(duplicate?.evidence.map(\.line) == [7, 30])
        let long = try Self.result("reference-name-length", files: files, workbook: workbook)
        #expect(long?.status == .fail)
        #expect(long?.evidence.map(\.description) == ["guide.md:16:20"])

        workbook.products[0].id = Located("com.example.pebble.gems!", at: workbook.products[0].location)
        #expect(try Self.result("product-id-format", files: files, workbook: workbook)?.status == .fail)
        workbook.products[0].id = Located("com.example.pebble.gem-pack", at: workbook.products[0].location)
        #expect(try Self.result("product-id-format", files: files, workbook: workbook)?.status == .warning)
    }

    @Test func listenerStartedByAFunctionThatInitCallsIsAtLaunch() throws {
        let files = try Self.replacing(
            "Pebble/Store.swift", "    var purchasesAllowed",
            with: "    init() { startListening() }\n\n    var purchasesAllowed", in: try Fixture.files("LateListener"))
        #expect(try Self.result("listener-at-launch", files: files)?.status == .pass)
    }

    /// The store behind a protocol, made by a default argument and started through the
    /// protocol: launch reaches the adopter's listener.
    @Test func aListenerBehindAProtocolIsReachedThroughItsAdopter() throws {
        var files = try Fixture.files(nil)
        files["Pebble/Store.swift"] = Array(
            """
            import StoreKit

            protocol PurchaseBackend: AnyObject {
                func listen()
            }

            final class StoreKitBackend: PurchaseBackend {
                private var updates: Task<Void, Never>?

                func listen() {
                    updates = Task {
                        for await update in Transaction.updates {
                            if case .verified(let transaction) = update { await transaction.finish() }
                        }
                    }
                }
            }

            @MainActor
            final class Store {
                static let productIDs: Set<String> = ["com.example.pebble.gems", "com.example.pebble.pro"]
                private let backend: PurchaseBackend

                init(backend: PurchaseBackend = StoreKitBackend()) {
                    self.backend = backend
                    backend.listen()
                }

                var purchasesAllowed: Bool { AppStore.canMakePayments }

                func load() async throws -> [Product] {
                    let products = try await Product.products(for: Self.productIDs)
                    let missing = Self.productIDs.subtracting(products.map { $0.id })
                    if !missing.isEmpty { print("Unknown product IDs: \\(missing.sorted())") }
                    return products
                }

                func restore() async throws {
                    try await AppStore.sync()
                }
            }

            """.utf8)
        let result = try Self.result("listener-at-launch", files: files)
        #expect(result?.status == .pass)
        #expect(result?.message.contains("StoreKitBackend.listen()") == true)
    }

    @Test func storeKit1ObserverAddedInDidFinishLaunchingIsAtLaunch() throws {
        var files = try Fixture.files(nil)
        files["Pebble/Store.swift"] = Array(
            """
            import StoreKit
            import UIKit

            final class AppDelegate: NSObject, UIApplicationDelegate {
                let observer = Observer()

                func application(
                    _ application: UIApplication,
                    didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
                ) -> Bool {
                    SKPaymentQueue.default().add(observer)
                    return true
                }
            }

            """.utf8)
        #expect(try Self.result("listener-at-launch", files: files)?.status == .pass)
        let late = try Self.replacing(
            "Pebble/Store.swift", "didFinishLaunchingWithOptions", with: "continue userActivity", in: files)
        #expect(try Self.result("listener-at-launch", files: late)?.status == .warning)
    }

    @Test func missingCanMakePaymentsWarns() throws {
        let files = try Self.replacing(
            "Pebble/Store.swift", "var purchasesAllowed: Bool { AppStore.canMakePayments }", with: "",
            in: try Fixture.files(nil))
        #expect(try Self.result("can-make-payments", files: files)?.status == .warning)
    }

    /// A Mac app has no Simulator, and a run from Xcode buys in the sandbox: a scheme without a
    /// StoreKit configuration file is worth knowing, not a warning.
    @Test func aMacOnlyAppWithoutAConfigurationFileIsInfo() throws {
        let files = try Fixture.files("NoSchemeConfig")
        #expect(try Self.result("simulator-without-config", files: files)?.status == .warning)
        let mac = try Self.replacing(
            "Pebble.xcodeproj/project.pbxproj", "PRODUCT_BUNDLE_IDENTIFIER = com.example.pebble;",
            with: "PRODUCT_BUNDLE_IDENTIFIER = com.example.pebble; SDKROOT = macosx;", in: files)
        let result = try Self.result("simulator-without-config", files: mac)
        #expect(result?.status == .info)
        #expect(result?.message.hasPrefix("the app builds for macOS only") == true)
    }

    /// StoreKit 2 names the refusal `Product.PurchaseError.purchaseNotAllowed`, StoreKit 1
    /// `SKError.paymentNotAllowed`: a screen that explains either has thought of it.
    @Test func explainingARefusedPurchaseCountsForBothAPIs() throws {
        let without = try Self.replacing(
            "Pebble/Store.swift", "var purchasesAllowed: Bool { AppStore.canMakePayments }", with: "",
            in: try Fixture.files(nil))
        for refusal in ["Product.PurchaseError.purchaseNotAllowed", "SKError.paymentNotAllowed"] {
            var files = without
            files["Pebble/Refusal.swift"] = Array(
                """
                import StoreKit

                let refusedBecausePurchasesAreOff = \(refusal)

                """.utf8)
            #expect(try Self.result("can-make-payments", files: files)?.status == .pass, "\(refusal)")
        }
    }
}

/// Where the loader looks: projects in folders, and sources outside the project's folder.
@Suite struct ProjectDiscoveryTests {
    @Test func synchronisedFolderOutsideTheProjectFolderIsRead() throws {
        var files: [String: [UInt8]] = [:]
        for (path, bytes) in try Fixture.files("TypoID") {
            if path.hasPrefix("Pebble/") {
                files["Shared/" + path.dropFirst("Pebble/".count)] = bytes
            } else {
                files["App/" + path] = bytes
            }
        }
        let pbxproj = "App/Pebble.xcodeproj/project.pbxproj"
        var text = String(decoding: files[pbxproj] ?? [], as: UTF8.self)
        #expect(text.contains("path = Pebble;"))
        text = text.replacingOccurrences(of: "path = Pebble;", with: "path = ../Shared;")
        files[pbxproj] = Array(text.utf8)
        let scheme = "App/Pebble.xcodeproj/xcshareddata/xcschemes/Pebble.xcscheme"
        files = try FindingDetailTests.replacing(scheme, "../../Pebble/", with: "../../../Shared/", in: files)

        let snapshot = try ProjectLoader(fileSystem: MemoryProjectFiles(files: files)).load("App").get()
        #expect(snapshot.sources.map(\.path) == ["Shared/PebbleApp.swift", "Shared/Store.swift"])
        let results = CheckRunner(workbook: Fixture.workbook(), snapshot: snapshot).run()
        let mismatch = results.first { $0.id == "product-id-mismatch" }
        #expect(mismatch?.status == .fail)
        #expect(mismatch?.evidence.first?.file == "Shared/Store.swift")
        #expect(results.first { $0.id == "storekit-config-path" }?.status == .pass)
    }

    @Test func severalProjectsAtTheSameDepthAreAQuestion() throws {
        var files: [String: [UInt8]] = [:]
        for (path, bytes) in try Fixture.files(nil) {
            files[path] = bytes
            if path.hasPrefix("Pebble.xcodeproj/") { files["Demo" + path.dropFirst("Pebble".count)] = bytes }
        }
        let outcome = ProjectLoader(fileSystem: MemoryProjectFiles(files: files)).load(".")
        guard case .failure(let failure) = outcome else {
            Issue.record("two projects side by side were not reported")
            return
        }
        #expect(
            failure.errors.map(\.description) == [
                ".:1:1: error: this folder holds several projects (Demo.xcodeproj, Pebble.xcodeproj); name one with --project"
            ])
        let chosen = try ProjectLoader(fileSystem: MemoryProjectFiles(files: files)).load("Demo.xcodeproj").get()
        #expect(chosen.projectPath == "Demo.xcodeproj")
    }

    /// A broken `project.pbxproj` is not a project: the load fails at its path.
    @Test func aBrokenProjectFileFailsTheLoad() throws {
        var files = try Fixture.files(nil)
        let path = "Pebble.xcodeproj/project.pbxproj"
        files[path] = Array("// !$*UTF8*$!\n{ objects = { A = { isa = ; }; };".utf8)
        let outcome = ProjectLoader(fileSystem: MemoryProjectFiles(files: files)).load(".")
        guard case .failure(let failure) = outcome else {
            Issue.record("broken \(path) was accepted")
            return
        }
        #expect(failure.errors.contains { $0.location.file == path }, "\(failure.errors)")
    }

    /// Every other kind of project file, broken, still leaves a report: the check that reads it
    /// says so at the file's place, and none crashes the loader.
    @Test(arguments: [
        (
            "Pebble.xcodeproj/xcshareddata/xcschemes/Pebble.xcscheme", "<Scheme><LaunchAction>",
            "simulator-without-config"
        ),
        ("Pebble/Pebble.entitlements", "<plist><dict><key>a</key>", "apple-pay-entitlement"),
        ("Pebble/Products.storekit", "{ \"products\": [ }", "storekit-config-schema"),
    ])
    func brokenFilesAreLocatedResults(path: String, content: String, check: String) throws {
        var files = try Fixture.files(nil)
        files[path] = Array(content.utf8)
        let result = try FindingDetailTests.result(check, files: files)
        #expect([.warning, .fail].contains(result?.status), "\(String(describing: result))")
        #expect(result?.evidence.contains { $0.file == path } == true, "\(String(describing: result))")
    }
}

/// A folder tree in memory in which one file exists but cannot be read.
struct OneUnreadableFile: ProjectFileSystem {
    var files: MemoryProjectFiles
    var unreadable: String

    struct Denied: Error {}

    func isDirectory(_ path: String) -> Bool? { files.isDirectory(path) }
    func contents(of path: String) throws -> [UInt8] {
        if path == unreadable { throw Denied() }
        return try files.contents(of: path)
    }
    func entries(of directory: String) throws -> [String] { try files.entries(of: directory) }
}

@Suite struct UnreadableFileTests {
    @Test func anUnreadableSourceIsAWarningOfTheIDCheck() throws {
        let fileSystem = OneUnreadableFile(
            files: MemoryProjectFiles(files: try Fixture.files(nil)), unreadable: "Pebble/Store.swift")
        let snapshot = try ProjectLoader(fileSystem: fileSystem).load(".").get()
        let result = CheckRunner(workbook: Fixture.workbook(), snapshot: snapshot).run().first {
            $0.id == "product-id-mismatch"
        }
        #expect(result?.status == .warning)
        #expect(result?.evidence.map(\.description) == ["Pebble/Store.swift:1:1"])
    }
}

/// The checklist `iapkit generate` writes.
@Suite struct ValidationChecklistTests {
    @Test func checklistWithAProjectGolden() throws {
        let results = try Fixture.results("TypoID")
        let checklist = ValidationChecklist(
            workbook: Fixture.workbook(), results: results,
            ticked: ["agreements", "cleared-for-sale.com.example.pebble.pro"],
            source: "guide.md", projectChecked: true)
        let golden = Fixture.folder.appendingPathComponent("Golden/ValidationChecklist-TypoID.md")
        Golden.check(checklist.markdown, matches: golden)
    }

    @Test func namesWithMarkdownMeaningAreEscaped() {
        var workbook = Fixture.workbook()
        workbook.products[0].referenceName = Located("Gems *x* <b>|", at: workbook.products[0].location)
        let text = ValidationChecklist(
            workbook: workbook, results: CheckRunner(workbook: workbook, snapshot: nil).run(), source: "guide.md",
            projectChecked: false
        ).markdown
        #expect(text.contains("(Gems \\*x\\* \\<b\\>\\|)"))
        #expect(text.contains("No project was given"))
    }
}
