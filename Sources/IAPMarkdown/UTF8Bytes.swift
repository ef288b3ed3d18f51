/// What the readers of inline syntax (addresses, strikethrough) ask of UTF-8 text byte by byte.
enum UTF8Bytes {
    /// `!` to `/`, `:` to `@`, `[` to `` ` `` and `{` to `~`: CommonMark's ASCII punctuation.
    static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
            || (0x7B...0x7E).contains(byte)
    }

    /// The character whose first byte is at `index`, when the bytes there make one.
    static func scalar(at index: Int, in text: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        var iterator = text[index...].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return scalar
    }
}
