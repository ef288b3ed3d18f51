/// The name in a variable or section tag, split once at compile time so rendering never
/// re-parses it.
///
/// `.` is the implicit iterator (the top of the context stack). `a.b.c` looks `a` up through
/// the context stack and then `b` and `c` only inside the value found. A leading dot (`.a`)
/// looks `a` up in the top context only, without searching the stack.
struct TagName: Sendable, Equatable {
    /// The name as written, for messages and for matching closing tags.
    let text: String
    /// The keys to follow; empty for the implicit iterator.
    let keys: [String]
    /// Whether the first key is looked up in the top context only.
    let isAnchored: Bool

    /// Parses a tag's trimmed content; nil when it is not a valid name (empty keys as in `a..b`
    /// or `a.`, or whitespace inside).
    init?(_ text: String) {
        guard !text.isEmpty, !text.unicodeScalars.contains(where: Self.isWhitespace) else {
            return nil
        }
        self.text = text
        if text == "." {
            keys = []
            isAnchored = true
            return
        }
        var parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        isAnchored = parts.first == ""
        if isAnchored {
            parts.removeFirst()
        }
        guard !parts.isEmpty, !parts.contains(where: \.isEmpty) else {
            return nil
        }
        keys = parts
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }
}
