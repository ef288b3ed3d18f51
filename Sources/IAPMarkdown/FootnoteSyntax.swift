/// GitHub's footnotes, which CommonMark leaves as text: `[^label]` in a sentence refers to the
/// paragraph that starts `[^label]: `.
///
/// A label is one or more bytes without spaces, `[` or `]` (`1`, `note`, `ed-448`), compared
/// without regard to case, as link labels are. A definition whose text is a single word or
/// address is read by CommonMark as a link reference definition before any footnote is seen,
/// so it never reaches these functions.
public enum FootnoteSyntax {
    /// The label and the length of the `[^label]:` that opens `text`, spaces after it included,
    /// or nil when `text` does not open a definition.
    public static func definition(at text: UnsafeBufferPointer<UInt8>) -> (label: String, length: Int)? {
        guard let label = label(in: text, from: 0), label.end < text.count, text[label.end] == UInt8(ascii: ":")
        else { return nil }
        var length = label.end + 1
        while length < text.count, text[length] == UInt8(ascii: " ") || text[length] == UInt8(ascii: "\t") {
            length += 1
        }
        return (normalized(text, label.range), length)
    }

    /// Each `[^label]` in `text` that `isDefined` accepts, with its normalized label, in order.
    public static func references(
        in text: UnsafeBufferPointer<UInt8>, isDefined: (String) -> Bool
    ) -> [(range: Range<Int>, label: String)] {
        var found: [(range: Range<Int>, label: String)] = []
        var index = 0
        while index + 3 < text.count {
            guard text[index] == UInt8(ascii: "["), text[index + 1] == UInt8(ascii: "^"),
                let label = label(in: text, from: index)
            else {
                index += 1
                continue
            }
            let name = normalized(text, label.range)
            if isDefined(name) {
                found.append((index..<label.end, name))
                index = label.end
            } else {
                index += 1
            }
        }
        return found
    }

    /// The label of a `[^label]` starting at `start`: its bytes and the index after the `]`.
    private static func label(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> (range: Range<Int>, end: Int)? {
        guard start + 3 < text.count, text[start] == UInt8(ascii: "["), text[start + 1] == UInt8(ascii: "^")
        else { return nil }
        var index = start + 2
        // A label is short: a long run is prose in brackets, not a footnote.
        let limit = min(text.count, index + maximumLabelLength + 1)
        while index < limit {
            switch text[index] {
            case UInt8(ascii: "]"):
                return index > start + 2 ? (start + 2..<index, index + 1) : nil
            case UInt8(ascii: "["), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                return nil
            default:
                index += 1
            }
        }
        return nil
    }

    /// The longest label read, in bytes.
    public static let maximumLabelLength = 100

    private static func normalized(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self).lowercased()
    }
}
