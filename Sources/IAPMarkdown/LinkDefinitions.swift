import CCmark

/// A document's link reference definitions, kept as Markdown to parse again in front of a piece
/// of the document that is read apart from it.
///
/// cmark resolves `[text][label]` against every definition in the document, and then leaves no
/// trace of the definitions in the tree. A table's cells are parsed apart from their chapter
/// (cmark has no tables), so without them a reference in a cell found nothing and was printed
/// as written, where GitHub shows a link.
///
/// The definitions are found from the tree: a run of lines that no block of the document, a
/// block quote or a list item covers and that starts like a definition is a paragraph cmark
/// consumed as definitions, and a paragraph (or setext heading) that starts like one may open
/// with some. Such a paragraph is
/// cut before each line that starts like a definition, and cmark reads the pieces: its
/// definitions are the pieces that are nothing but definitions, up to and with the first that
/// has text after them. Inside block quotes and list items, their markers are taken off first.
/// Each piece is kept under its label, so a cell is parsed after only the definitions its
/// brackets name, however many the chapter has.
public struct LinkDefinitions: Sendable {
    /// One piece of a paragraph: its lines without their indentation, and the label its first
    /// line opens, normalized as `key(ofLabel:)` does.
    struct Piece: Sendable {
        var key: [UInt8]
        var text: [UInt8]
        var lineCount: Int
    }

    private var pieces: [Piece]
    /// Where each label's pieces are, in document order.
    private var piecesByKey: [[UInt8]: [Int]]

    /// No definitions: what a piece of Markdown without a document around it has.
    public static let none = LinkDefinitions(pieces: [])

    private init(pieces: [Piece]) {
        self.pieces = pieces
        piecesByKey = [:]
        for (index, piece) in pieces.enumerated() { piecesByKey[piece.key, default: []].append(index) }
    }

    public var isEmpty: Bool { pieces.isEmpty }

    /// Lines that may open with definitions: where they are, the column the first one's text
    /// starts at when a block says so, and how many block quotes they are in.
    private struct Run {
        var lines: ClosedRange<Int>
        var firstColumn: Int?
        var quoteDepth: Int
    }

    /// Reads the definitions of `document`: a walk of its blocks down to the paragraphs, and a
    /// parse of the paragraphs that open with definitions.
    public init(of document: MarkdownDocument) {
        let lines = SourceLines(source: document.source, hiddenLines: document.frontMatter?.lines)
        var runs: [Run] = []
        Self.collect(in: document.root, lines: lines, into: &runs)
        self.init(pieces: runs.flatMap { Self.pieces(of: $0, lines: lines) })
    }

    /// A container being walked: the document, a block quote or a list item, whose blocks are
    /// read in turn, or a list, whose items are.
    private struct Container {
        var next: MarkdownNode?
        var span: ClosedRange<Int>
        var quoteDepth: Int
        /// The last line a block of the container has covered so far.
        var covered: Int
        var isList = false
    }

    /// Adds the runs of the document in the order of their lines: in each container, the lines
    /// no block of it covers, which cmark read as definitions, and the paragraphs that start
    /// like one. The walk keeps its own stack: quotes may nest tens of thousands deep.
    private static func collect(in root: MarkdownNode, lines: SourceLines, into runs: inout [Run]) {
        var stack = [Container(next: root.firstChild, span: 1...max(1, lines.count), quoteDepth: 0, covered: 0)]
        while var container = stack.popLast() {
            guard let block = container.next else {
                if !container.isList, container.covered < container.span.upperBound {
                    addUncoveredRuns(
                        container.covered + 1..<container.span.upperBound + 1, quoteDepth: container.quoteDepth,
                        lines: lines, into: &runs)
                }
                continue
            }
            container.next = block.nextSibling
            let first = block.line
            let last = max(first, lines.lastLine(of: block))
            if container.isList {
                stack.append(container)
                stack.append(
                    Container(
                        next: block.firstChild, span: first...last, quoteDepth: container.quoteDepth, covered: first - 1
                    ))
                continue
            }
            if first > container.covered + 1 {
                addUncoveredRuns(
                    container.covered + 1..<first, quoteDepth: container.quoteDepth, lines: lines, into: &runs)
            }
            container.covered = max(container.covered, last)
            stack.append(container)
            switch block.kind {
            case .paragraph, .heading:
                if lines.mayStartDefinition(line: first, column: block.column) {
                    runs.append(Run(lines: first...last, firstColumn: block.column, quoteDepth: container.quoteDepth))
                }
            case .blockQuote:
                stack.append(
                    Container(
                        next: block.firstChild, span: first...last, quoteDepth: container.quoteDepth + 1,
                        covered: first - 1))
            case .list:
                stack.append(
                    Container(
                        next: block.firstChild, span: first...last, quoteDepth: container.quoteDepth,
                        covered: first - 1,
                        isList: true))
            default:
                break
            }
        }
    }

