import IAPTestSupport
import Testing

@testable import IAPMarkdown

/// A piece of a chapter parsed apart from it (a table cell) is parsed after the chapter's
/// definitions of the labels it names. The yardstick is cmark itself: the piece appended to the
/// chapter as a paragraph of its own must read the same, links and destinations included.
@Suite struct LinkDefinitionsTests {
    /// The inlines of a paragraph as kinds, texts and destinations.
    static func shape(_ node: MarkdownNode) -> String {
        "\(node.kind)(\(node.literal ?? "")|\(node.destination ?? "")|\(node.title ?? ""))["
            + node.children.map(shape).joined() + "]"
    }

    /// The piece read after the prelude of `chapter`'s definitions, and read at the end of
    /// `chapter` by cmark.
    static func readings(of piece: String, in chapter: String) -> (apart: String?, inChapter: String?) {
        let document = MarkdownDocument(parsing: chapter, file: "chapter.md")
        let prelude = LinkDefinitions(of: document).prelude(for: [piece])
        let apart = MarkdownDocument(
            parsing: prelude.text + Array(piece.utf8), file: "cell.md", readingFrontMatter: false)
        let apartParagraph = apart.root.children.first { $0.line > prelude.lineCount }
        let whole = MarkdownDocument(parsing: chapter + "\n\n" + piece, file: "chapter.md")
        let lastParagraph = Array(whole.root.children).last
        return (apartParagraph.map(shape), lastParagraph.map(shape))
    }

    static let chapter = """
        ---
        title: Links
        ---
        # Links

        [top]: https://example.com/top "Top"

        Text that uses [top].

        <div>
        hello
        </div>
        [in-html]: https://example.com/html

        Setext
        heading
        =======
        [after-setext]: https://example.com/setext

        [in-paragraph]: https://example.com/para
        and then some text.

        - item

          [in-list]: https://example.com/list

        > [in-quote]: https://example.com/quote
        > and text after it

        ```
        [in-code]: https://example.com/code
        ```

        [one]: https://example.com/one
        [Two Words]: https://example.com/two
        [three]:
          https://example.com/three
          'Three'
        [badge]: badge.png
        [straße]: https://example.com/strasse
        [σας]: https://example.com/sigma
        [multi
        line]: https://example.com/multi
        [twice]: https://example.com/first
        [twice]: https://example.com/second
        [title]: https://example.com/title
        """

    static let pieces = [
        "[Doc][one]", "[Two Words][]", "[three]", "![a badge][badge]", "[x][ONE]", "[y][STRASSE]", "[z][ΣΑΣ]",
        "[w][multi line]", "[v][nowhere]", "[u][top]", "[t][twice]", "[s][in-paragraph]", "[r][in-html]",
        "[q][after-setext]", "[p][in-code]", "[o][  two   words ]", "plain `[one]` code", "\\[one] escaped",
        "[[one]] nested", "[title]", "[one][] and [three] and [twice]", "[n][in-list]", "[m][in-quote]",
    ]

    @Test(arguments: pieces)
    func aPieceReadApartFindsTheDefinitionsItFindsInTheChapter(_ piece: String) {
        let (apart, inChapter) = Self.readings(of: piece, in: Self.chapter)
        #expect(apart != nil)
        #expect(apart == inChapter, "\(piece)")
    }

    @Test func onlyTheNamedDefinitionsAreParsedAgain() {
        let document = MarkdownDocument(parsing: Self.chapter, file: "chapter.md")
        let definitions = LinkDefinitions(of: document)
        let prelude = definitions.prelude(for: ["see [x][one] and [Two words][]"])
        #expect(
            String(decoding: prelude.text, as: UTF8.self)
                == "[one]: https://example.com/one\n\n[Two Words]: https://example.com/two\n\n")
        #expect(prelude.lineCount == 4)
        #expect(definitions.prelude(for: ["no brackets here"]).text.isEmpty)
        #expect(definitions.prelude(for: ["[nowhere]"]).lineCount == 0)
        #expect(LinkDefinitions.none.prelude(for: ["[one]"]).text.isEmpty)
    }

    /// Every label of 20,000 definitions in one paragraph is kept on its own: a cell that names
    /// one is parsed after one line, not after all of them.
    @Test func aCellNamingOneOfManyDefinitionsGetsOne() {
        let chapter = (0..<20_000).map { "[label\($0)]: https://example.com/\($0)\n" }.joined()
        let definitions = LinkDefinitions(of: MarkdownDocument(parsing: chapter, file: "chapter.md"))
        let prelude = definitions.prelude(for: ["[see][LABEL12345]"])
        #expect(String(decoding: prelude.text, as: UTF8.self) == "[label12345]: https://example.com/12345\n\n")
    }

    /// A definition twenty thousand block quotes deep is found, without a frame per quote.
    @Test func aDefinitionDeepInQuotesIsFound() {
        let chapter = String(repeating: ">", count: 20_000) + " [deep]: https://example.com/deep\n"
        let (apart, inChapter) = Self.readings(of: "[x][deep]", in: chapter)
        #expect(apart == inChapter)
        #expect(apart?.contains("https://example.com/deep") == true)
    }

    /// Random chapters built from the pieces that decide what is a definition: each cell must
    /// read apart as it reads at the end of its chapter.
    @Test func randomChaptersReadTheSameApartAsWhole() {
        let blocks = [
            "[a]: /a\n", "[B]: /b 'bee'\n", "[c]:\n  /c\n", "[a]: /a-again\n", "Text [a] and [b].\n",
            "[d]: /d\nthen text\n", "Para\n[e]: /e\n", "<div>\n[f]: /f\n</div>\n", "```\n[g]: /g\n```\n",
            "    [h]: /h\n", "# Heading\n", "Setext\n===\n[i]: /i\n", "> [j]: /j\n", "- [k]: /k\n", "---\n",
            "<!--\n[l]: /l -->\n", "[m\nn]: /mn\n", "[ss]: /ss\n", "[Straße]: /strasse\n", "[o]: <> \n",
            "> [p]: /p\n> text\n", "> quote\n> [q]: /q\n", "- item\n\n  [r]: /r\n", "1. [s]:\n   /s\n",
            "> - [t]: /t\n>   'tee'\n", "- > [u]: /u\nlazy\n", ">\n> [v]: /v\n",
        ]
        let cells = [
            "[x][a] [y][b] [c]", "[d] [e] [f] [g]", "[h][] [i] [j] [k]", "[l] [m n] [SS] [STRASSE]", "[o][] [nope]",
            "[p] [q] [r] [s]", "[t] [u] [v]",
        ]
        var generator = SeededRandom(seed: 2026)
        for _ in 0..<300 {
            let count = Int.random(in: 1...8, using: &generator)
            let chapter = (0..<count).map { _ in
                blocks.randomElement(using: &generator) ?? ""
            }.joined(separator: Bool.random(using: &generator) ? "\n" : "")
            for cell in cells {
                let (apart, inChapter) = Self.readings(of: cell, in: chapter)
                #expect(apart == inChapter, "\(chapter.debugDescription) \(cell)")
            }
        }
    }
}
