import Foundation
import IAPCommands
import IAPExtract
import IAPFileAccess
import IAPTestSupport
import Testing

/// `iapkit tangle` in memory: the guide and the folder it writes share one `MemoryDisk`. What
/// only a disk has (symbolic links, the Workbook's own files) is tried on the disk.
@Suite struct TangleCommandTests {
    static let guide = """
        # Paywall

        The store's configuration comes first.

        ```swift file=Sources/Store/Paywall.swift
        enum Paywall {
            static let title = "Go further"
        ```

        Then the rest of the type, explained on its own.

        ```swift file=Sources/Store/Paywall.swift
            static let footnote = "Cancel any time"
        }
        ```

        ```json file=Resources/offer.json
        {"offer": "intro"}
        ```

        ```swift
        // No file: never written.
        ```
        """

    let folder = "Tangled"
    let disk = MemoryDisk()
    /// A folder on the disk, for the tests that need one.
    let diskFolder =
        FileManager.default.temporaryDirectory.appendingPathComponent("iapkit-tangle-\(UUID().uuidString)").path

    func run(_ extra: [String], guide: String = Self.guide) -> CommandHarness.Outcome {
        disk.store(Array(guide.utf8), at: "paywall.md")
        return CommandHarness.run(["tangle", "paywall.md", "-o", folder] + extra, disk: disk)
    }

    /// The guide in memory, the folder on the disk.
    func runWritingToDisk(_ extra: [String] = []) -> CommandHarness.Outcome {
        CommandHarness.run(
            ["tangle", "paywall.md", "-o", diskFolder] + extra,
            fileSystem: MemoryFileSystem(["paywall.md": Array(Self.guide.utf8)]), outputs: DiskOutputs())
    }

    func text(_ path: String) -> String? {
        disk.files[folder + "/" + path].map { String(decoding: $0, as: UTF8.self) }
    }

    func write(_ path: String, _ text: String) {
        disk.store(Array(text.utf8), at: folder + "/" + path)
    }

