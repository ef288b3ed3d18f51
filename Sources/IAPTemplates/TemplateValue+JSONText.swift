import IAPDiagnostics

extension TemplateValue {
    /// The value as indented JSON with sorted keys, the form `iapkit template context` prints
    /// and `iapkit template render --context` reads back.
    public var jsonText: String { jsonText(indent: "") + "\n" }

    private func jsonText(indent: String) -> String {
        let inner = indent + "  "
        switch self {
        case .string(let text): return QuotedLiteral.json(text)
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number):
            return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .null: return "null"
        case .list(let items):
            guard !items.isEmpty else { return "[]" }
            return "[\n" + items.map { inner + $0.jsonText(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let lines = members.keys.sorted().map { key in
                inner + QuotedLiteral.json(key) + " : " + (members[key] ?? .null).jsonText(indent: inner)
            }
            return "{\n" + lines.joined(separator: ",\n") + "\n\(indent)}"
        }
    }
}
