#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Scalar conversions under the YAML 1.2 core schema.
///
/// Only plain scalars are typed: `price: 2.99` is a number and `price: "2.99"` a string, so a
/// quoted number asked for as a number is an error that says to remove the quotes. Any scalar
/// but null reads as a string, keeping its text exactly as written (`2.99` stays "2.99").
extension NodeDecoder {
    func decodeString() throws(ConfigDecodingError) -> String {
        guard case .scalar(let text, _) = node.kind, !node.isNull else { throw mismatch(expected: "a string") }
        return text
    }

    /// Only true and false, capitalised or not: YAML 1.1's yes, no, on and off are refused,
    /// since a country code `no` read as false is the classic YAML surprise.
    func decodeBool() throws(ConfigDecodingError) -> Bool {
        let text = try typedText(expected: "true or false", accepts: { CoreSchema.bool($0) != nil })
        guard let value = CoreSchema.bool(text) else { throw mismatch(expected: "true or false") }
        return value
    }

    /// Decimal, `0x` hexadecimal or `0o` octal digits, within the range of `I`.
    func decodeInteger<I: FixedWidthInteger>(_ type: I.Type) throws(ConfigDecodingError) -> I {
        let text = try typedText(expected: "an integer", accepts: { CoreSchema.integerLiteral($0) != nil })
        guard let literal = CoreSchema.integerLiteral(text) else { throw mismatch(expected: "an integer") }
        guard let value = I(literal.digits, radix: literal.radix) else {
            throw mismatch(expected: "an integer from \(I.min) to \(I.max)")
        }
        return value
    }

    func decodeFloat<F: BinaryFloatingPoint & LosslessStringConvertible>(_ type: F.Type) throws(ConfigDecodingError)
        -> F
    {
        let text = try typedText(expected: "a number", accepts: CoreSchema.isNumber)
        if let special = CoreSchema.specialFloat(text) { return F(special) }
        if let literal = CoreSchema.integerLiteral(text), literal.radix != 10,
            let whole = UInt64(literal.digits, radix: literal.radix)
        {
            return F(whole)
        }
        guard CoreSchema.isDecimalNumber(text), let value = F(text) else { throw mismatch(expected: "a number") }
        guard value.isFinite else { throw mismatch(expected: "a number within the range of \(F.self)") }
        return value
    }

    /// Read from the text itself, never through a binary float, so `2.99` is exactly 2.99. A
    /// decimal is written in decimal digits: `0x10` or `0o20` would be read as 16 without a word,
    /// which for a price is a surprise, never an intent.
    func decodeDecimal() throws(ConfigDecodingError) -> Decimal {
        let text = try typedText(expected: "a number", accepts: CoreSchema.isNumber)
        if let literal = CoreSchema.integerLiteral(text), literal.radix != 10 {
            throw mismatch(
                expected: "a decimal number", hint: "; write it in decimal digits, without '0x' or '0o'")
        }
        if CoreSchema.specialFloat(text) != nil { throw mismatch(expected: "a finite number") }
        guard CoreSchema.isDecimalNumber(text) else { throw mismatch(expected: "a number") }
        guard let value = Decimal(string: text, locale: nil), !value.isNaN else {
            throw mismatch(expected: "a number within the range of Decimal")
        }
        return value
    }

    /// The text of a typed scalar. A scalar written as a string is refused, with advice to drop
    /// the quotes when its text would otherwise have been acceptable.
    private func typedText(
        expected: String, accepts: (String) -> Bool
    ) throws(ConfigDecodingError) -> String {
        guard case .scalar(let text, _) = node.kind, !node.isNull else { throw mismatch(expected: expected) }
        guard node.isTypedScalar else {
            let hint = accepts(text) ? "; write it without quotes" : ""
            throw mismatch(expected: expected, hint: hint)
        }
        return text
    }
}