    @Test func writesEachNamedFileWithItsBlocksJoinedInBookOrderThenNothing() throws {
        let first = run([])
        #expect(first.status == 0, "\(first.transcript)")
        #expect(first.standardOutput.hasSuffix("2 written, 0 unchanged\n"))
        #expect(
            text("Sources/Store/Paywall.swift")
                == "enum Paywall {\n    static let title = \"Go further\"\n    static let footnote = \"Cancel any time\"\n}\n"
        )
        #expect(text("Resources/offer.json") == "{\"offer\": \"intro\"}\n")
        #expect(disk.files(below: folder) == [".iapkit-tangle", "Resources/offer.json", "Sources/Store/Paywall.swift"])
        // The manifest is what `sha256sum` would print for the files.
        let paywall = try #require(text("Sources/Store/Paywall.swift"))
        let offer = try #require(text("Resources/offer.json"))
        #expect(
            text(".iapkit-tangle")
                == "\(SHA256.hex(Array(offer.utf8)))  Resources/offer.json\n"
                + "\(SHA256.hex(Array(paywall.utf8)))  Sources/Store/Paywall.swift\n")
        let written = disk.status(of: folder + "/Sources/Store/Paywall.swift")
        let second = run([])
        #expect(second.standardOutput == "0 written, 2 unchanged\n")
        #expect(disk.status(of: folder + "/Sources/Store/Paywall.swift") == written)
    }

    @Test func checkWritesNothingAndFailsOnlyWhenAFileWouldChange() throws {
        let missing = run(["--check"])
        #expect(missing.status == 1)
        #expect(
            missing.standardOutput.contains("paywall.md:5:1: stale: '\(folder)/Sources/Store/Paywall.swift' missing"))
        #expect(disk.kind(of: folder) == .missing)
        #expect(run([]).status == 0)
        let clean = run(["--check"])
        #expect(clean.status == 0)
        #expect(clean.standardOutput == "up to date: 2 files\n")
        let edited = Self.guide.replacingOccurrences(of: "Go further", with: "Go further still")
        let stale = run(["--check"], guide: edited)
        #expect(stale.status == 1)
        #expect(stale.standardOutput.contains("Paywall.swift' differs from its block (would be updated)"))
        #expect(text("Sources/Store/Paywall.swift")?.contains("Go further still") == false)
    }

    @Test func aFileChangedByHandIsNotOverwrittenUnlessForced() throws {
        #expect(run([]).status == 0)
        write("Sources/Store/Paywall.swift", "// my own version\n")
        let edited = Self.guide.replacingOccurrences(of: "intro", with: "winback")
        let refused = run([], guide: edited)
        #expect(refused.status == 1)
        #expect(
            refused.standardError.contains(
                "paywall.md:5:1: error: not overwriting '\(folder)/Sources/Store/Paywall.swift': it was changed by hand since the last tangle"
            ))
        #expect(refused.standardError.hasSuffix("iapkit tangle: nothing written\n"))
        // Nothing at all is written, not even the file that tangle may replace.
        #expect(text("Sources/Store/Paywall.swift") == "// my own version\n")
        #expect(text("Resources/offer.json") == "{\"offer\": \"intro\"}\n")
        #expect(run(["--check"], guide: edited).standardOutput.contains("changed by hand since the last tangle"))
        let forced = run(["--force"], guide: edited)
        #expect(forced.status == 0)
        #expect(text("Sources/Store/Paywall.swift")?.hasPrefix("enum Paywall {") == true)
        #expect(text("Resources/offer.json") == "{\"offer\": \"winback\"}\n")
    }

    @Test func aFileTangleNeverWroteIsNotOverwritten() throws {
        write("Resources/offer.json", "{\"offer\": \"mine\"}\n")
        let refused = run([])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("offer.json': it exists and was not written by tangle"))
        #expect(disk.kind(of: folder + "/Sources") == .missing)
        // The same bytes as the block are simply taken over.
        write("Resources/offer.json", "{\"offer\": \"intro\"}\n")
        let taken = run([])
        #expect(taken.status == 0)
        #expect(taken.standardOutput.hasSuffix("1 written, 1 unchanged\n"))
    }

    @Test func aFileNoBlockNamesAnyMoreIsRemovedUnlessChangedByHand() throws {
        #expect(run([]).status == 0)
        let withoutOffer = Self.guide.replacingOccurrences(of: "json file=Resources/offer.json", with: "json")
        let removed = run([], guide: withoutOffer)
        #expect(removed.status == 0)
        #expect(removed.standardOutput.contains("removed: \(folder)/Resources/offer.json (no block names it now)"))
        #expect(text("Resources/offer.json") == nil)
        #expect(text(".iapkit-tangle")?.contains("offer.json") == false)

        #expect(run([]).status == 0)
        write("Resources/offer.json", "{\"offer\": \"kept\"}\n")
        let kept = run([], guide: withoutOffer)
        #expect(kept.status == 0)
        #expect(
            kept.standardError.contains(
                "kept '\(folder)/Resources/offer.json': no block names it now, and it was changed by hand"))
        #expect(text("Resources/offer.json") == "{\"offer\": \"kept\"}\n")
        // It is the user's file now: the next run says nothing about it.
        #expect(run([], guide: withoutOffer).standardError.isEmpty)
    }

    @Test func pathsThatLeaveTheFolderAreLocatedErrorsAndNothingIsWritten() throws {
        let guide = """
            # Escape

            ```swift file=../outside.swift
            let a = 1
            ```

            ```swift file=/tmp/absolute.swift
            let b = 2
            ```

            ```swift file=Sources/./Store.swift
            let c = 3
            ```
            """
        let outcome = run([], guide: guide)
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("paywall.md:3:1: error: file='../outside.swift' must not climb out"))
        #expect(
            outcome.standardError.contains("paywall.md:7:1: error: file='/tmp/absolute.swift' must be a path relative"))
        #expect(
            outcome.standardError.contains(
                "paywall.md:11:1: error: file='Sources/./Store.swift' has an empty or '.' part"))
        #expect(disk.kind(of: folder) == .missing)
        // lint says the same, before anyone runs tangle.
        let lint = CommandHarness.run(["lint", "paywall.md"], files: ["paywall.md": Array(guide.utf8)])
        #expect(lint.status == 1)
        #expect(lint.standardOutput.contains("paywall.md:3:1: error: file='../outside.swift'"))
    }

    @Test func aSymbolicLinkInsideTheFolderIsNeverWrittenThrough() throws {
        let outside = diskFolder + "-outside"
        defer {
            try? FileManager.default.removeItem(atPath: diskFolder)
            try? FileManager.default.removeItem(atPath: outside)
        }
        try FileManager.default.createDirectory(atPath: diskFolder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: diskFolder + "/Sources", withDestinationPath: outside)
        let outcome = runWritingToDisk()
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("it is a symbolic link; files are never written through one"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
    }

    @Test func aPlantedManifestCannotRemoveAFileOutsideTheFolder() throws {
        let outside = diskFolder + "-victim.swift"
        defer {
            try? FileManager.default.removeItem(atPath: diskFolder)
            try? FileManager.default.removeItem(atPath: outside)
        }
        try FileManager.default.createDirectory(atPath: diskFolder, withIntermediateDirectories: true)
        let victim = "let precious = true\n"
        try Data(victim.utf8).write(to: URL(fileURLWithPath: outside))
        let name = (outside as NSString).lastPathComponent
        try Data("\(SHA256.hex(Array(victim.utf8)))  ../\(name)\n".utf8)
            .write(to: URL(fileURLWithPath: diskFolder + "/.iapkit-tangle"))
        #expect(runWritingToDisk().status == 0)
        #expect(FileManager.default.contents(atPath: outside) == Data(victim.utf8))
    }

    @Test func theFolderComesFromIapkitYmlWhenNotGiven() throws {
        disk.store(Array(Self.guide.utf8), at: "paywall.md")
        disk.store(Array("tangle: /elsewhere/\(folder)\n".utf8), at: "iapkit.yml")
        let outcome = CommandHarness.run(["tangle", "paywall.md"], disk: disk)
        // An absolute folder outside the working directory must be allowed explicitly.
        #expect(outcome.status == 2, "\(outcome.transcript)")
        let allowed = CommandHarness.run(["tangle", "paywall.md", "--allow-outside-paths"], disk: disk)
        #expect(allowed.status == 0, "\(allowed.transcript)")
        #expect(disk.files["/elsewhere/\(folder)/Resources/offer.json"] != nil)
    }

    @Test func checkAndForceTogetherAreAUsageMistake() {
        let outcome = run(["--check", "--force"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("iapkit tangle: error: --check and --force cannot be combined"))
    }

    /// The Workbook itself, from disk: every sample becomes a file, and a second look finds it
    /// up to date.
    @Test func theWorkbookTanglesAndThenChecksClean() throws {
        let folder = diskFolder
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let workbook = TestPaths.repositoryRoot.appendingPathComponent("Workbook").path
        let first = CommandHarness.runOnDisk(["tangle", workbook, "-o", folder])
        #expect(first.status == 0, "\(first.transcript)")
        #expect(first.standardOutput.contains("created: \(folder)/Stride/Store/PurchaseState.swift"))
        #expect(first.standardOutput.hasSuffix(" written, 0 unchanged\n"))
        let check = CommandHarness.runOnDisk(["tangle", workbook, "-o", folder, "--check"])
        #expect(check.status == 0, "\(check.transcript)")
        #expect(check.standardOutput.hasPrefix("up to date: "))
    }
}
