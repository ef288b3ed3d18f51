import IAPMarkdown

/// GitHub's footnotes (`FootnoteSyntax`), which CommonMark shows as written: a `[^label]` whose
/// footnote the chapter has becomes its number, raised and linked to the footnote, and the
/// footnote's paragraph is shown where the guide wrote it (usually at the chapter's end),
/// numbered, without its `[^label]:`.
extension ChapterRenderer {
    /// Writes `paragraph` as a footnote and returns true when the plan has it as one. A second
    /// footnote of one label (which extraction warns about) is a paragraph shown as written.
    mutating func footnote(_ paragraph: MarkdownNode) -> Bool {
        guard !page.footnotePositions.isEmpty, paragraph.parent?.kind == .document,
            let first = paragraph.firstChild, first.kind == .text,
            let marker = first.withLiteralBytes({ FootnoteSyntax.definition(at: $0)?.length }) ?? nil
        else { return false }
        let number = page.footnotePositions[Self.position(paragraph.location)]
        if let number {
            html += "<p class=\"guide-footnote\" id=\""
            html.append(id: SitePage.footnoteID(number), printPrefix: printIDPrefix)
            html += "\"><span class=\"guide-footnote-number\">\(number)</span> "
        } else {
            html += "<p>"
        }
        autolinkContext = ExtendedAutolink.Context()
        // A footnote's number stands for its marker; the second of a label shows it as written.
        if number == nil {
            first.withLiteralBytes { Escape.appendText(UnsafeBufferPointer(rebasing: $0[..<marker]), to: &html) }
        }
        appendText(of: first, within: marker..<Int.max)
        walkSiblings(after: first)
        closeRawInlines()
        html += "</p>\n"
        return true
    }

    private mutating func walkSiblings(after first: MarkdownNode) {
        var next = first.nextSibling
        while let inline = next {
            inline.walk(&self)
            next = inline.nextSibling
        }
    }

    /// Text with each reference to one of the chapter's footnotes written as its number, and
    /// the rest as `appendAddresses` writes it.
    mutating func appendReferencingFootnotes(_ bytes: UnsafeBufferPointer<UInt8>) {
        let numbers = page.footnoteNumbers
        let references = FootnoteSyntax.references(in: bytes) { numbers[$0] != nil }
        var written = 0
        for reference in references {
            appendAddresses(UnsafeBufferPointer(rebasing: bytes[written..<reference.range.lowerBound]))
            let number = numbers[reference.label] ?? 0
            html += "<sup class=\"guide-footnote-ref\"><a href=\"#"
            html.append(id: SitePage.footnoteID(number), asURL: true, printPrefix: printURLPrefix)
            html += "\" aria-label=\""
            html.appendEscaped(page.interface.format(.footnoteReference, ["number": String(number)]))
            html += "\">\(number)</a></sup>"
            written = reference.range.upperBound
        }
        appendAddresses(UnsafeBufferPointer(rebasing: bytes[written...]))
    }
}
