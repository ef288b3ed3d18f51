/// Quoting for text from the input that is shown to people (messages, tree dumps): the quote
/// character, backslashes and control characters are escaped, so a hostile value can neither
/// end the quote early nor break a line-oriented format.
public enum QuotedText {
    public static func quote(_ text: String, with mark: Character) -> String {
        var result = String(mark)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if Character(scalar) == mark {
                    result += "\\" + String(mark)
                } else if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                    || scalar.properties.generalCategory == .lineSeparator
                    || scalar.properties.generalCategory == .paragraphSeparator
                {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + String(mark)
    }
}