    /// Adds the runs of lines in `range` that are not blank inside their quotes and whose text
    /// starts like a definition.
    private static func addUncoveredRuns(
        _ range: Range<Int>, quoteDepth: Int, lines: SourceLines, into runs: inout [Run]
    ) {
        let isBlank = { (line: Int) in
            lines.isBlank(line) || continuation(lines.source.line(line), quoteDepth: quoteDepth).isEmpty
        }
        for run in lines.nonBlankRuns(in: range, isBlank: isBlank)
        where lines.mayStartDefinition(opening(lines.source.line(run.lowerBound), quoteDepth: quoteDepth)) {
            runs.append(Run(lines: run, firstColumn: nil, quoteDepth: quoteDepth))
        }
    }

    /// A line that opens blocks as the text in them: without the markers of its block quotes
    /// and list items, nor the white space around them. A definition is the first text that
    /// starts with `[`, so nothing of it is taken.
    private static func opening(_ line: ArraySlice<UInt8>, quoteDepth: Int) -> ArraySlice<UInt8> {
        text(of: line, quoteDepth: quoteDepth, takingListMarkers: true)
    }

    /// A line inside a paragraph or a definition as its text: without up to `quoteDepth` quote
    /// markers (a lazy line has none) and the white space around them.
    private static func continuation(_ line: ArraySlice<UInt8>, quoteDepth: Int) -> ArraySlice<UInt8> {
        text(of: line, quoteDepth: quoteDepth, takingListMarkers: false)
    }

    private static func text(
        of line: ArraySlice<UInt8>, quoteDepth: Int, takingListMarkers: Bool
    ) -> ArraySlice<UInt8> {
        var text = line
        var quotes = quoteDepth
        while let first = text.first {
            if first == 0x20 || first == 0x09 {
                text = text.dropFirst()
            } else if first == UInt8(ascii: ">"), quotes > 0 {
                text = text.dropFirst()
                quotes -= 1
            } else if takingListMarkers, let marker = ListMarker.length(at: text) {
                text = text.dropFirst(marker)
            } else {
                break
            }
        }
        return text
    }

    /// The definitions that open the paragraph on `run`, a piece for each.
    private static func pieces(of run: Run, lines: SourceLines) -> [Piece] {
        // A paragraph's lines are its text without their indentation, as cmark reads them.
        let texts = run.lines.map { number in
            let line = lines.source.line(number)
            guard number == run.lines.lowerBound else { return continuation(line, quoteDepth: run.quoteDepth) }
            guard let column = run.firstColumn else { return opening(line, quoteDepth: run.quoteDepth) }
            return line.dropFirst(column - 1).drop { $0 == 0x20 || $0 == 0x09 }
        }
        var pieces: [Piece] = []
        var start = 0
        for index in texts.indices where index == texts.count - 1 || lines.mayStartDefinition(texts[index + 1]) {
            var text: [UInt8] = []
            for line in texts[start...index] {
                text += line
                text.append(0x0A)
            }
            guard let key = definedKey(text[...]) else { break }
            pieces.append(Piece(key: key, text: text, lineCount: index - start + 1))
            start = index + 1
        }
        guard let firstWithText = firstPieceWithText(pieces) else { return pieces }
        return Array(pieces[...firstWithText])
    }

