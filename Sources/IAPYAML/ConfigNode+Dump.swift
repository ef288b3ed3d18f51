import IAPDiagnostics

extension ConfigNode {
    /// A compact, stable text form of the tree, one node per line, for tests and debugging:
    ///
    ///     mapping@1:1
    ///       key "id"@1:1: scalar(plain) "gold"@1:5
    ///       key "tags"@2:1: sequence@2:7
    ///         scalar(doubleQuoted) "a"@2:8 !!str
    ///
    /// With `marks: false` the positions are left out, so trees read from differently laid out
    /// text can be compared by shape alone.
    public func dump(marks: Bool = true) -> String {
        var lines: [String] = []
        // Walked with an explicit stack, children pushed in reverse to come out in order.
        var pending: [(node: ConfigNode, indent: Int, prefix: String)] = [(self, 0, "")]
        while let (node, indent, prefix) = pending.popLast() {
            lines.append(String(repeating: "  ", count: indent) + prefix + node.summary(marks: marks))
            switch node.kind {
            case .scalar:
                break
            case .sequence(let items):
                pending.append(contentsOf: items.reversed().map { ($0, indent + 1, "") })
            case .mapping(let entries):
                pending.append(
                    contentsOf: entries.reversed().map { entry in
                        let at = marks ? "@\(entry.keyMark)" : ""
                        return (entry.value, indent + 1, "key \(Self.quoted(entry.key))\(at): ")
                    })
            }
        }
        return lines.joined(separator: "\n")
    }

    private func summary(marks: Bool) -> String {
        var text: String
        switch kind {
        case .scalar(let value, let style): text = "scalar(\(style.rawValue)) \(Self.quoted(value))"
        case .sequence: text = "sequence"
        case .mapping: text = "mapping"
        }
        if marks { text += "@\(mark)" }
        if let tag {
            let core = "tag:yaml.org,2002:"
            text += " " + (tag.hasPrefix(core) ? "!!" + tag.dropFirst(core.count) : tag)
        }
        return text
    }

    /// Double-quoted with the escapes a reader needs to see where the text really ends.
    static func quoted(_ text: String) -> String {
        QuotedText.quote(text, with: "\"")
    }
}

extension ConfigNode: CustomDebugStringConvertible {
    public var debugDescription: String { dump() }
}
