import CCmark
import CMarkdownArena

/// Parses bytes with cmark and copies the C tree into a `NodeStorage`, then frees the C tree.
///
/// The copy walks cmark's own iterator and keeps an explicit stack of open containers, so it
/// uses no recursion: a document nested ten thousand levels deep converts like a flat one.
enum CmarkConverter {
    /// Where cmark's tree lives while it is copied.
    enum Allocation {
        /// cmark's own allocator: the tree is freed one top-level block at a time as it is
        /// copied, so a large chapter's tree shrinks while the copy grows.
        case cmark
        /// An arena (`CMarkdownArena`): nodes cost a pointer bump and the whole tree is freed in
        /// one go after the copy, but nothing is given back before then.
        case arena
    }

    /// Chapters up to this size are parsed in an arena. A book's chapters are parsed on every
    /// core at once, where malloc and free were a tenth of the work. The arena's memory is held
    /// until the copy ends, so above this size it costs more than it saves: the one 10 MiB
    /// chapter of the benchmark peaked at 205 MB against 142 MB, and a book of hostile chapters
    /// of up to 1 MiB (brackets nested 300,000 deep, say) took 40 % more memory than with
    /// cmark's allocator, several being parsed at once.
    static let arenaLimit = 256 << 10

    /// Parses `source`; the lines of `frontMatter` reach cmark blank, so they make no nodes and
    /// every other line keeps its number and columns.
    static func convert(_ source: SourceText, hiding frontMatter: FrontMatter?) -> NodeStorage {
        convert(source, hiding: frontMatter, allocation: source.bytes.count <= arenaLimit ? .arena : .cmark)
    }

    /// `halvingFrom` is the size from which a document parsed with cmark's allocator is parsed
    /// as two halves at once (`HalvedParse`); tests lower it to try small documents that way.
    static func convert(
        _ source: SourceText, hiding frontMatter: FrontMatter?, allocation: Allocation,
        halvingFrom minimumBytes: Int = HalvedParse.minimumBytes
    ) -> NodeStorage {
        if allocation == .cmark, source.bytes.count >= minimumBytes,
            let storage = HalvedParse.convert(source, hiding: frontMatter)
        {
            return storage
        }
        let hidden = frontMatter?.byteRange(in: source) ?? 0..<0
        // A thread with an arena already open parses with cmark's allocator.
        guard allocation == .arena, iapkit_arena_open() != 0 else {
            return parse(source, hiding: hidden, allocator: nil)
        }
        defer { iapkit_arena_close() }
        return parse(
            source, hiding: hidden, allocator: iapkit_arena_allocator().assumingMemoryBound(to: cmark_mem.self))
    }

    /// Parses with `allocator`, or with cmark's own when it is nil, and copies the tree. The
    /// bytes in `hidden`, a range at the start, are fed as spaces, their line endings kept.
    private static func parse(
        _ source: SourceText, hiding hidden: Range<Int>, allocator: UnsafeMutablePointer<cmark_mem>?
    )
        -> NodeStorage
    {
        // SourceText has already repaired bad UTF-8 and NULs, so cmark need not check again.
        let arenaParser = allocator.flatMap { cmark_parser_new_with_mem(CMARK_OPT_DEFAULT, $0) }
        guard let parser = arenaParser ?? cmark_parser_new(CMARK_OPT_DEFAULT) else { return emptyStorage(source) }
        feed(parser, source.bytes[..<source.bytes.count], hiding: hidden)
        let finished = cmark_parser_finish(parser)
        // The tree outlives its parser, whose link definitions need not wait for the copy.
        cmark_parser_free(parser)
        guard let root = finished else { return emptyStorage(source) }
        return copy(root, source: source, freeingNodes: arenaParser == nil)
    }

