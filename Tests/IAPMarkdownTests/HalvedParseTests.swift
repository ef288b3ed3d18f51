import IAPTestSupport
import Testing

@testable import IAPMarkdown

/// A large document is parsed as two halves at once, cut at a heading near the middle. The
/// tree must be the one a single parse gives, to the byte: every document here is parsed both
/// ways and all of both trees compared, records, strings and titles. Each document puts
/// something at the cut that could tell the halves apart, and says whether the halves may be
/// kept or the document must be parsed whole.
@Suite struct HalvedParseTests {
    /// Paragraphs that fill a half, so that the heading between the two is near the middle.
    static func filler(_ count: Int, _ word: String) -> String {
        (0..<count).map { "Paragraph \($0) about *\(word)* with `code.\($0)`.\n\n" }.joined()
    }

    /// `first`, the heading at the cut, then `second`, each half padded to about the same size.
    static func book(_ first: String, _ second: String, ending: String = "\n") -> String {
        let text = filler(40, "before") + first + "\n# Second half\n\n" + second + filler(40, "after")
        return ending == "\n" ? text : text.replacingOccurrences(of: "\n", with: ending)
    }

    static let cases: [(name: String, text: String, halves: Bool)] = [
        (
            "references that cross the cut both ways",
            book(
                "Read [the setup][later] and [the basics].\n\n[the basics]: basics.md \"Basics\"\n",
                "See [the basics] again and [later].\n\n[later]: setup.md#keys\n"),
            true
        ),
        (
            "a label defined in both halves keeps its first definition",
            book(
                "[shared]: first.md\n\nFirst use of [shared].\n",
                "Second use of [shared].\n\n[shared]: second.md 'Second'\n"),
            true
        ),
        (
            "a paragraph that opens with definitions and goes on with text",
            book("[one]: one.md\n[two]: two.md\nText after [one].\n", "Then [two].\n"),
            true
        ),
        (
            "definition-like lines inside code",
            book(
                "```text\n[fenced]: nowhere.md\n```\n\n~~~~\n```\n[tilde]: nowhere.md\n~~~~\n\n    [indented]: nowhere.md\n",
                "[fenced] [tilde] [indented]\n"),
            true
        ),
        (
            "lines that look like definitions and are not",
            book(
                "[not a definition] but text\n\n[unclosed\nlabel]: spans.md\n\nA [unclosed label].\n",
                "[also not]: \n\nText [x]: y inside a paragraph.\n"),
            true
        ),
        ("front matter above the first half", "---\ntitle: Halves\n---\n" + book("First.\n", "Second.\n"), true),
        (
            "Windows line endings",
            book("Use [crlf].\n\n[crlf]: crlf.md\n", "[back]: back.md\n\nAnd [back].\n", ending: "\r\n"),
            true
        ),
        ("old Mac line endings", book("Use [cr].\n", "[cr]: cr.md\n", ending: "\r"), true),
        (
            "a definition on the last line, without a line ending",
            String(book("Early [end].\n", "").dropLast()) + "\n[end]: end.md",
            true
        ),
        (
            "blocks that close at the cut",
            book("- item\n\n  more\n\n> quote\nlazy line\n\n    indented code\n\n<div>\nhtml\n</div>\n", "Text.\n"),
            true
        ),
        (
            "HTML comments, which cmark ends a line early, and definitions right after them",
            book(
                "<!-- one line -->\n[after]: after.md\n\n<!--\nseveral\nlines -->\n[more]: more.md\n",
                "<!-- hidden [x]: y -->\n\n[after] [more]\n"),
            true
        ),
        (
            "HTML blocks that blank lines do not close, holding lines that look like definitions",
            book(
                "<pre>\n\n[inside pre]: nowhere.md\n\n</pre>\n\n<!--\n\n[inside comment]: nowhere.md\n-->\n\n<?php\n\n[x]: y\n?>\n",
                "<![CDATA[\n\n[inside]: nowhere.md\n]]>\n\n<!DOCTYPE\n\n[doc]: nowhere.md\n>\n\n[inside pre] [inside comment]\n"
            ),
            true
        ),
        (
            "a setext heading of several lines, which cmark ends a line late, then definitions",
            book("Several\nlines\n=====\n[setext]: setext.md\nUse [setext].\n", "Underlined\ntwice\n---\n[setext]\n"),
            true
        ),
        ("a fence left open across the cut", book("```swift\nlet open = true\n", "```\n"), false),
        ("an HTML block open across the cut", book("<pre>\nkept\n", "</pre>\n"), false),
        (
            "lists and quotes that mention ']:' without defining anything",
            book(
                "- the form `[label]: url`\n- text [a]: b\n\n  ```\n  [c]: d\n  ```\n\n> quoted [e]: f\n",
                "1. [first] item ends ]:\n2. second\n"),
            true
        ),
        ("a definition inside a list", book("- [listed]: list.md\n\nUse [listed].\n", "And [listed].\n"), false),
        ("a definition inside a block quote", book("> [quoted]: q.md\n", "Use [quoted].\n"), false),
        (
            "headings whose text opened with definitions",
            book("[set]: ext.md\nTitle\n=====\n", "[under]: line.md\nSubtitle\n---\n[set] [under]\n"),
            true
        ),
        (
            "underlines under nothing but definitions, which cmark keeps as text",
            book("[only]: d.md\n===\n", "[under]: line.md\n---\n[only] [under]\n"),
            false
        ),
        ("no heading to cut at", filler(80, "all"), false),
        (
            "links that expand past what cmark was fed",
            book(
                "[long]: https://example.com/" + String(repeating: "a", count: 60_000) + "\n\n"
                    + String(repeating: "[long] ", count: 3) + "\n",
                String(repeating: "[long] ", count: 3) + "\n"),
            false
        ),
    ]

