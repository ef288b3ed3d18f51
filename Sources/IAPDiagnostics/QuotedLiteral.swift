/// String literals in the languages IAPKit writes (Swift, Objective-C, JSON, YAML): all of them
/// escape the quote, the backslash and the three common control characters the same way; what
/// differs is how the rest is spelt, which each caller says.
public enum QuotedLiteral {
    /// `open` + `text` + `close`, with the `mark` character, `\`, newline, return and tab
    /// backslash-escaped and every other scalar spelt by `spell`, which returns nil to keep the
    /// scalar as it is.
    public static func quote(
        _ text: String, open: String = "\"", close: String = "\"", mark: Unicode.Scalar = "\"",
        spell: (Unicode.Scalar) -> String? = { _ in nil }
    ) -> String {
        var result = open
        for scalar in text.unicodeScalars {
            switch scalar {
            case mark: result += "\\" + String(mark)
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if let spelling = spell(scalar) {
                    result += spelling
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + close
    }

    /// A JSON string: other control characters, and the line and paragraph separators that
    /// JavaScript reads as line ends, as `\uXXXX`.
    public static func json(_ text: String) -> String {
        quote(text) { scalar in
            scalar.value < 0x20 || scalar == "\u{2028}" || scalar == "\u{2029}"
                ? hex(scalar, prefix: "\\u", width: 4) : nil
        }
    }

    /// `scalar` in upper-case hexadecimal after `prefix`, padded with zeros to `width` digits.
    public static func hex(_ scalar: Unicode.Scalar, prefix: String, width: Int) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return prefix + String(repeating: "0", count: max(width - digits.count, 0)) + digits
    }
}
