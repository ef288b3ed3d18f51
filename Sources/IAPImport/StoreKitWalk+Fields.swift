import Foundation
import IAPDiagnostics
import IAPJSON
import IAPModel
import IAPProject

/// Typed reads of one key: absent and `null` give nil quietly; a value of the wrong kind is an
/// error at the value, since guessing what it meant could put a wrong price in a guide.
extension StoreKitWalk {
    func isMissing(_ key: String, in object: LocatedJSON) -> Bool {
        guard let member = object.member(key) else { return true }
        if case .null = member.value.value { return true }
        return false
    }

    mutating func string(_ key: String, in object: LocatedJSON) -> Located<String>? {
        guard let member = object.member(key) else { return nil }
        switch member.value.value {
        case .null: return nil
        case .string(let text): return Located(text, at: location(member.value))
        default:
            wrongKind(member, expected: "a string")
            return nil
        }
    }

    mutating func bool(_ key: String, in object: LocatedJSON) -> Located<Bool>? {
        guard let member = object.member(key) else { return nil }
        switch member.value.value {
        case .null: return nil
        case .bool(let flag): return Located(flag, at: location(member.value))
        default:
            wrongKind(member, expected: "true or false")
            return nil
        }
    }

    mutating func integer(_ key: String, in object: LocatedJSON) -> Located<Int>? {
        guard let member = object.member(key) else { return nil }
        switch member.value.value {
        case .null: return nil
        case .number(let text):
            if let value = Int(text) { return Located(value, at: location(member.value)) }
            wrongKind(member, expected: "a whole number")
            return nil
        default:
            wrongKind(member, expected: "a whole number")
            return nil
        }
    }

    /// A price as Xcode writes it, `"0.99"`, or as a JSON number: plain decimal digits only,
    /// read from the text so that `2.99` stays exactly 2.99.
    mutating func decimal(_ key: String, in object: LocatedJSON) -> Located<Decimal>? {
        guard let member = object.member(key) else { return nil }
        let text: String
        switch member.value.value {
        case .null: return nil
        case .string(let written), .number(let written): text = written
        default:
            wrongKind(member, expected: "a price such as \"0.99\"")
            return nil
        }
        guard Self.isPlainDecimal(text), let value = Decimal(string: text, locale: nil) else {
            error(
                "\(Diagnostic.quote(member.key)) must be a price such as \"0.99\", found \(Diagnostic.quote(text))",
                at: location(member.value))
            return nil
        }
        return Located(value, at: location(member.value))
    }

    /// The elements of a list; absent and `null` give none.
    mutating func list(_ key: String, in object: LocatedJSON) -> [LocatedJSON] {
        guard let member = object.member(key) else { return [] }
        switch member.value.value {
        case .null: return []
        case .array(let elements): return elements
        default:
            wrongKind(member, expected: "a list")
            return []
        }
    }

    private mutating func wrongKind(_ member: LocatedJSON.Member, expected: String) {
        error(
            "\(Diagnostic.quote(member.key)) must be \(expected), found \(Self.kindName(member.value))",
            at: location(member.value))
    }

    static func kindName(_ value: LocatedJSON) -> String {
        switch value.value {
        case .object: return "an object"
        case .array: return "a list"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }

    /// `0`, `0.99`, `-1.5`: digits with at most one decimal point, nothing else.
    static func isPlainDecimal(_ text: String) -> Bool {
        var digits = Substring(text)
        if digits.first == "-" { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count) else { return false }
        return parts.allSatisfy { part in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
    }
}
