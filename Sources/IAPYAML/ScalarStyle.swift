/// How a scalar was written. Only plain scalars are typed by the YAML core schema: a plain
/// `123` is a number and a plain `true` a boolean, while `"123"` and `'true'` stay strings.
public enum ScalarStyle: String, Hashable, Sendable {
    case plain
    case singleQuoted
    case doubleQuoted
    /// A `|` block scalar.
    case literal
    /// A `>` block scalar.
    case folded

    /// Whether the text may be read as null, a boolean or a number.
    public var isPlain: Bool { self == .plain }
}
