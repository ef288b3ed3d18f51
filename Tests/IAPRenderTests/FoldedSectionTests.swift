import IAPMarkdown
import Testing

/// `<details>` sections, as FAQs and troubleshooting guides fold their answers, are kept: they
/// carry no script, and leaving them out lost every question's words.
@Suite struct FoldedSectionTests {
    @Test func detailsMarkupIsReadIntoItsParts() {
        #expect(
            RawHTML.detailsParts("<details open>\n<summary>Why <b>no</b> products?</summary>\n")
                == [.open(unfolded: true), .summary("Why no products?")])
        #expect(RawHTML.detailsParts("</DETAILS>") == [.close])
        #expect(
            RawHTML.detailsParts("<details><summary>Q</summary>\nTom &amp; Jerry<br>again\n</details>")
                == [.open(unfolded: false), .summary("Q"), .words("Tom & Jerry again"), .close])
        #expect(RawHTML.detailsParts("<!-- folded -->\n<details>") == [.open(unfolded: false)])
        #expect(RawHTML.detailsParts("<summary>A summary alone</summary>") == [.summary("A summary alone")])
    }

    @Test func blocksWithOtherMarkupAreNotFoldedSections() {
        #expect(RawHTML.detailsParts("<details><summary>Q</summary><script>alert(1)</script></details>") == nil)
        #expect(RawHTML.detailsParts("<details><summary><img src=x onerror=alert(1)></summary></details>") == nil)
        #expect(RawHTML.detailsParts("<details><form action=/x></form></details>") == nil)
        #expect(RawHTML.detailsParts("Tom &amp; Jerry <b>only</b>") == nil)
        #expect(RawHTML.detailsParts("<div>The details are below</div>") == nil)
    }

    @Test func aFoldedSectionKeepsItsSummaryAndItsMarkdown() throws {
        let site = try RenderFixture.renderText(
            """
            # Questions

            <details>
            <summary>Why are my products <em>missing</em>?</summary>

            Sign the **Paid Apps** agreement.

            </details>

            <details open class="x" onclick="alert(1)"><summary>Open "already" & <kbd>shown</kbd></summary>
            Words written inside the block.
            </details>
            """)
        let page = site.text("index.html")
        #expect(
            page.contains(
                """
                <details class="folded">
                <summary>Why are my products missing?</summary>
                <p>Sign the <strong>Paid Apps</strong> agreement.</p>
                </details>
                <details class="folded" open>
                <summary>Open &quot;already&quot; &amp; shown</summary>
                <p>Words written inside the block.</p>
                </details>
                """))
        #expect(!page.contains("onclick"))
        #expect(site.diagnostics.isEmpty)
        let search = site.text("search-index.js")
        #expect(search.contains("Questions Why are my products missing? Sign the Paid Apps agreement."))
        #expect(search.contains(#"Open \"already\" \u0026 shown Words written inside the block."#))
        // On paper a folded answer is no answer: the print view opens every section.
        let print = site.text("print.html")
        #expect(print.contains("<details class=\"folded\" open>\n<summary>Why are my products missing?</summary>"))
        #expect(!print.contains("<details class=\"folded\">"))
    }

    @Test func sectionsAlwaysNestWhateverTheTagsSay() throws {
        let site = try RenderFixture.renderText(
            """
            # Questions

            - Item

              <details>
              <summary>Opened in a list item</summary>

              Inside the item.

            - Next item

            </details>

            > [!TIP]
            > <details>
            > <summary>Opened in a callout</summary>

            <details>
            <summary>Outer</summary>

            <details>
            <summary>Inner</summary>

            </details>

            </details>

            <details>
            <summary>Never closed</summary>

            The end.
            """)
        let page = site.text("index.html")
        #expect(page.contains("<p>Inside the item.</p>\n</details>\n</li>"))
        #expect(page.contains("<summary>Opened in a callout</summary>\n</details>\n</div>"))
        #expect(page.contains("<summary>Inner</summary>\n</details>\n</details>"))
        #expect(page.contains("<p>The end.</p>\n</details>\n</article>"))
        #expect(page.components(separatedBy: "<details").count == page.components(separatedBy: "</details>").count)
        #expect(site.diagnostics.isEmpty)
    }

    @Test func aSummaryInABlockOfItsOwnSummarisesOnlyRightAfterItsOpening() throws {
        let site = try RenderFixture.renderText(
            """
            # Q

            <details>

            <summary>On its own</summary>

            <details>

            First words.

            <summary>Late summary</summary>

            </details>

            </details>
            """)
        let page = site.text("index.html")
        #expect(page.contains("<details class=\"folded\">\n<summary>On its own</summary>"))
        #expect(page.contains("<p>First words.</p>\n<p>Late summary</p>\n</details>"))
        #expect(site.diagnostics.isEmpty)
    }

    @Test func aFoldedSectionWithAScriptIsLeftOutWithAWarning() throws {
        let site = try RenderFixture.renderText(
            "# Q\n\n<details><summary>Q</summary><script>alert(1)</script></details>\n")
        #expect(!site.text("index.html").contains("alert"))
        #expect(
            site.diagnostics.map(\.message) == [
                "raw HTML <details> is not rendered; render with --unsafe-html to keep it, only for guides you trust"
            ])
    }
}
