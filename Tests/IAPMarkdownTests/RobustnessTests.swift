import IAPMarkdown
import Testing

/// No input may crash the parser or a consumer of the tree.
@Suite struct RobustnessTests {
    static let depth = 10_000

    @Test func tenThousandNestedBlockQuotesParseAndWalk() {
        let text = String(repeating: ">", count: Self.depth) + " deep\n"
        let document = MarkdownDocument(parsing: text, file: "deep.md")
        var deepest = 0
        var current = document.root
        while let child = current.firstChild {
            if child.kind == .blockQuote { deepest += 1 }
            current = child
        }
        #expect(deepest == Self.depth)
        #expect(current.literal == "deep")
        #expect(document.root.plainText == "deep")
        #expect(document.root.descendants.count == Self.depth + 2)
    }

    @Test func tenThousandNestedListsParse() {
        let text = String(repeating: "- ", count: Self.depth) + "item\n"
        let document = MarkdownDocument(parsing: text, file: "lists.md")
        #expect(document.allNodes.filter { $0.kind == .list }.count == Self.depth)
        #expect(document.root.plainText == "item")
    }

    @Test func tenThousandNestedInlinesParse() {
        let emphasis = String(repeating: "*", count: Self.depth) + "x" + String(repeating: "*", count: Self.depth)
        let brackets = String(repeating: "[", count: Self.depth) + "x" + String(repeating: "](u)", count: Self.depth)
        let document = MarkdownDocument(parsing: emphasis + "\n\n" + brackets + "\n", file: "inline.md")
        #expect(document.nodeCount > 2)
        #expect(document.root.plainText.contains("x"))
    }

    @Test func invalidUTF8IsReplacedNotFatal() {
        let bytes: [UInt8] = Array("# Caf".utf8) + [0xC3] + Array(" ok\n\nbad: ".utf8) + [0xFF, 0xFE, 0x00] + [0x0A]
        let document = MarkdownDocument(parsing: bytes, file: "bad.md")
        let heading = document.root.firstChild
        #expect(heading?.kind == .heading)
        #expect(heading?.plainText == "Caf\u{FFFD} ok")
        #expect(document.root.children.map(\.kind) == [.heading, .paragraph])
        #expect(document.root.plainText.contains("\u{FFFD}\u{FFFD}\u{FFFD}"))
    }

    @Test func columnsStayTrueAfterRepairedBytes() {
        // The replacement character takes three bytes; columns count the repaired bytes, so the
        // text after it is found where the column says.
        let bytes: [UInt8] = [0xFF] + Array(" *word*\n".utf8)
        let document = MarkdownDocument(parsing: bytes, file: "x.md")
        let emphasis = document.allNodes.first { $0.kind == .emphasis }
        let line = document.source.lineText(1)
        let column = emphasis.map { $0.range.start.column } ?? 0
        #expect(Array(line.utf8)[column - 1] == UInt8(ascii: "*"))
    }

    @Test func emptyAndBinaryInputs() {
        #expect(MarkdownDocument(parsing: "", file: "empty.md").root.children.map(\.kind) == [])
        var generator = SystemRandomNumberGenerator()
        let garbage = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let document = MarkdownDocument(parsing: garbage, file: "garbage.bin")
        #expect(document.nodeCount >= 1)
        _ = document.root.treeDump
    }
}
