/// A tag as the scanner found it, before it becomes instructions.
struct ScannedTag {
    enum Kind {
        case variable(escaped: Bool)
        case section
        case invertedSection
        case sectionEnd
        case comment
        case partial
        case delimiters(open: [UInt8], close: [UInt8])
    }

    let kind: Kind
    /// The content between the sigil and the closing delimiter, without surrounding whitespace.
    let content: String
    /// Byte offsets of the opening delimiter and just past the closing one.
    let start: Int
    let end: Int

    /// Tags that produce no text of their own may stand alone on a line; the whole line, its
    /// newline included, is then left out of the output. Variables never stand alone: they put
    /// text on the line, so its whitespace is kept.
    var canStandAlone: Bool {
        if case .variable = kind { return false }
        return true
    }
}
