/// The block of page settings that site generators read from the top of a Markdown file:
/// YAML between two `---` lines (Jekyll, MkDocs, Docusaurus, Hugo; `...` may close it), or
/// TOML between two `+++` lines (Hugo).
///
/// It is not part of the text. cmark would read the opening `---` as a rule and the YAML under
/// it as a heading (the closing `---` underlines it), so a guide written for one of those sites
/// would open with a heading made of its settings. The parser hands cmark these lines blank, and
/// the document keeps the block here for the stages that read settings from it, such as its title.
public struct FrontMatter: Sendable, Hashable {
    public enum Format: Sendable, Hashable {
        case yaml
        case toml
    }

    public var format: Format
    /// The block's lines, 1-based, its opening and closing lines included.
    public var lines: ClosedRange<Int>
    /// The lines between the opening and the closing line, each ending with a line feed.
    public var text: String

    public init(format: Format, lines: ClosedRange<Int>, text: String) {
        self.format = format
        self.lines = lines
        self.text = text
    }

    /// The line `text` starts on.
    public var firstTextLine: Int { lines.lowerBound + 1 }

    /// The front matter that opens `source`, if it has one.
    ///
    /// Line 1 must be `---` or `+++` alone, and a line of the same kind must close the block.
    /// Every line between must be one settings can have, so a page that opens with a rule is not
    /// taken for settings: blank, a comment, indented, or starting a key (`name:` in YAML, `name =`
    /// or `[table]` in TOML), and in YAML a list item (`- swift`) after the first key, in TOML the
    /// `]` that ends a list. A rule, a line of prose and a rule (`---`, `Title`, `---`, a setext
    /// heading) is not front matter. An empty block (`---` twice) is, as Jekyll reads it.
    public static func find(in source: SourceText) -> FrontMatter? {
        var first = source.line(1)
        if first.starts(with: byteOrderMark) { first = first.dropFirst(byteOrderMark.count) }
        let opening = trimmingTrailingBlanks(first)
        guard opening.count == 3, let mark = opening.first, opening.allSatisfy({ $0 == mark }) else { return nil }
        let format: Format
        switch mark {
        case UInt8(ascii: "-"): format = .yaml
        case UInt8(ascii: "+"): format = .toml
        default: return nil
        }
        var sawKey = false
        var number = 2
        while number <= source.lineCount {
            let line = trimmingTrailingBlanks(source.line(number))
            if isClosing(line, format) { break }
            if !isBlankOrComment(line) {
                if opensWithKey(line, format) {
                    sawKey = true
                } else {
                    guard sawKey, continuesSettings(line, format) else { return nil }
                }
            }
            number += 1
        }
        guard number <= source.lineCount else { return nil }
        var text = ""
        for inner in stride(from: 2, to: number, by: 1) {
            text += source.lineText(inner)
            text += "\n"
        }
        return FrontMatter(format: format, lines: 1...number, text: text)
    }

    /// The byte range of the block in `source`, line endings included.
    func byteRange(in source: SourceText) -> Range<Int> {
        let start = source.offset(line: lines.lowerBound, column: 1)
        let end =
            lines.upperBound < source.lineCount
            ? source.offset(line: lines.upperBound + 1, column: 1) : source.bytes.count
        return max(0, start)..<max(0, end)
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private static func trimmingTrailingBlanks(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var end = line.endIndex
        while end > line.startIndex, line[end - 1] == UInt8(ascii: " ") || line[end - 1] == UInt8(ascii: "\t") {
            end -= 1
        }
        return line[line.startIndex..<end]
    }

    private static func isClosing(_ line: ArraySlice<UInt8>, _ format: Format) -> Bool {
        switch format {
        case .yaml: line.elementsEqual("---".utf8) || line.elementsEqual("...".utf8)
        case .toml: line.elementsEqual("+++".utf8)
        }
    }

    /// A line inside settings that does not start a key: indented, a YAML list item, or the `]`
    /// that closes a TOML list.
    private static func continuesSettings(_ line: ArraySlice<UInt8>, _ format: Format) -> Bool {
        guard let first = line.first else { return true }
        if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { return true }
        switch format {
        case .yaml:
            return first == UInt8(ascii: "-")
                && (line.count == 1 || line[line.startIndex + 1] == UInt8(ascii: " "))
        case .toml:
            return first == UInt8(ascii: "]")
        }
    }

    private static func isBlankOrComment(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else {
            return true
        }
        return first == UInt8(ascii: "#")
    }

    /// Whether the line starts a key at column 1: a name (letters, digits, `_`, `-`, `.`, or a
    /// quoted one) followed by `:` and a space or the end of the line in YAML, by `=` in TOML,
    /// or a TOML table header.
    private static func opensWithKey(_ line: ArraySlice<UInt8>, _ format: Format) -> Bool {
        guard let first = line.first else { return false }
        if format == .toml, first == UInt8(ascii: "[") { return true }
        var index = line.startIndex
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            guard let close = line.dropFirst().firstIndex(of: first) else { return false }
            index = close + 1
        } else {
            while index < line.endIndex, isNameByte(line[index]) { index += 1 }
            guard index > line.startIndex else { return false }
        }
        switch format {
        case .yaml:
            guard index < line.endIndex, line[index] == UInt8(ascii: ":") else { return false }
            return index + 1 == line.endIndex || line[index + 1] == UInt8(ascii: " ")
                || line[index + 1] == UInt8(ascii: "\t")
        case .toml:
            while index < line.endIndex, line[index] == UInt8(ascii: " ") || line[index] == UInt8(ascii: "\t") {
                index += 1
            }
            return index < line.endIndex && line[index] == UInt8(ascii: "=")
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default:
            // Keys in other scripts (`标题:`) are names too.
            byte >= 0x80
        }
    }
}
