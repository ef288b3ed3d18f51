import Foundation
import IAPMarkdown
import IAPTestSupport
import Testing

/// Each `Dumps/NAME.md` parses to the tree written in `Dumps/NAME.dump`.
@Suite struct TreeDumpTests {
    static let folder = TestPaths.tests("IAPMarkdownTests/Dumps")

    static var fixtures: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted()
    }

    @Test(arguments: fixtures)
    func dumpMatchesGolden(_ name: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        let document = MarkdownDocument(parsing: data, file: name)
        let golden = Self.folder.appendingPathComponent(name.replacingOccurrences(of: ".md", with: ".dump"))
        Golden.check(document.root.treeDump + "\n", matches: golden)
    }

    @Test func everyFixtureHasAGolden() {
        #expect(Self.fixtures.count >= 9)
    }
}
