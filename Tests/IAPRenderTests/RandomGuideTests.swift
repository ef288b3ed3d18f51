import IAPExtract
import IAPMarkdown
import IAPRender
import IAPTestSupport
import Testing

/// Guides stitched together from fragments that stress the renderer (tables, task markers,
/// callout markers, hostile markup and URLs, unclosed code) in random order: each renders
/// without a crash, and every tag in every page is one the site writes itself.
@Suite struct RandomGuideTests {
    static let fragments = [
        "# Title \"quoted\" <i>x</i>\n", "## Again\n", "## Again\n", "- [ ] task {#t1}\n", "- [x] done `code`\n",
        "- [ ]\n", "> [!NOTE]\n> body\n", "> [!WARNING]\n", "> [!BOGUS] x\n",
        "| a | b |\n|---|:-:|\n| 1 | [l](#again) |\n",
        "| lone pipe\n", "|---|\n", "[x]: https://example.com\n", "[bad](javascript:alert(1))\n",
        "![img](java\tscript:x)\n", "<script>alert(1)</script>\n", "<div onclick=\"x\">\n", "```swift\nlet a = \"\n",
        "```\n", "```yaml iap\nproducts: [\n```\n", "    indented code <b>\n", "*emphasis **strong* x**\n",
        "[link](other.md#nowhere)\n", "\u{2028}\u{2029}\n", "é\\|\\\n", "1. one\n2. two\n   - [ ] nested\n", "\n",
        "<!-- comment -->\n", "&lt;&amp;&#x0;\n", "[](<>)\n", "![](data:image/png;base64,AAAA)\n",
        "press <kbd>R</b> *a<sup>2* </sup>\n", "</kbd><b onclick=\"x\">[in <i>link](https://example.com) </i>\n",
        "<a href=\"https://example.com\"><mark>x</a></mark>\n", "<a name=\"here\"></a>[back](#here)\n",
        "~~struck *across~~ emphasis*\n", "~a~ <b>~~b</b>~~ ~~~c~~~ \\~~d~~\n",
    ]

    @Test func randomGuidesRenderToTheSitesOwnMarkupOnly() {
        var random = SeededRandom(seed: 0x5175)
        for round in 0..<150 {
            var markdown = ""
            for _ in 0..<Int.random(in: 1...14, using: &random) {
                markdown += Self.fragments.randomElement(using: &random) ?? ""
            }
            let loaded = WorkbookLoader(fileSystem: MemoryFileSystem(texts: ["g.md": markdown])).load(["g.md"])
            let site = SiteRenderer.render(
                loaded.workbook, documents: [MarkdownDocument(parsing: markdown, file: "g.md")],
                options: SiteOptions(title: "Random"))
            for page in site.pages {
                #expect(EscapingTests.formattingNests(in: site.text(page.path)), "round \(round): from:\n\(markdown)")
                for tag in EscapingTests.tags(in: site.text(page.path)) {
                    #expect(
                        EscapingTests.allowedTags.contains(tag.name), "round \(round): <\(tag.name)> from:\n\(markdown)"
                    )
                    #expect(
                        !tag.attributes.contains { $0.0.hasPrefix("on") }, "round \(round): handler from:\n\(markdown)")
                }
            }
            #expect(!site.text("search-index.js").contains("<"), "round \(round)")
        }
    }
}
