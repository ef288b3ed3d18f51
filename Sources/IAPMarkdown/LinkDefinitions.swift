import CCmark

/// A document's link reference definitions, kept as Markdown to parse again in front of a piece
/// of the document that is read apart from it.
///
/// cmark resolves `[text][label]` against every definition in the document, and then leaves no
/// trace of the definitions in the tree. A table's cells are parsed apart from their chapter
/// (cmark has no tables), so without them a reference in a cell found nothing and was printed
/// as written, where GitHub shows a link.
///
/// The definitions are found from the tree: a run of lines that no top-level block covers and
/// that starts like a definition is a paragraph cmark consumed as definitions, and a top-level
/// paragraph (or setext heading) that starts like one may open with some. Such a paragraph is
/// cut before each line that starts like a definition, and cmark reads the pieces: its
/// definitions are the pieces that are nothing but definitions, up to and with the first that
/// has text after them. Each piece is kept under its label, so a cell is parsed after only the
/// definitions its brackets name, however many the chapter has. Definitions inside a list or a
/// block quote are not found.
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

    /// Reads the definitions of `document`: a walk of its top-level blocks, and a parse of the
    /// paragraphs that open with definitions.
    public init(of document: MarkdownDocument) {
        let lines = SourceLines(source: document.source, hiddenLines: document.frontMatter?.lines)
        var runs: [ClosedRange<Int>] = []
        var covered = 0
        for block in document.root.children {
            let first = block.line
            if first > covered + 1 { Self.addUncoveredRuns(covered + 1..<first, lines: lines, to: &runs) }
            let last = lines.lastLine(of: block)
            if block.kind == .paragraph || block.kind == .heading,
                lines.mayStartDefinition(line: first, column: block.column)
            {
                runs.append(first...max(first, last))
            }
            covered = max(covered, last)
        }
        if covered < lines.count { Self.addUncoveredRuns(covered + 1..<lines.count + 1, lines: lines, to: &runs) }
        self.init(pieces: runs.flatMap { Self.pieces(of: $0, lines: lines) })
    }

    /// The definitions that open the paragraph on `run`, a piece for each.
    private static func pieces(of run: ClosedRange<Int>, lines: SourceLines) -> [Piece] {
        // A paragraph's lines are its text without their indentation, as cmark reads them.
        let texts = run.map { lines.source.line($0).drop { $0 == 0x20 || $0 == 0x09 } }
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

    /// Adds the runs of non-blank lines in `range` that start like a definition. A line no block
    /// covers is one cmark read as a definition, or one of a front matter block.
    private static func addUncoveredRuns(_ range: Range<Int>, lines: SourceLines, to runs: inout [ClosedRange<Int>]) {
        var line = range.lowerBound
        while line < range.upperBound {
            guard !lines.isBlank(line) else {
                line += 1
                continue
            }
            var last = line
            while last + 1 < range.upperBound, !lines.isBlank(last + 1) { last += 1 }
            if lines.mayStartDefinition(line: line, column: 1) { runs.append(line...last) }
            line = last + 1
        }
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
