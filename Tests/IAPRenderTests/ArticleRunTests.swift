import Foundation
import IAPExtract
import IAPMarkdown
import IAPTestSupport
import Testing

@testable import IAPRender

/// A long chapter is rendered in runs of blocks on several cores. However the runs fall, the
/// site must be the one a single run gives: the same bytes in every file, the same problems.
@Suite struct ArticleRunTests {
    /// A chapter with everything whose rendering carries state from one block to the next:
    /// repeated headings (numbered slugs), task items, links to anchors before and after,
    /// tables, callouts, config blocks, raw HTML and lists.
    static let mixedChapter = """
        # Store set-up

        Read [the checklist](#checklist) first, then [the end](#store-set-up-1).

        ```yaml iap
        app:
          name: Runs
          bundleID: com.example.runs
        products:
          - id: com.example.runs.coins
            type: consumable
            referenceName: Coins
            price: 0.99
            localizations:
              en-US: {displayName: Coins, description: A pile of coins}
        ```

        <div class="raw">kept only with --unsafe-html</div>
        Text right after the raw block.

        ## Checklist

        - [ ] Agreements signed {#agreements}
        - [x] Product created
        - [ ] Same words twice
        - [ ] Same words twice

        | Product | Price |
        | --- | ---: |
        | `coins` | 0.99 |
        | [link](#checklist) | *free* |

        > [!WARNING]
        > Sandbox accounts are not Apple IDs.

        1. First step
        2. Second step, with [a link](https://example.com/store "Store")

        ---

        # Store set-up

        The same title again, and an [anchor that is missing](#nowhere).

        <script>alert(1)</script>

        * tight
        * list

        * loose

          list
        """

    static func site(_ files: [String: String], runSize: Int, allowRawHTML: Bool = false) -> RenderedSite {
        let fileSystem = MemoryFileSystem(texts: files)
        let loaded = WorkbookLoader(fileSystem: fileSystem, keepsDocuments: true).load(files.keys.sorted())
        var options = SiteOptions(title: "Runs", allowRawHTML: allowRawHTML)
        options.runSize = runSize
        return SiteRenderer.render(loaded.workbook, documents: loaded.documents, options: options)
    }

    static func expectSame(_ cut: RenderedSite, _ whole: RenderedSite) {
        #expect(cut.files.map(\.path) == whole.files.map(\.path))
        for (cutFile, wholeFile) in zip(cut.files, whole.files) {
            #expect(cutFile == wholeFile, "\(cutFile.path) differs when the article is cut into runs")
        }
        #expect(cut.diagnostics == whole.diagnostics)
        #expect(cut.images == whole.images)
    }

    @Test(arguments: [false, true])
    func cuttingAtEveryBlockGivesTheSameSite(allowRawHTML: Bool) {
        let files = ["a.md": Self.mixedChapter, "b.md": "# Other\n\nBack to [a](a.md#checklist).\n"]
        let whole = Self.site(files, runSize: .max, allowRawHTML: allowRawHTML)
        let cut = Self.site(files, runSize: 0, allowRawHTML: allowRawHTML)
        let loaded = WorkbookLoader(fileSystem: MemoryFileSystem(texts: files), keepsDocuments: true).load(["a.md"])
        let plan = SitePlan(chapters: loaded.workbook.chapters)
        let blocks = Array(loaded.documents[0].root.children)
        let runs = ArticlePart.parts(of: plan, documents: loaded.documents, allowRawHTML: allowRawHTML, runSize: 0)
        // Every block is a run of its own, but for the one after kept raw HTML.
        #expect(runs.count == blocks.count - (allowRawHTML ? blocks.filter { $0.kind == .htmlBlock }.count : 0))
        Self.expectSame(cut, whole)
        #expect(whole.text("index.html").contains(#"<h1 id="store-set-up-1">"#))
        #expect(whole.text("print.html").contains(#"<h1 id="index--store-set-up-1">"#))
    }

    @Test func aRunNeverStartsInsideAFoldedSection() {
        let files = [
            "a.md": """
            # Questions

            <details>
            <summary>Why are products missing?</summary>

            Check the agreements.

            - [ ] Paid Apps signed {#paid-apps}

            </details>

            After the section.
            """
        ]
        let cut = Self.site(files, runSize: 0)
        Self.expectSame(cut, Self.site(files, runSize: .max))
        #expect(cut.text("index.html").contains("</ul>\n</details>\n<p>After the section.</p>"))
        let loaded = WorkbookLoader(fileSystem: MemoryFileSystem(texts: files), keepsDocuments: true).load(["a.md"])
        let plan = SitePlan(chapters: loaded.workbook.chapters)
        let runs = ArticlePart.parts(of: plan, documents: loaded.documents, allowRawHTML: false, runSize: 0)
        // The heading; the section, from its opening through its two blocks to its closing; the paragraph.
        #expect(runs.map(\.blocks.count) == [1, 4, 1])
    }

    @Test func theWorkbookIsTheSameCutAtEveryBlock() throws {
        let folder = TestPaths.repositoryRoot.appendingPathComponent("Workbook")
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".md") {
            files["Workbook/" + name] = try String(
                contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        let paths = ["Workbook/SUMMARY.md"]
        let fileSystem = MemoryFileSystem(texts: files)
        let loaded = WorkbookLoader(fileSystem: fileSystem, keepsDocuments: true).load(paths)
        var cutOptions = SiteOptions(title: "Workbook")
        cutOptions.runSize = 0
        var wholeOptions = SiteOptions(title: "Workbook")
        wholeOptions.runSize = .max
        Self.expectSame(
            SiteRenderer.render(loaded.workbook, documents: loaded.documents, options: cutOptions),
            SiteRenderer.render(loaded.workbook, documents: loaded.documents, options: wholeOptions))
    }

    @Test func aLargeChapterIsCutIntoSeveralRunsAndStaysTheSame() {
        // A little more Markdown than two and a half runs of the default size.
        let copies = ArticlePart.defaultRunSize * 5 / 2 / Self.mixedChapter.utf8.count + 1
        let large = (1...copies).map { Self.mixedChapter.replacingOccurrences(of: "Runs", with: "Run \($0)") }
            .joined(separator: "\n\n")
            .replacingOccurrences(of: "```yaml iap", with: "```yaml")
        let files = ["large.md": large]
        let loaded = WorkbookLoader(fileSystem: MemoryFileSystem(texts: files), keepsDocuments: true).load(["large.md"])
        let plan = SitePlan(chapters: loaded.workbook.chapters)
        let parts = ArticlePart.parts(of: plan, documents: loaded.documents, allowRawHTML: false)
        #expect(parts.count >= 3)
        #expect(parts.map(\.firstHeading) == parts.map(\.firstHeading).sorted())
        #expect(parts.reduce(0) { $0 + $1.blocks.count } == Array(loaded.documents[0].root.children).count)
        Self.expectSame(Self.site(files, runSize: ArticlePart.defaultRunSize), Self.site(files, runSize: .max))
    }
}
