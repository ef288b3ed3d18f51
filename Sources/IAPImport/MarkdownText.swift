/// Text from the input placed in Markdown prose, where it must stay literal.
enum MarkdownText {
    /// A code span that shows `text` as it is, whatever backticks it holds: the fence is one
    /// backtick longer than the longest run inside. Line breaks and other control characters
    /// become spaces, since a span lives on one line.
    static func codeSpan(_ text: String) -> String {
        let flat = String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
        var longest = 0
        var run = 0
        for character in flat {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padding = flat.hasPrefix("`") || flat.hasSuffix("`") || flat.hasPrefix(" ") ? " " : ""
        return fence + padding + flat + padding + fence
    }
}
