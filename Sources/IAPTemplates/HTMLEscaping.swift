/// HTML escaping of interpolated values.
///
/// The Mustache specification requires `&`, `<`, `>` and `"`; the apostrophe is escaped too
/// (as `&#39;`, which every HTML version reads) so values are also safe inside single-quoted
/// attributes, as the common Mustache implementations do.
enum HTMLEscaping {
    static func append(_ text: String, to output: inout String) {
        let utf8 = text.utf8
        var copiedUpTo = utf8.startIndex
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let entity: String?
            switch utf8[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
            default: entity = nil
            }
            let next = utf8.index(after: index)
            if let entity {
                // The escaped characters are ASCII, so these indices fall on character
                // boundaries and the slices are whole text.
                output += text[copiedUpTo..<index]
                output += entity
                copiedUpTo = next
            }
            index = next
        }
        if copiedUpTo == utf8.startIndex {
            output += text
        } else {
            output += text[copiedUpTo..<utf8.endIndex]
        }
    }
}
