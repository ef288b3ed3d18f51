/// Bounds that keep a hostile or broken config block from exhausting the stack or memory.
///
/// Both readers enforce them while parsing, so a document is refused as soon as it crosses a
/// limit, before the rest of it is read.
public struct ConfigLimits: Hashable, Sendable {
    /// Deeper trees are refused whatever the caller asks for, because releasing a node tree
    /// recurses once per level. Decoding recurses too, through each type's `init(from:)`, at
    /// roughly 0.6 to 1.3 KB of stack per level in optimised builds (about twice that in debug
    /// builds): the default depth fits a 512 KB secondary thread, while trees near this maximum
    /// should be decoded on a thread with a few megabytes of stack.
    public static let hardMaxDepth = 1_000

    /// How many collections may be nested inside one another; the outermost counts as level 1.
    public var maxDepth: Int {
        didSet { maxDepth = Self.clampDepth(maxDepth) }
    }

    /// How many nodes the finished tree may hold when every alias is counted as a full copy of
    /// the node it refers to. This is what stops "billion laughs" documents, whose few hundred
    /// bytes expand to billions of nodes. Capped at a quarter of `Int.max`, so the running
    /// counts, which may pass the limit once before the check, can never overflow.
    public var maxExpandedNodes: Int {
        didSet { maxExpandedNodes = Self.clampNodes(maxExpandedNodes) }
    }

    public init(maxDepth: Int = 256, maxExpandedNodes: Int = 100_000) {
        self.maxDepth = Self.clampDepth(maxDepth)
        self.maxExpandedNodes = Self.clampNodes(maxExpandedNodes)
    }

    public static let `default` = ConfigLimits()

    private static func clampDepth(_ depth: Int) -> Int {
        min(max(depth, 1), hardMaxDepth)
    }

    private static func clampNodes(_ nodes: Int) -> Int {
        min(max(nodes, 1), Int.max / 4)
    }
}
