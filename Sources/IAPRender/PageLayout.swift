/// The frame every page shares: head with the content security policy, header with search,
/// the chapter list, the article, previous and next links, and the page's outline.
struct PageLayout {
    let plan: SitePlan
    let title: String

    /// Scripts and styles only from files beside the page, no inline script or style, no
    /// connections, frames, fonts or forms: even a guide that slipped markup past the renderer
    /// cannot run code or reach another host.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self' file:; style-src 'self' file:; img-src 'self' file: data:; "
        + "base-uri 'none'; form-action 'none'"

    func head(pageTitle: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
        <meta name="referrer" content="no-referrer">
        <title>\(Escape.text(pageTitle))</title>
        <link rel="stylesheet" href="assets/site.css">
        <script src="search-index.js" defer></script>
        <script src="assets/site.js" defer></script>
        </head>

        """
    }

    func header() -> String {
        """
        <a class="skip-link" href="#iapkit-content">Skip to the content</a>
        <header class="topbar">
        <a class="book-title" href="index.html">\(Escape.text(title))</a>
        <div class="search" role="search">
        <input type="search" id="iapkit-search" placeholder="Search pages and product IDs" aria-label="Search" autocomplete="off">
        <ol id="iapkit-results" class="search-results" hidden></ol>
        </div>
        </header>

        """
    }

    /// The chapter list; `current` is marked for assistive technology and for the style sheet.
    func sidebar(current: Int?) -> String {
        var html = "<nav class=\"sidebar\" id=\"iapkit-sidebar\" aria-label=\"Chapters\">\n<ol class=\"chapters\">\n"
        for (index, page) in plan.pages.enumerated() {
            let marker = index == current ? " aria-current=\"page\"" : ""
            html +=
                "<li><a href=\"\(Escape.url(page.fileName))\"\(marker)>\(Escape.text(page.chapter.title))</a></li>\n"
        }
        html += "</ol>\n"
        html += progress(id: "iapkit-book-progress", label: "Checklist progress in the book")
        html += "<p class=\"sidebar-links\"><a href=\"print.html\"\(current == nil ? " aria-current=\"page\"" : "")>"
        html += "Print view (all chapters)</a></p>\n"
        html += "<button type=\"button\" id=\"iapkit-reset\" class=\"reset\">Reset checklist progress</button>\n"
        return html + "</nav>\n"
    }

    func progress(id: String, label: String) -> String {
        "<div class=\"progress\" id=\"\(id)\" hidden><span class=\"count\"></span> "
            + "<progress max=\"1\" value=\"0\" aria-label=\"\(label)\"></progress></div>\n"
    }

    func pager(for index: Int) -> String {
        var html = "<nav class=\"pager\" aria-label=\"Previous and next chapter\">\n"
        if index > 0 {
            let previous = plan.pages[index - 1]
            html += "<a class=\"previous\" rel=\"prev\" href=\"\(Escape.url(previous.fileName))\">"
            html += "<span>Previous</span> \(Escape.text(previous.chapter.title))</a>\n"
        }
        if index + 1 < plan.pages.count {
            let next = plan.pages[index + 1]
            html += "<a class=\"next\" rel=\"next\" href=\"\(Escape.url(next.fileName))\">"
            html += "<span>Next</span> \(Escape.text(next.chapter.title))</a>\n"
        }
        return html + "</nav>\n"
    }

    /// The page's second- and third-level headings.
    func outline(for page: SitePage) -> String {
        let entries = page.headings.filter { $0.level == 2 || $0.level == 3 }
        guard !entries.isEmpty else { return "" }
        var html = "<aside class=\"outline\" id=\"iapkit-outline\" aria-label=\"On this page\">\n"
        html += "<p class=\"outline-title\">On this page</p>\n<ol>\n"
        for entry in entries {
            html += "<li class=\"level-\(entry.level)\"><a href=\"#\(Escape.url(entry.slug))\">"
            html += Escape.text(entry.title) + "</a></li>\n"
        }
        return html + "</ol>\n</aside>\n"
    }

    /// A chapter's page up to where its article's content begins (after a line break).
    func chapterPageOpening(_ index: Int) -> String {
        let page = plan.pages[index]
        return head(pageTitle: page.chapter.title + " · " + title) + "<body>\n" + header()
            + "<div class=\"layout\">\n" + sidebar(current: index) + "<main id=\"iapkit-content\">\n"
            + progress(id: "iapkit-page-progress", label: "Checklist progress on this page")
            + "<article class=\"chapter\">\n"
    }

    /// The rest of a chapter's page after its article's content.
    func chapterPageClosing(_ index: Int) -> String {
        "</article>\n" + pager(for: index) + "</main>\n" + outline(for: plan.pages[index])
            + "</div>\n</body>\n</html>\n"
    }

    /// The start of `print.html`, before its first chapter.
    func printPageOpening() -> String {
        head(pageTitle: title + " · all chapters") + "<body class=\"print-view\">\n" + header()
            + "<div class=\"layout\">\n" + sidebar(current: nil) + "<main id=\"iapkit-content\">\n"
            + progress(id: "iapkit-page-progress", label: "Checklist progress in the book")
    }

    /// The end of `print.html`, after its last chapter.
    static let printPageClosing = "</main>\n</div>\n</body>\n</html>\n"

    /// Where a chapter starts in `print.html`, ending with a line break so that its article
    /// starts as it would on its own page.
    func printArticleOpening(_ index: Int) -> String {
        "<article class=\"chapter\" id=\"chapter-\(Escape.attribute(plan.pages[index].stem))\">\n"
    }

    /// Where a chapter ends in `print.html`.
    static let printArticleClosing = "</article>\n"
}
