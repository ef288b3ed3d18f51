import IAPExtract
import IAPMarkdown
import IAPTestSupport
import Testing

@testable import IAPRender

/// The raw HTML guides written for GitHub put in their sentences: keys, exponents and bold
/// written as tags, and anchors for a hand-made table of contents. Each keeps what it means;
/// nothing it could carry besides (attributes, script) reaches the page.
@Suite struct RawInlineHTMLTests {
    static func article(_ markdown: String) throws -> (page: String, warnings: [String]) {
        let site = try RenderFixture.renderText(markdown)
        let page = site.text("index.html")
        let start = page.range(of: "<article")?.lowerBound ?? page.startIndex
        let end = page.range(of: "</article>")?.upperBound ?? page.endIndex
        return (String(page[start..<end]), site.diagnostics.map(\.description))
    }

    // MARK: Formatting

    @Test func aFormattingTagIsReadWithoutItsAttributes() {
        #expect(RawHTML.formattingTag("<kbd>") == RawHTML.FormattingTag(element: "kbd", isClosing: false))
        #expect(RawHTML.formattingTag("</KBD >") == RawHTML.FormattingTag(element: "kbd", isClosing: true))
        #expect(RawHTML.formattingTag("<sup class=\"x\" onclick=\"alert(1)\">")?.element == "sup")
        #expect(RawHTML.formattingTag("<strike>")?.element == "s")
        #expect(RawHTML.formattingTag("<tt>")?.element == "code")
        #expect(
            RawHTML.formattingTag("<abbr title=\"In-App Purchase\">")
                == RawHTML.FormattingTag(element: "abbr", isClosing: false, title: "In-App Purchase"))
        #expect(RawHTML.formattingTag("<b title=\"kept only on abbr\">")?.title == nil)
        #expect(RawHTML.formattingTag("<wbr/>")?.isVoid == true)
        for notOne in ["<b/>", "<span>", "<big>", "<a href=\"x\">", "<script>", "<b>x", "<bx>", "</b x>", "<!-- b -->"]
        {
            #expect(RawHTML.formattingTag(notOne) == nil, "\(notOne)")
        }
    }

    @Test func keysExponentsAndBoldKeepTheirElements() throws {
        let (page, warnings) = try Self.article(
            """
            # Guide

            Press <kbd>Cmd</kbd>+<kbd>R</kbd>: H<sub>2</sub>O, x<sup>2</sup>, <b>bold</b>, <i>it</i>, \
            <code>code</code>, <strike>old</strike>, <tt>tt</tt>, <span>plain</span> and \
            <abbr title="In-App Purchase" class="x">IAP</abbr>.
            """)
        #expect(
            page.contains(
                "<p>Press <kbd>Cmd</kbd>+<kbd>R</kbd>: H<sub>2</sub>O, x<sup>2</sup>, <b>bold</b>, <i>it</i>, "
                    + "<code>code</code>, <s>old</s>, <code>tt</code>, plain and "
                    + "<abbr title=\"In-App Purchase\">IAP</abbr>.</p>"))
        #expect(warnings.isEmpty)
    }

    /// A tag closes only inside the Markdown emphasis or link it was opened in; one left open
    /// is closed where its paragraph ends, so the page's elements nest whatever the guide wrote.
    @Test func tagsThatDoNotNestAreClosedWhereThePageNeedsThem() throws {
        let (page, _) = try Self.article(
            """
            # Guide

            Nest <b>bold *em</b> more* end. Close <i>never.

            <sup>**strong</sup>** ok, <b>x</b></b></i> and [<kbd>in link</a>](https://example.com) after.

            <a href="https://example.com"><b>linked</a> after</b>.
            """)
        #expect(page.contains("<p>Nest <b>bold <em>em more</em> end. Close <i>never.</i></b></p>"))
        #expect(
            page.contains(
                "<p><sup><strong>strong</strong> ok, <b>x</b> and "
                    + "<a href=\"https://example.com\" rel=\"noopener noreferrer\"><kbd>in link</kbd></a> after.</sup></p>"
            ))
        #expect(
            page.contains("<p><a href=\"https://example.com\" rel=\"noopener noreferrer\"><b>linked</b></a> after.</p>")
        )
    }

    @Test func headingsCellsAndChecklistItemsCloseWhatTheyOpen() throws {
        let (page, _) = try Self.article(
            """
            # Guide <kbd>one

            | key | meaning |
            | --- | --- |
            | <kbd>R</kbd> | <b>run |

            - [ ] press <kbd>R
            """)
        #expect(page.contains("<h1 id=\"guide-one\">Guide <kbd>one</kbd> <a class=\"anchor\""))
        #expect(page.contains("<td><kbd>R</kbd></td><td><b>run</b></td>"))
        #expect(page.contains("press <kbd>R</kbd></label>"))
    }

    // MARK: Anchors

    @Test func anAnchorTagNamesAPlace() {
        #expect(RawHTML.anchors("<a name=\"setup\"></a>") == ["setup"])
        #expect(RawHTML.anchors("<A ID='setup' name=\"other\"></A>") == ["setup"])
        #expect(RawHTML.anchors("<p><a name=\"one\"></a><a id=\"two\"/></p>") == ["one", "two"])
        for none in ["<a href=\"x\" name=\"y\">", "<a name=\"two words\">", "<a name=\"x&quot;y\">", "<abbr>", "<a>"] {
            #expect(RawHTML.anchors(none).isEmpty, "\(none)")
        }
    }

    /// A README's own table of contents leads to the anchors it wrote, on the page and in the
    /// print view, and from other chapters; they are not warned about.
    @Test func linksLeadToTheAnchorsRawHTMLWrites() {
        let files = [
            "a.md": """
            # Guide

            * [Setup](#setup-steps)
            * [Usage](#usage)

            <a name="setup-steps"></a>
            ## Setting up

            Words <a id="usage"></a>then more.
            """,
            "b.md": "# Other\n\nSee [setting up](a.md#setup-steps).\n",
        ]
        let site = ArticleRunTests.site(files, runSize: .max)
        let first = site.text("index.html")
        #expect(first.contains("<li><a href=\"#setup-steps\">Setup</a></li>"))
        #expect(first.contains("<p><span id=\"setup-steps\"></span></p>\n<h2 id=\"setting-up\">"))
        #expect(first.contains("<p>Words <span id=\"usage\"></span>then more.</p>"))
        #expect(site.text("b.html").contains("<a href=\"index.html#setup-steps\">setting up</a>"))
        let print = site.text("print.html")
        #expect(print.contains("<span id=\"index--setup-steps\"></span>"))
        #expect(print.contains("href=\"#index--setup-steps\""))
        #expect(site.diagnostics.isEmpty)
    }

    /// An anchor beside the heading of its name adds no second element of that id; ids the
    /// site uses stay its own.
    @Test func anAnchorAHeadingOrTheSiteHasAlreadyIsNotWrittenAgain() throws {
        let (page, warnings) = try Self.article(
            """
            # Guide

            ## Install <a name="install"></a>

            <a name="iapkit-search"></a><a name="task-x"></a><a name="fresh"></a>
            """)
        #expect(page.components(separatedBy: "id=\"install\"").count == 2)
        #expect(!page.contains("<span id=\"iapkit-search\"") && !page.contains("<span id=\"task-x\""))
        #expect(page.contains("<span id=\"fresh\"></span>"))
        #expect(warnings.isEmpty)
    }
}
