import IAPDiagnostics
import IAPExtract
import IAPMarkdown
import IAPModel
import IAPTestSupport
import Testing

/// GitHub's footnotes: the paragraphs that open `[^label]: ` are a chapter's footnotes, one per
/// label, and `[^label]` in its text refers to them.
@Suite struct FootnoteTests {
    private func load(_ text: String) -> WorkbookLoader.Result {
        WorkbookLoader(fileSystem: MemoryFileSystem(texts: ["page.md": text])).load(["page.md"])
    }

    @Test func aParagraphOpeningWithALabelAndAColonIsAFootnote() {
        let result = load(
            "# Keys\n\nSee[^1] and[^Late].\n\n[^1]: Only in OpenSSL 3.\n\n[^late]:\tAdded in\nthe second release.\n")
        let footnotes = result.workbook.chapters.first?.footnotes ?? []
        #expect(footnotes.map(\.label) == ["1", "late"])
        #expect(footnotes.map(\.location.line) == [5, 7])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func onlyAChaptersOwnParagraphsAreFootnotes() {
        let text =
            "# Keys\n\n- [^1]: in a list\n\n> [^2]: in a quote\n\n    [^3]: in code\n\n[^ 4]: a space\n\n[^]: empty\n"
        #expect(load(text).workbook.chapters.first?.footnotes.isEmpty == true)
    }

    @Test func aLabelWrittenTwiceKeepsTheFirstWithAWarning() {
        let result = load("# Keys\n\n[^a]: The first.\n\n[^A]: The second.\n")
        #expect(result.workbook.chapters.first?.footnotes.map(\.location.line) == [3])
        #expect(
            result.diagnostics.map(\.description) == [
                "page.md:5:1: warning: footnote '[^a]' is already written; references lead to the first, and this one is shown as written\npage.md:3:1: note: the first"
            ])
    }

    /// CommonMark reads `[^a]: word` as a link reference definition before footnotes are looked
    /// for: such a footnote is no paragraph, and `[^a]` is a link to `word`, as CommonMark says.
    @Test func aFootnoteOfOneWordIsALinkDefinition() {
        let result = load("# Keys\n\nSee [^a].\n\n[^a]: https://example.com\n")
        #expect(result.workbook.chapters.first?.footnotes.isEmpty == true)
    }

    @Test func referencesAreFoundOnlyForKnownLabelsAndNeverAcrossSpaces() {
        let text = Array("a[^1] b[^x] c[^1 2] d[^[^1]] e[^NOTE]".utf8)
        let found = text.withUnsafeBufferPointer { bytes in
            FootnoteSyntax.references(in: bytes) { ["1", "note"].contains($0) }.map { reference in
                (String(decoding: bytes[reference.range], as: UTF8.self), reference.label)
            }
        }
        #expect(found.map(\.0) == ["[^1]", "[^1]", "[^NOTE]"])
        #expect(found.map(\.1) == ["1", "1", "note"])
    }

    @Test func aLongRunInBracketsIsNoLabel() {
        let long = "[^" + String(repeating: "a", count: FootnoteSyntax.maximumLabelLength + 1) + "]: text"
        let short = "[^" + String(repeating: "a", count: FootnoteSyntax.maximumLabelLength) + "]: text"
        for (text, expected) in [(long, false), (short, true)] {
            let bytes = Array(text.utf8)
            let read = bytes.withUnsafeBufferPointer { FootnoteSyntax.definition(at: $0) != nil }
            #expect(read == expected)
        }
    }
}
