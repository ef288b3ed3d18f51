import IAPMarkdown
import Testing

@Suite struct HTMLRenderingTests {
    @Test func safeModeDropsRawHTMLAndScriptLinks() {
        let html = MarkdownHTML.render(
            """
            <script>alert(1)</script>

            [click](javascript:alert(1)) and <b onclick="x()">bold</b>
            """)
        #expect(!html.contains("<script>"))
        #expect(!html.contains("javascript:"))
        #expect(!html.contains("onclick"))
        #expect(html.contains("<!-- raw HTML omitted -->"))
    }

    @Test func unsafeModeKeepsRawHTMLWhenAsked() {
        let html = MarkdownHTML.render("<b>bold</b>\n", allowRawHTML: true)
        #expect(html == "<p><b>bold</b></p>\n")
    }

    @Test func rendersCommonMark() {
        #expect(MarkdownHTML.render("# Hi *there*\n") == "<h1>Hi <em>there</em></h1>\n")
        #expect(MarkdownHTML.render("") == "")
    }
}
