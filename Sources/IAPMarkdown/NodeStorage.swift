/// Where a node's text lives: in the document's own arena, or (for text cmark left verbatim)
/// directly in the source bytes, which costs no copy at all.
struct StringRef: Sendable {
    /// Non-negative: offset into the arena. Negative: `-(offset + 1)` is the offset into the source.
    var offset: Int32
    var length: Int32

    static let none = StringRef(offset: 0, length: -1)
    var isNone: Bool { length < 0 }

    /// Whether the text is in the source rather than the arena.
    var isInSource: Bool { offset < 0 }

    /// Where the text is, in the source or the arena as `isInSource` says.
    var range: Range<Int> {
        let start = Int(offset < 0 ? -(offset + 1) : offset)
        return start..<start + Int(length)
    }
}

/// One node of the flat tree (52 bytes). Nodes live in `NodeChunks` and point at each other by
/// index, so a document of a million nodes is a few hundred allocations, and releasing it never
/// recurses however deep the nesting goes.
struct NodeRecord: Sendable {
    var kind: MarkdownNodeKind
    /// List style for lists.
    var style: UInt8 = 0
    /// Tight for lists, fenced for code blocks, titled for links and images.
    var flag: Bool = false
    /// Heading level, or the start number of an ordered list.
    var number: Int32 = 0
    var startLine: Int32
    var startColumn: Int32
    var endLine: Int32
    var endColumn: Int32
    var parent: Int32
    var firstChild: Int32 = -1
    var nextSibling: Int32 = -1
    /// Literal text (text, code, HTML, code block contents).
    var literal: StringRef = .none
    /// Fence info string of a code block, or destination of a link or image.
    var detail: StringRef = .none
}

/// The nodes of a tree, by index, in chunks of a fixed size.
///
/// The converter frees cmark's tree a block at a time as it copies it, and each new chunk is
/// small enough to take memory that has just been freed: the copy of a large book then grows
/// into the space its C tree leaves, instead of needing as much again. A chunk, once written,
/// is never copied to new memory (joining two halves moves records within their chunks).
struct NodeChunks: Sendable {
    static let chunkShift = 12
    static let chunkSize = 1 << chunkShift

    private var chunks: [[NodeRecord]] = []
    private(set) var count = 0
    /// The capacity of the first chunk: a short document needs less than a whole chunk.
    private let firstChunkCapacity: Int

    /// `expectedCount` is a guess at the number of nodes, which sizes the first chunk.
    init(expectedCount: Int = chunkSize) {
        firstChunkCapacity = min(max(expectedCount, 16), Self.chunkSize)
    }

    subscript(index: Int) -> NodeRecord {
        get { chunks[index >> Self.chunkShift][index & (Self.chunkSize - 1)] }
        _modify { yield &chunks[index >> Self.chunkShift][index & (Self.chunkSize - 1)] }
    }

    mutating func append(_ record: NodeRecord) {
        if count & (Self.chunkSize - 1) == 0 {
            var chunk: [NodeRecord] = []
            chunk.reserveCapacity(chunks.isEmpty ? firstChunkCapacity : Self.chunkSize)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(record)
        count += 1
    }

    /// Unused records worth a copy to give back (16 KB); below that, the copy costs more memory
    /// than it frees, in the allocator's free lists.
    private static let trimmedRecords = 16_384 / MemoryLayout<NodeRecord>.stride

    /// Gives back the room the last chunk has beyond its records, when that is more than an
    /// eighth of it and `trimmedRecords`. The first chunk is sized by a guess from the
    /// document's length, and code blocks (one node however long) make the guess several times
    /// too large: a book keeps every chapter's tree while it is rendered, and that unused room
    /// was a third of its nodes' memory.
    mutating func trimLastChunk() {
        guard let last = chunks.indices.last else { return }
        chunks[last].giveBackRoom(over: Self.trimmedRecords)
    }

    /// Moves the records of `other` after these, but its first `dropping`, changed by `change`;
    /// `other` is left empty.
    ///
    /// Other's chunks are reused in place rather than copied: each gives its first records to
    /// the chunk before it and moves the rest down. The two trees were made on two threads, each
    /// in its own heap, and a copy on this thread would need fresh memory for every record while
    /// the other heap kept the room the originals leave.
    mutating func append(moving other: inout NodeChunks, dropping: Int, _ change: (inout NodeRecord) -> Void) {
        var pending = other.chunks
        other = NodeChunks()
        for index in pending.indices {
            var chunk: [NodeRecord] = []
            swap(&chunk, &pending[index])
            if index == 0 { chunk.removeFirst(min(dropping, chunk.count)) }
            for position in chunk.indices { change(&chunk[position]) }
            let filled = count & (Self.chunkSize - 1)
            if filled != 0, let last = chunks.indices.last {
                let moved = min(Self.chunkSize - filled, chunk.count)
                chunks[last].append(contentsOf: chunk[..<moved])
                chunk.removeFirst(moved)
                count += moved
            }
            if !chunk.isEmpty {
                count += chunk.count
                chunks.append(chunk)
            }
        }
    }

    /// Every record in order.
    func forEach(_ body: (NodeRecord) -> Void) {
        for chunk in chunks {
            for record in chunk { body(record) }
        }
    }
}

/// The growing arrays the converter fills; frozen into a `MarkdownDocument` at the end.
struct NodeStorage: Sendable {
    var nodes = NodeChunks()
    var arena: [UInt8] = []
    /// Titles of links and images, by node index: rare enough not to widen every record.
    var titles: [Int32: StringRef] = [:]

