extension JSONCursor {
    /// Scans a string whose opening quote is at the cursor and returns its unescaped text.
    ///
    /// Text between escapes is copied in runs, so a string without escapes costs one copy.
    mutating func scanString() throws(JSONSyntaxError) -> String {
        let opening = position
        position += 1
        var decoded: [UInt8] = []
        var runStart = position
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                decoded.append(contentsOf: bytes[runStart..<position])
                position += 1
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                decoded.append(contentsOf: bytes[runStart..<position])
                try scanEscape(into: &decoded, opening: opening)
                runStart = position
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw JSONSyntaxError(
                    "unterminated string; a JSON string must end on the line it starts (write \\n for a line break)",
                    at: opening)
            case ..<0x20:
                throw JSONSyntaxError(
                    "control character \(Self.codePoint(UInt32(byte))) must be escaped in a string", at: position)
            default:
                position += 1
            }
        }
        throw JSONSyntaxError("unterminated string", at: opening)
    }

    /// Decodes the escape at the cursor (a backslash) and appends its UTF-8 bytes.
    private mutating func scanEscape(into decoded: inout [UInt8], opening: Int) throws(JSONSyntaxError) {
        let start = position
        position += 1
        guard let letter = current else { throw JSONSyntaxError("unterminated string", at: opening) }
        position += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(letter)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"): decoded.append(contentsOf: try scanUnicodeEscape(startingAt: start))
        default:
            position = start + 1
            throw JSONSyntaxError(
                "invalid escape '\\\(currentCharacter)' in string; JSON escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX",
                at: start)
        }
    }

    /// The UTF-8 bytes of a `\uXXXX` escape, joining a UTF-16 surrogate pair written as two
    /// escapes. The cursor is just after the `u`.
    private mutating func scanUnicodeEscape(startingAt start: Int) throws(JSONSyntaxError) -> [UInt8] {
        let unit = try scanHexQuad(escapeStart: start)
        var scalarValue = unit
        switch unit {
        case 0xD800...0xDBFF:
            let low = position
            guard current == UInt8(ascii: "\\"), position + 1 < bytes.count,
                bytes[position + 1] == UInt8(ascii: "u")
            else { throw loneSurrogate(unit, at: start) }
            position += 2
            let second = try scanHexQuad(escapeStart: low)
            guard (0xDC00...0xDFFF).contains(second) else { throw loneSurrogate(unit, at: start) }
            scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (second - 0xDC00)
        case 0xDC00...0xDFFF:
            throw loneSurrogate(unit, at: start)
        default:
            break
        }
        guard let scalar = Unicode.Scalar(scalarValue) else { throw loneSurrogate(unit, at: start) }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func scanHexQuad(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else {
                throw JSONSyntaxError("invalid escape; \\u must be followed by four hex digits", at: escapeStart)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private func loneSurrogate(_ unit: UInt32, at offset: Int) -> JSONSyntaxError {
        let code = String(unit, radix: 16, uppercase: true)
        let expectation =
            unit >= 0xDC00
            ? "a low surrogate must follow a high surrogate"
            : "a high surrogate must be followed by a low surrogate escape"
        return JSONSyntaxError("lone surrogate \\u\(code) in string; \(expectation)", at: offset)
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    static func codePoint(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
