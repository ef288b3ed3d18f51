import IAPMarkdown

/// A GitHub table found in a paragraph. cmark without extensions reads a table as a paragraph
/// of text; the paragraph's source lines say whether it was one: a header row, a delimiter row
/// of dashes (colons giving the alignment), then body rows.
struct TableSource {
    enum Alignment: String {
        case none, left, center, right
    }

    /// One cell's Markdown, with where it starts in the file.
    struct Cell {
        var text: String
        var line: Int
        var column: Int

        /// Whether CommonMark reads the cell as a paragraph of one text node holding exactly
        /// its characters: no byte that starts an inline (emphasis, code, link, image, autolink
        /// or raw HTML, entity, backslash escape) and no opening that starts a block (heading,
        /// list item, block quote, thematic break, fence). Such a cell needs no parser.
        var isPlainText: Bool {
            var text = text
            return text.withUTF8 { bytes in
                guard let first = bytes.first else { return true }
                switch first {
                case UInt8(ascii: "#"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: ">"),
                    UInt8(ascii: "~"), UInt8(ascii: "="):
                    return false
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    if ListMarker.opensOrderedItem(bytes) { return false }
                default:
                    break
                }
                for byte in bytes {
                    switch byte {
                    case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "["),
                        UInt8(ascii: "]"), UInt8(ascii: "!"), UInt8(ascii: "<"), UInt8(ascii: "&"),
                        UInt8(ascii: "\\"), 0, UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                        return false
                    default:
                        continue
                    }
                }
                return true
            }
        }

        /// Whether the cell, alone on a line after a blank one, can open nothing but a
        /// paragraph: no heading, list item, block quote, thematic break, fence, indented
        /// code, raw HTML block or link reference definition (the last would change how the
        /// other cells read). Cells that need a parser and pass this share one.
        var opensOnlyAParagraph: Bool {
            var text = text
            return text.withUTF8 { bytes in
                guard let first = bytes.first,
                    !bytes.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") || $0 == 0 })
                else { return false }
                let second = bytes.count > 1 ? bytes[1] : UInt8(ascii: " ")
                switch first {
                case UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "|"), UInt8(ascii: " "), UInt8(ascii: "\t"):
                    return false
                case UInt8(ascii: "#"):
                    // One to six #s and a space or the end make a heading; `#1` is text.
                    let marks = bytes.prefix { $0 == UInt8(ascii: "#") }.count
                    return marks > 6 || !(marks == bytes.count || TableSource.isSpace(bytes[marks]))
                case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "+"):
                    // A list item needs a space after its mark; a thematic break is marks and
                    // spaces only. `**bold**` and `-1` are text.
                    return !TableSource.isSpace(second) && bytes.contains { $0 != first && !TableSource.isSpace($0) }
                case UInt8(ascii: "`"), UInt8(ascii: "~"):
                    return !(bytes.count >= 3 && bytes[1] == first && bytes[2] == first)
                case UInt8(ascii: "["):
                    // `[label]: destination` defines a link for the whole tree.
                    return !zip(bytes, bytes.dropFirst()).contains {
                        $0 == UInt8(ascii: "]") && $1 == UInt8(ascii: ":")
                    }
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    return !ListMarker.opensOrderedItem(bytes)
                default:
                    return true
                }
            }
        }
    }

    var header: [Cell]
    var alignments: [Alignment]
    var rows: [[Cell]]

    init?(paragraph: MarkdownNode) {
        let range = paragraph.range
        guard range.end.line > range.start.line else { return nil }
        let source = paragraph.document.source
        let column = range.start.column
        // Most paragraphs are not tables; two cheap looks at the first lines say so.
        guard source.line(range.start.line).contains(UInt8(ascii: "|")),
            source.line(range.start.line + 1).contains(UInt8(ascii: "-"))
        else { return nil }
        // Each row is read in place, as a slice of the chapter's bytes.
        let lines = (range.start.line...range.end.line).map { number -> (Int, ArraySlice<UInt8>) in
            let bytes = source.line(number)
            return (number, column - 1 <= bytes.count ? bytes[(bytes.startIndex + column - 1)...] : [])
        }
        guard lines[0].1.contains(UInt8(ascii: "|")) else { return nil }
        let header = Self.cells(lines[0].1, line: lines[0].0, column: column)
        guard let alignments = Self.alignments(lines[1].1), alignments.count == header.count else { return nil }
        self.header = header
        self.alignments = alignments
        rows = lines.dropFirst(2).map { Self.cells($0.1, line: $0.0, column: column) }
    }

    /// Splits a row on pipes that are not escaped; outer pipes are optional. `\|` inside a cell
    /// stands for a pipe.
    static func cells(_ row: ArraySlice<UInt8>, line: Int, column: Int) -> [Cell] {
        // Indices are the row's own; a cell's column counts from the row's first byte.
        let first = row.startIndex
        var cells: [Cell] = []
        var start = first
        var index = first
        var pieces: [(Int, Int)] = []
        while index < row.endIndex {
            if row[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if row[index] == UInt8(ascii: "|") {
                pieces.append((start, index))
                start = index + 1
            }
            index += 1
        }
        pieces.append((start, row.endIndex))
        if let head = pieces.first, isBlank(row[head.0..<head.1]) { pieces.removeFirst() }
        if let tail = pieces.last, isBlank(row[tail.0..<min(tail.1, row.endIndex)]) { pieces.removeLast() }
        for (from, to) in pieces {
            var lower = from
            var upper = min(to, row.endIndex)
            while lower < upper, isSpace(row[lower]) { lower += 1 }
            while upper > lower, isSpace(row[upper - 1]) { upper -= 1 }
            let text = String(decoding: replacingPipeEscapes(row[lower..<upper]), as: UTF8.self)
            cells.append(Cell(text: text, line: line, column: column + lower - first))
        }
        return cells
    }

    /// A cell's bytes with each `\|` made a `|`; the bytes themselves when there is none.
    private static func replacingPipeEscapes(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let backslash = UInt8(ascii: "\\")
        let pipe = UInt8(ascii: "|")
        guard zip(bytes, bytes.dropFirst()).contains(where: { $0 == backslash && $1 == pipe }) else { return bytes }
        var replaced: [UInt8] = []
        replaced.reserveCapacity(bytes.count)
        var cursor = bytes.startIndex
        while cursor < bytes.endIndex {
            let escaped = cursor + 1 < bytes.endIndex && bytes[cursor] == backslash && bytes[cursor + 1] == pipe
            replaced.append(escaped ? pipe : bytes[cursor])
            cursor += escaped ? 2 : 1
        }
        return replaced[...]
    }

    static func alignments(_ bytes: ArraySlice<UInt8>) -> [Alignment]? {
        let cells = Self.cells(bytes, line: 0, column: 1)
        guard !cells.isEmpty else { return nil }
        var alignments: [Alignment] = []
        // Only colons and dashes make a delimiter cell, so its bytes are its characters.
        for cell in cells {
            let text = cell.text.utf8
            let left = text.first == UInt8(ascii: ":")
            let right = text.last == UInt8(ascii: ":")
            let dashes = text.dropFirst(left ? 1 : 0).dropLast(right && text.count > 1 ? 1 : 0)
            guard !dashes.isEmpty, dashes.allSatisfy({ $0 == UInt8(ascii: "-") }) else { return nil }
            alignments.append(left && right ? .center : left ? .left : right ? .right : .none)
        }
        return alignments
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    private static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool { bytes.allSatisfy(isSpace) }
}
