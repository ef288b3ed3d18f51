/// GitHub's strikethrough, `~~gone~~` or `~gone~`, which CommonMark without GitHub's extensions
/// leaves as words.
///
/// The tildes are found among the children of one inline container (a paragraph, a heading,
/// emphasis, a link) by GitHub's rules: a run of one or two tildes (three or more stay words)
/// may open when it is left-flanking and close when it is right-flanking, as emphasis's runs
/// do, and a closing run pairs with the nearest open run of its own length, the runs between
/// them left as words. A run only pairs within its container, as cmark's own delimiters do: a
/// run inside emphasis never pairs with one after it.
///
/// An escaped tilde (`\~`) is a word. cmark joins the pieces of a text into one node, so a node
/// whose bytes are not the source's as written is read against the source to tell which of its
/// tildes were escaped; when that reading fails, none of its tildes counts.
public enum StrikethroughSyntax {
    public struct Delimiter: Hashable, Sendable {
        /// Where the run is in its text node's literal.
        public var range: Range<Int>
        public var opens: Bool

        public init(range: Range<Int>, opens: Bool) {
            self.range = range
            self.opens = opens
        }
    }

    /// The paired runs in each of `container`'s text children, in order; only nodes with a run
    /// that pairs are keys.
    public static func delimiters(in container: MarkdownNode) -> [MarkdownNode: [Delimiter]] {
        let boundary: CharacterClass = container.kind.isBlock ? .whitespace : .punctuation
        var runs: [Run] = []
        var before = boundary
        var child = container.firstChild
        while let node = child {
            child = node.nextSibling
            guard node.kind == .text else {
                before = node.kind == .softBreak || node.kind == .lineBreak ? .whitespace : .punctuation
                continue
            }
            let after = child.map(firstClass) ?? boundary
            node.withLiteralBytes { bytes in
                collectRuns(in: bytes, of: node, before: before, after: after, into: &runs)
                if let last = lastScalar(bytes, before: bytes.count) { before = CharacterClass(last) }
            }
        }
        guard runs.count > 1 else { return [:] }
        // The open runs in order, and for each length where its runs are among them, so that
        // a closer finds its opener without a search: each run is pushed and dropped once.
        var openers: [Int] = []
        var openersOfLength: [[Int]] = [[], []]
        var opens = [Bool?](repeating: nil, count: runs.count)
        for (index, run) in runs.enumerated() {
            let length = run.range.count - 1
            if run.canClose, let position = openersOfLength[length].last {
                opens[openers[position]] = true
                opens[index] = false
                openers.removeSubrange(position...)
                for other in 0..<2 {
                    while let last = openersOfLength[other].last, last >= position {
                        openersOfLength[other].removeLast()
                    }
                }
            } else if run.canOpen {
                openersOfLength[length].append(openers.count)
                openers.append(index)
            }
        }
        var found: [MarkdownNode: [Delimiter]] = [:]
        for (index, run) in runs.enumerated() {
            if let opening = opens[index] {
                found[run.node, default: []].append(Delimiter(range: run.range, opens: opening))
            }
        }
        return found
    }

    private struct Run {
        var node: MarkdownNode
        var range: Range<Int>
        var canOpen: Bool
        var canClose: Bool
    }

    /// Whether a character is white space, punctuation or neither, as flanking asks.
    private enum CharacterClass {
        case whitespace, punctuation, other

        init(_ scalar: Unicode.Scalar) {
            if scalar.properties.isWhitespace {
                self = .whitespace
            } else if scalar.isASCII
                ? UTF8Bytes.isASCIIPunctuation(UInt8(scalar.value)) : Self.isPunctuation(scalar)
            {
                self = .punctuation
            } else {
                self = .other
            }
        }

