import IAPMarkdown

/// Text as GitHub shows it: its web and e-mail addresses are links (`ExtendedAutolink`).
///
/// A link whose words are its address is marked `address-link`: on paper its address is not
/// printed a second time after it, nor listed as a note at the chapter's end.
extension ChapterRenderer {
    mutating func appendText(_ text: String) {
        var text = text
        text.withUTF8 { appendText($0) }
    }

    /// Words, escaped, with the addresses in them made links, except inside a link, where a
    /// second link would nest.
    mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard openLinks.isEmpty, rawLinks.isEmpty else { return Escape.appendText(bytes, to: &html) }
        if page.footnoteNumbers.isEmpty {
            appendAddresses(bytes)
        } else {
            appendReferencingFootnotes(bytes)
        }
    }

    /// Text outside links with its addresses made links.
    mutating func appendAddresses(_ bytes: UnsafeBufferPointer<UInt8>) {
        let links = ExtendedAutolink.matches(in: bytes, context: &autolinkContext)
        var written = 0
        for link in links {
            Escape.appendText(UnsafeBufferPointer(rebasing: bytes[written..<link.range.lowerBound]), to: &html)
            let words = UnsafeBufferPointer(rebasing: bytes[link.range])
            html += "<a class=\"address-link\" href=\""
            html += link.prefix.rawValue
            Escape.appendURL(words, to: &html)
            html += "\" rel=\"noopener noreferrer\">"
            Escape.appendText(words, to: &html)
            html += "</a>"
            written = link.range.upperBound
        }
        Escape.appendText(UnsafeBufferPointer(rebasing: bytes[written...]), to: &html)
    }
}
