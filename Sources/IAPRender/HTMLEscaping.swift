/// Escaping for every context the site writes values into. Each function is total: whatever a
/// guide contains comes out inert in its context.
///
/// The work is done on UTF-8 bytes: a scan finds the next byte that needs escaping and the run
/// before it is copied whole, since most text needs no escaping at all.
enum Escape {
    /// Text between tags. Quotes are escaped too, so the same text is also safe in an attribute.
    static func text(_ value: String) -> String {
        var value = value
        let escaped = value.withUTF8 { bytes -> [UInt8]? in
            guard bytes.contains(where: isHTMLSpecial) else { return nil }
            var escaped = HTMLBuffer(reservingCapacity: bytes.count + 32)
            appendText(bytes, to: &escaped)
            return escaped.takeBytes()
        }
        return escaped.map { String(decoding: $0, as: UTF8.self) } ?? value
    }

    /// The five characters text escaping replaces, as bits of the bytes below 64: `"` (34),
    /// `&` (38), `'` (39), `<` (60) and `>` (62).
    private static let htmlSpecialBits: UInt64 = 1 << 34 | 1 << 38 | 1 << 39 | 1 << 60 | 1 << 62

    @inline(__always)
    static func isHTMLSpecial(_ byte: UInt8) -> Bool {
        byte < 64 && (htmlSpecialBits >> UInt64(byte)) & 1 != 0
    }

    /// Appends `bytes` escaped as `text(_:)` escapes them.
    static func appendText(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout HTMLBuffer) {
        forEachChunk(of: bytes) { appendTextChunk($0, to: &output) }
    }

    /// Hands `bytes` to `body` in pieces of about `HTMLBuffer.chunkSize`, none of which splits
    /// a character.
    @inline(__always)
    static func forEachChunk(of bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard bytes.count > HTMLBuffer.chunkSize else { return body(bytes) }
        var start = 0
        while start < bytes.count {
            var end = min(start + HTMLBuffer.chunkSize, bytes.count)
            // A byte 10xxxxxx continues a character; the piece ends before the character.
            while end < bytes.count, end > start + 1, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            body(UnsafeBufferPointer(rebasing: bytes[start..<end]))
            start = end
        }
    }

    private static func appendTextChunk(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout HTMLBuffer) {
        // No replacement is longer than six bytes (`&quot;`).
        output.write(atMost: bytes.count * 6) { out in
            var written = 0
            for byte in bytes {
                guard isHTMLSpecial(byte) else {
                    out[written] = byte
                    written += 1
                    continue
                }
                written += copy(htmlReplacement(for: byte), to: out + written)
            }
            return written
        }
    }

    @inline(__always)
    private static func htmlReplacement(for byte: UInt8) -> StaticString {
        switch byte {
        case UInt8(ascii: "&"): return "&amp;"
        case UInt8(ascii: "<"): return "&lt;"
        case UInt8(ascii: ">"): return "&gt;"
        case UInt8(ascii: "\""): return "&quot;"
        default: return "&#39;"
        }
    }

    /// Copies `text` to `destination` and says how many bytes that was.
    @inline(__always)
    private static func copy(_ text: StaticString, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        destination.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        return text.utf8CodeUnitCount
    }

    /// A double-quoted attribute value.
    static func attribute(_ value: String) -> String { text(value) }

    /// A JavaScript string literal, quotes included. Besides quotes and backslashes, `<`, `>`
    /// and `&` are written as `\u` escapes so the text can never close a script element, and
    /// U+2028/U+2029, which end a line in older JavaScript, are escaped as well.
    static func javaScriptString(_ value: String) -> String {
        var value = value
        var escaped = HTMLBuffer()
        value.withUTF8 { bytes in
            escaped = HTMLBuffer(reservingCapacity: bytes.count + 2)
            appendJavaScriptString(bytes, to: &escaped)
        }
        return String(decoding: escaped.takeBytes(), as: UTF8.self)
    }

    /// Appends `bytes` as `javaScriptString(_:)` writes them, quotes included.
    static func appendJavaScriptString(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout HTMLBuffer) {
        output += "\""
        appendJavaScriptStringContent(bytes, to: &output)
        output += "\""
    }

    /// Bytes below 64 that a JavaScript string cannot hold as they are: control characters,
    /// `"` (34), `&` (38), `'` (39), `<` (60) and `>` (62).
    private static let javaScriptSpecialBits: UInt64 = 0xFFFF_FFFF | 1 << 34 | 1 << 38 | 1 << 39 | 1 << 60 | 1 << 62

    /// Whether `byte` needs a look before it is copied into a JavaScript string: it is escaped,
    /// or (0xE2) it may start U+2028 or U+2029.
    @inline(__always)
    static func isJavaScriptSpecial(_ byte: UInt8) -> Bool {
        if byte < 64 { return (javaScriptSpecialBits >> UInt64(byte)) & 1 != 0 }
        if byte < 128 { return (javaScriptSpecialHighBits >> UInt64(byte - 64)) & 1 != 0 }
        return byte == 0xE2
    }

    /// The same for bytes 64 to 127: `\\` (92) and DEL (127).
    private static let javaScriptSpecialHighBits: UInt64 = 1 << (92 - 64) | 1 << (127 - 64)

    /// Appends `bytes` escaped for the inside of a JavaScript string literal. A string may be
    /// escaped piece by piece, as long as no piece splits a character.
    static func appendJavaScriptStringContent(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout HTMLBuffer) {
        forEachChunk(of: bytes) { appendJavaScriptStringChunk($0, to: &output) }
    }

