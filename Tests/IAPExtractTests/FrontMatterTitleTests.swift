import IAPDiagnostics
import IAPExtract
import IAPTestSupport
import Testing

/// A chapter written for a site generator is titled as that site would title it.
@Suite struct FrontMatterTitleTests {
    private func load(_ files: [String: String], _ paths: [String] = ["page.md"]) -> WorkbookLoader.Result {
        WorkbookLoader(fileSystem: MemoryFileSystem(texts: files)).load(paths)
    }

    @Test func theYAMLTitleNamesTheChapterBeforeItsFirstHeading() {
        let result = load(["page.md": "---\ntitle: 'Selling the Pro unlock'\n---\n\n## Create the product\n"])
        #expect(result.workbook.chapters.map(\.title) == ["Selling the Pro unlock"])
        #expect(result.workbook.chapters.first?.sections.map(\.title) == ["Create the product"])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func theTOMLTitleIsReadWithItsEscapes() {
        let result = load([
            "page.md": "+++\ndate = 2026-01-02\ntitle = \"Selling \\\"Pro\\\" \\u00E0 la carte\"\n+++\nText.\n"
        ])
        #expect(result.workbook.chapters.map(\.title) == ["Selling \"Pro\" à la carte"])
    }

    @Test func aTOMLTitleInsideATableIsNotThePagesTitle() {
        let result = load(["page.md": "+++\n[author]\ntitle = \"Editor\"\n+++\n## Steps\n"])
        #expect(result.workbook.chapters.map(\.title) == ["Steps"])
    }

    @Test func theSummarysTitleComesBeforeTheFrontMatters() {
        let result = load(
            [
                "book/SUMMARY.md": "# Book\n\n- [Buying Pro](page.md)\n",
                "book/page.md": "---\ntitle: Selling the Pro unlock\n---\n# Heading\n",
            ], ["book"])
        #expect(result.workbook.chapters.map(\.title) == ["Buying Pro"])
    }

    @Test func anEmptyTitleIsNoTitle() {
        let result = load(["page.md": "---\ntitle: \"  \"\n---\n## Steps\n"])
        #expect(result.workbook.chapters.map(\.title) == ["Steps"])
    }

    @Test func frontMatterThatIsNotYAMLIsLeftOutWithAWarningWhereItBreaks() {
        let result = load(["page.md": "---\ntitle: Selling\ntags: [one, two\n---\n## Steps\n"])
        #expect(result.workbook.chapters.map(\.title) == ["Steps"])
        #expect(result.diagnostics.count == 1)
        let warning = result.diagnostics.first
        #expect(warning?.severity == .warning)
        #expect(warning?.location?.file == "page.md")
        #expect((2...4).contains(warning?.location?.line ?? 0))
        #expect(warning?.message.hasPrefix("front matter is not valid YAML (") == true)
        #expect(warning?.message.hasSuffix("); it is left out of the chapter and its title is not read") == true)
    }
}
