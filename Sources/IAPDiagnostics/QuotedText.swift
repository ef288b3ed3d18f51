/// Quoting for text from the input that is shown to people (messages, tree dumps): the quote
/// character, backslashes and control characters are escaped, so a hostile value can neither
/// end the quote early nor break a line-oriented format.
public enum QuotedText {
    public static func quote(_ text: String, with mark: Character) -> String {
        let quote = String(mark)
        return QuotedLiteral.quote(text, open: quote, close: quote, mark: mark.unicodeScalars.first ?? "\"") { scalar in
            // U+2028 and U+2029 are the only characters of the line and paragraph separator
            // categories: compared as values, no warning's quoting looks up a character's category.
            let invisible =
                scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                || scalar.value == 0x2028 || scalar.value == 0x2029
            return invisible ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : nil
        }
    }
}
