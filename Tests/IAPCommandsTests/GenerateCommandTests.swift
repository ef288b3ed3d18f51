import Foundation
import IAPCommands
import IAPExtract
import IAPFileAccess
import Testing

/// `iapkit generate` end to end: guides in memory, output in a temporary folder.
@Suite struct GenerateCommandTests {
    static let guide = """
        # Shop

        ```yaml iap
        app:
          name: Shop
          bundleID: com.example.shop
        products:
          - id: com.example.shop.gems
            type: consumable
            referenceName: Gems
            price: 0.99
            localizations:
              en-US: {displayName: Gems, description: Shiny}
        ```
        """

    let output: String
    let files: [String: [UInt8]]

    init() throws {
        output =
            FileManager.default.temporaryDirectory.appendingPathComponent("iapkit-generate-\(UUID().uuidString)").path
        files = ["shop.md": Array(Self.guide.utf8)]
    }

    func run(_ extra: [String], files: [String: [UInt8]]? = nil) -> CommandHarness.Outcome {
        CommandHarness.run(["generate", "shop.md", "-o", output] + extra, files: files ?? self.files)
    }

    func modificationDates() throws -> [String: Date] {
        var dates: [String: Date] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: output) {
            let attributes = try FileManager.default.attributesOfItem(atPath: output + "/" + name)
            dates[name] = attributes[.modificationDate] as? Date
        }
        return dates
    }

    @Test func writesOnceThenNothing() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let first = run([])
        #expect(first.status == 0)
        #expect(first.standardOutput.hasSuffix("10 written, 0 unchanged\n"))
        let before = try modificationDates()
        #expect(
            before.keys.sorted() == [
                ".iapkit-generate", "EntitlementStore.swift", "ProductID.swift", "Shop.storekit",
                "ShopStore+Handlers.swift", "ShopStore+Subscriptions.swift", "ShopStore.swift",
                "ShopStoreHandling.swift", "StoreTypes.swift", "Troubleshooting.md", "ValidationChecklist.md",
            ])
        Thread.sleep(forTimeInterval: 0.05)
        let second = run([])
        #expect(second.standardOutput == "0 written, 10 unchanged\n")
        #expect(try modificationDates() == before)
    }

    @Test func aChangedGuideOrAnEditedOutputIsNoticed() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        _ = run([])
        let renamed = [
            "shop.md": Array(Self.guide.replacingOccurrences(of: "displayName: Gems", with: "displayName: Jewels").utf8)
        ]
        let afterGuideChange = run([], files: renamed)
        #expect(afterGuideChange.standardOutput == "updated: \(output)/Shop.storekit\n1 written, 9 unchanged\n")
        try Data("// edited by hand\n".utf8).write(to: URL(fileURLWithPath: output + "/ProductID.swift"))
        let afterEdit = run([], files: renamed)
        #expect(afterEdit.standardOutput == "updated: \(output)/ProductID.swift\n1 written, 9 unchanged\n")
        #expect(run([], files: renamed).standardOutput == "0 written, 10 unchanged\n")
    }

    @Test func dryRunAndCheckWriteNothing() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let dryRun = run(["--dry-run"])
        #expect(dryRun.status == 0)
        #expect(dryRun.standardOutput.contains("ProductID.swift: would be created"))
        #expect(!FileManager.default.fileExists(atPath: output))
        let stale = run(["--check"])
        #expect(stale.status == 1)
        #expect(stale.standardOutput.contains("stale: \(output)/ShopStore.swift (would be created)"))
        _ = run([])
        let fresh = run(["--check"])
        #expect(fresh == .init(status: 0, standardOutput: "up to date: 10 files\n", standardError: ""))
    }

    @Test func settingsMadeInXcodeSurviveRegenerationAndCheck() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        _ = run([])
        let path = output + "/Shop.storekit"
        let generated = try String(contentsOfFile: path, encoding: .utf8)
        let edited = generated.replacingOccurrences(
            of: "\"_failTransactionsEnabled\" : false",
            with: "\"_askToBuyEnabled\" : true,\n    \"_failTransactionsEnabled\" : true")
        #expect(edited != generated)
        try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
        #expect(run(["--check"]).status == 0)
        #expect(run([]).standardOutput == "0 written, 10 unchanged\n")
        let renamed = [
            "shop.md": Array(Self.guide.replacingOccurrences(of: "displayName: Gems", with: "displayName: Jewels").utf8)
        ]
        #expect(run([], files: renamed).standardOutput == "updated: \(output)/Shop.storekit\n1 written, 9 unchanged\n")
        let regenerated = try String(contentsOfFile: path, encoding: .utf8)
        #expect(regenerated.contains("\"_askToBuyEnabled\" : true"))
        #expect(regenerated.contains("\"_failTransactionsEnabled\" : true"))
        #expect(regenerated.contains("Jewels"))
    }

    @Test func ticksInTheValidationChecklistSurviveRegeneration() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        _ = run([])
        let path = output + "/ValidationChecklist.md"
        let original = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
        #expect(original.contains("- [ ] Accept the latest license"))
        let ticked = original.replacingOccurrences(
            of: "- [ ] Accept the latest license", with: "- [x] Accept the latest license")
        try Data(ticked.utf8).write(to: URL(fileURLWithPath: path))
        let renamed = [
            "shop.md": Array(Self.guide.replacingOccurrences(of: "displayName: Gems", with: "displayName: Jewels").utf8)
        ]
        let again = run(["--param", "x=1"], files: renamed)
        #expect(again.status == 0)
        #expect(!again.standardOutput.contains("ValidationChecklist.md"))
        let kept = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
        #expect(kept == ticked)
    }

    @Test func theScaffoldIsNeverOverwritten() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        _ = run([])
        let scaffold = output + "/ShopStore+Handlers.swift"
        try Data("// mine\n".utf8).write(to: URL(fileURLWithPath: scaffold))
        let again = run(["--access-level", "public"])
        #expect(again.standardOutput.contains("updated: \(output)/ProductID.swift"))
        #expect(
            String(decoding: FileManager.default.contents(atPath: scaffold) ?? Data(), as: UTF8.self) == "// mine\n")
        #expect(run(["--check", "--access-level", "public"]).status == 0)
    }

    @Test func userTemplatesReplaceBuiltInOnesFileByFileAndSeeParameters() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let templates = output + "-templates"
        defer { try? FileManager.default.removeItem(atPath: templates) }
        try FileManager.default.createDirectory(atPath: templates + "/StoreKit2", withIntermediateDirectories: true)
        try Data("// {{param.team}}: {{#products}}{{caseName}} {{/products}}\n".utf8)
            .write(to: URL(fileURLWithPath: templates + "/StoreKit2/ProductID.swift.mustache"))
        let outcome = run(["--templates", templates, "--param", "team=Payments"])
        #expect(outcome.status == 0)
        let productID = String(
            decoding: FileManager.default.contents(atPath: output + "/ProductID.swift") ?? Data(), as: UTF8.self)
        #expect(productID == "// Payments: gems \n")
        let manager = String(
            decoding: FileManager.default.contents(atPath: output + "/ShopStore.swift") ?? Data(), as: UTF8.self)
        #expect(manager.contains("final class ShopStore"))
    }

    @Test func aTemplateErrorIsLocatedAndNothingIsWritten() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let templates = output + "-broken"
        defer { try? FileManager.default.removeItem(atPath: templates) }
        try FileManager.default.createDirectory(atPath: templates + "/StoreKit2", withIntermediateDirectories: true)
        try Data("line one\n  {{unknownName}}\n".utf8)
            .write(to: URL(fileURLWithPath: templates + "/StoreKit2/ProductID.swift.mustache"))
        let outcome = run(["--templates", templates])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError.contains(
                "StoreKit2/ProductID.swift.mustache:2:3: error: no value named 'unknownName' in the context"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func swiftFileWritesTheStoreAsOneFileAndNothingElse() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let file = output + "/Store.swift"
        let first = CommandHarness.run(["generate", "shop.md", "--swift-file", file], files: files)
        #expect(first == .init(status: 0, standardOutput: "created: \(file)\n", standardError: ""))
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("// MARK: - ShopStore.swift"))
        #expect(!text.contains("ShopStoreEvents"), "the handlers scaffold is the app's own")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output) == ["Store.swift"])
        let again = CommandHarness.run(["generate", "shop.md", "--swift-file", file], files: files)
        #expect(again.standardOutput == "unchanged: \(file)\n")
        for other in [["-o", output], ["--docs", output], ["--check"]] {
            let mixed = CommandHarness.run(["generate", "shop.md", "--swift-file", file] + other, files: files)
            #expect(mixed.status == 2)
            #expect(mixed.standardError.hasPrefix("iapkit generate: error: --swift-file cannot be combined with"))
        }
    }

    @Test func guidesWithErrorsWriteNothing() {
        let broken = ["shop.md": Array(Self.guide.replacingOccurrences(of: "price: 0.99", with: "price: free").utf8)]
        let outcome = run([], files: broken)
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError.contains(
                "shop.md:11:12: error: product 'com.example.shop.gems' price: expected a number, found 'free'"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func objectiveCAddsTheHeaderAndImplementationAndKeepsTheSwiftFiles() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let guide = Self.guide.replacingOccurrences(
            of: "bundleID: com.example.shop\n", with: "bundleID: com.example.shop\n  objectiveC: true\n")
        let outcome = run([], files: ["shop.md": Array(guide.utf8)])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.hasSuffix("12 written, 0 unchanged\n"))
        #expect(
            try modificationDates().keys.sorted() == [
                ".iapkit-generate", "EntitlementStore.swift", "ProductID.swift", "Shop.storekit",
                "ShopStore+Handlers.swift", "ShopStore+Subscriptions.swift", "ShopStore.swift",
                "ShopStoreHandling.swift", "ShopStoreObjC.h", "ShopStoreObjC.m", "StoreTypes.swift",
                "Troubleshooting.md", "ValidationChecklist.md",
            ])
        let header = try String(contentsOfFile: output + "/ShopStoreObjC.h", encoding: .utf8)
        #expect(header.contains("FOUNDATION_EXPORT NSString *const ShopStoreObjCProductGems;"))
        #expect(run(["--check"], files: ["shop.md": Array(guide.utf8)]).status == 0)
    }

    @Test func badParametersAreUsageErrors() {
        #expect(run(["--param", "novalue"]).status == 2)
        #expect(run(["--templates", "/nonexistent/templates"]).status == 2)
        #expect(run(["--access-level", "open"]).status == 2)
    }

    /// A run whose options are the same and whose inputs all have the size and time they had
    /// reads no guide at all; a touched guide is read and hashed, and a changed one regenerates.
    @Test func anUnchangedBookIsNotReadAgain() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let summary = "# Summary\n\n- [Shop](shop.md)\n"
        let memory = MemoryFileSystem(["book/SUMMARY.md": Array(summary.utf8), "book/shop.md": files["shop.md"]!])
        let statuses = [
            "book/SUMMARY.md": FileStatus(size: 30, modified: 1), "book/shop.md": FileStatus(size: 300, modified: 1),
        ]
        func generate(_ fileSystem: CountingFileSystem) -> (status: IAPCommands.ExitStatus, output: String) {
            let printed = Printed()
            let context = CommandContext(
                fileSystem: fileSystem, readStandardInput: { [] }, standardOutput: TextSink { printed.add($0) },
                standardError: TextSink { _ in })
            return (IAPKitTool.run(["generate", "book", "-o", output], context: context), printed.text)
        }
        #expect(generate(CountingFileSystem(memory, statuses: statuses)).status == .success)
        let quiet = CountingFileSystem(memory, statuses: statuses)
        #expect(generate(quiet).output == "0 written, 10 unchanged\n")
        #expect(quiet.reads.isEmpty)
        // Touched: the same bytes with a new time are read once and found the same.
        var touched = statuses
        touched["book/shop.md"] = FileStatus(size: 300, modified: 2)
        let looked = CountingFileSystem(memory, statuses: touched)
        #expect(generate(looked).output == "0 written, 10 unchanged\n")
        #expect(looked.reads["book/shop.md"] == 1)
        // Without sizes and times (memory alone), every run hashes the guides.
        let timeless = CountingFileSystem(memory)
        #expect(generate(timeless).output == "0 written, 10 unchanged\n")
        #expect(timeless.reads["book/shop.md"] == 1)
        // Other options are another generation, whatever the files say.
        let printed = Printed()
        let context = CommandContext(
            fileSystem: CountingFileSystem(memory, statuses: statuses), readStandardInput: { [] },
            standardOutput: TextSink { printed.add($0) }, standardError: TextSink { _ in })
        _ = IAPKitTool.run(["generate", "book", "-o", output, "--access-level", "public"], context: context)
        #expect(printed.text != "0 written, 10 unchanged\n")
    }

    /// A stale `generate` hashes its inputs, finds them changed, and parses them: from one read
    /// of each file, not two.
    @Test func eachInputIsReadOnce() throws {
        defer { try? FileManager.default.removeItem(atPath: output) }
        let counting = CountingFileSystem(
            MemoryFileSystem(files.merging(["iapkit.yml": Array("output: Generated\n".utf8)]) { $1 }))
        let context = CommandContext(
            fileSystem: counting, readStandardInput: { [] }, standardOutput: TextSink { _ in },
            standardError: TextSink { _ in })
        let status = IAPKitTool.run(["generate", "shop.md", "-o", output], context: context)
        #expect(status == .success)
        #expect(counting.reads["shop.md"] == 1)
        #expect(counting.reads["iapkit.yml"] == 1)
    }
}

/// What a command printed, collected across the sink's calls.
final class Printed: @unchecked Sendable {
    private let lock = NSLock()
    private var collected = ""

    func add(_ text: String) {
        lock.lock()
        collected += text
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }
}

/// A file system that counts how often each file is read. Given `statuses`, its files have
/// sizes and times, as on a disk, and a test changes them to stand for an edit or a touch.
final class CountingFileSystem: GuideFileSystem, @unchecked Sendable {
    private let base: MemoryFileSystem
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    var statuses: [String: FileStatus]?

    init(_ base: MemoryFileSystem, statuses: [String: FileStatus]? = nil) {
        self.base = base
        self.statuses = statuses
    }

    func status(of path: String) -> FileStatus? { statuses?[path] }

    var reads: [String: Int] {
        lock.lock()
        defer { lock.unlock() }
        return counts
    }

    func contents(of path: String) throws -> [UInt8] {
        lock.lock()
        counts[path, default: 0] += 1
        lock.unlock()
        return try base.contents(of: path)
    }

    func kind(of path: String) -> GuidePathKind { base.kind(of: path) }
    func entries(of directory: String) throws -> [String] { try base.entries(of: directory) }
}
