/// `<!-- language: zh-Hans -->` on a line of its own: a chapter written in another language
/// than its book says so in a comment, which GitHub and other Markdown readers do not show.
enum LanguageDirective {
    /// The tag the comment names (well formed or not), or nil when the block is not such a comment.
    static func tag(in html: String) -> String? {
        var text = html.trimmingWhitespace()
        guard text.hasPrefix("<!--"), text.hasSuffix("-->") else { return nil }
        text = String(text.dropFirst(4).dropLast(3)).trimmingWhitespace()
        guard text.lowercased().hasPrefix("language:") else { return nil }
        let tag = String(text.dropFirst("language:".count)).trimmingWhitespace()
        return tag.isEmpty ? nil : tag
    }
}
