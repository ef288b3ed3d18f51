/// Splits a trailing `{#id}` off a checklist item's or a heading's text: the one reader of the
/// syntax, for the extractor's checklist items and sections and for the site's checkbox labels
/// and headings.
public enum TrailingID {
    public enum Result: Equatable, Sendable {
        case none
        case id(String, text: String)
        case malformed(String)
    }

    /// The id and the text before it, white space at its end removed.
    public static func split(_ text: String) -> Result {
        // Most headings and items have no id: their last byte says so without a copy.
        guard text.utf8.last == UInt8(ascii: "}") else { return .none }
        let bytes = Array(text.utf8)
        guard bytes.last == UInt8(ascii: "}"), bytes.count >= 3,
            let open = (0..<(bytes.count - 2)).last(where: {
                bytes[$0] == UInt8(ascii: "{") && bytes[$0 + 1] == UInt8(ascii: "#")
            })
        else { return .none }
        let idBytes = bytes[(open + 2)..<(bytes.count - 1)]
        let id = String(decoding: idBytes, as: UTF8.self)
        guard !idBytes.isEmpty, idBytes.allSatisfy(isIDByte) else { return .malformed(id) }
        var before = String(decoding: bytes[..<open], as: UTF8.self).unicodeScalars
        while let last = before.last, last.properties.isWhitespace { before.removeLast() }
        return .id(id, text: String(before))
    }

    private static func isIDByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            true
        default: false
        }
    }
}
