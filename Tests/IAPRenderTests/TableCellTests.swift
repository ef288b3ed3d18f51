import IAPMarkdown
import Testing

@testable import IAPRender

/// A table cell that holds plain text is escaped without a parser of its own. That shortcut is
/// only right when CommonMark would read the cell as one paragraph of one text node holding
/// exactly the cell's characters, so each claim is checked against cmark itself.
@Suite struct TableCellTests {
    static let plainCells = [
        "", "Consumable", "com.example.stride.credits10", "4.99", "2027", "P1M", "1 month",
        "non-renewing", "a - b", "12:30", "x > y", "€4,99", "简体中文的单元格", "C#", "50%", "a = b",
        "https://example.com/path", "www.example.com", "1.5x", "No. 1", "10)x",
    ]

    static let markedUpCells = [
        "**bold**", "_note_", "`code`", "[link](https://example.com)", "![badge](b.png)",
        "<https://example.com>", "<b>raw</b>", "&amp;", "&copy;", "a \\* b", "# Heading", "- item",
        "+ item", "> quote", "1. first", "2) second", "1.", "3)", "#", "---", "~~~", "===", "a\tb",
    ]

    @Test(arguments: plainCells)
    func aPlainCellIsOneTextNodeOfItsOwnCharacters(_ text: String) {
        let cell = TableSource.Cell(text: text, line: 1, column: 1)
        #expect(cell.isPlainText, "\(text)")
        guard !text.isEmpty else { return }
        let document = MarkdownDocument(parsing: text, file: "cell.md")
        let paragraph = document.root.firstChild
        #expect(paragraph?.kind == .paragraph)
        let literals = paragraph?.children.map { $0.kind == .text ? ($0.literal ?? "") : "<\($0.kind)>" } ?? []
        #expect(literals.joined() == text)
    }

    @Test(arguments: markedUpCells)
    func aCellWithMarkupIsParsed(_ text: String) {
        #expect(!TableSource.Cell(text: text, line: 1, column: 1).isPlainText, "\(text)")
    }

    static let paragraphOnlyCells = [
        "**bold**", "_note_", "`code`", "``a ` b``", "[link](https://example.com)", "![badge](b.png)", "&amp;",
        "a \\* b", "#1", "####### seven", "-1", "--x", "+1", "*a*", "~~gone~~", "[x] [y]", "1234567890. big",
        "2024 year", "=== equals", "简体中文 **粗体**",
    ]

    static let blockOpeningCells = [
        "# Heading", "###### six", "#", "- item", "+ item", "* item", "> quote", "1. first", "2) second", "1.", "---",
        "***", "* * *", "___", "```", "```swift", "~~~", "<b>raw</b>", "<!-- note -->", "[a]: /url", "[a]:/url", "|",
    ]

    /// Cells that need a parser share one when each can only be a paragraph there: parsed
    /// together, a blank line apart, each must read exactly as it does alone.
    @Test func cellsThatOpenOnlyAParagraphReadTheSameTogetherAsAlone() {
        func shape(_ node: MarkdownNode) -> String {
            "\(node.kind)(\(node.literal ?? "")\(node.destination ?? ""))[" + node.children.map(shape).joined() + "]"
        }
        for text in Self.paragraphOnlyCells {
            #expect(TableSource.Cell(text: text, line: 1, column: 1).opensOnlyAParagraph, "\(text)")
        }
        let together = MarkdownDocument(parsing: Self.paragraphOnlyCells.joined(separator: "\n\n"), file: "cells.md")
        let paragraphs = Array(together.root.children)
        #expect(paragraphs.count == Self.paragraphOnlyCells.count)
        for (text, paragraph) in zip(Self.paragraphOnlyCells, paragraphs) {
            let alone = MarkdownDocument(parsing: text, file: "cell.md").root
            #expect(Array(alone.children).count == 1, "\(text)")
            #expect(paragraph.kind == .paragraph, "\(text)")
            #expect(alone.firstChild.map(shape) == shape(paragraph), "\(text)")
        }
    }

    @Test(arguments: blockOpeningCells)
    func aCellThatCanOpenAnotherBlockIsParsedAlone(_ text: String) {
        #expect(!TableSource.Cell(text: text, line: 1, column: 1).opensOnlyAParagraph, "\(text)")
    }

