/// One step of a compiled template. A template compiles to a flat list of these, with sections
/// as jumps rather than nested lists, so neither rendering nor releasing a template recurses:
/// ten thousand nested sections cost no stack.
enum Instruction: Sendable {
    /// Literal text, copied to the output.
    case text(String)
    /// The start of a template line. Emits the indentation of the standalone partial tag that
    /// included this template, so every line of a partial is indented as the tag was.
    case lineStart
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{& name}}` (not escaped).
    case variable(TagName, escaped: Bool, at: TagPosition)
    /// `{{#name}}` or `{{^name}}`. `end` is the index of the matching `.sectionEnd`.
    case sectionStart(TagName, inverted: Bool, end: Int, at: TagPosition)
    /// `{{/name}}`. `start` is the index of the matching `.sectionStart`.
    case sectionEnd(start: Int)
    /// `{{> name}}`. `indent` is the whitespace before a standalone tag, nil when the tag
    /// shares its line with other content (and the partial is then not indented at all).
    case partial(String, indent: String?, at: TagPosition)
}

/// Where a tag starts in its template; the template supplies the file name when an error needs
/// a full location.
struct TagPosition: Sendable, Equatable {
    let line: Int
    let column: Int
}
