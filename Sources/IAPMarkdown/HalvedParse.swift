import CCmark
import Dispatch
import IAPDiagnostics

/// Parses a large document as two halves, one per core, and joins the two trees into the one
/// tree a single parse gives.
///
/// cmark parses on one core, and a one-file book of megabytes waited for it. The halves meet at
/// an ATX heading that starts a line after a blank line: such a line closes every open block
/// unless a fenced code block or an HTML block is still open above it, so the blocks of each
/// half are the blocks of the whole. One thing crosses the cut: link reference definitions,
/// which cmark resolves against the whole document. Each half is therefore parsed with the
/// other half's definitions beside it: the first half's paragraphs of definitions before the
/// second half (so the first definition of a label still wins), the second half's after the
/// first. Those paragraphs are found by their text before parsing; afterwards each half's tree
/// must show that they were exactly its paragraphs of definitions, and that the cut closed every
/// block. When anything is not so (a definition inside a list, a fence or `<pre>` left open
/// across the cut, a definition-like line the scan misread) the halves are dropped
/// and the document is parsed whole: the result never depends on the guess.
///
/// cmark also stops resolving references once the destinations and titles it has handed out
/// pass the number of bytes it was fed (a guard against documents that expand without bound).
/// The halves are kept only when all the links of both come to less than what either half was
/// fed (the text a half was lent by the other counts among the other's links), so the guard
/// tripped neither there nor in the whole.
///
/// Two of cmark's positions are off by a line, and the check reads the block's text instead:
/// an HTML block closed by its end condition ends a line early, and a setext heading of
/// several lines a line late.
enum HalvedParse {
    /// Below this size one parse is quick enough that the scans and the join are not worth it.
    static let minimumBytes = 2 << 20

    /// The two trees joined, or nil when the document must be parsed whole.
    static func convert(_ source: SourceText, hiding frontMatter: FrontMatter?) -> NodeStorage? {
        let hidden = frontMatter?.byteRange(in: source) ?? 0..<0
        let lines = SourceLines(source: source, hiddenLines: frontMatter?.lines)
        guard let cut = lines.cutLine() else { return nil }
        let owns = [1...(cut - 1), cut...lines.count]
        let scans = ConcurrentSlots(repeating: SourceLines.DefinitionScan(), count: 2)
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            scans[index] = lines.definitionParagraphs(in: owns[index])
        }
        guard !scans[0].endsInsideBlock else { return nil }
        let first = Half(lines: lines, own: owns[0], definitions: scans[0].paragraphs)
        let second = Half(lines: lines, own: owns[1], definitions: scans[1].paragraphs)
        let parts = ConcurrentSlots<Half.Parsed?>(repeating: nil, count: 2)
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            parts[index] =
                index == 0
                ? first.parse(after: [], sentinel: cut, before: second.definitions, hiding: hidden)
                : second.parse(after: first.definitions, sentinel: nil, before: [], hiding: 0..<0)
        }
        guard let head = parts[0], let tail = parts[1] else { return nil }
        let budget = [head.fedBytes, tail.fedBytes, source.bytes.count].map { max($0, 100_000) }.min() ?? 0
        guard head.linkBytes + tail.linkBytes < budget else { return nil }
        var joined = head.storage
        var rest = tail.storage
        joined.append(&rest)
        return joined
    }
}

/// One half: its own lines of the document, and the paragraphs of definitions its text shows.
private struct Half {
    let lines: SourceLines
    let own: ClosedRange<Int>
    let definitions: [ClosedRange<Int>]

    struct Parsed: Sendable {
        var storage: NodeStorage
        /// The bytes cmark was fed, and the bytes of every link's destination and title.
        var fedBytes: Int
        var linkBytes: Int
    }

