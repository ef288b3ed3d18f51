import IAPDiagnostics

/// Better words for an enum decoded from an unknown raw value. Swift's own error says "Cannot
/// initialize Kind from invalid String value consumabel"; a guide author needs the choices.
enum EnumCases {
    /// "expected one of 'consumable', 'nonConsumable', found 'consumabel'; did you mean
    /// 'consumable'?", when `type` is a `CaseIterable` raw-value enum and `found` a scalar.
    static func mismatch(_ type: Any.Type, found node: ConfigNode) -> String? {
        guard let enumType = type as? any (CaseIterable & RawRepresentable).Type,
            let text = node.scalarText
        else { return nil }
        let names = rawValues(enumType)
        guard !names.isEmpty else { return nil }
        var message = "expected one of " + names.map { "'\($0)'" }.joined(separator: ", ")
        message += ", found \(node.foundDescription)"
        if let suggestion = Suggestion.closest(to: text, among: names) {
            message += "; did you mean '\(suggestion)'?"
        }
        return message
    }

    private static func rawValues<E: CaseIterable & RawRepresentable>(_ type: E.Type) -> [String] {
        E.allCases.map { "\($0.rawValue)" }
    }
}
