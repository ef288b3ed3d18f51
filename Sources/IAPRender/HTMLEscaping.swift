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
            guard bytes.contains(where: { htmlReplacement(for: $0) != nil }) else { return nil }
            var escaped: [UInt8] = []
            escaped.reserveCapacity(bytes.count + 16)
            appendText(bytes, to: &escaped)
            return escaped
        }
        return escaped.map { String(decoding: $0, as: UTF8.self) } ?? value
    }

    /// Appends `bytes` escaped as `text(_:)` escapes them.
    static func appendText(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        for index in 0..<bytes.count {
            guard let replacement = htmlReplacement(for: bytes[index]) else { continue }
            if runStart < index { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            append(replacement, to: &output)
            runStart = index + 1
        }
        if runStart < bytes.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
    }

    @inline(__always)
    private static func htmlReplacement(for byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "&"): return "&amp;"
        case UInt8(ascii: "<"): return "&lt;"
        case UInt8(ascii: ">"): return "&gt;"
        case UInt8(ascii: "\""): return "&quot;"
        case UInt8(ascii: "'"): return "&#39;"
        default: return nil
        }
    }

    @inline(__always)
    private static func append(_ text: StaticString, to output: inout [UInt8]) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// A double-quoted attribute value.
    static func attribute(_ value: String) -> String { text(value) }

    /// A JavaScript string literal, quotes included. Besides quotes and backslashes, `<`, `>`
    /// and `&` are written as `\u` escapes so the text can never close a script element, and
    /// U+2028/U+2029, which end a line in older JavaScript, are escaped as well.
    static func javaScriptString(_ value: String) -> String {
        var value = value
        var escaped: [UInt8] = []
        value.withUTF8 { bytes in
            escaped.reserveCapacity(bytes.count + 2)
            appendJavaScriptString(bytes, to: &escaped)
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// Appends `bytes` as `javaScriptString(_:)` writes them, quotes included.
    static func appendJavaScriptString(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        appendJavaScriptStringContent(bytes, to: &output)
        output.append(UInt8(ascii: "\""))
    }

    /// Appends `bytes` escaped for the inside of a JavaScript string literal. A string may be
    /// escaped piece by piece, as long as no piece splits a character.
    static func appendJavaScriptStringContent(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let escapedLength: Int
            let special: UInt32
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                (escapedLength, special) = (1, UInt32(byte))
            case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "'"), 0x00..<0x20, 0x7F:
                (escapedLength, special) = (1, UInt32(byte))
            case 0xE2
            where index + 2 < bytes.count && bytes[index + 1] == 0x80
                && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
                (escapedLength, special) = (3, bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029)
            default:
                index += 1
                continue
            }
            if runStart < index { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            switch special {
            case UInt32(UInt8(ascii: "\"")), UInt32(UInt8(ascii: "\\")):
                output.append(UInt8(ascii: "\\"))
                output.append(UInt8(special))
            case UInt32(UInt8(ascii: "\n")): append("\\n", to: &output)
            case UInt32(UInt8(ascii: "\r")): append("\\r", to: &output)
            case UInt32(UInt8(ascii: "\t")): append("\\t", to: &output)
            default: appendUnicodeEscape(special, to: &output)
            }
            index += escapedLength
            runStart = index
        }
        if runStart < bytes.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
    }

    /// `\u` and four lowercase hex digits, for a value below U+10000.
    private static func appendUnicodeEscape(_ value: UInt32, to output: inout [UInt8]) {
        let hexDigits: StaticString = "0123456789abcdef"
        append("\\u", to: &output)
        for shift in stride(from: 12, through: 0, by: -4) {
            output.append(hexDigits.utf8Start[Int((value >> UInt32(shift)) & 0x0F)])
        }
    }

    /// A URL for an `href` or `src` attribute: bytes outside the characters URLs allow are
    /// percent-encoded (existing `%XX` escapes are kept), then the result is attribute-escaped.
    static func url(_ value: String) -> String {
        var value = value
        var encoded: [UInt8] = []
        value.withUTF8 { bytes in
            encoded.reserveCapacity(bytes.count + 8)
            appendURL(bytes, to: &encoded)
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// Appends `bytes` as `url(_:)` writes them. Percent-encoding leaves only URL bytes, of which
    /// `&` and `'` are the ones attribute escaping changes, so both happen in one pass.
    static func appendURL(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        let hexDigits: StaticString = "0123456789ABCDEF"
        for byte in bytes {
            if isURLByte(byte) {
                if let replacement = htmlReplacement(for: byte) {
                    append(replacement, to: &output)
                } else {
                    output.append(byte)
                }
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits.utf8Start[Int(byte >> 4)])
                output.append(hexDigits.utf8Start[Int(byte & 0x0F)])
            }
        }
    }

    private static func isURLByte(_ byte: UInt8) -> Bool {
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
