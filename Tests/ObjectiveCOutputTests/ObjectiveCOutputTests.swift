import Foundation
import IAPDiagnostics
import IAPExtract
import IAPGenerate
import IAPModel
import IAPTestSupport
import Templates
import Testing

/// The Objective-C pair `objectiveC: true` asks for: the same files every time, kept as goldens,
/// and accepted by clang with every warning an error, in debug and release builds, for a
/// friendly catalogue and for hostile ones.
@Suite struct ObjectiveCOutputTests {
    static let folder = TestPaths.tests("ObjectiveCOutputTests")
    static let library = TemplateLibrary(userFolder: nil)
    static let noCompiler = "no clang found beside the Swift toolchain, on PATH or through xcrun"

    static func fixtureWorkbook() throws -> Workbook {
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent("Fixtures/lantern.md")))
        let loaded = WorkbookLoader(fileSystem: MemoryFileSystem(["lantern.md": bytes])).load(["lantern.md"])
        #expect(loaded.diagnostics.isEmpty && loaded.inputErrors.isEmpty)
        return loaded.workbook
    }

    static func generate(_ workbook: Workbook) -> (files: [GeneratedFile], diagnostics: [Diagnostic]) {
        let options = GenerationOptions(
            troubleshooting: "Workbook/troubleshooting.md", sourceDescription: "the guides in Fixtures")
        return Generator.generate(workbook, options: options, templates: library)
    }

    /// Writes the Objective-C files into a fresh folder, hands `body` the implementation file
    /// and removes the folder afterwards, so a test run leaves nothing in the temporary folder.
    static func withWritten(_ files: [GeneratedFile], _ body: (URL) throws -> Void) throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("iapkit-objc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        var implementation: URL?
        for file in files where file.path.hasSuffix(".h") || file.path.hasSuffix(".m") {
            let url = work.appendingPathComponent(file.path)
            try Data(file.contents.utf8).write(to: url)
            if file.path.hasSuffix(".m") { implementation = url }
        }
        try body(try #require(implementation))
    }

    /// Checked twice: `#if DEBUG` hides the logging of unknown identifiers from release builds.
    static func expectCompiles(_ file: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let compiler = try #require(ObjectiveCCompiler.installed)
        for defines in [[], ["DEBUG=1"]] {
            let result = compiler.check(file, defines: defines)
            #expect(
                result.status == 0, "clang \(defines) on \(file.lastPathComponent):\n\(result.output.prefix(4000))",
                sourceLocation: sourceLocation)
        }
    }

    @Test func theFixtureGivesTheGoldenPairBesideTheSwiftFiles() throws {
        let result = Self.generate(try Self.fixtureWorkbook())
        #expect(result.diagnostics.isEmpty)
        // The Swift manager is LanternStore.swift, so the Objective-C class takes another name.
        #expect(
            result.files.map(\.path).filter { !$0.hasSuffix(".swift") && !$0.hasSuffix(".storekit") } == [
                "LanternStoreObjC.h", "LanternStoreObjC.m",
            ])
        for file in result.files where file.path.hasPrefix("LanternStoreObjC.") {
            Golden.check(file.contents, matches: Self.folder.appendingPathComponent("Generated/" + file.path))
        }
    }

    /// An app may run the Objective-C manager beside the Swift store: they save one record in one
    /// place, tell each other of saves, and claim transactions in one list, so that one
    /// transaction is never granted twice. Each name the Swift code builds at run time from the
    /// bundle ID appears, whole, in the Objective-C pair, for every entitlement store.
    @Test(arguments: ["keychain", "userDefaults", "none"])
    func theObjectiveCManagerSharesTheSwiftStoresRecordAndClaims(_ store: String) throws {
        let bytes = try String(contentsOf: Self.folder.appendingPathComponent("Fixtures/lantern.md"), encoding: .utf8)
            .replacingOccurrences(of: "entitlementStore: userDefaults", with: "entitlementStore: \(store)")
            .replacingOccurrences(
                of: "  - id: com.example.lantern.tips.small", with: "  - id: com.example.lantern.fonts.extra"
            )
            .replacingOccurrences(of: "    type: consumable\n", with: "    type: non-consumable\n")
        let loaded = WorkbookLoader(fileSystem: MemoryFileSystem(["lantern.md": Array(bytes.utf8)])).load(["lantern.md"]
        )
        let files = Self.generate(loaded.workbook).files
        let swift =
            try #require(files.first { $0.path == "EntitlementStore.swift" }).contents
            + (try #require(files.first { $0.path == "StoreTypes.swift" }).contents)
        let objectiveC = try #require(files.first { $0.path.hasSuffix(".m") }).contents
        var shared = [".iap.entitlementsChanged", ".iap.deliveries"]
        switch store {
        case "keychain": shared += [".iap\"", "\"entitlements\""]
        case "userDefaults": shared += [".iap.entitlements\""]
        default: break
        }
        for suffix in shared {
            #expect(swift.contains(suffix), "Swift lacks \(suffix)")
            let whole = suffix.hasPrefix(".") ? "com.example.lantern" + suffix : suffix
            #expect(objectiveC.contains(whole.hasSuffix("\"") ? whole : whole + "\""), "Objective-C lacks \(whole)")
        }
        let recordKeys = [
            "entitlements", "deliveredTransactions", "expirationDate", "transactionID", "originalTransactionID",
            "purchaseDate", "isFamilyShared", "isInGracePeriod",
        ]
        for key in recordKeys {
            #expect(swift.contains("var \(key)"), "Swift's record lacks \(key)")
            #expect(objectiveC.contains("@\"\(key)\""), "Objective-C's record lacks \(key)")
        }
    }

    @Test(.enabled(if: ObjectiveCCompiler.installed != nil, "\(noCompiler)"))
    func theFixturePairAndAnAppUsingItCompile() throws {
        try Self.withWritten(Self.generate(try Self.fixtureWorkbook()).files) { implementation in
            try Self.expectCompiles(implementation)
            // An app's own code, written against the header as a person would.
            let app = implementation.deletingLastPathComponent().appendingPathComponent("LanternApp.m")
            try FileManager.default.copyItem(at: Self.folder.appendingPathComponent("Consumer/LanternApp.m"), to: app)
            try Self.expectCompiles(app)
        }
    }

    @Test(.enabled(if: ObjectiveCCompiler.installed != nil, "\(noCompiler)"), arguments: HostileCatalogues.all)
    func hostileCataloguesCompileAndKeepEveryIdentifier(_ catalogue: HostileCatalogue) throws {
        let result = Self.generate(catalogue.workbook)
        // Swift keywords among the IDs give the Swift side other names, with a warning; the
        // Objective-C side keeps every identifier.
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning }, "\(result.diagnostics)")
        try Self.withWritten(result.files) { try Self.expectCompiles($0) }
        let source = try #require(result.files.first { $0.path.hasSuffix(".m") }).contents
        #expect(ObjectiveCLiteralReader.constants(in: source) == catalogue.workbook.products.map(\.id.value))
    }

    /// The check is real: clang refuses a pair with one character broken.
    @Test(.enabled(if: ObjectiveCCompiler.installed != nil, "\(noCompiler)"))
    func aBrokenFileFailsTheCheck() throws {
        var files = Self.generate(try Self.fixtureWorkbook()).files
        let index = try #require(files.firstIndex { $0.path.hasSuffix(".m") })
        let broken = files[index].contents.replacingOccurrences(of: "return YES;", with: "return YES")
        #expect(broken != files[index].contents)
        files[index].contents = broken
        let compiler = try #require(ObjectiveCCompiler.installed)
        try Self.withWritten(files) { implementation in
            let result = compiler.check(implementation)
            #expect(result.status != 0)
            #expect(result.output.contains("error:"))
        }
    }

    #if os(Linux)
        /// The stand-in carries Apple's availability, and the check targets iOS 13 and macOS 13:
        /// newer API used without `@available` fails (`isFamilyShareable` is iOS 14).
        @Test(.enabled(if: ObjectiveCCompiler.installed != nil, "\(noCompiler)"))
        func newerAPIWithoutAnAvailabilityCheckFails() throws {
            let source = """
                #import "LanternStoreObjC.h"

                BOOL LanternCanShare(SKProduct *product);
                BOOL LanternCanShare(SKProduct *product) { return product.isFamilyShareable; }

                """
            try Self.withWritten(Self.generate(try Self.fixtureWorkbook()).files) { implementation in
                let file = implementation.deletingLastPathComponent().appendingPathComponent("Sharing.m")
                try Data(source.utf8).write(to: file)
                let result = try #require(ObjectiveCCompiler.installed).check(file)
                #expect(result.status != 0)
                #expect(result.output.contains("only available on iOS 14.0 or newer"))
            }
        }
    #endif

    @Test func withoutTheKeyNoObjectiveCIsWritten() throws {
        var workbook = try Self.fixtureWorkbook()
        workbook.app?.objectiveC = false
        let paths = Self.generate(workbook).files.map(\.path)
        #expect(!paths.contains { $0.hasSuffix(".h") || $0.hasSuffix(".m") })
    }
}
