extension JSONCursor {
    /// Scans a number at the cursor and returns its literal text, which is what the tree keeps:
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    mutating func scanNumber() throws(JSONSyntaxError) -> String {
        let start = position
        skip(UInt8(ascii: "-"))
        if skip(UInt8(ascii: "0")) {
            if digitCount() > 0 {
                throw JSONSyntaxError("leading zeros are not allowed in JSON numbers", at: start)
            }
        } else if digitCount() == 0 {
            throw JSONSyntaxError("expected a digit after '-'", at: position)
        }
        if skip(UInt8(ascii: ".")), digitCount() == 0 {
            throw JSONSyntaxError("expected a digit after the decimal point", at: position)
        }
        if skip(UInt8(ascii: "e")) || skip(UInt8(ascii: "E")) {
            if !skip(UInt8(ascii: "+")) { skip(UInt8(ascii: "-")) }
            if digitCount() == 0 {
                throw JSONSyntaxError("expected a digit in the exponent", at: position)
            }
        }
        // "1.2.3" or "12abc" should be named as one bad number, not as a missing comma.
        if let byte = current, Self.isWordByte(byte) {
            while let byte = current, Self.isWordByte(byte) { position += 1 }
            throw JSONSyntaxError("invalid number '\(text(from: start, to: position))'", at: start)
        }
        return text(from: start, to: position)
    }

    /// Scans `true`, `false` or `null` and returns it; any other word is an error naming it.
    mutating func scanWord() throws(JSONSyntaxError) -> String {
        let start = position
        while let byte = current, Self.isWordByte(byte) { position += 1 }
        let word = text(from: start, to: position)
        switch word {
        case "true", "false", "null":
            return word
        default:
            throw JSONSyntaxError(
                "unexpected word '\(word)'; JSON values are strings, numbers, objects, arrays, true, false or null",
                at: start)
        }
    }

    @discardableResult
    private mutating func skip(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        position += 1
        return true
    }

    private mutating func digitCount() -> Int {
        let start = position
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { position += 1 }
        return position - start
    }
}
