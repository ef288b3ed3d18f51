/// The data a template is rendered against: the shapes JSON can express, so a context can come
/// from a JSON file or be built in code from a model.
///
/// Numbers are one case, as in JSON; an integral number prints without a fractional part
/// (`3`, not `3.0`), which is what templates almost always want for counts and prices in cents.
public indirect enum TemplateValue: Sendable, Equatable {
    case string(String)
    case bool(Bool)
    case number(Double)
    case list([TemplateValue])
    case object([String: TemplateValue])
    case null
}

extension TemplateValue {
    /// Whether a section over this value is skipped (and an inverted section rendered).
    ///
    /// Only `false`, `null` and the empty list count as false: Mustache takes the empty string
    /// and zero as true, unlike JavaScript.
    var isFalsey: Bool {
        switch self {
        case .bool(let flag): return !flag
        case .null: return true
        case .list(let items): return items.isEmpty
        case .string, .number, .object: return false
        }
    }
}
