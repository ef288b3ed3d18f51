/// Bounds that keep a hostile or broken config block from exhausting the stack or memory.
///
/// Both readers enforce them while parsing, so a document is refused as soon as it crosses a
/// limit, before the rest of it is read.
public struct ConfigLimits: Hashable, Sendable {
    /// Deeper trees are refused whatever the caller asks for: freeing a node tree and decoding it
    /// both recurse once per level, and this keeps that recursion well inside a secondary
    /// thread's stack.
    public static let hardMaxDepth = 1_000

    /// How many collections may be nested inside one another; the outermost counts as level 1.
    public var maxDepth: Int {
        didSet { maxDepth = Self.clampDepth(maxDepth) }
    }

    /// How many nodes the finished tree may hold when every alias is counted as a full copy of
    /// the node it refers to. This is what stops "billion laughs" documents, whose few hundred
    /// bytes expand to billions of nodes.
    public var maxExpandedNodes: Int

    public init(maxDepth: Int = 256, maxExpandedNodes: Int = 100_000) {
        self.maxDepth = Self.clampDepth(maxDepth)
        self.maxExpandedNodes = max(1, maxExpandedNodes)
    }

    public static let `default` = ConfigLimits()

    private static func clampDepth(_ depth: Int) -> Int {
        min(max(depth, 1), hardMaxDepth)
    }
}
