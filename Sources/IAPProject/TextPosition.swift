import IAPDiagnostics

/// Line and column arithmetic over raw file bytes. Lines and columns are 1-based; columns count
/// UTF-8 bytes, as everywhere in IAPKit.
enum TextPosition {
    /// The byte offset of the first occurrence of `needle` in `bytes`, starting at `start`.
    static func firstOffset(of needle: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
        guard !needle.isEmpty, needle.count <= bytes.count else { return nil }
        var index = max(start, 0)
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0] && bytes[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The byte offset where the 1-based `line` starts, if the text has that many lines.
    static func offset(ofLine line: Int, in bytes: [UInt8]) -> Int? {
        guard line >= 1 else { return nil }
        if line == 1 { return 0 }
        var current = 1
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            current += 1
            if current == line { return index + 1 }
        }
        return nil
    }

    /// Finds the first line holding `needle` and returns the position where it starts.
    static func locate(_ needle: String, in text: String) -> (line: Int, column: Int)? {
        let bytes = Array(text.utf8)
        guard let offset = firstOffset(of: Array(needle.utf8), in: bytes) else { return nil }
        return UTF8Validation.lineAndColumn(of: offset, in: bytes)
    }
}
