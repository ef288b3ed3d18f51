import IAPMarkdown

/// Inline formatting written as raw HTML (`<kbd>⌘</kbd>`, `H<sub>2</sub>O`, `<b>`) kept as its
/// element without attributes, which can carry nothing but its look; strikethrough (`~~gone~~`)
/// is written as such formatting too.
///
/// Raw tags need not nest as the page's elements must: a guide may close `</b>` after the
/// emphasis it opened in has ended, or never. Each tag therefore closes only in the inline
/// node it was opened in and outside any raw link opened after it; a closing tag that does not
/// fit is left out, and what is still open is closed where its node, its raw link or its
/// paragraph ends. The page's HTML nests whatever the guide wrote.
extension ChapterRenderer {
    struct OpenFormatting {
        let element: String
        /// The inline node (or the block) the tag was written in.
        let container: MarkdownNode?
        /// How many raw links were open when it was opened.
        let linkDepth: Int
    }

    /// Writes a raw formatting tag; false when `literal` is not one.
    mutating func rawFormatting(_ literal: String, of node: MarkdownNode) -> Bool {
        guard let tag = RawHTML.formattingTag(literal) else { return false }
        if tag.isVoid {
            if !tag.isClosing { html += "<\(tag.element)>" }
        } else if tag.isClosing {
            closeFormatting(tag.element, in: node.parent)
        } else {
            openFormatting(tag.element, in: node.parent, title: tag.title)
        }
        return true
    }

    /// Opens `element` (`kbd`, or `del` for strikethrough) in `container`.
    mutating func openFormatting(_ element: String, in container: MarkdownNode?, title: String? = nil) {
        rawFormatting.append(OpenFormatting(element: element, container: container, linkDepth: rawLinks.count))
        html += "<\(element)"
        if let title {
            html += " title=\""
            html.appendEscaped(title)
            html += "\""
        }
        html += ">"
    }

    /// `</element>`: closes the innermost open `element` when it was opened in `container`
    /// with no raw link opened since still open, and whatever was opened after it. False when
    /// there is no such element to close.
    @discardableResult
    mutating func closeFormatting(_ element: String, in container: MarkdownNode?) -> Bool {
        guard let index = rawFormatting.lastIndex(where: { $0.element == element }),
            rawFormatting[index].container == container, rawFormatting[index].linkDepth == rawLinks.count
        else { return false }
        while rawFormatting.count > index { closeLastFormatting() }
        return true
    }

    /// At the end of an inline node: closes what was opened in it.
    mutating func closeFormatting(openedIn node: MarkdownNode) {
        while let last = rawFormatting.last, last.container == node { closeLastFormatting() }
    }

    /// Before a raw link's `</a>`: closes what was opened while more than `depth` links were open.
    mutating func closeFormatting(deeperThan depth: Int) {
        while let last = rawFormatting.last, last.linkDepth > depth { closeLastFormatting() }
    }

    private mutating func closeLastFormatting() {
        guard let last = rawFormatting.popLast() else { return }
        html += "</\(last.element)>"
    }
}
