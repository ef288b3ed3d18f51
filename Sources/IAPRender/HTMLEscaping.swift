/// Escaping for every context the site writes values into. Each function is total: whatever a
/// guide contains comes out inert in its context.
enum Escape {
    /// Text between tags. Quotes are escaped too, so the same text is also safe in an attribute.
    static func text(_ value: String) -> String {
        var needsWork = false
        for byte in value.utf8
        where byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
        {
            needsWork = true
            break
        }
        guard needsWork else { return value }
        var escaped = ""
        escaped.reserveCapacity(value.utf8.count + 16)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A double-quoted attribute value.
    static func attribute(_ value: String) -> String { text(value) }

    /// A JavaScript string literal, quotes included. Besides quotes and backslashes, `<`, `>`
    /// and `&` are written as `\u` escapes so the text can never close a script element, and
    /// U+2028/U+2029, which end a line in older JavaScript, are escaped as well.
    static func javaScriptString(_ value: String) -> String {
        var escaped = "\""
        escaped.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case "<", ">", "&", "'", "\u{2028}", "\u{2029}":
                escaped += unicodeEscape(scalar.value)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    escaped += unicodeEscape(scalar.value)
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped + "\""
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: false)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// A URL for an `href` or `src` attribute: bytes outside the characters URLs allow are
    /// percent-encoded (existing `%XX` escapes are kept), then the result is attribute-escaped.
    static func url(_ value: String) -> String {
        var encoded = ""
        for byte in value.utf8 {
            if isURLByte(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return attribute(encoded)
    }

    private static func isURLByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-_.~!*'();:@&=+$,/?#[]%".utf8.contains(byte)
        }
    }
}