    /// Everything the tree holds, so that two parses can be compared completely.
    static func contents(_ document: MarkdownDocument) -> [String] {
        var lines: [String] = []
        document.nodes.forEach { lines.append(String(describing: $0)) }
        lines.append(String(decoding: document.arena, as: UTF8.self))
        lines += document.titles.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        return lines
    }

    /// The first place where two parses differ, short enough to read in a failure.
    static func firstDifference(_ one: MarkdownDocument, _ other: MarkdownDocument) -> String? {
        let (left, right) = (contents(one), contents(other))
        guard let index = left.indices.first(where: { $0 < right.count && left[$0] != right[$0] }) else {
            return left.count == right.count ? nil : "\(left.count) against \(right.count) entries"
        }
        return "entry \(index): \(left[index]) against \(right[index])"
    }

    static func halves(_ source: SourceText) -> Bool {
        HalvedParse.convert(source, hiding: FrontMatter.find(in: source)) != nil
    }

    @Test(arguments: cases.map(\.name))
    func aDocumentParsesToTheSameTreeInHalvesAsWhole(_ name: String) throws {
        let example = try #require(Self.cases.first { $0.name == name })
        let source = SourceText(file: "book.md", text: example.text)
        let whole = MarkdownDocument(source: source, allocation: .cmark)
        let halved = MarkdownDocument(source: source, allocation: .cmark, halvingFrom: 0)
        #expect(Self.halves(source) == example.halves)
        #expect(halved.root.treeDump == whole.root.treeDump)
        #expect(Self.firstDifference(halved, whole) == nil)
    }

    /// The references of the first example resolve in both halves, to the first definition.
    @Test func referencesResolveAcrossTheCut() throws {
        let example = try #require(Self.cases.first)
        let halved = MarkdownDocument(
            source: SourceText(file: "book.md", text: example.text), allocation: .cmark, halvingFrom: 0)
        let destinations = halved.allNodes.compactMap(\.destination)
        #expect(destinations == ["setup.md#keys", "basics.md", "basics.md", "setup.md#keys"])
        #expect(halved.root.children.contains { $0.headingLevel == 1 && $0.line > 80 })
    }

    /// A fence or `<pre>` still open at the end of the first half is seen by the scan, before
    /// either half is parsed: parsing the rest as Markdown would be work thrown away.
    @Test(arguments: [
        ("```swift\nlet open = true\n\n", true), ("<pre>\n\nkept\n\n", true), ("<!--\n\n", true),
        ("```\nclosed\n```\n\n", false), ("<div>\nclosed by the blank line\n\n", false), ("Text.\n\n", false),
    ])
    func aBlockOpenAtTheCutIsSeenBeforeParsing(_ text: String, open: Bool) {
        let lines = SourceLines(source: SourceText(file: "book.md", text: text), hiddenLines: nil)
        #expect(lines.definitionParagraphs(in: 1...lines.count).endsInsideBlock == open)
    }

    /// Only large documents are halved: below the size, the parse is the single one.
    @Test func theDefaultSizeHalvesOnlyLargeDocuments() {
        #expect(HalvedParse.minimumBytes >= 1 << 20)
        // Long code blocks make few nodes: the test is about the size, not the count.
        let code = String(repeating: "let ids = [\"com.example.pro\"]\n", count: 80)
        let step = "## Step\n\nRestore with [sync].\n\n[sync]: restore.md\n\n```swift\n" + code + "```\n\n"
        let chapter = String(repeating: step, count: HalvedParse.minimumBytes / step.utf8.count + 10)
        let source = SourceText(file: "book.md", text: chapter)
        #expect(source.bytes.count > HalvedParse.minimumBytes)
        #expect(Self.halves(source))
        let parsed = MarkdownDocument(source: source)
        let whole = MarkdownDocument(source: source, allocation: .cmark, halvingFrom: Int.max)
        #expect(Self.firstDifference(parsed, whole) == nil)
    }
}

