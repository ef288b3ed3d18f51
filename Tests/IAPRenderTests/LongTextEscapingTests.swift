import IAPMarkdown
import Testing

@testable import IAPRender

/// Escaping works through long text in pieces, so that the room it asks for stays small. A
/// piece never splits a character, so long text comes out as if each character had been
/// escaped on its own, whatever the piece boundaries cut through.
@Suite struct LongTextEscapingTests {
    /// Several pieces' worth of characters one to four bytes long, among them everything the
    /// escapes replace, shifted by `offset` so each kind of character meets a piece boundary.
    static func longText(offset: Int) -> String {
        var text = String(repeating: "x", count: offset)
        while text.utf8.count < 3 * HTMLBuffer.chunkSize {
            text += "ab<é>&\u{2028}\"'😀\u{2029} \t\u{7}\\/"
        }
        return text
    }

    @Test(arguments: 0..<8)
    func longTextEscapesAsItsCharactersDo(offset: Int) {
        let text = Self.longText(offset: offset)
        #expect(Escape.text(text) == text.map { Escape.text(String($0)) }.joined())
        #expect(Escape.url(text) == text.map { Escape.url(String($0)) }.joined())
        #expect(
            Escape.javaScriptString(text)
                == "\"" + text.map { String(Escape.javaScriptString(String($0)).dropFirst().dropLast()) }.joined()
                + "\"")
    }

    @Test(arguments: 0..<4)
    func searchWordsOfALongCodeBlockAreTheWordsJoinedBySingleSpaces(offset: Int) {
        let words = (0..<3000).map { "w\($0)é\u{2028}" }
        // Runs of separators of every length and kind between the words.
        let separators = [" ", "  ", "\n", " \t ", "\n\n   "]
        var code = String(repeating: "y", count: offset)
        for (index, word) in words.enumerated() { code += separators[index % separators.count] + word }
        let document = MarkdownDocument(parsing: "```\n" + code + "\n```\n", file: "long.md")
        var buffer = HTMLBuffer()
        buffer.appendEscapedWords(of: document)
        let expected = ([String(repeating: "y", count: offset)].filter { !$0.isEmpty } + words)
            .joined(separator: " ")
        #expect(
            String(decoding: buffer.takeBytes(), as: UTF8.self)
                == Escape.javaScriptString(expected).dropFirst().dropLast())
    }
}
