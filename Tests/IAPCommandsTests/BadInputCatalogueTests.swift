import Foundation
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

    /// `$OUT` in `args` names a fresh folder on disk for what the command writes; the transcript
    /// writes it as `$OUT` and ends with the files found there after the run, so a case shows
    /// what was written as well as what was said.
    static let outputMarker = "$OUT"

    @Test(arguments: cases)
    func caseGivesItsExactDiagnosticsAndStatus(_ name: String) throws {
        let directory = Self.folder.appendingPathComponent(name)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("iapkit-case-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let written = try String(contentsOf: directory.appendingPathComponent("args"), encoding: .utf8)
        let arguments = written.split(separator: "\n", omittingEmptySubsequences: true).map {
            $0.replacingOccurrences(of: Self.outputMarker, with: output)
        }
        let stdin = (try? Data(contentsOf: directory.appendingPathComponent("stdin"))).map { [UInt8]($0) } ?? []
        let files = try CommandHarness.files(in: directory, excluding: Self.harnessFiles)
        let outcome = CommandHarness.run(arguments, files: files, stdin: stdin)
        var transcript = outcome.transcript.replacingOccurrences(of: output, with: Self.outputMarker)
        if written.contains(Self.outputMarker) {
            let found = (FileManager.default.subpaths(atPath: output) ?? []).sorted()
            transcript += "--- files in $OUT\n" + found.map { $0 + "\n" }.joined()
        }
        Golden.check(transcript, matches: directory.appendingPathComponent("expected"))
    }
}