/// Documents put together at random from the pieces that matter at a cut (definitions, fences,
/// HTML blocks, containers, setext headings, lines that interrupt paragraphs), sometimes with no
/// blank line between two pieces: halved or not, each must parse to the whole parse's tree.
@Suite struct RandomHalvedParseTests {
    /// Pieces a cut in the middle of a real book meets.
    static let pieces = [
        "[a]: a.md", "[b]: <b c.md> \"B\"", "[a]: later.md", "[c]:\n  c.md\n  'C'",
        "Text with [a], [b][], [long label] and [c].", "[a] opens this paragraph.",
        "```\n[a]: code.md\n```", "~~~ swift\nlet x = 1\n~~~", "    [b]: indented.md",
        "<pre>\n\n[a]: pre.md\n</pre>", "<!-- [b]: c.md -->", "<!--\n\n-->", "<div>\n[c]: div.md\n</div>",
        "- item [a]\n- [b] ends ]:", "> quoted [a]", "Setext\n===", "Two\nlines\n---", "[g]: g.md\nTitle\n===",
        "***", "# [a] heading", "1. one\n2. [b]", "<?php [a]: x ?>",
    ]

    /// Pieces that send a document to a whole parse, each picked rarely.
    static let rarePieces = [
        "```", "[long\nlabel]: l.md", "Paragraph\n[i]: i.md", "> lazy\n[f]: f.md", "- [d]: list.md",
        "> [e]: quote.md", "[h]: h.md\n---", "[not]: \n", "<pre>",
    ]

    static func document(seed: UInt64) -> String {
        var random = SeededRandom(seed: seed)
        func part() -> String {
            (0..<Int.random(in: 8...20, using: &random)).map { _ in
                let pool = Int.random(in: 0..<20, using: &random) == 0 ? rarePieces : pieces
                return pool[Int.random(in: pool.indices, using: &random)]
                    + (Int.random(in: 0..<6, using: &random) == 0 ? "\n" : "\n\n")
            }.joined()
        }
        return part() + "\n# Middle\n\n" + part()
    }

    @Test func randomDocumentsParseAlikeInHalvesAndWhole() {
        var halvedCount = 0
        var differences: [String] = []
        for seed in UInt64(1)...300 {
            let source = SourceText(file: "random.md", text: Self.document(seed: seed))
            if HalvedParseTests.halves(source) { halvedCount += 1 }
            let halved = MarkdownDocument(source: source, allocation: .cmark, halvingFrom: 0)
            let whole = MarkdownDocument(source: source, allocation: .cmark)
            if let difference = HalvedParseTests.firstDifference(halved, whole) {
                differences.append("seed \(seed): \(difference)")
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(3))")
        // Rare pieces and unlucky neighbours make some fall back; most must halve.
        #expect(halvedCount >= 50)
    }
}

/// Joining two halves moves the second tree's records into the first's chunks in place; every
/// record must arrive once, in order, changed, whatever the two sizes are against a chunk.
@Suite struct NodeChunksJoinTests {
    static func chunks(_ count: Int, from first: Int32) -> NodeChunks {
        var chunks = NodeChunks(expectedCount: count)
        for index in 0..<Int32(count) {
            chunks.append(
                NodeRecord(kind: .text, startLine: first + index, startColumn: 1, endLine: 0, endColumn: 0, parent: 0))
        }
        return chunks
    }

    static let size = NodeChunks.chunkSize

    @Test(arguments: [1, size - 1, size, size + 1, 2 * size + 5], [1, 2, size, size + 2, 3 * size - 7])
    func everyRecordArrivesOnceInOrder(firstCount: Int, secondCount: Int) {
        var joined = Self.chunks(firstCount, from: 0)
        var second = Self.chunks(secondCount, from: 1_000_000)
        joined.append(moving: &second, dropping: 1) { $0.endLine = -1 }
        #expect(joined.count == firstCount + secondCount - 1)
        #expect(second.count == 0)
        var lines: [Int32] = []
        var changed = 0
        joined.forEach { record in
            lines.append(record.startLine)
            if record.endLine == -1 { changed += 1 }
        }
        let expected = (0..<Int32(firstCount)).map { $0 } + (1..<Int32(secondCount)).map { 1_000_000 + $0 }
        #expect(lines == expected)
        #expect(changed == secondCount - 1)
        // Indexing by chunk arithmetic finds the same records.
        #expect((0..<joined.count).allSatisfy { joined[$0].startLine == expected[$0] })
    }
}
