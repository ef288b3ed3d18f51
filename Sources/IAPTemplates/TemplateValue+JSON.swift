import IAPDiagnostics
import IAPJSON

extension TemplateValue {
    /// Reads a context from JSON text. `name` is the file name used in error locations.
    ///
    /// The reader is strict, as the rest of IAPKit is (it is IAPKit's one JSON reader,
    /// `LocatedJSONParser`): duplicate keys, invalid UTF-8, lone surrogates and nesting deeper
    /// than `LocatedJSONParser.maximumDepth` are errors rather than guesses. Numbers become
    /// `.number`, and integral ones print without a fractional part.
    public init(json bytes: some Collection<UInt8>, name: String = "JSON") throws(TemplateError) {
        let bytes = Array(bytes)
        if let bad = UTF8Validation.firstInvalidOffset(in: bytes) {
            throw TemplateError("the JSON is not valid UTF-8", at: LineTable(bytes).location(of: bad, in: name))
        }
        let root: LocatedJSON
        do {
            root = try LocatedJSONParser.parse(bytes)
        } catch {
            throw TemplateError(error.message, at: SourceLocation(file: name, line: error.line, column: error.column))
        }
        self = try Self.value(of: root, file: name)
    }

    /// Reads a context from JSON held in a string.
    public init(json text: String, name: String = "JSON") throws(TemplateError) {
        try self.init(json: Array(text.utf8), name: name)
    }

    /// The template value of a JSON value; nesting is bounded by the parser, so the recursion is.
    private static func value(of json: LocatedJSON, file: String) throws(TemplateError) -> TemplateValue {
        switch json.value {
        case .string(let text): return .string(text)
        case .bool(let flag): return .bool(flag)
        case .null: return .null
        case .number(let literal):
            guard let number = Double(literal), number.isFinite else {
                throw TemplateError(
                    "the number \(literal) is too large",
                    at: SourceLocation(file: file, line: json.line, column: json.column))
            }
            return .number(number)
        case .array(let elements):
            var items: [TemplateValue] = []
            items.reserveCapacity(elements.count)
            for element in elements { items.append(try value(of: element, file: file)) }
            return .list(items)
        case .object(let members):
            var object: [String: TemplateValue] = [:]
            for member in members {
                guard object[member.key] == nil else {
                    throw TemplateError(
                        "duplicate key \(Diagnostic.quote(member.key))",
                        at: SourceLocation(file: file, line: member.keyLine, column: member.keyColumn))
                }
                object[member.key] = try value(of: member.value, file: file)
            }
            return .object(object)
        }
    }
}
