/// Assembles a node tree from start, end and leaf steps, using an explicit stack so the depth of
/// the input never becomes depth of the call stack. Both readers drive it, which keeps their
/// checks identical: nesting depth, node count, scalar keys and duplicate keys.
struct TreeBuilder {
    /// A node together with the measures its parent needs.
    struct Finished {
        var node: ConfigNode
        var size: Int
        var height: Int
    }

    private let limits: ConfigLimits
    private var stack: [OpenCollection] = []
    private var expandedNodes = 0
    private var sawAlias = false
    private(set) var root: ConfigNode?

    init(limits: ConfigLimits) {
        self.limits = limits
    }

    mutating func begin(
        _ shape: OpenCollection.Shape, at mark: ConfigMark, tag: String? = nil, anchor: String? = nil
    ) throws(ConfigError) {
        guard stack.count < limits.maxDepth else { throw depthError(at: mark) }
        try count(1, at: mark)
        stack.append(OpenCollection(shape, mark: mark, tag: tag, anchor: anchor))
    }

    /// Closes the innermost collection, attaches it to its parent and returns it with the anchor
    /// it was opened with, so the YAML reader can register the anchor.
    @discardableResult
    mutating func end() throws(ConfigError) -> (Finished, anchor: String?)? {
        guard let open = stack.popLast() else { return nil }
        let finished = Finished(node: open.finish(), size: open.size, height: open.height)
        try attach(finished)
        return (finished, open.anchor)
    }

    @discardableResult
    mutating func addScalar(
        _ text: String, style: ScalarStyle, at mark: ConfigMark, tag: String? = nil
    ) throws(ConfigError) -> Finished {
        try count(1, at: mark)
        let finished = Finished(node: ConfigNode(.scalar(text, style), mark: mark, tag: tag), size: 1, height: 0)
        try attach(finished)
        return finished
    }

    /// Adds an already finished node again, as a YAML alias does. The shared node is not copied,
    /// but it is counted as if it were, which is what bounds alias expansion.
    mutating func addAlias(_ target: Finished, at mark: ConfigMark) throws(ConfigError) {
        sawAlias = true
        guard stack.count + target.height <= limits.maxDepth else { throw depthError(at: mark) }
        try count(target.size, at: mark)
        try attach(target)
    }

    private mutating func count(_ nodes: Int, at mark: ConfigMark) throws(ConfigError) {
        expandedNodes += nodes
        guard expandedNodes > limits.maxExpandedNodes else { return }
        let limit = limits.maxExpandedNodes
        throw ConfigError(
            sawAlias
                ? "aliases expand to more than \(limit) nodes; refusing the document (alias bomb?)"
                : "the document has more than \(limit) nodes",
            at: mark)
    }

    private func depthError(at mark: ConfigMark) -> ConfigError {
        ConfigError("nesting deeper than \(limits.maxDepth) levels is not allowed", at: mark)
    }

    private mutating func attach(_ child: Finished) throws(ConfigError) {
        guard var parent = stack.popLast() else {
            root = child.node
            return
        }
        parent.size += child.size
        parent.height = max(parent.height, child.height + 1)
        switch parent.shape {
        case .sequence:
            parent.items.append(child.node)
        case .mapping:
            if let key = parent.pendingKey {
                parent.pendingKey = nil
                try addValue(child.node, for: key, to: &parent)
            } else {
                parent.pendingKey = try MappingKeys.key(from: child.node, seen: &parent.keyMarks)
            }
        }
        stack.append(parent)
    }

    private func addValue(
        _ value: ConfigNode, for key: OpenCollection.PendingKey, to parent: inout OpenCollection
    ) throws(ConfigError) {
        if key.isMerge {
            guard MergeKeys.isValidSource(value) else {
                throw ConfigError(MergeKeys.invalidSourceMessage, at: value.mark)
            }
            parent.mergeSources.append(.init(position: parent.entries.count, value: value))
        } else {
            parent.entries.append(ConfigEntry(key: key.text, keyMark: key.mark, value: value))
        }
    }
}
