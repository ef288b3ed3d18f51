extension TemplateValue {
    /// The text a number interpolates as: integral values without a fractional part (`85`,
    /// `-3`), others in the shortest form that reads back to the same value (`1.21`).
    static func text(for number: Double) -> String {
        // 2^53: beyond it a Double no longer holds every integer, so the integer form would
        // claim digits the value does not have.
        let exactIntegerLimit = 9_007_199_254_740_992.0
        if number.isFinite, number.rounded(.towardZero) == number, abs(number) <= exactIntegerLimit {
            return String(Int64(number))
        }
        return number.description
    }

    /// The text of a scalar value, or nil for values that have none (lists, objects, null).
    var scalarText: String? {
        switch self {
        case .string(let text): return text
        case .number(let number): return Self.text(for: number)
        case .bool(let flag): return flag ? "true" : "false"
        case .list, .object, .null: return nil
        }
    }
}
