import IAPMarkdown
import Testing

/// A large document's nodes are kept in many chunks. Whatever chunk a node lands in, the tree
/// is the one a small document of the same blocks gives, once per copy.
@Suite struct LargeDocumentTests {
    static let copy = "Some *stressed* text with `code` and [a link](x.md).\n\n- one\n- two\n\n> quoted\n\n"
    static let copies = 3000

    @Test func manyCopiesOfABlockGiveTheSameNodesOnceEach() {
        let one = MarkdownDocument(parsing: Self.copy, file: "one.md")
        let many = MarkdownDocument(parsing: String(repeating: Self.copy, count: Self.copies), file: "many.md")
        #expect(many.nodeCount == (one.nodeCount - 1) * Self.copies + 1)
        #expect(many.nodeCount > 10 * 4096)
        let oneKinds = one.allNodes.dropFirst().map(\.kind)
        let manyKinds = Array(many.allNodes.dropFirst().map(\.kind))
        #expect(manyKinds == Array(Array(repeating: oneKinds, count: Self.copies).joined()))
        let oneTexts = one.allNodes.compactMap(\.literal)
        #expect(many.allNodes.compactMap(\.literal) == Array(Array(repeating: oneTexts, count: Self.copies).joined()))
    }

    @Test func everyChildKnowsItsParentAndEveryCopyItsLines() {
        let many = MarkdownDocument(parsing: String(repeating: Self.copy, count: Self.copies), file: "many.md")
        var linksHold = true
        var walked = 0
        for node in many.allNodes {
            walked += 1
            for child in node.children where child.parent != node { linksHold = false }
        }
        #expect(linksHold)
        #expect(walked == many.nodeCount)
        let linesPerCopy = Self.copy.filter { $0 == "\n" }.count
        let blockLines = many.root.children.map(\.line)
        let oneBlockLines = MarkdownDocument(parsing: Self.copy, file: "one.md").root.children.map(\.line)
        #expect(
            blockLines
                == (0..<Self.copies).flatMap { copy in oneBlockLines.map { $0 + copy * linesPerCopy } })
    }
}
