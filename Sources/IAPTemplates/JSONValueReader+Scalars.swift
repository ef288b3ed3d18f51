/// Strings and numbers, the two JSON tokens with an inner grammar.
extension JSONValueReader {
    /// Reads a string starting at its opening quote. The input was checked to be UTF-8 before
    /// reading, so plain runs are copied as bytes and only escapes need decoding.
    mutating func readString() throws(TemplateError) -> String {
        let start = offset
        offset += 1
        var result: [UInt8] = []
        while true {
            guard let byte = current else {
                throw error("the string starting here is never closed", at: start)
            }
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: result, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try readEscape(into: &result)
            case 0..<0x20:
                throw error("a control character cannot appear in a string; write it as an escape such as \\n")
            default:
                result.append(byte)
                offset += 1
            }
        }
    }

    private mutating func readEscape(into result: inout [UInt8]) throws(TemplateError) {
        let escapeOffset = offset
        offset += 1
        guard let letter = current else {
            throw error("the JSON ends inside an escape", at: escapeOffset)
        }
        offset += 1
        let simple: UInt8?
        switch letter {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = UInt8(ascii: "\n")
        case UInt8(ascii: "r"): simple = UInt8(ascii: "\r")
        case UInt8(ascii: "t"): simple = UInt8(ascii: "\t")
        case UInt8(ascii: "u"): simple = nil
        default:
            offset = escapeOffset
            throw error("unknown escape '\\\(Character(Unicode.Scalar(letter)))' in a string")
        }
        if let simple {
            result.append(simple)
            return
        }
        let scalar = try readUnicodeEscape(startingAt: escapeOffset)
        result.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    /// `\uXXXX`, or a pair of them for a character outside the Basic Multilingual Plane.
    private mutating func readUnicodeEscape(startingAt escapeOffset: Int) throws(TemplateError) -> Unicode.Scalar {
        let first = try readHexQuad(escapeOffset: escapeOffset)
        switch first {
        case 0xD800...0xDBFF:
            guard bytes[offset...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else {
                throw error("unpaired surrogate '\\u\(hex(first))' in a string", at: escapeOffset)
            }
            let secondOffset = offset
            offset += 2
            let second = try readHexQuad(escapeOffset: secondOffset)
            guard (0xDC00...0xDFFF).contains(second) else {
                throw error("unpaired surrogate '\\u\(hex(first))' in a string", at: escapeOffset)
            }
            let combined = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            guard let scalar = Unicode.Scalar(combined) else {
                throw error("invalid escape in a string", at: escapeOffset)
            }
            return scalar
        case 0xDC00...0xDFFF:
            throw error("unpaired surrogate '\\u\(hex(first))' in a string", at: escapeOffset)
        default:
            guard let scalar = Unicode.Scalar(first) else {
                throw error("invalid escape in a string", at: escapeOffset)
            }
            return scalar
        }
    }

    private mutating func readHexQuad(escapeOffset: Int) throws(TemplateError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexDigit(byte) else {
                throw error("'\\u' must be followed by four hexadecimal digits", at: escapeOffset)
            }
            value = value * 16 + digit
            offset += 1
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Reads a number by JSON's grammar (no leading zeros, no bare '.', no '+'), then converts
    /// the checked text.
    mutating func readNumber() throws(TemplateError) -> Double {
        let start = offset
        if current == UInt8(ascii: "-") {
            offset += 1
        }
        if current == UInt8(ascii: "0") {
            offset += 1
        } else if !skipDigits() {
            throw error("invalid number: expected a digit", at: offset)
        }
        if current == UInt8(ascii: ".") {
            offset += 1
            guard skipDigits() else {
                throw error("invalid number: expected a digit after '.'")
            }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") {
                offset += 1
            }
            guard skipDigits() else {
                throw error("invalid number: expected a digit in the exponent")
            }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            throw error("the number \(text) is too large", at: start)
        }
        return number
    }

    /// Skips a run of digits; false when there was none.
    private mutating func skipDigits() -> Bool {
        let start = offset
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            offset += 1
        }
        return offset > start
    }
}
