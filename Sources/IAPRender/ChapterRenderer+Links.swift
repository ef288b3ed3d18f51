import Foundation
import IAPDiagnostics
import IAPMarkdown

/// Links and images, checked and rewritten for the site.
extension ChapterRenderer {
    mutating func link(_ node: MarkdownNode) {
        // A link inside a raw HTML `<a>` would nest: its words stay, as the outer link's.
        guard !rawLinks.contains(true) else {
            openLinks.append(false)
            return
        }
        let url = node.destination ?? ""
        openLinks.append(
            openLink(
                to: url, title: node.title, at: located(node), wordsAreTheAddress: Self.wordsAreTheAddress(node, url)))
    }

    /// Writes the `<a>` that opens a link to `destination`, checked and rewritten for the site,
    /// and returns whether it did: an unsafe or broken link keeps only its words. A link to
    /// another site whose words are its address is marked so (`address-link`).
    mutating func openLink(
        to destination: String, title: String?, at location: SourceLocation, wordsAreTheAddress: Bool = false
    ) -> Bool {
        let target = links.resolve(destination, isImage: false, at: location, warnings: &diagnostics, images: &images)
        switch target {
        case .dropped:
            return false
        case .external(let url):
            html += wordsAreTheAddress ? "<a class=\"address-link\" href=\"" : "<a href=\""
            html.appendURL(url)
        case .fragment(let fragment):
            html += "<a href=\"#"
            html.append(id: fragment, asURL: true, printPrefix: printURLPrefix)
        case .local(let pageURL, let printURL):
            html += "<a href=\""
            html.appendURL(page: pageURL, print: printURL)
        }
        html += "\""
        if let title {
            html += " title=\""
            html.appendEscaped(title)
            html += "\""
        }
        if case .external = target { html += " rel=\"noopener noreferrer\"" }
        html += ">"
        return true
    }

    /// Closes the links and formatting raw HTML opened (`<a href="…">`, `<b>`) and did not close
    /// before its paragraph, heading or cell ended, innermost first.
    mutating func closeRawInlines() {
        while let opened = rawLinks.popLast() {
            closeFormatting(deeperThan: rawLinks.count)
            if opened { html += "</a>" }
        }
        closeFormatting(deeperThan: -1)
    }

    /// Whether the link's words are its address, as in `<https://example.com>` and
    /// `<help@example.com>`.
    static func wordsAreTheAddress(_ node: MarkdownNode, _ url: String) -> Bool {
        guard let words = node.firstChild, words.kind == .text, words.nextSibling == nil else { return false }
        let address = url.hasPrefix("mailto:") ? url.utf8.dropFirst(7) : url.utf8[...]
        return words.withLiteralBytes { $0.elementsEqual(url.utf8) || $0.elementsEqual(address) } ?? false
    }

    /// Images inside the site are shown; an image on another host is only linked, so that opening
    /// a page never makes a request; an unsafe one is left out, its description kept.
    ///
    /// Inside a link (a badge that links to its service) the image is that link's content: a
    /// second link there would nest, so an image on another host is its description alone, and
    /// an image without a description is named after its file, so the link is never empty.
    mutating func image(_ node: MarkdownNode) {
        image(destination: node.destination ?? "", description: node.plainText, title: node.title, at: located(node))
    }

    mutating func image(destination: String, description: String, title: String?, at location: SourceLocation) {
        let insideLink = openLinks.contains(true) || rawLinks.contains(true)
        var alt = Escape.attribute(description)
        if alt.isEmpty, insideLink { alt = Escape.attribute(Self.imageName(destination)) }
        let title = title.map { " title=\"\(Escape.attribute($0))\"" } ?? ""
        switch links.resolve(destination, isImage: true, at: location, warnings: &diagnostics, images: &images) {
        case .dropped:
            html += alt
        case .external(let url):
            if insideLink {
                html += alt
                return
            }
            html += "<a class=\"external-image\" href=\"\(Escape.url(url))\"\(title) rel=\"noopener noreferrer\">"
            html += (alt.isEmpty ? "image" : alt) + "</a>"
        case .fragment(let fragment):
            html += "<img src=\"#"
            html.append(id: fragment, asURL: true, printPrefix: printURLPrefix)
            html += "\" alt=\"\(alt)\"\(title)>"
        case .local(let pageURL, let printURL):
            html += "<img src=\""
            html.appendURL(page: pageURL, print: printURL)
            html += "\" alt=\"\(alt)\"\(title)>"
        }
    }

