/// A position in a JSON text and the byte-level scanning the parser needs.
///
/// Scanning functions report problems as `JSONSyntaxError`s holding a byte offset; the parser
/// turns offsets into marks, so the cursor never needs to know about lines.
struct JSONCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position >= bytes.count }

    /// The current byte, or nil at the end of the text.
    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skipWhitespace() {
        while let byte = current,
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                || byte == UInt8(ascii: "\t")
        {
            position += 1
        }
    }

    /// The character at the cursor as a guide author would see it, for messages.
    var currentCharacter: String {
        guard !isAtEnd else { return "end of input" }
        let length = min(Self.sequenceLength(bytes[position]), bytes.count - position)
        let slice = UnsafeBufferPointer(rebasing: bytes[position..<position + length])
        return String(decoding: slice, as: UTF8.self)
    }

    func text(from start: Int, to end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    static func sequenceLength(_ leadingByte: UInt8) -> Int {
        switch leadingByte {
        case 0xF0...: return 4
        case 0xE0...: return 3
        case 0xC0...: return 2
        default: return 1
        }
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."),
            UInt8(ascii: "+"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }
}

/// A JSON syntax problem at a byte offset.
struct JSONSyntaxError: Error {
    var message: String
    var offset: Int

    init(_ message: String, at offset: Int) {
        self.message = message
        self.offset = offset
    }
}
