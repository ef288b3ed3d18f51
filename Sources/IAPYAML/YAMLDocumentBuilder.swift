/// Turns libyaml's event stream into one tree: the document rules, anchors and aliases, on top
/// of the checks `TreeBuilder` makes for both readers.
struct YAMLDocumentBuilder {
    private var tree: TreeBuilder
    /// Each anchor with its finished node, size and height, measured once when the anchored node
    /// ends so that every alias costs constant time however large its target is.
    private var anchors: [String: TreeBuilder.Finished] = [:]
    private var documents = 0
    private(set) var reachedEnd = false

    init(limits: ConfigLimits) {
        tree = TreeBuilder(limits: limits)
    }

    var root: ConfigNode? { tree.root }

    mutating func handle(_ event: YAMLEvent, at mark: ConfigMark) throws(ConfigError) {
        switch event {
        case .streamStart, .documentEnd:
            break
        case .streamEnd:
            reachedEnd = true
        case .documentStart:
            documents += 1
            guard documents == 1 else {
                throw ConfigError("a config block may hold only one YAML document; found a second one", at: mark)
            }
        case .alias(let name):
            // An alias may only refer back, so this also refuses an alias inside its own anchor.
            guard let target = anchors[name] else {
                throw ConfigError("alias '*\(name)' refers to an anchor that is not defined before it", at: mark)
            }
            try tree.addAlias(target, at: mark)
        case .scalar(let text, let style, let tag, let anchor):
            let finished = try tree.addScalar(text, style: style, at: mark, tag: tag)
            if let anchor { anchors[anchor] = finished }
        case .sequenceStart(let tag, let anchor):
            try tree.begin(.sequence, at: mark, tag: tag, anchor: anchor)
        case .mappingStart(let tag, let anchor):
            try tree.begin(.mapping, at: mark, tag: tag, anchor: anchor)
        case .sequenceEnd, .mappingEnd:
            if let (finished, anchor) = try tree.end(), let anchor {
                anchors[anchor] = finished
            }
        }
    }
}
