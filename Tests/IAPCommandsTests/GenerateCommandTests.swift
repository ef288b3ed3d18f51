import Foundation
import IAPExtract
import IAPFileAccess
import Testing

@testable import IAPCommands

/// `iapkit generate` end to end, in memory: the guide, the output folder and every run after
/// the first share one `MemoryDisk`, whose clock moves on at each write, so nothing waits.
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

    static let renamedGuide = guide.replacingOccurrences(of: "displayName: Gems", with: "displayName: Jewels")

    static let generatedNames = [
        ".iapkit-generate", "EntitlementStore.swift", "ProductID.swift", "Shop.storekit", "ShopStore+Handlers.swift",
        "ShopStore+Subscriptions.swift", "ShopStore.swift", "ShopStoreHandling.swift", "StoreTypes.swift",
        "Troubleshooting.md", "ValidationChecklist.md",
    ]

    let output = "Generated"
    let disk = MemoryDisk(texts: ["shop.md": GenerateCommandTests.guide])

    /// Runs `generate shop.md -o Generated` on the disk, after `guide` replaces shop.md.
    func run(_ extra: [String], guide: String? = nil) -> CommandHarness.Outcome {
        if let guide { disk.store(Array(guide.utf8), at: "shop.md") }
        return CommandHarness.run(["generate", "shop.md", "-o", output] + extra, disk: disk)
    }

    func text(_ name: String) -> String? {
        disk.files[output + "/" + name].map { String(decoding: $0, as: UTF8.self) }
    }

    func edit(_ name: String, to text: String) {
        disk.store(Array(text.utf8), at: output + "/" + name)
    }

    /// The names in the output folder, with each file's size and time.
    func statuses() -> [String: FileStatus] {
        var statuses: [String: FileStatus] = [:]
        for name in (try? disk.entries(of: output)) ?? [] { statuses[name] = disk.status(of: output + "/" + name) }
        return statuses
    }

    @Test func writesOnceThenNothing() throws {
        let first = run([])
        #expect(first.status == 0)
        #expect(first.standardOutput.hasSuffix("10 written, 0 unchanged\n"))
        let before = statuses()
        #expect(before.keys.sorted() == Self.generatedNames)
        let second = run([])
        #expect(second.standardOutput == "0 written, 10 unchanged\n")
        #expect(statuses() == before)
    }

    @Test func aChangedGuideOrAnEditedOutputIsNoticed() throws {
        _ = run([])
        let afterGuideChange = run([], guide: Self.renamedGuide)
        #expect(afterGuideChange.standardOutput == "updated: \(output)/Shop.storekit\n1 written, 9 unchanged\n")
        edit("ProductID.swift", to: "// edited by hand\n")
        let afterEdit = run([])
        #expect(afterEdit.standardOutput == "updated: \(output)/ProductID.swift\n1 written, 9 unchanged\n")
        #expect(run([]).standardOutput == "0 written, 10 unchanged\n")
        // A guide saved again unchanged is read and found the same.
        disk.touch("shop.md")
        #expect(run([]).standardOutput == "0 written, 10 unchanged\n")
    }

    @Test func dryRunAndCheckWriteNothing() throws {
        let dryRun = run(["--dry-run"])
        #expect(dryRun.status == 0)
        #expect(dryRun.standardOutput.contains("ProductID.swift: would be created"))
        #expect(disk.kind(of: output) == .missing)
        let stale = run(["--check"])
        #expect(stale.status == 1)
        #expect(stale.standardOutput.contains("stale: \(output)/ShopStore.swift (would be created)"))
        _ = run([])
        let fresh = run(["--check"])
        #expect(fresh == .init(status: 0, standardOutput: "up to date: 10 files\n", standardError: ""))
    }

    @Test func settingsMadeInXcodeSurviveRegenerationAndCheck() throws {
        _ = run([])
        let generated = try #require(text("Shop.storekit"))
        let edited = generated.replacingOccurrences(
            of: "\"_failTransactionsEnabled\" : false",
            with: "\"_askToBuyEnabled\" : true,\n    \"_failTransactionsEnabled\" : true")
        #expect(edited != generated)
        edit("Shop.storekit", to: edited)
        #expect(run(["--check"]).status == 0)
        #expect(run([]).standardOutput == "0 written, 10 unchanged\n")
        #expect(
            run([], guide: Self.renamedGuide).standardOutput
                == "updated: \(output)/Shop.storekit\n1 written, 9 unchanged\n")
        let regenerated = try #require(text("Shop.storekit"))
        #expect(regenerated.contains("\"_askToBuyEnabled\" : true"))
        #expect(regenerated.contains("\"_failTransactionsEnabled\" : true"))
        #expect(regenerated.contains("Jewels"))
    }

    @Test func ticksInTheValidationChecklistSurviveRegeneration() throws {
        _ = run([])
        let original = try #require(text("ValidationChecklist.md"))
        #expect(original.contains("- [ ] Accept the latest license"))
        let ticked = original.replacingOccurrences(
            of: "- [ ] Accept the latest license", with: "- [x] Accept the latest license")
        edit("ValidationChecklist.md", to: ticked)
        let again = run(["--param", "x=1"], guide: Self.renamedGuide)
        #expect(again.status == 0)
        #expect(!again.standardOutput.contains("ValidationChecklist.md"))
        #expect(text("ValidationChecklist.md") == ticked)
    }

    @Test func theTicksOfAChecklistAreReadAsTheGuideReaderReadsThem() throws {
        let checklist = """
            # Validation

            - [x] Agreements signed {#agreements}
            - [X] Cleared for sale {#cleared-for-sale.com.example.pebble.pro}
            - [ ] Not yet {#not-yet}
            * [x] Another bullet {#bullet}
              - [x] Nested {#nested}
            - [x] Ticked without an id

            ```
            - [x] Inside code {#code}
            ```
            """
        #expect(
            GenerateCommand.tickedIDs(in: checklist, file: "ValidationChecklist.md")
                == ["agreements", "cleared-for-sale.com.example.pebble.pro", "bullet", "nested"])
    }

    @Test func theScaffoldIsNeverOverwritten() throws {
        _ = run([])
        edit("ShopStore+Handlers.swift", to: "// mine\n")
        let again = run(["--access-level", "public"])
        #expect(again.standardOutput.contains("updated: \(output)/ProductID.swift"))
        #expect(text("ShopStore+Handlers.swift") == "// mine\n")
        #expect(run(["--check", "--access-level", "public"]).status == 0)
    }

    @Test func userTemplatesReplaceBuiltInOnesFileByFileAndSeeParameters() throws {
        disk.store(
            Array("// {{param.team}}: {{#products}}{{caseName}} {{/products}}\n".utf8),
            at: "templates/StoreKit2/ProductID.swift.mustache")
        let outcome = run(["--templates", "templates", "--param", "team=Payments"])
        #expect(outcome.status == 0)
        #expect(text("ProductID.swift") == "// Payments: gems \n")
        #expect(text("ShopStore.swift")?.contains("final class ShopStore") == true)
        // A changed template is a changed generation.
        disk.store(Array("// {{param.team}}\n".utf8), at: "templates/StoreKit2/ProductID.swift.mustache")
        #expect(run(["--templates", "templates", "--param", "team=Payments"]).standardOutput.contains("1 written"))
        #expect(text("ProductID.swift") == "// Payments\n")
    }

    @Test func aTemplateErrorIsLocatedAndNothingIsWritten() throws {
        disk.store(Array("line one\n  {{unknownName}}\n".utf8), at: "broken/StoreKit2/ProductID.swift.mustache")
        let outcome = run(["--templates", "broken"])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError.contains(
                "broken/StoreKit2/ProductID.swift.mustache:2:3: error: no value named 'unknownName' in the context"))
        #expect(disk.kind(of: output) == .missing)
    }

    @Test func swiftFileWritesTheStoreAsOneFileAndNothingElse() throws {
        let file = output + "/Store.swift"
        let first = CommandHarness.run(["generate", "shop.md", "--swift-file", file], disk: disk)
        #expect(first == .init(status: 0, standardOutput: "created: \(file)\n", standardError: ""))
        let text = try #require(self.text("Store.swift"))
        #expect(text.contains("// MARK: - ShopStore.swift"))
        #expect(!text.contains("ShopStoreEvents"), "the handlers scaffold is the app's own")
        #expect(try disk.entries(of: output) == ["Store.swift"])
        let again = CommandHarness.run(["generate", "shop.md", "--swift-file", file], disk: disk)
        #expect(again.standardOutput == "unchanged: \(file)\n")
        for other in [["-o", output], ["--docs", output], ["--check"]] {
            let mixed = CommandHarness.run(["generate", "shop.md", "--swift-file", file] + other, disk: disk)
            #expect(mixed.status == 2)
            #expect(mixed.standardError.hasPrefix("iapkit generate: error: --swift-file cannot be combined with"))
        }
    }

    @Test func guidesWithErrorsWriteNothing() {
        let outcome = run([], guide: Self.guide.replacingOccurrences(of: "price: 0.99", with: "price: free"))
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError.contains(
                "shop.md:11:12: error: product 'com.example.shop.gems' price: expected a number, found 'free'"))
        #expect(disk.kind(of: output) == .missing)
    }

    @Test func objectiveCAddsTheHeaderAndImplementationAndKeepsTheSwiftFiles() throws {
        let guide = Self.guide.replacingOccurrences(
            of: "bundleID: com.example.shop\n", with: "bundleID: com.example.shop\n  objectiveC: true\n")
        let outcome = run([], guide: guide)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.hasSuffix("12 written, 0 unchanged\n"))
        #expect(statuses().keys.sorted() == (Self.generatedNames + ["ShopStoreObjC.h", "ShopStoreObjC.m"]).sorted())
        #expect(
            text("ShopStoreObjC.h")?.contains("FOUNDATION_EXPORT NSString *const ShopStoreObjCProductGems;") == true)
        #expect(run(["--check"]).status == 0)
    }

    @Test func badParametersAreUsageErrors() {
        #expect(run(["--param", "novalue"]).status == 2)
        #expect(run(["--templates", "/nonexistent/templates"]).status == 2)
        #expect(run(["--access-level", "open"]).status == 2)
    }

    /// A run whose options are the same and whose inputs all have the size and time they had
    /// reads no guide at all; a touched guide is read and hashed, and a changed one regenerates.
    @Test func anUnchangedBookIsNotReadAgain() throws {
        let book = MemoryDisk(texts: [
            "book/SUMMARY.md": "# Summary\n\n- [Shop](shop.md)\n", "book/shop.md": Self.guide,
        ])
        func generate(_ extra: [String] = []) -> (output: String, reads: [String: Int]) {
            let counting = CountingFileSystem(book)
            let outcome = CommandHarness.run(
                ["generate", "book", "-o", output] + extra, fileSystem: counting, outputs: book)
            return (outcome.standardOutput, counting.reads)
        }
        #expect(generate().output.hasSuffix("10 written, 0 unchanged\n"))
        let quiet = generate()
        #expect(quiet.output == "0 written, 10 unchanged\n")
        #expect(quiet.reads.isEmpty)
        // Touched: the same bytes with a new time are read once and found the same.
        book.touch("book/shop.md")
        let looked = generate()
        #expect(looked.output == "0 written, 10 unchanged\n")
        #expect(looked.reads["book/shop.md"] == 1)
        // Other options are another generation, whatever the files say.
        #expect(generate(["--access-level", "public"]).output != "0 written, 10 unchanged\n")
        // Files without sizes and times (a read-only memory) are hashed at every run.
        let timeless = CountingFileSystem(MemoryFileSystem(book.files))
        let outcome = CommandHarness.run(["generate", "book", "-o", output], fileSystem: timeless, outputs: book)
        #expect(outcome.standardOutput.hasSuffix("unchanged\n"))
        #expect(timeless.reads["book/shop.md"] == 1)
    }

    /// A stale `generate` hashes its inputs, finds them changed, and parses them: from one read
    /// of each file, not two.
    @Test func eachInputIsReadOnce() throws {
        disk.store(Array("output: Generated\n".utf8), at: "iapkit.yml")
        let counting = CountingFileSystem(disk)
        let outcome = CommandHarness.run(["generate", "shop.md", "-o", output], fileSystem: counting, outputs: disk)
        #expect(outcome.status == 0)
        #expect(counting.reads["shop.md"] == 1)
        #expect(counting.reads["iapkit.yml"] == 1)
    }
}

/// A file system that counts how often each file is read, over another that holds the files.
final class CountingFileSystem: GuideFileSystem, @unchecked Sendable {
    private let base: any GuideFileSystem
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    init(_ base: any GuideFileSystem) { self.base = base }

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
    func status(of path: String) -> FileStatus? { base.status(of: path) }
}