    /// Raw HTML the site leaves out, with a warning, except its images, shown as a Markdown
    /// image would be (checked, copied, or linked when on another host), and line breaks.
    /// Inline formatting tags are left out silently: the words they mark are still there.
    mutating func rawHTML(_ node: MarkdownNode) {
        let literal = node.literal ?? ""
        if !allowRawHTML, let ids = page.htmlAnchors[Self.position(located(node))] {
            // The places raw HTML names, kept as empty elements links can lead to.
            for id in ids {
                html += "<span id=\""
                html.append(id: id, printPrefix: printIDPrefix)
                html += "\"></span>"
            }
        }
        if node.kind == .htmlBlock, !allowRawHTML, let parts = RawHTML.detailsParts(literal) {
            foldedSection(parts, of: node)
            return
        }
        // A block with `<h1>`…`<h6>` elements: each heading becomes a heading, and the HTML
        // around them is treated as raw HTML of its own.
        if node.kind == .htmlBlock {
            let pieces = RawHTML.pieces(literal)
            if pieces.contains(where: { if case .heading = $0 { true } else { false } }) {
                for piece in pieces {
                    switch piece {
                    case .heading(let heading): self.heading(heading, of: node)
                    case .other(let text): rawHTML(text, of: node)
                    }
                }
                return
            }
        }
        rawHTML(literal, of: node)
    }

    /// Raw HTML that is not a heading: kept as written with `--unsafe-html`; otherwise its
    /// images are kept and the rest is left out with a warning.
    mutating func rawHTML(_ literal: String, of node: MarkdownNode) {
        let isBlock = node.kind == .htmlBlock
        if allowRawHTML {
            html += literal
            return
        }
        if !isBlock, RawHTML.isLineBreak(literal) {
            html += "<br>"
            return
        }
        if !isBlock, let tag = RawHTML.linkTag(literal), rawLink(tag, of: node) { return }
        if !isBlock, rawFormatting(literal, of: node) { return }
        let contents = RawHTML.read(literal)
        let kept = contents.images
        if isBlock, !kept.isEmpty { html += "<p class=\"raw-html-images\">" }
        for (index, image) in kept.enumerated() {
            // A row of badges keeps a space between them, as their HTML layout did.
            if isBlock, index > 0 { html += " " }
            // An image in `<a href="…">` is that link's content, as `[![…](…)](…)` would be.
            if let link = image.link { _ = rawLink(.opening(href: link), of: node) }
            self.image(destination: image.source, description: image.alternative, title: image.title, at: located(node))
            if image.link != nil { _ = rawLink(.closing, of: node) }
        }
        if isBlock { html += kept.isEmpty ? "<!-- raw HTML omitted -->\n" : "</p>\n" }
        // Closing tags and comments say nothing worth a warning of their own.
        let trimmed = literal.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        if trimmed.hasPrefix("</") || trimmed.hasPrefix("<!--") || contents.losesOnlyLayout { return }
        let tag = contents.firstTag
        // Formatting that is not kept (`<span>`, `<big>`, `<b/>`) loses only its look: the words stay.
        if !isBlock, RawHTML.formattingTagNames.contains(tag) { return }
        if !isBlock, let paragraph = node.parent {
            guard warnedRawHTMLParents.insert(Self.position(paragraph.location)).inserted else { return }
        }
        let images = kept.count == 1 ? "its image is shown" : "its \(kept.count) images are shown"
        diagnostics.append(
            .warning(
                "raw HTML \(tag.isEmpty ? "" : "<\(tag)> ")is not rendered\(kept.isEmpty ? "" : " (" + images + ")"); "
                    + "render with --unsafe-html to keep it, only for guides you trust", at: located(node)))
    }

    /// `<a href="…">` in a paragraph opens a link as Markdown's would, and `</a>` closes it:
    /// badges and video thumbnails are written so. Returns false for a tag that is not taken
    /// so (`<a name="top">`, a `</a>` that closes nothing), which is left out as other raw HTML.
    mutating func rawLink(_ tag: RawHTML.LinkTag, of node: MarkdownNode) -> Bool {
        switch tag {
        case .opening(let href):
            guard let href else { return false }
            let nested = !openLinks.isEmpty || !rawLinks.isEmpty
            rawLinks.append(nested ? false : openLink(to: href, title: nil, at: located(node)))
            return true
        case .closing:
            guard let opened = rawLinks.popLast() else { return false }
            closeFormatting(deeperThan: rawLinks.count)
            if opened { html += "</a>" }
            return true
        }
    }

    /// `https://img.shields.io/badge/build-passing-green.svg?style=flat` gives `build-passing-green`:
    /// the last part of the path without its extension, or `image` when there is none.
    static func imageName(_ destination: String) -> String {
        var path = Substring(destination)
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        var name = path.split(separator: "/").last.map(String.init) ?? ""
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        name = name.removingPercentEncoding ?? name
        return name.isEmpty || name.contains(":") ? "image" : name
    }

    /// A node's place in the chapter file, also for the trees of table cells.
    func located(_ node: MarkdownNode) -> SourceLocation {
        let location = node.location
        guard let origin else { return location }
        return SourceLocation(
            file: origin.file, line: origin.line + location.line - originLine,
            column: location.line == originLine ? origin.column + location.column - 1 : location.column)
    }
}
