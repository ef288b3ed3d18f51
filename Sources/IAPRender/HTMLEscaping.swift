/// Escaping for every context the site writes values into. Each function is total: whatever a
/// guide contains comes out inert in its context.
enum Escape {
    /// Text between tags. Quotes are escaped too, so the same text is also safe in an attribute.
    static func text(_ value: String) -> String {
        guard value.utf8.contains(where: isSpecialInHTML) else { return value }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(value.utf8.count + 16)
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "&"): escaped += "&amp;".utf8
            case UInt8(ascii: "<"): escaped += "&lt;".utf8
            case UInt8(ascii: ">"): escaped += "&gt;".utf8
            case UInt8(ascii: "\""): escaped += "&quot;".utf8
            case UInt8(ascii: "'"): escaped += "&#39;".utf8
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    private static func isSpecialInHTML(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    /// A double-quoted attribute value.
    static func attribute(_ value: String) -> String { text(value) }

    /// A JavaScript string literal, quotes included. Besides quotes and backslashes, `<`, `>`
    /// and `&` are written as `\u` escapes so the text can never close a script element, and
    /// U+2028/U+2029, which end a line in older JavaScript, are escaped as well.
    static func javaScriptString(_ value: String) -> String {
        var escaped: [UInt8] = [UInt8(ascii: "\"")]
        escaped.reserveCapacity(value.utf8.count + 2)
        let utf8 = Array(value.utf8)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): escaped += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "\\"): escaped += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "\n"): escaped += Array("\\n".utf8)
            case UInt8(ascii: "\r"): escaped += Array("\\r".utf8)
            case UInt8(ascii: "\t"): escaped += Array("\\t".utf8)
            case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "'"), 0x00..<0x20, 0x7F:
                escaped += Array(unicodeEscape(UInt32(byte)).utf8)
            case 0xE2
            where index + 1 < utf8.count && utf8[index] == 0x80 && (utf8[index + 1] == 0xA8 || utf8[index + 1] == 0xA9):
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
                escaped += Array(unicodeEscape(utf8[index + 1] == 0xA8 ? 0x2028 : 0x2029).utf8)
                index += 2
            default:
                escaped.append(byte)
            }
        }
        escaped.append(UInt8(ascii: "\""))
        return String(decoding: escaped, as: UTF8.self)
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: false)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// A URL for an `href` or `src` attribute: bytes outside the characters URLs allow are
    /// percent-encoded (existing `%XX` escapes are kept), then the result is attribute-escaped.
    static func url(_ value: String) -> String {
        let hexDigits = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(value.utf8.count + 8)
        for byte in value.utf8 {
            if isURLByte(byte) {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return attribute(String(decoding: encoded, as: UTF8.self))
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
