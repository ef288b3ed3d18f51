import IAPMarkdown
import Testing

/// Strikethrough as GitHub reads it, checked on the tildes of one paragraph: which runs pair
/// and which stay words.
@Suite struct StrikethroughSyntaxTests {
    /// The paragraph's text with each pairing run shown as `[` or `]`, the rest as written.
    static func marked(_ markdown: String) -> String {
        let document = MarkdownDocument(parsing: markdown, file: "t.md")
        guard let paragraph = document.root.firstChild else { return "" }
        return marked(paragraph)
    }

    private static func marked(_ container: MarkdownNode) -> String {
        let runs = StrikethroughSyntax.delimiters(in: container)
        var text = ""
        for child in container.children {
            switch child.kind {
            case .text:
                let bytes = Array((child.literal ?? "").utf8)
                var written = 0
                for run in runs[child] ?? [] {
                    text += String(decoding: bytes[written..<run.range.lowerBound], as: UTF8.self)
                    text += run.opens ? "[" : "]"
                    written = run.range.upperBound
                }
                text += String(decoding: bytes[written...], as: UTF8.self)
            case .softBreak: text += "\n"
            case .code: text += "`" + (child.literal ?? "") + "`"
            default: text += "<" + marked(child) + ">"
            }
        }
        return text
    }

    @Test(arguments: [
        ("~~gone~~ and ~also~ kept", "[gone] and [also] kept"),
        ("the price was ~~$4.99~~ $2.99", "the price was [$4.99] $2.99"),
        ("now ~~~three~~~ stay words", "now ~~~three~~~ stay words"),
        ("~one~~ differ in length", "~one~~ differ in length"),
        ("a ~~ b ~~ c", "a ~~ b ~~ c"),
        ("~~a ~~b~~ c~~", "[a [b] c]"),
        ("ab~~cd~~ef", "ab[cd]ef"),
        ("~~one\ntwo~~", "[one\ntwo]"),
        ("`~~code~~` ~~text~~", "`~~code~~` [text]"),
        ("\\~~not~~ struck", "~~not~~ struck"),
        ("\\~\\~not\\~\\~ either", "~~not~~ either"),
        ("&amp; ~~after an entity~~ &copy;", "& [after an entity] ©"),
        ("~~*emphasis* inside~~", "[<emphasis> inside]"),
        ("*~~inside emphasis~~*", "<[inside emphasis]>"),
        ("*~~across* emphasis~~", "<~~across> emphasis~~"),
        ("[~~in a link~~](https://example.com)", "<[in a link]>"),
        ("~~unclosed and ~closed~", "~~unclosed and [closed]"),
        ("（~~全角括号~~）里的删除线", "（[全角括号]）里的删除线"),
    ])
    func tildesPairAsGitHubReadsThem(markdown: String, expected: String) {
        #expect(Self.marked(markdown) == expected)
    }

    @Test func aHeadingsTildesPairToo() {
        let document = MarkdownDocument(parsing: "## Setup ~~(old)~~\n", file: "t.md")
        let heading = document.root.firstChild
        #expect(heading.map(Self.marked) == "Setup [(old)]")
    }
}
