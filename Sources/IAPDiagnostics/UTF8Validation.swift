/// Finds where bytes stop being UTF-8, so every reader (guides, templates, project files) can
/// report bad bytes at their exact place instead of repairing them silently.
public enum UTF8Validation {
    /// The offset of the first byte that starts an invalid UTF-8 sequence, or nil when valid.
    public static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { firstInvalidOffset(in: $0) }
    }

    /// The same over a buffer, for readers that already hold one.
    public static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return nil }
        while index < count {
            // Skip ASCII eight bytes at a time: guides are mostly ASCII.
            while index + 8 <= count,
                base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
            }
            guard index < count else { break }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var minimum: UInt32
            switch lead {
            case 0xC2...0xDF: (length, minimum) = (2, 0x80)
            case 0xE0...0xEF: (length, minimum) = (3, 0x800)
            case 0xF0...0xF4: (length, minimum) = (4, 0x10000)
            default: return index
            }
            guard index + length <= count else { return index }
            var scalar = UInt32(lead) & (0xFF >> (length + 1))
            for offset in 1..<length {
                let byte = bytes[index + offset]
                guard byte & 0xC0 == 0x80 else { return index }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return index }
            minimum = 0
            index += length
        }
        return nil
    }

    /// The 1-based line and byte column of `offset`, counting LF line breaks.
    public static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, end - lineStart + 1)
    }
}
