/// One node of a parsed config block: a scalar, a list or a mapping, with the mark of its start.
///
/// Nodes are immutable and shared, so an alias costs one reference rather than a copy, and a
/// tree can be handed across tasks freely. Only the readers create nodes: they bound the depth
/// (see `ConfigLimits`), which keeps the recursive release of a tree shallow.
public final class ConfigNode: Sendable {
    public enum Kind: Sendable {
        /// The text after YAML unescaping and folding, and how it was written.
        case scalar(String, ScalarStyle)
        case sequence([ConfigNode])
        /// Entries in document order; keys are unique.
        case mapping([ConfigEntry])
    }

    public let kind: Kind
    public let mark: ConfigMark
    /// The tag written on the node, resolved to its full form (`!!str` becomes
    /// `tag:yaml.org,2002:str`); nil when the node had none.
    public let tag: String?

    init(_ kind: Kind, mark: ConfigMark, tag: String? = nil) {
        self.kind = kind
        self.mark = mark
        self.tag = tag
    }

    /// The text of a scalar; nil for lists and mappings.
    public var scalarText: String? {
        if case .scalar(let text, _) = kind { return text }
        return nil
    }

    /// How a scalar was written; nil for lists and mappings.
    public var scalarStyle: ScalarStyle? {
        if case .scalar(_, let style) = kind { return style }
        return nil
    }

    /// The items of a list; nil for other nodes.
    public var items: [ConfigNode]? {
        if case .sequence(let items) = kind { return items }
        return nil
    }

    /// The entries of a mapping; nil for other nodes.
    public var entries: [ConfigEntry]? {
        if case .mapping(let entries) = kind { return entries }
        return nil
    }

    /// The entry for `key` in a mapping.
    public func entry(forKey key: String) -> ConfigEntry? {
        entries?.first { $0.key == key }
    }

    /// The value for `key` in a mapping.
    public subscript(key: String) -> ConfigNode? {
        entry(forKey: key)?.value
    }
}