    private static func appendJavaScriptStringChunk(
        _ bytes: UnsafeBufferPointer<UInt8>, to output: inout HTMLBuffer
    ) {
        // No escape is longer than six bytes (`\u2028`) for the one to three bytes it replaces.
        output.write(atMost: bytes.count * 6) { out in
            var written = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                guard isJavaScriptSpecial(byte) else {
                    out[written] = byte
                    written += 1
                    index += 1
                    continue
                }
                let consumed = appendJavaScriptEscape(bytes, at: index, to: out + written, written: &written)
                index += consumed
            }
            return written
        }
    }

    /// Writes the escape of the special byte at `index` (or the byte itself, for an 0xE2 that
    /// does not start U+2028 or U+2029) and returns how many input bytes it stands for.
    @inline(__always)
    static func appendJavaScriptEscape(
        _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, to out: UnsafeMutablePointer<UInt8>, written: inout Int
    ) -> Int {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"):
            out[0] = UInt8(ascii: "\\")
            out[1] = byte
            written += 2
        case UInt8(ascii: "\n"): written += copy("\\n", to: out)
        case UInt8(ascii: "\r"): written += copy("\\r", to: out)
        case UInt8(ascii: "\t"): written += copy("\\t", to: out)
        case 0xE2:
            // U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
            guard index + 2 < bytes.count, bytes[index + 1] == 0x80,
                bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
            else {
                out[0] = byte
                written += 1
                return 1
            }
            written += unicodeEscape(bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029, to: out)
            return 3
        default:
            written += unicodeEscape(UInt32(byte), to: out)
        }
        return 1
    }

    /// `\u` and four lowercase hex digits, for a value below U+10000.
    @inline(__always)
    private static func unicodeEscape(_ value: UInt32, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let hexDigits: StaticString = "0123456789abcdef"
        out[0] = UInt8(ascii: "\\")
        out[1] = UInt8(ascii: "u")
        out[2] = hexDigits.utf8Start[Int((value >> 12) & 0x0F)]
        out[3] = hexDigits.utf8Start[Int((value >> 8) & 0x0F)]
        out[4] = hexDigits.utf8Start[Int((value >> 4) & 0x0F)]
        out[5] = hexDigits.utf8Start[Int(value & 0x0F)]
        return 6
    }

    /// A URL for an `href` or `src` attribute: bytes outside the characters URLs allow are
    /// percent-encoded (existing `%XX` escapes are kept), then the result is attribute-escaped.
    static func url(_ value: String) -> String {
        var value = value
        var encoded = HTMLBuffer()
        value.withUTF8 { bytes in
            encoded = HTMLBuffer(reservingCapacity: bytes.count + 8)
            appendURL(bytes, to: &encoded)
        }
        return String(decoding: encoded.takeBytes(), as: UTF8.self)
    }

    /// Appends `bytes` as `url(_:)` writes them. Percent-encoding leaves only URL bytes, of which
    /// `&` and `'` are the ones attribute escaping changes, so both happen in one pass.
    static func appendURL(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout HTMLBuffer) {
        forEachChunk(of: bytes) { appendURLChunk($0, to: &output) }
    }

    private static func appendURLChunk(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout HTMLBuffer) {
        let hexDigits: StaticString = "0123456789ABCDEF"
        let urlBytes = urlBytes
        // `&amp;` is the longest form of one byte.
        output.write(atMost: bytes.count * 5) { out in
            var written = 0
            for byte in bytes {
                let isURLByte =
                    byte < 64
                    ? (urlBytes.low >> UInt64(byte)) & 1 != 0
                    : byte < 128 && (urlBytes.high >> UInt64(byte - 64)) & 1 != 0
                if isURLByte {
                    if isHTMLSpecial(byte) {
                        written += copy(htmlReplacement(for: byte), to: out + written)
                    } else {
                        out[written] = byte
                        written += 1
                    }
                } else {
                    out[written] = UInt8(ascii: "%")
                    out[written + 1] = hexDigits.utf8Start[Int(byte >> 4)]
                    out[written + 2] = hexDigits.utf8Start[Int(byte & 0x0F)]
                    written += 3
                }
            }
            return written
        }
    }

    /// The bytes `isURLByte` accepts, as a bit set over 0...127: a URL's bytes are tested one
    /// at a time, and every link of a large book is a URL.
    private static let urlBytes: (low: UInt64, high: UInt64) = {
        var bits: (low: UInt64, high: UInt64) = (0, 0)
        for byte in UInt8(0)..<128 where isURLByteBySwitch(byte) {
            if byte < 64 { bits.low |= 1 << UInt64(byte) } else { bits.high |= 1 << UInt64(byte - 64) }
        }
        return bits
    }()

    @inline(__always)
    private static func isURLByte(_ byte: UInt8) -> Bool {
        byte < 64
            ? (urlBytes.low >> UInt64(byte)) & 1 != 0
            : byte < 128 && (urlBytes.high >> UInt64(byte - 64)) & 1 != 0
    }

    private static func isURLByteBySwitch(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "!"),
            UInt8(ascii: "*"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ";"),
            UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "&"), UInt8(ascii: "="), UInt8(ascii: "+"),
            UInt8(ascii: "$"), UInt8(ascii: ","), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"),
            UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "%"):
            return true
        default:
            return false
        }
    }
}

extension HTMLBuffer {
    /// Appends `value` as `Escape.javaScriptString(_:)` writes it, without a string between.
    mutating func appendJavaScriptString(_ value: String) {
        var value = value
        value.withUTF8 { Escape.appendJavaScriptString($0, to: &self) }
    }
}