    /// Parses the half as the text cmark is fed: the `after` paragraphs (of the half before),
    /// then the half's own lines, then the line `sentinel` (the heading that follows the half,
    /// which must close it as it does in the whole), then the `before` paragraphs. Nil when the
    /// tree does not show that this equals the half's part of a whole parse.
    func parse(after: [ClosedRange<Int>], sentinel: Int?, before: [ClosedRange<Int>], hiding hidden: Range<Int>)
        -> Parsed?
    {
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return nil }
        var fed = (lines: 0, bytes: 0)
        for paragraph in after {
            feed(paragraph, to: parser, counting: &fed)
        }
        let ownStart = fed.lines + 1
        let ownBytes = lines.start(of: own.lowerBound)..<lines.end(of: own.upperBound)
        CmarkConverter.feed(parser, lines.source.bytes[ownBytes], hiding: hidden)
        fed.bytes += ownBytes.count
        if let sentinel {
            feed(sentinel...sentinel, to: parser, counting: &fed)
            for paragraph in before {
                feed(paragraph, to: parser, counting: &fed)
            }
        }
        let finished = cmark_parser_finish(parser)
        cmark_parser_free(parser)
        guard let root = finished else { return nil }
        let shift = own.lowerBound - ownStart
        let fedOwn = ownStart...(ownStart + own.count - 1)
        guard holds(root, fedOwn: fedOwn, shift: shift, sentinel: sentinel != nil) else {
            cmark_node_free(root)
            return nil
        }
        let storage = CmarkConverter.copy(
            root, source: lines.source, freeingNodes: true,
            keptLines: Int32(fedOwn.lowerBound)...Int32(fedOwn.upperBound), lineShift: Int32(shift),
            expectedBytes: ownBytes.count)
        return Parsed(storage: storage, fedBytes: fed.bytes, linkBytes: storage.linkBytes())
    }

    /// Feeds lines of the source and a blank line after them.
    private func feed(_ range: ClosedRange<Int>, to parser: OpaquePointer, counting fed: inout (lines: Int, bytes: Int))
    {
        let bytes = lines.start(of: range.lowerBound)..<lines.end(of: range.upperBound)
        CmarkConverter.feed(parser, lines.source.bytes[bytes])
        // The blank line repeats the last line's ending: a lone CR followed by LF would be one.
        let last = lines.source.bytes[bytes.upperBound - 1]
        let ending: ArraySlice<UInt8> = lines.endsWithNewline(range.upperBound) ? [last] : [0x0A, 0x0A]
        CmarkConverter.feed(parser, ending)
        fed.lines += range.count + 1
        fed.bytes += bytes.count + ending.count
    }

    /// Whether the top-level blocks show the half parsed as in the whole document: the lines
    /// fed before its own end before them, its own blocks end on its own lines, the sentinel
    /// heading follows them, and its paragraphs of definitions are exactly those the scan found.
    private func holds(_ root: OpaquePointer, fedOwn: ClosedRange<Int>, shift: Int, sentinel: Bool) -> Bool {
        var found: [ClosedRange<Int>] = []
        var uncoveredFrom = own.lowerBound
        var sawSentinel = !sentinel
        var sawFirstOwn = false
        var block = cmark_node_first_child(root)
        while let current = block {
            block = cmark_node_next(current)
            let start = Int(cmark_node_get_start_line(current))
            let end = Int(cmark_node_get_end_line(current))
            let type = cmark_node_get_type(current)
            if start < fedOwn.lowerBound {
                // Paragraphs fed before the half: they must be closed before its first line.
                guard end < fedOwn.lowerBound else { return false }
                continue
            }
            if start > fedOwn.upperBound {
                // The sentinel heading, then the other half's paragraphs.
                if !sawSentinel {
                    guard start == fedOwn.upperBound + 1, type == CMARK_NODE_HEADING else { return false }
                    sawSentinel = true
                }
                continue
            }
            let first = start + shift
            let last = lines.lastLine(of: current, first: first, reported: end + shift)
            guard last <= own.upperBound else { return false }
            if !sawFirstOwn {
                sawFirstOwn = true
                // The second half starts with its heading, or something swallowed it.
                if own.lowerBound > 1, first != own.lowerBound || type != CMARK_NODE_HEADING { return false }
            }
            // Blocks that overlap mean positions this check does not understand.
            guard first >= uncoveredFrom, lines.definitionRuns(in: uncoveredFrom..<first, into: &found) else {
                return false
            }
            uncoveredFrom = last + 1
            switch type {
            case CMARK_NODE_PARAGRAPH:
                let column = Int(cmark_node_get_start_column(current))
                if lines.mayStartDefinition(line: first, column: column) { found.append(first...last) }
            case CMARK_NODE_HEADING:
                // A setext heading's text may have begun with definitions, which the scan
                // found up to its underline.
                let column = Int(cmark_node_get_start_column(current))
                if last > first, lines.mayStartDefinition(line: first, column: column) {
                    found.append(first...(last - 1))
                }
            case CMARK_NODE_LIST, CMARK_NODE_BLOCK_QUOTE:
                guard lines.hasNoDefinitions(inside: current, from: first, to: last, shift: shift) else { return false }
            default:
                break
            }
        }
        guard sawSentinel, own.lowerBound == 1 || sawFirstOwn else { return false }
        guard lines.definitionRuns(in: uncoveredFrom..<(own.upperBound + 1), into: &found) else { return false }
        return found == definitions
    }
}

extension NodeStorage {
    /// The bytes of every link's and image's destination and title: what cmark counts against
    /// its guard when the link came from a definition.
    func linkBytes() -> Int {
        var total = 0
        var index: Int32 = 0
        nodes.forEach { record in
            if record.kind == .link || record.kind == .image {
                total += Int(max(0, record.detail.length)) + Int(max(0, titles[index]?.length ?? 0))
            }
            index += 1
        }
        return total
    }
}
