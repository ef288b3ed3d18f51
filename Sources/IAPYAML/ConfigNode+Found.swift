extension ConfigNode {
    /// What a type error says it found: "a list", "a mapping", "null", `'abc'` for a plain
    /// scalar, or "the string 'abc'" for one written as a string, so that `"12"` in quotes is
    /// not mistaken for the number it looks like.
    var foundDescription: String {
        switch kind {
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .scalar(let text, _):
            if isNull { return "null" }
            let shown = "'\(Self.excerpt(text))'"
            return isTypedScalar ? shown : "the string \(shown)"
        }
    }

    /// The first line of `text`, cut to 40 characters, so one message stays one line.
    static func excerpt(_ text: String) -> String {
        let firstLine = text.prefix { !$0.isNewline }
        let cut = firstLine.prefix(40)
        return cut.count < text.count ? cut + "…" : String(cut)
    }
}
