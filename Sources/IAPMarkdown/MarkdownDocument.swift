import IAPDiagnostics

/// A parsed CommonMark document: an immutable tree whose every node knows where it came from.
///
/// The tree is a copy of cmark's, taken once and then frozen; cmark's C tree is freed as soon as
/// the copy exists. Nodes are light views (`MarkdownNode`) into shared storage, so passing them
/// around costs nothing and the whole document is safe to share across tasks.
public final class MarkdownDocument: Sendable {
    public let source: SourceText
    /// The settings block a site generator would read from the top of the file, if there is
    /// one; its lines are not in the tree.
    public let frontMatter: FrontMatter?
    let nodes: NodeChunks
    let arena: [UInt8]
    let titles: [Int32: StringRef]

    /// Parses `bytes` (any encoding problems are repaired, never fatal). `file` is the path
    /// diagnostics will print. `readingFrontMatter` is false for text that is not a page, such
    /// as a table's cells, whose first line is never page settings.
    public convenience init(parsing bytes: some Collection<UInt8>, file: String, readingFrontMatter: Bool = true) {
        self.init(source: SourceText(file: file, bytes: bytes), readingFrontMatter: readingFrontMatter)
    }

    public convenience init(parsing text: String, file: String, readingFrontMatter: Bool = true) {
        self.init(source: SourceText(file: file, text: text), readingFrontMatter: readingFrontMatter)
    }

    public convenience init(source: SourceText, readingFrontMatter: Bool = true) {
        let frontMatter = readingFrontMatter ? FrontMatter.find(in: source) : nil
        self.init(
            source: source, frontMatter: frontMatter, storage: CmarkConverter.convert(source, hiding: frontMatter))
    }

    /// Parses with the allocator a test names, whatever the size of `source`; with cmark's, as
    /// two halves at once from `halvingFrom` bytes, which tests lower to try small documents.
    convenience init(
        source: SourceText, allocation: CmarkConverter.Allocation,
        halvingFrom minimumBytes: Int = HalvedParse.minimumBytes
    ) {
        let frontMatter = FrontMatter.find(in: source)
        self.init(
            source: source, frontMatter: frontMatter,
            storage: CmarkConverter.convert(
                source, hiding: frontMatter, allocation: allocation, halvingFrom: minimumBytes))
    }

    private init(source: SourceText, frontMatter: FrontMatter?, storage: NodeStorage) {
        self.source = source
        self.frontMatter = frontMatter
        self.nodes = storage.nodes
        self.arena = storage.arena
        self.titles = storage.titles
    }

    public var file: String { source.file }

    /// The document node.
    public var root: MarkdownNode { MarkdownNode(document: self, index: 0) }

    /// The number of nodes in the tree, the document included.
    public var nodeCount: Int { nodes.count }

    /// Every node in document order (pre-order), without recursion.
    public var allNodes: some Sequence<MarkdownNode> {
        (0..<Int32(nodes.count)).lazy.map { MarkdownNode(document: self, index: $0) }
    }

    /// Every raw HTML node, block or inline, in document order, found without making a node for
    /// the others: a reader that needs only these need not walk a large book's inlines.
    public var rawHTMLNodes: [MarkdownNode] {
        var found: [MarkdownNode] = []
        var index: Int32 = 0
        nodes.forEach { record in
            if record.kind == .htmlInline || record.kind == .htmlBlock {
                found.append(MarkdownNode(document: self, index: index))
            }
            index += 1
        }
        return found
    }

    /// Lends every node's kind and literal bytes (nil when it has none), in document order,
    /// without making a node for each: for writers that read all the text of a large book.
    /// The top-level `blocks` left out, with all they hold, are not lent.
    public func forEachLiteral(
        leavingOut blocks: [MarkdownNode] = [], _ body: (MarkdownNodeKind, UnsafeBufferPointer<UInt8>?) -> Void
    ) {
        // A block's nodes are the ones from its own up to its next sibling's, in document order.
        let skipped = blocks.map { $0.index..<($0.nextSibling?.index ?? Int32(nodes.count)) }.sorted {
            $0.lowerBound < $1.lowerBound
        }
        var nextSkipped = 0
        var index: Int32 = -1
        source.bytes.withUnsafeBufferPointer { sourceBytes in
            arena.withUnsafeBufferPointer { arenaBytes in
                nodes.forEach { record in
                    index += 1
                    if nextSkipped < skipped.count, index >= skipped[nextSkipped].lowerBound {
                        guard index >= skipped[nextSkipped].upperBound else { return }
                        nextSkipped += 1
                        if nextSkipped < skipped.count, index >= skipped[nextSkipped].lowerBound { return }
                    }
                    let ref = record.literal
                    guard !ref.isNone else {
                        body(record.kind, nil)
                        return
                    }
                    body(
                        record.kind,
                        UnsafeBufferPointer(rebasing: ref.isInSource ? sourceBytes[ref.range] : arenaBytes[ref.range]))
                }
            }
        }
    }

    /// Lends the bytes `ref` points at, in place.
    func withBytes<Result>(_ ref: StringRef, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        guard !ref.isNone else { return nil }
        let bytes = ref.isInSource ? source.bytes : arena
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[ref.range])) }
    }

    func string(_ ref: StringRef) -> String? {
        withBytes(ref) { String(decoding: $0, as: UTF8.self) }
    }
}
