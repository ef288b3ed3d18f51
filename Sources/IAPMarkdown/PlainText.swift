extension MarkdownNode {
    /// The readable text of a node and its inlines: emphasis, links and code spans reduced to
    /// their words, a soft break to a space, a hard break to a newline.
    ///
    /// Headings become section titles and task items become checklist entries through this.
    public var plainText: String {
        var collector = PlainTextCollector()
        walk(&collector)
        return collector.text
    }
}

private struct PlainTextCollector: MarkdownWalker {
    var text = ""

    mutating func visit(_ node: MarkdownNode) -> MarkdownWalkAction {
        switch node.kind {
        case .text, .code:
            text += node.literal ?? ""
        case .softBreak:
            text += " "
        case .lineBreak:
            text += "\n"
        case .htmlInline, .htmlBlock, .codeBlock:
            return .skipChildren
        case .paragraph, .heading:
            if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
        default:
            break
        }
        return .descend
    }
}
