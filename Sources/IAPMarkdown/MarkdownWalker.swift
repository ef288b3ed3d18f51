/// What a walker wants after visiting a node.
public enum MarkdownWalkAction: Sendable {
    /// Visit the node's children next.
    case descend
    /// Go on with the node's next sibling.
    case skipChildren
    /// End the walk.
    case stop
}

/// A consumer of a Markdown tree. `visit` sees each node on the way down; `leave` sees it on the
/// way back up, after its children, whenever `visit` answered `.descend`.
///
/// Walks follow the tree's parent and sibling links rather than recursing, so no document is
/// too deep to walk.
public protocol MarkdownWalker {
    mutating func visit(_ node: MarkdownNode) -> MarkdownWalkAction
    mutating func leave(_ node: MarkdownNode)
}

extension MarkdownWalker {
    public mutating func leave(_ node: MarkdownNode) {}
}

extension MarkdownNode {
    /// Walks this node and everything below it in document order.
    public func walk<Walker: MarkdownWalker>(_ walker: inout Walker) {
        var current: MarkdownNode? = self
        while let node = current {
            switch walker.visit(node) {
            case .stop:
                return
            case .descend:
                if let child = node.firstChild {
                    current = child
                    continue
                }
                walker.leave(node)
            case .skipChildren:
                break
            }
            // Climb until a node has a next sibling, leaving each finished ancestor.
            var climbing = node
            while true {
                if climbing == self { return }
                if let sibling = climbing.nextSibling {
                    current = sibling
                    break
                }
                guard let parent = climbing.parent else { return }
                walker.leave(parent)
                climbing = parent
            }
        }
    }

    /// Every node below this one, in document order.
    public var descendants: [MarkdownNode] {
        var collector = DescendantCollector(root: self)
        walk(&collector)
        return collector.nodes
    }
}

private struct DescendantCollector: MarkdownWalker {
    let root: MarkdownNode
    var nodes: [MarkdownNode] = []

    mutating func visit(_ node: MarkdownNode) -> MarkdownWalkAction {
        if node != root { nodes.append(node) }
        return .descend
    }
}
