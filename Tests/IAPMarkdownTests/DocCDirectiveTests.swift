import IAPMarkdown
import Testing

/// DocC's page settings, which a DocC article writes for the compiler: which top-level blocks
/// they take, and which look like them but are the article's own.
@Suite struct DocCDirectiveTests {
    /// The first line of each top-level block that is a setting.
    static func settingLines(_ markdown: String) -> [Int] {
        let document = MarkdownDocument(parsing: markdown, file: "a.md")
        let blocks = Array(document.root.children)
        return DocCDirective.settingBlocks(blocks, source: document.source).sorted().map { blocks[$0].line }
    }

    @Test func aMetadataBlockWithItsIndentedSettingsIsLeftOut() {
        let markdown = """
            # Getting started

            @Metadata {

                @PageImage(
                    purpose: card,
                    source: "page-{icon}",
                    alt: "A page (with parentheses)"
                )

                @PageColor(blue)
            }

            The article starts here.

            @Available(iOS, introduced: "17.0")
            @Comment {
                Ask the designer for a better card.
            }

            Words.
            """
        #expect(Self.settingLines(markdown) == [3, 5, 12, 16])
    }

    @Test(arguments: [
        "@Metadata {\nwords that never close\n\nmore words\n",
        "@Options(scope: page) {\n    @AutomaticSeeAlso(disabled)\n}\nThe article's words, in the same paragraph.\n",
        "@Row {\n    @Column { Words a reader should see. }\n}\n",
        "@Metadata {\n```swift\nlet fenced = true\n```\n}\n",
        "@Metadata }\n",
        "@metadatas {\n}\n",
        "Words first.\n@Metadata {\n}\n",
    ])
    func whatIsNotASettingIsShown(markdown: String) {
        #expect(Self.settingLines(markdown).isEmpty)
    }
}