        private static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                .initialPunctuation, .finalPunctuation, .otherPunctuation:
                return true
            default:
                return false
            }
        }
    }

    /// What comes right after a text's last character: the next child's first character.
    private static func firstClass(_ node: MarkdownNode) -> CharacterClass {
        switch node.kind {
        case .softBreak, .lineBreak: return .whitespace
        case .text:
            return (node.withLiteralBytes { $0.isEmpty ? nil : UTF8Bytes.scalar(at: 0, in: $0) } ?? nil).map(
                CharacterClass.init) ?? .whitespace
        default: return .punctuation
        }
    }

    private static func collectRuns(
        in bytes: UnsafeBufferPointer<UInt8>, of node: MarkdownNode, before: CharacterClass, after: CharacterClass,
        into runs: inout [Run]
    ) {
        guard bytes.contains(UInt8(ascii: "~")) else { return }
        guard let written = writtenTildes(bytes, of: node) else { return }
        var index = 0
        while index < bytes.count {
            guard written(index) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < bytes.count, written(end) { end += 1 }
            if end - index <= 2 {
                let previous = index > 0 ? lastScalar(bytes, before: index).map(CharacterClass.init) ?? .other : before
                let next =
                    end < bytes.count
                    ? UTF8Bytes.scalar(at: end, in: bytes).map(CharacterClass.init) ?? .other : after
                let leftFlanking = next != .whitespace && (next != .punctuation || previous != .other)
                let rightFlanking = previous != .whitespace && (previous != .punctuation || next != .other)
                if leftFlanking || rightFlanking {
                    runs.append(Run(node: node, range: index..<end, canOpen: leftFlanking, canClose: rightFlanking))
                }
            }
            index = end
        }
    }

    /// Which bytes of a text node are tildes written as such, not escaped; nil when the node
    /// cannot be read against its source.
    private static func writtenTildes(_ bytes: UnsafeBufferPointer<UInt8>, of node: MarkdownNode) -> ((Int) -> Bool)? {
        if node.literalIsVerbatim { return { bytes[$0] == UInt8(ascii: "~") } }
        let source = node.document.source
        var position = source.offset(line: node.line, column: node.column)
        guard position >= 0 else { return nil }
        var written = Set<Int>()
        var index = 0
        return source.bytes.withUnsafeBufferPointer { source -> ((Int) -> Bool)? in
            while index < bytes.count {
                guard position < source.count else { return nil }
                let byte = source[position]
                if byte == UInt8(ascii: "\\"), position + 1 < source.count,
                    UTF8Bytes.isASCIIPunctuation(source[position + 1]),
                    bytes[index] == source[position + 1]
                {
                    index += 1
                    position += 2
                } else if byte == UInt8(ascii: "&"), let end = entityEnd(source, at: position),
                    let decoded = decodedLength(of: bytes, at: index, resumingAt: end, in: source)
                {
                    index += decoded
                    position = end
                } else {
                    guard byte == bytes[index] else { return nil }
                    if byte == UInt8(ascii: "~") { written.insert(index) }
                    index += 1
                    position += 1
                }
            }
            return { written.contains($0) }
        }
    }

    /// Where an entity (`&amp;`, `&#126;`, `&#x7E;`) that starts at `start` ends, after its `;`.
    private static func entityEnd(_ source: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        var index = start + 1
        while index < source.count, index - start <= 33 {
            let byte = source[index]
            if byte == UInt8(ascii: ";") { return index - start > 1 ? index + 1 : nil }
            guard
                (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "#")
            else { return nil }
            index += 1
        }
        return nil
    }

    /// How many bytes of the text an entity became: the fewest after which the text goes on as
    /// the source does after the entity (an entity cmark does not know stays as written).
    private static func decodedLength(
        of bytes: UnsafeBufferPointer<UInt8>, at index: Int, resumingAt resume: Int,
        in source: UnsafeBufferPointer<UInt8>
    ) -> Int? {
        for length in 1...min(33, bytes.count - index) {
            let rest = bytes.count - index - length
            let compared = min(rest, 8, source.count - resume)
            if rest > 0 && compared == 0 { continue }
            if (0..<compared).allSatisfy({ bytes[index + length + $0] == source[resume + $0] }) { return length }
        }
        return nil
    }

    /// The character that ends before `end`.
    private static func lastScalar(_ bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Unicode.Scalar? {
        guard end > 0 else { return nil }
        var start = end - 1
        while start > 0, end - start < 4, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return UTF8Bytes.scalar(at: start, in: bytes)
    }
}

extension MarkdownNode {
    /// Whether the literal is the source's bytes where the node starts, as written: no escape or
    /// entity was read in it.
    var literalIsVerbatim: Bool { document.nodes[Int(index)].literal.isInSource }
}
