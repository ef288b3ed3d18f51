import Foundation
import IAPCommands
import IAPTestSupport
import Testing

/// The catalogue of bad inputs: each folder under `BadInputs/` holds the files of one case, an
/// `args` file (one argument per line), optionally a `stdin` file, and `expected`: the exit
/// status and everything the tool printed. No input may crash the tool.
@Suite struct BadInputCatalogueTests {
    static let folder = TestPaths.tests("IAPCommandsTests/BadInputs")
    static let harnessFiles: Set<String> = ["args", "stdin", "expected"]

    static var cases: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func theCatalogueIsLarge() {
        #expect(Self.cases.count >= 30)
    }

    /// `$OUT` in `args` names a fresh folder for what the command writes, in memory with the
    /// case's files; the transcript writes it as `$OUT` and ends with what is found there after
    /// the run, so a case shows what was written as well as what was said.
    static let outputMarker = "$OUT"

    @Test(arguments: cases)
    func caseGivesItsExactDiagnosticsAndStatus(_ name: String) throws {
        let directory = Self.folder.appendingPathComponent(name)
        let output = "/iapkit-case/out"
        let written = try String(contentsOf: directory.appendingPathComponent("args"), encoding: .utf8)
        let arguments = written.split(separator: "\n", omittingEmptySubsequences: true).map {
            $0.replacingOccurrences(of: Self.outputMarker, with: output)
        }
        let stdin = (try? Data(contentsOf: directory.appendingPathComponent("stdin"))).map { [UInt8]($0) } ?? []
        let disk = MemoryDisk(try CommandHarness.files(in: directory, excluding: Self.harnessFiles))
        let outcome = CommandHarness.run(arguments, disk: disk, stdin: stdin)
        var transcript = outcome.transcript.replacingOccurrences(of: output, with: Self.outputMarker)
        if written.contains(Self.outputMarker) {
            transcript += "--- files in $OUT\n" + Self.subpaths(below: output, in: disk).map { $0 + "\n" }.joined()
        }
        Golden.check(transcript, matches: directory.appendingPathComponent("expected"))
    }

    /// The folders and files below `folder`, as `FileManager.subpaths` lists them on a disk.
    static func subpaths(below folder: String, in disk: MemoryDisk) -> [String] {
        var found: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            for name in (try? disk.entries(of: relative.isEmpty ? folder : folder + "/" + relative)) ?? [] {
                let child = relative.isEmpty ? name : relative + "/" + name
                found.append(child)
                if disk.kind(of: folder + "/" + child) == .directory { pending.append(child) }
            }
        }
        return found.sorted()
    }
}
