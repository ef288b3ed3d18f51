import IAPDiagnostics
import IAPMarkdown

/// Links and images, checked and rewritten for the site.
extension ChapterRenderer {
    mutating func link(_ node: MarkdownNode) {
        let target = links.resolve(
            node.destination ?? "", isImage: false, at: located(node), warnings: &diagnostics, images: &images)
        switch target {
        case .dropped:
            openLinks.append(false)
            return
        case .external(let url):
            html += "<a href=\""
            html.appendURL(url)
        case .fragment(let fragment):
            html += "<a href=\"#"
            html.append(id: fragment, asURL: true, printPrefix: printURLPrefix)
        case .local(let pageURL, let printURL):
            html += "<a href=\""
            html.appendURL(page: pageURL, print: printURL)
        }
        html += "\""
        if let title = node.title {
            html += " title=\""
            html.appendEscaped(title)
            html += "\""
        }
        if case .external = target { html += " rel=\"noopener noreferrer\"" }
        html += ">"
        openLinks.append(true)
    }

    /// Images inside the site are shown; an image on another host is only linked, so that opening
    /// a page never makes a request; an unsafe one is left out, its description kept.
    mutating func image(_ node: MarkdownNode) {
        let alt = Escape.attribute(node.plainText)
        let title = node.title.map { " title=\"\(Escape.attribute($0))\"" } ?? ""
        switch links.resolve(
            node.destination ?? "", isImage: true, at: located(node), warnings: &diagnostics, images: &images)
        {
        case .dropped:
            html += alt
        case .external(let url):
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

    /// A node's place in the chapter file, also for the trees of table cells.
    func located(_ node: MarkdownNode) -> SourceLocation {
        let location = node.location
        guard let origin else { return location }
        return SourceLocation(
            file: origin.file, line: origin.line + location.line - 1,
            column: location.line == 1 ? origin.column + location.column - 1 : location.column)
    }
}
