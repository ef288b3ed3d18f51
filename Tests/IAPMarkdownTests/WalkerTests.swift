import IAPMarkdown
import Testing

@Suite struct WalkerTests {
    let document = MarkdownDocument(
        parsing: """
            # Title

            Some *stressed* text.

            - one
            - two
            """, file: "walk.md")

    struct KindRecorder: MarkdownWalker {
        var events: [String] = []
        var skip: MarkdownNodeKind?
        var stopAt: String?

        mutating func visit(_ node: MarkdownNode) -> MarkdownWalkAction {
            events.append("+\(node.kind)")
            if node.literal != nil, node.literal == stopAt { return .stop }
            return node.kind == skip ? .skipChildren : .descend
        }

        mutating func leave(_ node: MarkdownNode) {
            events.append("-\(node.kind)")
        }
    }

    @Test func visitsInDocumentOrderAndLeavesContainers() {
        var walker = KindRecorder()
        document.root.walk(&walker)
        #expect(
            walker.events == [
                "+document", "+heading", "+text", "-text", "-heading", "+paragraph", "+text", "-text",
                "+emphasis", "+text", "-text", "-emphasis", "+text", "-text", "-paragraph", "+list", "+item",
                "+paragraph", "+text", "-text", "-paragraph", "-item", "+item", "+paragraph", "+text", "-text",
                "-paragraph", "-item", "-list", "-document",
            ])
    }

    @Test func skippingChildrenAndStopping() {
        var skipper = KindRecorder(skip: .paragraph)
        document.root.walk(&skipper)
        #expect(!skipper.events.contains("+emphasis"))
        #expect(skipper.events.last == "-document")

        var stopper = KindRecorder(stopAt: "stressed")
        document.root.walk(&stopper)
        #expect(stopper.events.last == "+text")
        #expect(!stopper.events.contains("+list"))
    }

    @Test func walkingASubtreeStaysInside() {
        var walker = KindRecorder()
        let list = document.root.children.first { $0.kind == .list }
        list?.walk(&walker)
        #expect(walker.events.first == "+list")
        #expect(walker.events.last == "-list")
        #expect(!walker.events.contains("+heading"))
    }

    @Test func plainTextReducesInlines() {
        let paragraph = document.root.children.first { $0.kind == .paragraph }
        #expect(paragraph?.plainText == "Some stressed text.")
        #expect(document.root.descendants.count == document.nodeCount - 1)
    }
}
