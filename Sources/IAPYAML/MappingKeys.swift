import IAPDiagnostics

/// The rules for mapping keys shared by both readers.
enum MappingKeys {
    /// The key that `node` stands for, after checking it is text and not a repeat.
    ///
    /// Config keys name fields, so a list or mapping used as a key (legal YAML, written with `?`)
    /// is refused. A repeated key is refused too: YAML 1.2 forbids it, and silently keeping
    /// either value would hide a mistake.
    static func key(from node: ConfigNode, seen: inout [String: ConfigMark]) throws(ConfigError)
        -> OpenCollection.PendingKey
    {
        guard case .scalar(let text, let style) = node.kind else {
            let found = node.items != nil ? "a list" : "a mapping"
            throw ConfigError("mapping keys must be text; found \(found) used as a key", at: node.mark)
        }
        if let first = seen[text] {
            throw ConfigError(
                PlacedMessage("duplicate key '\(text)' (first at ", PlacedMessage.Place(line: first.line), ")"),
                at: node.mark)
        }
        seen[text] = node.mark
        let isMerge = text == MergeKeys.key && style.isPlain && node.tag == nil
        return OpenCollection.PendingKey(text: text, mark: node.mark, isMerge: isMerge)
    }
}
