/// Callouts written the ways GitHub's `[!NOTE]` alerts replaced: DocC's asides, a block quote
/// whose text opens `Note:` (as Apple's documentation and the Swift packages that copy its
/// articles write them), and the `> **Note**` or `> **Warning:**` line that GitHub showed as a
/// callout before alerts.
///
/// Only the five words GitHub's alerts have are read, in any letter case: a quote that opens
/// with another word and a colon is a quote.
public enum AsideSyntax {
    /// Where a quote's first paragraph opens an aside: its kind (lower case) and where its words
    /// start, the inline `words` and the byte of its literal `offset` (0 unless it is text).
    public struct Opening: Sendable {
        public var kind: String
        /// The first inline of the aside's words; nil when the paragraph holds nothing else.
        public var words: MarkdownNode?
        public var offset: Int
    }

    public static let kinds: Set<String> = ["note", "tip", "important", "warning", "caution"]

    /// The aside `paragraph` opens, nil when it opens none.
    public static func opening(of paragraph: MarkdownNode) -> Opening? {
        guard let first = paragraph.firstChild else { return nil }
        switch first.kind {
        case .text:
            // `Note: words`, DocC's form.
            guard let (kind, length) = first.withLiteralBytes({ kindAndColon($0) }) ?? nil else { return nil }
            // The words go on after the colon, or on the next line.
            return Opening(kind: kind, words: first, offset: length)
        case .strong:
            // `**Note**` alone on its line, `**Note:**` or `**Note**:` (not `**Note** that`).
            guard let only = first.firstChild, only.kind == .text, only.nextSibling == nil, let literal = only.literal
            else { return nil }
            let colonInside = literal.hasSuffix(":")
            let word = (colonInside ? String(literal.dropLast()) : literal).lowercased()
            guard kinds.contains(word) else { return nil }
            guard let next = first.nextSibling else { return Opening(kind: word, words: nil, offset: 0) }
            switch next.kind {
            case .softBreak, .lineBreak:
                return Opening(kind: word, words: next.nextSibling, offset: 0)
            case .text:
                let skipped = next.withLiteralBytes { bytes -> Int? in
                    var index = 0
                    if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
                        index += 1
                    } else if !colonInside {
                        return nil
                    }
                    return index + bytes[index...].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
                }
                guard let skipped = skipped ?? nil else { return nil }
                return Opening(kind: word, words: next, offset: skipped)
            default:
                return colonInside ? Opening(kind: word, words: next, offset: 0) : nil
            }
        default:
            return nil
        }
    }

    /// `Note:` and the spaces after it at the start of `text`, as a kind and a length; the colon
    /// must end the text or be followed by a space.
    private static func kindAndColon(_ text: UnsafeBufferPointer<UInt8>) -> (String, Int)? {
        var index = 0
        while index < text.count, index < 10, (text[index] | 0x20) >= UInt8(ascii: "a"),
            (text[index] | 0x20) <= UInt8(ascii: "z")
        {
            index += 1
        }
        guard index > 0, index < text.count, text[index] == UInt8(ascii: ":") else { return nil }
        let word = String(decoding: UnsafeBufferPointer(rebasing: text[..<index]), as: UTF8.self).lowercased()
        guard kinds.contains(word) else { return nil }
        var end = index + 1
        guard end == text.count || text[end] == UInt8(ascii: " ") || text[end] == UInt8(ascii: "\t") else { return nil }
        while end < text.count, text[end] == UInt8(ascii: " ") || text[end] == UInt8(ascii: "\t") { end += 1 }
        return (word, end)
    }
}
