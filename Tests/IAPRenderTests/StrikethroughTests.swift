import Testing

/// Strikethrough on the page: `<del>` where GitHub strikes words out, nested with the page's
/// other elements whatever the guide wrote.
@Suite struct StrikethroughTests {
    @Test func struckWordsAreDeletedTextInSentencesHeadingsAndCells() throws {
        let (page, warnings) = try RawInlineHTMLTests.article(
            """
            # Guide ~~draft~~

            The tip was ~~$4.99~~ $2.99, and ~this~ too; ~~~three~~~ and \\~~escaped~~ stay.

            | Product | Price |
            | --- | --- |
            | Tip | ~~4.99~~ 2.99 |
            """)
        #expect(page.contains("<h1 id=\"guide-draft\">Guide <del>draft</del> <a class=\"anchor\""))
        #expect(
            page.contains(
                "<p>The tip was <del>$4.99</del> $2.99, and <del>this</del> too; ~~~three~~~ and ~~escaped~~ stay.</p>")
        )
        #expect(page.contains("<td><del>4.99</del> 2.99</td>"))
        #expect(warnings.isEmpty)
    }

    /// A raw `</b>` closes what was opened after its `<b>`, struck words included; their closing
    /// tildes are then words again.
    @Test func strikethroughNestsWithRawFormattingAndLinks() throws {
        let (page, _) = try RawInlineHTMLTests.article(
            """
            # Guide

            <b>bold ~~struck</b> more~~ end, ~~see https://example.com~~www.example.com and [~~old~~](https://example.com).
            """)
        #expect(
            page.contains(
                "<p><b>bold <del>struck</del></b> more~~ end, <del>see "
                    + "<a class=\"address-link\" href=\"https://example.com\" rel=\"noopener noreferrer\">https://example.com</a></del>"
                    + "<a class=\"address-link\" href=\"http://www.example.com\" rel=\"noopener noreferrer\">www.example.com</a> and "
                    + "<a href=\"https://example.com\" rel=\"noopener noreferrer\"><del>old</del></a>.</p>"))
    }

    @Test func checklistItemsAndFootnotesStrikeTheirWordsToo() throws {
        let (page, _) = try RawInlineHTMLTests.article(
            """
            # Guide

            - [x] ~~Ask for the old tax form~~ not needed {#tax-form}
            - [ ] Keep ~this~

            A note[^n].

            [^n]: ~~Struck~~ words, then ~~more~~.
            """)
        #expect(page.contains("<label for=\"task-tax-form\"><del>Ask for the old tax form</del> not needed</label>"))
        #expect(page.contains("<label for=\"task-index-keep-this\">Keep <del>this</del></label>"))
        #expect(
            page.contains(
                "<span class=\"guide-footnote-number\">1</span> <del>Struck</del> words, then <del>more</del>.</p>"))
    }
}
