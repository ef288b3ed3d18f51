/// A list or mapping whose end has not been read yet, with everything needed to finish it.
struct OpenCollection {
    enum Shape {
        case sequence
        case mapping
    }

    /// A key read without its value yet.
    struct PendingKey {
        var text: String
        var mark: ConfigMark
        var isMerge: Bool
    }

    /// The value of a YAML `<<` key and where in the entry order it appeared.
    struct MergeSource {
        var position: Int
        var value: ConfigNode
    }

    let shape: Shape
    let mark: ConfigMark
    let tag: String?
    /// The anchor to register when the collection is finished (YAML only).
    let anchor: String?

    var items: [ConfigNode] = []
    var entries: [ConfigEntry] = []
    var pendingKey: PendingKey?
    var keyMarks: [String: ConfigMark] = [:]
    var mergeSources: [MergeSource] = []

    /// Nodes in this subtree, counting every alias as a full copy of what it refers to.
    var size = 1
    /// Levels of collections in this subtree, itself included.
    var height = 1

    init(_ shape: Shape, mark: ConfigMark, tag: String?, anchor: String?) {
        self.shape = shape
        self.mark = mark
        self.tag = tag
        self.anchor = anchor
    }

    /// The finished node; merge keys are applied here, once every explicit key is known.
    func finish() -> ConfigNode {
        switch shape {
        case .sequence:
            return ConfigNode(.sequence(items), mark: mark, tag: tag)
        case .mapping:
            let merged = MergeKeys.apply(mergeSources, to: entries)
            return ConfigNode(.mapping(merged), mark: mark, tag: tag)
        }
    }
}
