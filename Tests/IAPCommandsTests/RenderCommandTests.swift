import Foundation
import IAPCommands
import IAPExtract
import Testing

@Suite struct RenderCommandTests {
    static let guide: [String: [UInt8]] = [
        "Workbook/SUMMARY.md": Array("- [Start](start.md)\n- [Next](next.md)\n".utf8),
        "Workbook/start.md": Array("# Start\n\nGo to [next](next.md#setup) or [nowhere](gone.md).\n".utf8),
        "Workbook/next.md": Array("# Next\n\n## Set up\n\n- [ ] Done {#done}\n".utf8),
    ]

    /// The site's folder, outside the working directory as a temporary folder would be; each
    /// test has its own `MemoryDisk`.
    static func temporaryFolder() -> String { "/elsewhere/site" }

    @Test func brokenLinksAreWarningsAndTheSiteIsWritten() throws {
        let folder = Self.temporaryFolder()
        let disk = MemoryDisk(Self.guide)
        let outcome = CommandHarness.run(["render", "-o", folder], disk: disk)
        #expect(outcome.status == 0)
        #expect(
            outcome.standardError == """
                Workbook/start.md:3:7: warning: link to 'next.md#setup': that chapter has no heading with that anchor
                Workbook/start.md:3:32: warning: link to 'gone.md', which is not a chapter of this book, so the link is not rendered

                """)
        #expect(
            outcome.standardOutput
                == "rendered 2 chapters to \(folder): 6 written, 0 unchanged; 0 errors, 2 warnings\n")
        let index = String(decoding: try #require(disk.files[folder + "/index.html"]), as: UTF8.self)
        #expect(index.contains(#"<a href="next.html#setup">next</a>"#))
        #expect(disk.files[folder + "/next.html"] != nil)
        #expect(disk.files[folder + "/assets/site.js"] != nil)
    }

    @Test func pdfWithoutABrowserSaysWhatToInstallAndKeepsTheSite() {
        let folder = Self.temporaryFolder()
        let disk = MemoryDisk(Self.guide)
        let outcome = CommandHarness.run(["render", "--quiet", "-o", folder, "--pdf", "book.pdf"], disk: disk)
        #expect(outcome.status == 2)
        #expect(
            outcome.standardError.hasSuffix(
                "iapkit render: error: --pdf prints through headless Chromium or Google Chrome, and neither was found; "
                    + "install it (Debian and Ubuntu: apt-get install chromium; macOS: brew install --cask chromium) "
                    + "or name it with CHROMIUM=/path/to/chromium\n"))
        #expect(disk.files[folder + "/print.html"] != nil)
    }

    @Test func pdfIntoAFolderThatIsNotThereIsRefusedBeforeAnythingIsRendered() {
        let folder = Self.temporaryFolder()
        let disk = MemoryDisk(Self.guide)
        let missing = CommandHarness.run(["render", "-o", folder, "--pdf", "handouts/book.pdf"], disk: disk)
        #expect(missing.status == 2)
        #expect(
            missing.standardError
                == "iapkit render: error: cannot print to 'handouts/book.pdf': the folder 'handouts' does not exist\n")
        #expect(disk.kind(of: folder) == .missing)
        disk.store(Array("# Notes\n".utf8), at: "handouts/notes.md")
        let aFolder = CommandHarness.run(["render", "-o", folder, "--pdf", "handouts"], disk: disk)
        #expect(aFolder.status == 2)
        #expect(aFolder.standardError.hasSuffix("cannot print to 'handouts': it is a folder\n"))
        let aFile = CommandHarness.run(["render", "-o", folder, "--pdf", "handouts/notes.md/book.pdf"], disk: disk)
        #expect(
            aFile.standardError.hasSuffix(
                "cannot print to 'handouts/notes.md/book.pdf': 'handouts/notes.md' is not a folder\n"))
    }

    @Test func pdfPrintsThePrintViewOfTheSiteJustWritten() {
        let folder = Self.temporaryFolder()
        let disk = MemoryDisk(Self.guide)
        let printed = LockedPages()
        let output = LockedPages()
        var context = CommandContext(
            fileSystem: disk, readStandardInput: { [] },
            standardOutput: TextSink { output.append($0) }, standardError: TextSink { output.append($0) })
        context.printToPDF = { page, pdf in
            printed.append(page + " -> " + pdf)
            return disk.files[page] != nil ? .success(()) : .failure(.failed("no page"))
        }
        let status = IAPKitTool.run(["render", "-o", folder, "--pdf", "book.pdf"], context: context)
        #expect(status.rawValue == 1 || status.rawValue == 0)
        #expect(printed.all == [folder + "/print.html -> book.pdf"])
        #expect(output.all.joined().contains("printed 2 chapters to book.pdf\n"))
        var broken = context
        broken.printToPDF = { _, _ in .failure(.failed("chromium exited with status 1 and wrote no PDF")) }
        let refused = IAPKitTool.run(["render", "-q", "-o", folder, "--pdf", "book.pdf"], context: broken)
        #expect(refused.rawValue == 2)
        #expect(
            output.all.joined().hasSuffix(
                "iapkit render: error: printing 'book.pdf' failed: chromium exited with status 1 and wrote no PDF\n"))
    }

    @Test func strictTurnsBrokenLinksIntoErrors() {
        let folder = Self.temporaryFolder()
        let disk = MemoryDisk(Self.guide)
        let outcome = CommandHarness.run(["render", "--strict", "--quiet", "-o", folder], disk: disk)
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.contains("Workbook/start.md:3:32: error: link to 'gone.md'"))
    }

    @Test func aSecondRunWritesNothing() {
        let folder = Self.temporaryFolder()
        let disk = MemoryDisk(Self.guide)
        _ = CommandHarness.run(["render", "-o", folder], disk: disk)
        let again = CommandHarness.run(["render", "-o", folder], disk: disk)
        #expect(again.standardOutput.contains(": 0 written, 6 unchanged;"))
    }

    @Test func theSiteFolderComesFromTheProjectConfiguration() {
        let folder = Self.temporaryFolder()
        let disk = MemoryDisk(Self.guide)
        disk.store(Array("site: \(folder)\n".utf8), at: "iapkit.yml")
        // A temporary folder is outside the working directory: the file may name it only when
        // the command line allows it.
        let refused = CommandHarness.run(["render", "--quiet"], disk: disk)
        #expect(refused.status == 2)
        #expect(
            refused.standardError.hasPrefix(
                "iapkit.yml:1:7: error: 'site' names '\(folder)', which is outside the working directory; "
                    + "pass --allow-outside-paths if that is meant\n"))
        #expect(disk.kind(of: folder) == .missing)
        let outcome = CommandHarness.run(["render", "--quiet", "--allow-outside-paths"], disk: disk)
        #expect(outcome.status == 0)
        #expect(disk.files[folder + "/index.html"] != nil)
    }

    @Test func standardInputIsAUsageError() {
        let outcome = CommandHarness.run(["render", "-"], files: [:])
        #expect(outcome.status == 2)
    }

    @Test func imagesBesideTheGuidesAreCopiedAndMissingOnesReported() throws {
        let folder = Self.temporaryFolder()
        let disk = MemoryDisk([
            "docs/guide.md": Array(
                "# Guide\n\n![flow](images/flow.png)\n\n![gone](images/gone.png)\n![up](../up.png)\n".utf8),
            "docs/images/flow.png": [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
            "up.png": [1],
        ])
        let outcome = CommandHarness.run(["render", "docs/guide.md", "-o", folder], disk: disk)
        #expect(outcome.status == 0)
        #expect(
            outcome.standardError == """
                docs/guide.md:5:1: warning: image 'docs/images/gone.png' does not exist
                docs/guide.md:6:1: warning: image '../up.png' is outside the book's folder and is not copied into the site

                """)
        #expect(disk.files[folder + "/images/flow.png"] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let page = String(decoding: try #require(disk.files[folder + "/index.html"]), as: UTF8.self)
        #expect(page.contains(#"<img src="images/flow.png" alt="flow">"#))
    }

    @Test func progressIsShownOnATerminalForLargeBooksUnlessQuiet() {
        var files: [String: [UInt8]] = [:]
        var summary = ""
        for number in 1...12 {
            summary += "- [Chapter \(number)](c\(number).md)\n"
            files["Book/c\(number).md"] = Array("# Chapter \(number)\n".utf8)
        }
        files["Book/SUMMARY.md"] = Array(summary.utf8)
        let folder = Self.temporaryFolder()
        let disk = MemoryDisk(files)
        let shown = CommandHarness.run(["render", "Book", "-o", folder], disk: disk, terminal: true)
        #expect(shown.standardError.contains("\rrendering 1/12 chapters"))
        #expect(shown.standardError.hasSuffix("\rrendering 12/12 chapters\n"))
        let piped = CommandHarness.run(["render", "Book", "-o", folder], disk: disk)
        #expect(piped.standardError.isEmpty)
        let quiet = CommandHarness.run(["render", "Book", "-o", folder, "--quiet"], disk: disk, terminal: true)
        #expect(quiet.standardError.isEmpty)
        #expect(quiet.standardOutput.isEmpty)
    }
}

/// Text gathered from the sinks and printers of a run, which may call them from any thread.
final class LockedPages: @unchecked Sendable {
    private let lock = NSLock()
    private var pieces: [String] = []

    func append(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        pieces.append(text)
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return pieces
    }
}
