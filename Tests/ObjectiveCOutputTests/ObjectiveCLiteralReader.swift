/// Reads back the product identifier constants of a generated `.m` file, decoding each
/// Objective-C string literal as a C compiler would.
enum ObjectiveCLiteralReader {
    /// The values of the `NSString *const` definitions before the notification name, in order.
    static func constants(in source: String) -> [String?] {
        var values: [String?] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("NSNotificationName const ") { break }
            guard line.hasPrefix("NSString *const "), let start = line.range(of: " = @\""), line.hasSuffix("\";")
            else { continue }
            values.append(decode(line[start.upperBound..<line.index(line.endIndex, offsetBy: -2)]))
        }
        return values
    }

    /// The text between the quotes; nil when an escape is malformed or a quote is unescaped.
    static func decode(_ body: Substring) -> String? {
        var bytes: [UInt8] = []
        let scalars = Array(body.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "\"" { return nil }
            guard scalar == "\\" else {
                bytes += Array(String(scalar).utf8)
                continue
            }
            guard index < scalars.count else { return nil }
            let escape = scalars[index]
            index += 1
            switch escape {
            case "\"", "\\", "?", "'": bytes += Array(String(escape).utf8)
            case "n": bytes.append(0x0A)
            case "r": bytes.append(0x0D)
            case "t": bytes.append(0x09)
            case "0"..."7":
                guard index + 2 <= scalars.count,
                    let value = UInt8(String(String.UnicodeScalarView(scalars[(index - 1)..<(index + 2)])), radix: 8)
                else { return nil }
                bytes.append(value)
                index += 2
            case "u", "U":
                let width = escape == "u" ? 4 : 8
                guard index + width <= scalars.count,
                    let value = UInt32(String(String.UnicodeScalarView(scalars[index..<(index + width)])), radix: 16),
                    let decoded = Unicode.Scalar(value)
                else { return nil }
                bytes += Array(String(decoded).utf8)
                index += width
            default: return nil
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
