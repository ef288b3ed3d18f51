import Foundation
import Testing

@testable import IAPCommands

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What sits in an output folder is as untrusted as the guides: a planted symbolic link is
/// replaced, never written through; a linked folder is refused before anything is written; a
/// run that cannot write every file writes none; a killed run's temporary files are swept; and
/// two runs take turns.
@Suite struct OutputSafetyTests {
    static func temporaryFolder() -> String {
        NSTemporaryDirectory() + "iapkit-safety-\(UUID().uuidString)"
    }

    static func entries(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test func aLinkPlantedAtAFileNameIsReplacedAndItsTargetLeftAlone() throws {
        let folder = Self.temporaryFolder()
        let victim = folder + "-victim"
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: victim)
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
        try FileManager.default.createSymbolicLink(atPath: folder + "/index.html", withDestinationPath: victim)
        let writer = OutputWriter(directory: folder)
        // A link is not the file it points to: the page must be written.
        #expect(writer.change(path: "index.html", pieces: [Array("page".utf8)[...]]) == .create)
        try writer.open(creating: true, holder: "test") { _ in }
        try writer.prepare(["index.html"])
        try writer.write(path: "index.html", bytes: Array("page".utf8))
        writer.close()
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
        let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/index.html")
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(try String(contentsOfFile: folder + "/index.html", encoding: .utf8) == "page")
    }

    @Test func aLinkedFolderInsideTheOutputIsRefusedBeforeAnythingIsWritten() throws {
        let folder = Self.temporaryFolder()
        let elsewhere = folder + "-elsewhere"
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: elsewhere)
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/assets", withDestinationPath: elsewhere)
        let writer = OutputWriter(directory: folder)
        try writer.open(creating: true, holder: "test") { _ in }
        defer { writer.close() }
        #expect {
            try writer.prepare(["index.html", "images/a.png", "assets/site.css"])
        } throws: { error in
            (error as? OutputWriter.WriteError)?.reason.contains("symbolic link") == true
        }
        #expect(Self.entries(elsewhere).isEmpty)
        #expect(Self.entries(folder) == [".iapkit-lock", "assets"])
    }

    @Test func namesTooLongForTheSystemAreFoundBeforeTheFirstWrite() {
        let long = String(repeating: "a", count: 252) + ".html"
        let problems = OutputPathRules.problems(
            ["index.html", long, "ok/\(long)", "../up.html", "a//b"], under: "site")
        let cut = String(long.prefix(40)) + "…"
        #expect(problems.map(\.path) == ["site/" + cut, "site/ok/" + cut, "site/../up.html", "site/a//b"])
        #expect(problems[0].reason.contains("257 bytes long; file names may have at most 255"))
        let clash = OutputPathRules.problems(["a", "a/b.html"], under: "")
        #expect(clash.map(\.description) == ["cannot write 'a': it would be both a file and a folder"])
    }

    @Test func temporaryFilesOfKilledRunsAreSweptByTheNextRun() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        for name in [
            "sub/.iapkit-tmp-0123456789abcdef", ".iapkit-tmp-fedcba9876543210", ".index.html.iapkit-4242",
            ".iapkit-tmp-notours", "keep.txt",
        ] {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data([1])))
        }
        let writer = try OutputWriterTests.preparedWriter(folder, for: ["index.html", "sub/page.html"])
        writer.close()
        #expect(Self.entries(folder) == [".iapkit-tmp-notours", "keep.txt", "sub"])
        #expect(Self.entries(folder + "/sub").isEmpty)
        #expect(OutputWriter.isTemporaryName(".iapkit-tmp-0123456789abcdef"))
        #expect(!OutputWriter.isTemporaryName(".iapkit-tmp-0123456789abcdeg"))
        #expect(!OutputWriter.isTemporaryName(".iapkit-1234"))
        #expect(OutputWriter.isTemporaryName(".page.html.iapkit-1234"))
        #expect(!OutputWriter.isTemporaryName(".page.html.iapkit-"))
        #expect(!OutputWriter.isTemporaryName("page.html.iapkit-1234"))
        #expect(!OutputWriter.isTemporaryName(".iapkit-generate"))
    }

    /// A generate killed while it held the folder leaves `.iapkit-lock`; the next generate,
    /// whose stamp says nothing changed, still takes the full path and removes it.
    @Test func anUnchangedGenerateAfterAKilledRunClearsItsLock() throws {
        let scratch = Scratch()
        #expect(CommandHarness.runOnDisk(["init", "--path", scratch.path("book")]).status == 0)
        let generate = ["generate", scratch.path("book/Guides"), "-o", scratch.path("out")]
        #expect(CommandHarness.runOnDisk(generate).status == 0)
        #expect(FileManager.default.createFile(atPath: scratch.path("out/.iapkit-lock"), contents: Data()))
        let again = CommandHarness.runOnDisk(generate)
        #expect(again.status == 0)
        #expect(again.standardOutput.hasSuffix("0 written, 10 unchanged\n"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("out/.iapkit-lock")))
    }

    @Test func writesLeaveNoTemporaryFileAndTemporaryNamesDiffer() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let writer = try OutputWriterTests.preparedWriter(folder, for: ["a.txt"])
        for round in 0..<20 { try writer.write(path: "a.txt", bytes: Array("round \(round)".utf8)) }
        writer.close()
        #expect(Self.entries(folder) == ["a.txt"])
        #expect(try String(contentsOfFile: folder + "/a.txt", encoding: .utf8) == "round 19")
    }

    /// The lock is the system's: a second writer of the same folder waits, is told who holds
    /// it, and goes on once the first lets go; the lock file is gone after both.
    @Test func aSecondRunWaitsForTheFirstAndIsToldWhoHoldsTheFolder() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = OutputWriter(directory: folder)
        try first.open(creating: true, holder: "iapkit render") { _ in Issue.record("the first run waited") }
        let told = SharedValue<[String]>([])
        let opened = SharedValue(false)
        let finished = DispatchSemaphore(value: 0)
        let waiting = DispatchSemaphore(value: 0)
        // A thread of its own: waiting for the lock blocks it.
        Thread {
            let writer = OutputWriter(directory: folder)
            do {
                try writer.open(creating: true, holder: "iapkit generate") { holder in
                    told.withLock { $0.append(holder) }
                    waiting.signal()
                }
                opened.withLock { $0 = true }
            } catch {
                Issue.record("the second run could not open the folder: \(error)")
            }
            writer.close()
            finished.signal()
        }.start()
        // It is told whom it waits for, then blocks until the first run lets go.
        #expect(waiting.wait(timeout: .now() + 10) == .success)
        #expect(opened.withLock { $0 } == false)
        #expect(told.withLock { $0 } == ["process \(getpid()) (iapkit render)"])
        first.close()
        #expect(finished.wait(timeout: .now() + 10) == .success)
        #expect(opened.withLock { $0 })
        #expect(Self.entries(folder).isEmpty)
    }
}

/// A value shared between a test and the threads it starts.
final class SharedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