    @Test func warningsInCellsParsedTogetherNameEachCellsPlace() throws {
        let site = try RenderFixture.renderText(
            """
            # Links

            | Name | Where |
            | --- | --- |
            | **a** | see [one](gone.md) |
            | `b` |   and [two](lost.md) |
            """)
        #expect(
            site.diagnostics.map(\.description) == [
                "chapter.md:5:15: warning: link to 'gone.md', which is not a chapter of this book, so the link is not rendered",
                "chapter.md:6:15: warning: link to 'lost.md', which is not a chapter of this book, so the link is not rendered",
            ])
    }

    /// A reference in a cell finds the chapter's definition, as it does on GitHub, wherever the
    /// definition is: cells are parsed apart from the chapter, after the definitions they name.
    @Test func aReferenceInACellFindsTheChaptersDefinition() throws {
        let site = try RenderFixture.renderText(
            """
            # Stores

            [apple]: https://developer.apple.com/storekit "StoreKit"

            | Store | Guide |
            | --- | --- |
            | Apple | [docs][apple] and [Google] |
            | Badge | ![build][badge] |
            | `code` | [missing][nowhere] |
            | # Play | [google][] |
            | - [Apple][apple] | 1. [Google] |

            [Google]: https://developer.android.com/google/play/billing
            [badge]: https://example.com/badge.svg
            """)
        let page = site.text("index.html")
        #expect(
            page.contains(
                "<td><a href=\"https://developer.apple.com/storekit\" title=\"StoreKit\" rel=\"noopener noreferrer\">docs</a> and "
                    + "<a href=\"https://developer.android.com/google/play/billing\" rel=\"noopener noreferrer\">Google</a></td>"
            ),
            "\(page)")
        #expect(page.contains("<td>[missing][nowhere]</td>"))
        #expect(page.contains("<tr><td># Play</td><td><a href=\"https://developer.android.com/google/play/billing\""))
        #expect(page.contains("https://example.com/badge.svg"))
        // Cells that would open a block are parsed one by one, after the definitions too.
        #expect(
            page.contains(
                "<tr><td>- <a href=\"https://developer.apple.com/storekit\" title=\"StoreKit\" rel=\"noopener noreferrer\">Apple</a></td>"
                    + "<td>1. <a href=\"https://developer.android.com/google/play/billing\""))
    }

    @Test func cellsThatLookLikeFrontMatterAreCells() throws {
        let site = try RenderFixture.renderText(
            """
            # Settings

            | Line |
            | --- |
            | --- |
            | title: Pro |
            | --- |
            """)
        let page = site.text("index.html")
        #expect(page.components(separatedBy: "<td>---</td>").count == 3)
        #expect(page.contains("<td>title: Pro</td>"))
    }

    @Test func aCellThatWouldStartABlockKeepsItsWordsAsWritten() throws {
        let site = try RenderFixture.renderText(
            """
            # Markers

            | A | B |
            | --- | --- |
            | - none | 1. first |
            | # 1 | > quoted |
            | *** | 2) *second* |
            """)
        let page = site.text("index.html")
        #expect(page.contains("<tr><td>- none</td><td>1. first</td></tr>"))
        #expect(page.contains("<tr><td># 1</td><td>&gt; quoted</td></tr>"))
        #expect(page.contains("<tr><td>***</td><td>2) <em>second</em></td></tr>"))
    }

    @Test func anEscapedPipeIsAPipeInTheCell() {
        let cells = TableSource.cells(Array("| a \\| b | plain |".utf8)[...], line: 3, column: 1)
        #expect(cells.map(\.text) == ["a | b", "plain"])
        #expect(cells.map(\.column) == [3, 12])
    }

    @Test func plainAndMarkedUpCellsRenderAsThePageExpects() throws {
        let site = try RenderFixture.renderText(
            """
            # Prices

            | Product | Price | Note |
            | --- | ---: | --- |
            | com.example.a | 4.99 | x < y & z |
            | `com.example.b` | 1. | **new** |
            """)
        let chapter = try #require(site.pages.first { $0.path != "print.html" && $0.path != "search-index.js" })
        let page = site.text(chapter.path)
        #expect(page.contains("<td>com.example.a</td><td class=\"align-right\">4.99</td><td>x &lt; y &amp; z</td>"))
        #expect(
            page.contains(
                "<td><code>com.example.b</code></td><td class=\"align-right\">1.</td><td><strong>new</strong></td>"))
    }

    /// A table is named after its first header cells, without their Markdown marks; white space
    /// at the ends goes, whatever script the header is in.
    @Test(arguments: [
        ("**Product ID**", "Product ID"),
        ("  `price`\t", "price"),
        ("_*`", ""),
        ("Prix\u{A0}", "Prix"),
        ("\u{3000}商品 ID **", "商品 ID"),
        ("e\u{301}*", "e\u{301}"),
    ])
    func aHeaderCellNamesItsColumnWithoutMarks(markdown: String, label: String) {
        #expect(ChapterRenderer.cellLabel(markdown) == label)
    }

    @Test(arguments: [
        ("| --- | :-- | --: | :-: |", [TableSource.Alignment.none, .left, .right, .center]),
        ("| - | :- |", [.none, .left]),
    ])
    func theDelimiterRowSetsEachColumnsAlignment(row: String, expected: [TableSource.Alignment]) {
        #expect(TableSource.alignments(Array(row.utf8)[...]) == expected)
    }

    @Test(arguments: ["| : | --- |", "| -x- | --- |", "| \u{2013}\u{2013} |", "| -\u{301} |", "| |"])
    func aRowOfAnythingButDashesAndColonsIsNoDelimiterRow(row: String) {
        #expect(TableSource.alignments(Array(row.utf8)[...]) == nil)
    }
}
