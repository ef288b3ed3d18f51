import Foundation
import IAPDiagnostics

/// Scalars written so that any text reads back as exactly that text: every string is double
/// quoted, with each character YAML treats specially escaped. Plain scalars would turn `no`
/// into false, `1e3` into a number and `a: b` into a mapping.
enum YAMLScalar {
    static func quoted(_ text: String) -> String {
        QuotedLiteral.quote(text) { scalar in
            if isPrintable(scalar) { return nil }
            return scalar.value <= 0xFFFF
                ? QuotedLiteral.hex(scalar, prefix: "\\u", width: 4)
                : QuotedLiteral.hex(scalar, prefix: "\\U", width: 8)
        }
    }

    /// YAML's printable set, less the characters it reads as line breaks (NEL, U+2028, U+2029)
    /// and the byte order mark, which a reader may drop.
    private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E: return true
        case 0x85, 0x2028, 0x2029, 0xFEFF: return false
        case 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    /// A price as plain digits, which the guide reads as an exact decimal.
    static func decimal(_ value: Decimal) -> String {
        NSDecimalNumber(decimal: value).stringValue
    }
}
