/// `<!-- language: zh-Hans -->` on a line of its own: a chapter written in another language
/// than its book says so in a comment, which GitHub and other Markdown readers do not show.
enum LanguageDirective {
    /// The tag the comment names (well formed or not), or nil when the block is not such a comment.
    static func tag(in html: String) -> String? {
        // Most HTML blocks are not comments: their first characters say so before the block is
        // copied.
        let scalars = html.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            scalars[first...].starts(with: "<!--".unicodeScalars)
        else { return nil }
        var text = html.trimmingWhitespace()
        guard text.hasPrefix("<!--"), text.hasSuffix("-->") else { return nil }
        text = String(text.dropFirst(4).dropLast(3)).trimmingWhitespace()
        guard text.lowercased().hasPrefix("language:") else { return nil }
        let tag = String(text.dropFirst("language:".count)).trimmingWhitespace()
        return tag.isEmpty ? nil : tag
    }
}