    /// Gives back the unused room of the node chunks and of the arena, once the tree is whole.
    mutating func trim() {
        nodes.trimLastChunk()
        arena.giveBackRoom(over: 16_384)
    }

    /// Adds the top-level blocks of `other`, a tree of the lines after these (its document node
    /// left out), and empties it.
    mutating func append(_ other: inout NodeStorage) {
        guard other.nodes.count > 1 else { return }
        // Other's node i becomes node base + i - 1: its document node is dropped.
        let base = Int32(nodes.count) - 1
        let arenaBase = Int32(arena.count)
        let otherDocument = other.nodes[0]
        var lastBlock = nodes[0].firstChild
        while lastBlock >= 0, nodes[Int(lastBlock)].nextSibling >= 0 { lastBlock = nodes[Int(lastBlock)].nextSibling }
        let firstOther = otherDocument.firstChild + base
        if lastBlock >= 0 { nodes[Int(lastBlock)].nextSibling = firstOther } else { nodes[0].firstChild = firstOther }
        nodes[0].endLine = otherDocument.endLine
        nodes[0].endColumn = otherDocument.endColumn
        func moved(_ ref: StringRef) -> StringRef {
            ref.isNone || ref.isInSource ? ref : StringRef(offset: ref.offset + arenaBase, length: ref.length)
        }
        for (index, title) in other.titles { titles[index + base] = moved(title) }
        nodes.append(moving: &other.nodes, dropping: 1) { record in
            record.parent = record.parent == 0 ? 0 : record.parent + base
            if record.firstChild >= 0 { record.firstChild += base }
            if record.nextSibling >= 0 { record.nextSibling += base }
            record.literal = moved(record.literal)
            record.detail = moved(record.detail)
        }
        arena.append(contentsOf: other.arena)
        other = NodeStorage()
    }

    /// Copies a C string into the arena.
    mutating func intern(_ pointer: UnsafePointer<CChar>?) -> StringRef {
        guard let pointer else { return .none }
        let length = strlen(pointer)
        let offset = arena.count
        pointer.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            arena.append(contentsOf: UnsafeBufferPointer(start: bytes, count: length))
        }
        return StringRef(offset: Int32(offset), length: Int32(length))
    }

    /// Refers to the source when the C string is a verbatim copy of `source[start..<start+n]`,
    /// else copies it.
    mutating func intern(
        _ pointer: UnsafePointer<CChar>?, verbatimAt start: Int, in source: UnsafeBufferPointer<UInt8>
    ) -> StringRef {
        guard let pointer else { return .none }
        let length = strlen(pointer)
        if start >= 0, length > 0, start + length <= source.count, let base = source.baseAddress,
            memcmp(base + start, pointer, length) == 0
        {
            return StringRef(offset: -Int32(start) - 1, length: Int32(length))
        }
        return intern(pointer)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

extension Array {
    /// Copies the elements into an array without room beyond them, when the room is more than
    /// `minimum` elements and an eighth of the capacity: a smaller gain is not worth the copy.
    fileprivate mutating func giveBackRoom(over minimum: Int) {
        guard capacity - count > Swift.max(minimum, capacity / 8) else { return }
        var exact: [Element] = []
        exact.reserveCapacity(count)
        exact.append(contentsOf: self)
        self = exact
    }
}
