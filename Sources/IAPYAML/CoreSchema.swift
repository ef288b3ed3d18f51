/// Recognises the typed forms of the YAML 1.2 core schema in a plain scalar's text.
///
/// YAML 1.1 also read `yes`, `no`, `on` and `off` as booleans and `0755` as octal; those
/// surprises are what the 1.2 core schema removed, so they are not accepted here either.
enum CoreSchema {
    static func isNull(_ text: String) -> Bool {
        switch text {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    static func bool(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// An integer literal split into what `FixedWidthInteger.init(_:radix:)` needs: decimal
    /// `[-+]?[0-9]+`, octal `0o[0-7]+` or hexadecimal `0x[0-9a-fA-F]+`.
    static func integerLiteral(_ text: String) -> (digits: Substring, radix: Int)? {
        let bytes = Array(text.utf8)
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
            let body = bytes[2...]
            if bytes[1] == UInt8(ascii: "o"), body.allSatisfy(isOctalDigit) {
                return (text.dropFirst(2), 8)
            }
            if bytes[1] == UInt8(ascii: "x"), body.allSatisfy(isHexDigit) {
                return (text.dropFirst(2), 16)
            }
        }
        var digits = bytes[...]
        if let first = digits.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.allSatisfy(isDigit) else { return nil }
        return (Substring(text), 10)
    }

    /// Whether `text` is a core schema float other than the infinities and NaN:
    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`. Every integer matches too.
    static func isDecimalNumber(_ text: String) -> Bool {
        var scanner = ByteScanner(Array(text.utf8))
        scanner.skip { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }
        let whole = scanner.count(while: isDigit)
        var fraction = 0
        if scanner.skip({ $0 == UInt8(ascii: ".") }) {
            fraction = scanner.count(while: isDigit)
            if whole == 0 && fraction == 0 { return false }
        } else if whole == 0 {
            return false
        }
        if scanner.skip({ $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            scanner.skip { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }
            if scanner.count(while: isDigit) == 0 { return false }
        }
        return scanner.isAtEnd
    }

    /// The value of `.inf`, `-.inf` or `.nan` in any of their allowed spellings.
    static func specialFloat(_ text: String) -> Double? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: return nil
        }
    }

    static func isNumber(_ text: String) -> Bool {
        isDecimalNumber(text) || integerLiteral(text) != nil || specialFloat(text) != nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isOctalDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "7")
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }
}

/// A cursor over a short byte array, for the number grammar above.
private struct ByteScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index == bytes.count }

    @discardableResult
    mutating func skip(_ matches: (UInt8) -> Bool) -> Bool {
        guard index < bytes.count, matches(bytes[index]) else { return false }
        index += 1
        return true
    }

    mutating func count(while matches: (UInt8) -> Bool) -> Int {
        let start = index
        while index < bytes.count, matches(bytes[index]) { index += 1 }
        return index - start
    }
}
