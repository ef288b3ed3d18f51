import Foundation
import IAPDiagnostics
import IAPExtract
import IAPModel
import IAPTestSupport
import IAPValidate
import Testing

/// Fixture in, model and diagnostics out: each `Fixtures/NAME.md` is extracted on its own and
/// compared with `Fixtures/NAME.expected` (the model JSON, then the diagnostics).
@Suite struct ExtractionGoldenTests {
    static let folder = TestPaths.tests("IAPExtractTests/Fixtures")

    static var fixtures: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted()
    }

    /// Loads `paths` through the whole extraction stage, validation included, and renders the
    /// outcome as the goldens store it.
    static func outcome(of paths: [String], in fileSystem: MemoryFileSystem) -> String {
        let result = WorkbookLoader(fileSystem: fileSystem).load(paths)
        let diagnostics = DiagnosticLog(result.diagnostics + WorkbookValidator.validate(result.workbook)).sorted
        var text = WorkbookJSON.encode(result.workbook)
        text += "--- diagnostics\n"
        for error in result.inputErrors { text += error.description + "\n" }
        for diagnostic in diagnostics { text += diagnostic.description + "\n" }
        return text
    }

    @Test(arguments: fixtures)
    func fixtureMatchesGolden(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)))
        let fileSystem = MemoryFileSystem([name: bytes])
        let golden = Self.folder.appendingPathComponent(name.replacingOccurrences(of: ".md", with: ".expected"))
        Golden.check(Self.outcome(of: [name], in: fileSystem), matches: golden)
    }

    /// The Workbook shipped with IAPKit, read through its SUMMARY, is a clean guide.
    @Test func workbookMatchesGolden() throws {
        let root = TestPaths.repositoryRoot
        var files: [String: [UInt8]] = [:]
        let workbook = root.appendingPathComponent("Workbook")
        for name in try FileManager.default.contentsOfDirectory(atPath: workbook.path) where name.hasSuffix(".md") {
            files["Workbook/" + name] = try [UInt8](Data(contentsOf: workbook.appendingPathComponent(name)))
        }
        let outcome = Self.outcome(of: ["Workbook"], in: MemoryFileSystem(files))
        Golden.check(outcome, matches: TestPaths.tests("IAPExtractTests/Golden/Workbook.expected"))
        #expect(outcome.hasSuffix("--- diagnostics\n"), "the Workbook must lint clean")
    }
}
