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

    @Test(arguments: cases)
    func caseGivesItsExactDiagnosticsAndStatus(_ name: String) throws {
        let directory = Self.folder.appendingPathComponent(name)
        let arguments = try String(contentsOf: directory.appendingPathComponent("args"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let stdin = (try? Data(contentsOf: directory.appendingPathComponent("stdin"))).map { [UInt8]($0) } ?? []
        let files = try CommandHarness.files(in: directory, excluding: Self.harnessFiles)
        let outcome = CommandHarness.run(arguments, files: files, stdin: stdin)
        Golden.check(outcome.transcript, matches: directory.appendingPathComponent("expected"))
    }
}