    /// Feeds `bytes` to `parser`, the ones in `hidden` (indices of the same array) as spaces with
    /// their line endings kept.
    static func feed(_ parser: OpaquePointer, _ bytes: ArraySlice<UInt8>, hiding hidden: Range<Int> = 0..<0) {
        let hidden = hidden.clamped(to: bytes.indices)
        if !hidden.isEmpty {
            let blank = bytes[hidden].map {
                $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") ? $0 : UInt8(ascii: " ")
            }
            feed(parser, blank[...])
        }
        let rest = hidden.isEmpty ? bytes : bytes[hidden.upperBound...]
        rest.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress, !chars.isEmpty { cmark_parser_feed(parser, base, chars.count) }
            }
        }
    }

    private static func emptyStorage(_ source: SourceText) -> NodeStorage {
        var storage = NodeStorage()
        storage.nodes.append(
            NodeRecord(
                kind: .document, startLine: 1, startColumn: 1, endLine: Int32(max(1, source.lineCount)),
                endColumn: 1, parent: -1))
        return storage
    }

    /// Copies the tree one top-level block at a time. Unless the tree is in an arena, each block
    /// is freed as soon as it is copied: its nodes are still in the cache, and the C tree shrinks
    /// while the copy grows.
    ///
    /// A half of a document (`HalvedParse`) was parsed with lines of the other half around it:
    /// only the top-level blocks that start on `keptLines` are copied, and `lineShift` is added
    /// to every line number so that they count from the top of `source`.
    static func copy(
        _ root: OpaquePointer, source: SourceText, freeingNodes: Bool, keptLines: ClosedRange<Int32>? = nil,
        lineShift: Int32 = 0, expectedBytes: Int? = nil
    ) -> NodeStorage {
        var storage = NodeStorage()
        // Typical prose has a node every 10 to 20 bytes.
        storage.nodes = NodeChunks(expectedCount: (expectedBytes ?? source.bytes.count) / 12 + 16)
        source.bytes.withUnsafeBufferPointer { bytes in
            var copier = SubtreeCopier(storage: storage, source: source, bytes: bytes, lineShift: lineShift)
            storage = NodeStorage()
            copier.copy(root, parent: -1)
            var block = cmark_node_first_child(root)
            while let current = block {
                block = cmark_node_next(current)
                if keptLines.map({ $0.contains(cmark_node_get_start_line(current)) }) ?? true {
                    copier.copy(current, parent: 0)
                }
                if freeingNodes {
                    cmark_node_unlink(current)
                    cmark_node_free(current)
                }
            }
            storage = copier.storage
        }
        if freeingNodes { cmark_node_free(root) }
        storage.trim()
        return storage
    }

    /// Appends cmark subtrees to the flat storage, linking each node to its parent and siblings.
    private struct SubtreeCopier {
        var storage: NodeStorage
        let source: SourceText
        let bytes: UnsafeBufferPointer<UInt8>
        let lineShift: Int32
        /// The last top-level block linked so far.
        var lastBlock: Int32 = -1
        /// Open containers, each with the last child linked so far; kept between blocks.
        var open: [(index: Int32, lastChild: Int32)] = []

        /// Copies `node` and, unless `parent` is -1 (the document itself), everything below it.
        ///
        /// The walk follows cmark's child, sibling and parent links with a stack of its own, so
        /// depth costs no recursion and no iterator is allocated per block.
        mutating func copy(_ node: OpaquePointer, parent: Int32) {
            guard parent >= 0 else {
                _ = append(node, parent: -1, previous: -1)
                return
            }
            open.removeAll(keepingCapacity: true)
            open.append((parent, lastBlock))
            var next: OpaquePointer? = node
            while let current = next {
                let top = open[open.count - 1]
                let index = append(current, parent: top.index, previous: top.lastChild)
                open[open.count - 1].lastChild = index
                if let child = cmark_node_first_child(current) {
                    open.append((index, -1))
                    next = child
                    continue
                }
                next = nil
                var climbing = current
                while climbing != node {
                    if let sibling = cmark_node_next(climbing) {
                        next = sibling
                        break
                    }
                    guard let up = cmark_node_parent(climbing) else { break }
                    open.removeLast()
                    climbing = up
                }
            }
            lastBlock = open[0].lastChild
        }

        private mutating func append(_ node: OpaquePointer, parent: Int32, previous: Int32) -> Int32 {
            let index = Int32(storage.nodes.count)
            var record = CmarkConverter.record(
                for: node, index: index, parent: parent, storage: &storage, source: source, bytes: bytes,
                lineShift: lineShift)
            // Only a node without a position needs its neighbours' records.
            if record.startLine == 0 {
                place(
                    &record, after: previous >= 0 ? storage.nodes[Int(previous)] : nil,
                    in: parent >= 0 ? storage.nodes[Int(parent)] : nil)
            } else {
                mendEnd(of: &record, source: source)
            }
            storage.nodes.append(record)
            if parent >= 0 {
                if previous >= 0 {
                    storage.nodes[Int(previous)].nextSibling = index
                } else {
                    storage.nodes[Int(parent)].firstChild = index
                }
            }
            return index
        }
    }

    /// Line breaks have no position in cmark's tree: they sit just after the node before them,
    /// or at the start of their parent.
    private static func place(_ record: inout NodeRecord, after previous: NodeRecord?, in parent: NodeRecord?) {
        let anchor = previous.map { ($0.endLine, $0.endColumn + 1) } ?? parent.map { ($0.startLine, $0.startColumn) }
        let (line, column) = anchor ?? (1, 1)
        record.startLine = line
        record.startColumn = column
        record.endLine = line
        record.endColumn = column
    }

    /// Mends the ends cmark leaves incomplete, so every node has a usable range: a block that
    /// ends at a blank line gets `column 0` of the next line, and so ends at the end of the
    /// line before.
    private static func mendEnd(of record: inout NodeRecord, source: SourceText) {
        if record.endColumn == 0, record.endLine > 1 {
            record.endLine -= 1
            record.endColumn = Int32(max(1, source.line(Int(record.endLine)).count))
        }
        if (record.endLine, record.endColumn) < (record.startLine, record.startColumn) {
            record.endLine = record.startLine
            record.endColumn = max(record.startColumn, Int32(source.line(Int(record.startLine)).count))
        }
    }

    private static func record(
        for node: OpaquePointer, index: Int32, parent: Int32, storage: inout NodeStorage, source: SourceText,
        bytes: UnsafeBufferPointer<UInt8>, lineShift: Int32
    ) -> NodeRecord {
        let kind = MarkdownNodeKind(cmarkType: cmark_node_get_type(node))
        let startLine = cmark_node_get_start_line(node)
        let endLine = cmark_node_get_end_line(node)
        // Line 0 is cmark's "no position", which `place` fills in later.
        var record = NodeRecord(
            kind: kind,
            startLine: startLine > 0 ? startLine + lineShift : 0,
            startColumn: cmark_node_get_start_column(node),
            endLine: endLine > 0 ? endLine + lineShift : 0,
            endColumn: cmark_node_get_end_column(node),
            parent: parent)
        switch kind {
        case .text, .code, .htmlInline:
            // Most text is a verbatim run of one source line; it is then read from the source.
            let start =
                record.startLine == record.endLine
                ? source.offset(line: Int(record.startLine), column: Int(record.startColumn)) : -1
            record.literal = storage.intern(cmark_node_get_literal(node), verbatimAt: start, in: bytes)
        case .htmlBlock:
            let start = source.offset(line: Int(record.startLine), column: 1)
            record.literal = storage.intern(cmark_node_get_literal(node), verbatimAt: start, in: bytes)
        case .codeBlock:
            record.flag = isFence(source, line: Int(record.startLine), column: Int(record.startColumn))
            let firstContentLine = Int(record.startLine) + (record.flag ? 1 : 0)
            let start = source.offset(line: firstContentLine, column: 1)
            record.literal = storage.intern(cmark_node_get_literal(node), verbatimAt: start, in: bytes)
            record.detail = storage.intern(cmark_node_get_fence_info(node))
        case .heading:
            record.number = cmark_node_get_heading_level(node)
        case .list:
            let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            let parenthesis = cmark_node_get_list_delim(node) == CMARK_PAREN_DELIM
            record.style =
                (ordered ? (parenthesis ? MarkdownListStyle.orderedParenthesis : .orderedPeriod) : .bullet)
                .rawValue
            record.number = ordered ? cmark_node_get_list_start(node) : 0
            record.flag = cmark_node_get_list_tight(node) != 0
        case .link, .image:
            record.detail = storage.intern(cmark_node_get_url(node))
            if let title = cmark_node_get_title(node), title.pointee != 0 {
                storage.titles[index] = storage.intern(title)
            }
        case .customBlock, .customInline:
            record.literal = storage.intern(cmark_node_get_on_enter(node))
            record.detail = storage.intern(cmark_node_get_on_exit(node))
        default:
            break
        }
        return record
    }

    /// cmark does not say whether a code block was fenced; the source does.
    private static func isFence(_ source: SourceText, line: Int, column: Int) -> Bool {
        let bytes = source.line(line)
        let start = bytes.startIndex + max(0, column - 1)
        guard start + 2 < bytes.endIndex else { return false }
        let first = bytes[start]
        guard first == UInt8(ascii: "`") || first == UInt8(ascii: "~") else { return false }
        return bytes[start + 1] == first && bytes[start + 2] == first
    }
}

