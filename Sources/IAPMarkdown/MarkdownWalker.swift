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
    ///
    /// The walk moves by index through the document's records and makes a node only to hand it
    /// to the walker: stepping through nodes would retain and release the document at every
    /// step, and walks of the same document on several threads would fight over its count.
    public func walk<Walker: MarkdownWalker>(_ walker: inout Walker) {
        let document = document
        let nodes = document.nodes
        var current = index
        while current >= 0 {
            let node = MarkdownNode(document: document, index: current)
            switch walker.visit(node) {
            case .stop:
                return
            case .descend:
                let child = nodes[Int(current)].firstChild
                if child >= 0 {
                    current = child
                    continue
                }
                walker.leave(node)
            case .skipChildren:
                break
            }
            // Climb until a node has a next sibling, leaving each finished ancestor.
            var climbing = current
            while true {
                if climbing == index { return }
                let sibling = nodes[Int(climbing)].nextSibling
                if sibling >= 0 {
                    current = sibling
                    break
                }
                let parent = nodes[Int(climbing)].parent
                guard parent >= 0 else { return }
                walker.leave(MarkdownNode(document: document, index: parent))
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
