/// Recognises GFM task items from the source bytes.
///
/// cmark (without extensions) sees `[x]` as text, or as a link when the guide also defines
/// `[x]: url`; the bytes at the start of the item's paragraph say what the author wrote. The
/// one reader of the marker: the extractor's checklists and the site's checkboxes both use it.
public struct TaskMarker: Sendable, Equatable {
    public var isDone: Bool
    public var line: Int
    /// Column just after the closing bracket.
    public var endColumn: Int

    public init?(paragraph: MarkdownNode) {
        let start = paragraph.range.start
        let bytes = paragraph.document.source.line(start.line)
        let index = bytes.startIndex + start.column - 1
        guard start.column >= 1, index + 3 <= bytes.endIndex else { return nil }
        guard bytes[index] == UInt8(ascii: "["), bytes[index + 2] == UInt8(ascii: "]") else { return nil }
        switch bytes[index + 1] {
        case UInt8(ascii: " "): isDone = false
        case UInt8(ascii: "x"), UInt8(ascii: "X"): isDone = true
        default: return nil
        }
        // The marker must be followed by white space, and by some text.
        guard index + 4 < bytes.endIndex,
            bytes[index + 3] == UInt8(ascii: " ") || bytes[index + 3] == UInt8(ascii: "\t")
        else { return nil }
        line = start.line
        endColumn = start.column + 3
    }

    /// The item's words after the marker, however cmark split the marker into nodes.
    public func text(of paragraph: MarkdownNode) -> String {
        var text = ""
        for child in paragraph.children {
            let start = child.range.start
            let before = start.line == line && start.column < endColumn
            if before {
                // A text node that begins with the marker keeps what follows it; a link made
                // of the marker (a `[x]: url` definition) is dropped whole.
                if child.kind == .text, let literal = child.literal {
                    let skip = endColumn - start.column
                    let utf8 = Array(literal.utf8)
                    if skip < utf8.count { text += String(decoding: utf8[skip...], as: UTF8.self) }
                }
                continue
            }
            text += child.kind == .softBreak ? " " : child.plainText
        }
        var scalars = text.unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