    /// The first piece that cmark does not read as definitions and nothing else: the paragraph's
    /// definitions end there. The pieces are parsed together, a blank line apart, so that each
    /// is a paragraph of its own; one that leaves a block has text after its definitions.
    private static func firstPieceWithText(_ pieces: [Piece]) -> Int? {
        var text: [UInt8] = []
        var lastLines: [Int] = []
        for piece in pieces {
            text += piece.text
            text.append(0x0A)
            lastLines.append((lastLines.last ?? 0) + piece.lineCount + 1)
        }
        let firstBlockLine = text.withUnsafeBufferPointer { bytes -> Int? in
            guard let base = bytes.baseAddress else { return nil }
            let parse = { (text: UnsafePointer<CChar>) in cmark_parse_document(text, bytes.count, CMARK_OPT_DEFAULT) }
            guard let root = base.withMemoryRebound(to: CChar.self, capacity: bytes.count, parse) else { return nil }
            defer { cmark_node_free(root) }
            return cmark_node_first_child(root).map { Int(cmark_node_get_start_line($0)) }
        }
        guard let line = firstBlockLine else { return nil }
        return lastLines.firstIndex { line <= $0 } ?? pieces.count - 1
    }

    /// Markdown that defines every label `texts` put in brackets, in the document's order (the
    /// first definition of a label wins, as in the document), ending with a blank line; and its
    /// number of lines, so that what follows it can be told apart. Empty when none is named.
    public func prelude(for texts: some Sequence<String>) -> (text: [UInt8], lineCount: Int) {
        guard !pieces.isEmpty else { return ([], 0) }
        var named = Set<[UInt8]>()
        for text in texts { Self.addBracketedKeys(Array(text.utf8), to: &named) }
        guard !named.isEmpty else { return ([], 0) }
        let chosen = Set(named.flatMap { piecesByKey[$0] ?? [] }).sorted()
        var text: [UInt8] = []
        var lineCount = 0
        // A blank line after each piece: the text after a paragraph's definitions must not run
        // on into the next piece.
        for index in chosen {
            text += pieces[index].text
            text.append(0x0A)
            lineCount += pieces[index].lineCount + 1
        }
        return (text, lineCount)
    }

    /// The label a definition's text opens with (`[label]:` after up to three spaces), as a key;
    /// nil when it cannot be one.
    static func definedKey(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        let body = text.drop { $0 == 0x20 }
        guard text.count - body.count <= 3, body.first == UInt8(ascii: "[") else { return nil }
        guard let close = closingBracket(in: body, from: body.startIndex + 1), close + 1 < body.endIndex,
            body[close + 1] == UInt8(ascii: ":")
        else { return nil }
        let key = key(ofLabel: body[(body.startIndex + 1)..<close])
        return key.isEmpty ? nil : key
    }

    /// Every text between `[` and the next `]` without a bracket between them: each label a
    /// full, collapsed or shortcut reference may name, and some that are none.
    static func addBracketedKeys(_ text: [UInt8], to keys: inout Set<[UInt8]>) {
        var index = 0
        while index < text.count {
            if text[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if text[index] == UInt8(ascii: "["), let close = closingBracket(in: text[...], from: index + 1) {
                keys.insert(key(ofLabel: text[(index + 1)..<close]))
            }
            index += 1
        }
    }

    /// Where the label that starts at `start` ends: the first `]` not escaped, unless a `[`
    /// comes first, which no label may hold.
    private static func closingBracket(in text: ArraySlice<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < text.endIndex {
            switch text[index] {
            case UInt8(ascii: "\\"): index += 1
            case UInt8(ascii: "["): return nil
            case UInt8(ascii: "]"): return index
            default: break
            }
            index += 1
        }
        return nil
    }

    /// A label as cmark compares labels: white space trimmed and collapsed to one space, and
    /// case folded. ASCII is folded byte by byte; other text through lowercase, uppercase and
    /// lowercase again, which folds `ß` and `ẞ` to `ss` and `ς` to `σ` as case folding does.
    static func key(ofLabel label: ArraySlice<UInt8>) -> [UInt8] {
        var key: [UInt8] = []
        key.reserveCapacity(label.count)
        var pendingSpace = false
        var isASCII = true
        for byte in label {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                pendingSpace = !key.isEmpty
                continue
            }
            if pendingSpace {
                key.append(0x20)
                pendingSpace = false
            }
            if byte >= 0x80 { isASCII = false }
            key.append((UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte)
        }
        guard !isASCII else { return key }
        return Array(String(decoding: key, as: UTF8.self).lowercased().uppercased().lowercased().utf8)
    }
}
