import Foundation
import IAPDiagnostics

/// A property list value, converted from what Foundation returns into a plain Swift value so that
/// readers and checks never deal with `Any`.
public indirect enum PlistValue: Hashable, Sendable {
    case string(String)
    case integer(Int)
    case real(Double)
    case bool(Bool)
    case date(Date)
    case data([UInt8])
    case array([PlistValue])
    case dictionary([String: PlistValue])

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var arrayValue: [PlistValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var dictionaryValue: [String: PlistValue]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// Converts one value from `PropertyListSerialization`; values of unknown kinds become nil.
    /// Booleans are told apart from numbers both on Linux (native `Bool`) and on Apple systems
    /// (a boolean `NSNumber`, whose type encoding is `c`).
    static func from(_ value: Any, depth: Int = 0) -> PlistValue? {
        guard depth < 512 else { return nil }
        if type(of: value) == Bool.self, let flag = value as? Bool { return .bool(flag) }
        if let text = value as? String { return .string(text) }
        if let number = value as? NSNumber {
            switch String(cString: number.objCType) {
            case "c", "B": return .bool(number.boolValue)
            case "d", "f": return .real(number.doubleValue)
            default: return .integer(number.intValue)
            }
        }
        if let date = value as? Date { return .date(date) }
        if let data = value as? Data { return .data([UInt8](data)) }
        if let array = value as? [Any] {
            return .array(array.compactMap { from($0, depth: depth + 1) })
        }
        if let dictionary = value as? [String: Any] {
            var result: [String: PlistValue] = [:]
            for (key, element) in dictionary {
                if let converted = from(element, depth: depth + 1) { result[key] = converted }
            }
            return .dictionary(result)
        }
        return nil
    }
}

/// Shared decoding of XML, binary and old-style property lists with located errors.
enum PlistDecoding {
    static func decode(_ bytes: [UInt8], path: String) throws(ProjectReadError) -> (
        Any, PropertyListSerialization.PropertyListFormat
    ) {
        var format = PropertyListSerialization.PropertyListFormat.xml
        do {
            let value = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
            return (value, format)
        } catch {
            let message = "\(error)"
            var line = reportedLine(in: message) ?? 1
            if message.contains("EOF") || message.contains("end of") {
                line = max(line, UTF8Validation.lineAndColumn(of: bytes.count, in: bytes).line)
            }
            throw ProjectReadError(
                "not a readable property list", at: SourceLocation(file: path, line: line, column: 1))
        }
    }

    /// Foundation's messages name lines as "at line N" or "on line N", the outer error always at
    /// the start of the file and the inner one where parsing stopped; the largest number is the
    /// most specific.
    static func reportedLine(in message: String) -> Int? {
        var found: Int?
        var rest = Substring(message)
        while let range = rest.range(of: "line ") {
            let digits = rest[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
            if let number = Int(digits), number >= 1 { found = max(found ?? number, number) }
            rest = rest[range.upperBound...]
        }
        return found
    }
}