extension MarkdownNodeKind {
    init(cmarkType: cmark_node_type) {
        switch cmarkType {
        case CMARK_NODE_DOCUMENT: self = .document
        case CMARK_NODE_BLOCK_QUOTE: self = .blockQuote
        case CMARK_NODE_LIST: self = .list
        case CMARK_NODE_ITEM: self = .item
        case CMARK_NODE_CODE_BLOCK: self = .codeBlock
        case CMARK_NODE_HTML_BLOCK: self = .htmlBlock
        case CMARK_NODE_CUSTOM_BLOCK: self = .customBlock
        case CMARK_NODE_PARAGRAPH: self = .paragraph
        case CMARK_NODE_HEADING: self = .heading
        case CMARK_NODE_THEMATIC_BREAK: self = .thematicBreak
        case CMARK_NODE_SOFTBREAK: self = .softBreak
        case CMARK_NODE_LINEBREAK: self = .lineBreak
        case CMARK_NODE_CODE: self = .code
        case CMARK_NODE_HTML_INLINE: self = .htmlInline
        case CMARK_NODE_CUSTOM_INLINE: self = .customInline
        case CMARK_NODE_EMPH: self = .emphasis
        case CMARK_NODE_STRONG: self = .strong
        case CMARK_NODE_LINK: self = .link
        case CMARK_NODE_IMAGE: self = .image
        default: self = .text
        }
    }
}
