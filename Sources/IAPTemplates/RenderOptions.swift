/// How `{{name}}` values are made safe for the output.
public enum EscapeMode: Sendable, Equatable {
    /// HTML text: `&`, `<`, `>`, `"` and `'` become entities. The Mustache default.
    case html
    /// Values go in verbatim. For outputs such as Swift source, where the template puts values
    /// in a context that is escaped some other way and HTML entities would corrupt them.
    case none
}

/// Choices that apply to one rendering.
public struct RenderOptions: Sendable, Equatable {
    /// How double-mustache values are escaped; `{{{name}}}` and `{{& name}}` never are.
    public var escaping: EscapeMode
    /// When true, a name that resolves to nothing, a null interpolation, a list or object used
    /// as text, and a missing partial are errors instead of rendering as empty. Generators want
    /// this: a typo in a template should fail the build, not emit an empty identifier.
    public var strict: Bool

    public init(escaping: EscapeMode = .html, strict: Bool = false) {
        self.escaping = escaping
        self.strict = strict
    }
}
