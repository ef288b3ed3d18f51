import IAPDiagnostics

extension MarkdownNode {
    /// A readable outline of the subtree, one node per line, indented by depth, with each node's
    /// range and attributes. Tests compare it with an expected dump.
    ///
    /// ```
    /// document 1:1-2:5
    ///   heading level=1 1:1-1:7
    ///     text 1:3-1:7 "Title"
    /// ```
    public var treeDump: String {
        var dumper = TreeDumper()
        walk(&dumper)
        return dumper.lines.joined(separator: "\n")
    }
}

private struct TreeDumper: MarkdownWalker {
    var lines: [String] = []
    var depth = 0

    mutating func visit(_ node: MarkdownNode) -> MarkdownWalkAction {
        var line = String(repeating: "  ", count: depth) + node.kind.description
        line += attributes(of: node).map { " " + $0 }.joined()
        line += " \(node.range)"
        if let literal = node.literal { line += " " + quoted(literal) }
        lines.append(line)
        if node.firstChild != nil { depth += 1 }
        return .descend
    }

    mutating func leave(_ node: MarkdownNode) {
        if node.firstChild != nil { depth -= 1 }
    }

    private func attributes(of node: MarkdownNode) -> [String] {
        var attributes: [String] = []
        if let level = node.headingLevel { attributes.append("level=\(level)") }
        if let style = node.listStyle {
            switch style {
            case .bullet: attributes.append("bullet")
            case .orderedPeriod: attributes.append("ordered start=\(node.listStart ?? 1) delimiter=.")
            case .orderedParenthesis: attributes.append("ordered start=\(node.listStart ?? 1) delimiter=)")
            }
            attributes.append(node.isTight == true ? "tight" : "loose")
        }
        if let info = node.infoString {
            attributes.append(node.isFenced == true ? "fenced" : "indented")
            if !info.isEmpty { attributes.append("info=" + quoted(info)) }
        }
        if let destination = node.destination { attributes.append("destination=" + quoted(destination)) }
        if let title = node.title { attributes.append("title=" + quoted(title)) }
        return attributes
    }

    private func quoted(_ text: String) -> String {
        QuotedText.quote(text, with: "\"")
    }
}
