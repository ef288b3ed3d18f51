import IAPFileAccess
import IAPModel

/// The frame every page shares: head with the content security policy, header with search,
/// the chapter list, the article, previous and next links, and the page's outline.
///
/// The parts every page has in common are written once: a book of a few hundred chapters has a
/// chapter list of a few hundred links on each of its few hundred pages. Past
/// `inlineChapterLimit` chapters the list would make the site grow with the square of the book
/// (a thousand chapters, a million links), so the pages after the first carry only the first and
/// the current chapter, and the site's script fills in the rest from the chapter list in
/// `search-index.js`; the first page and the print view keep the whole list for a browser
/// without scripts.
struct PageLayout {
    static let inlineChapterLimit = 100

    let plan: SitePlan
    let title: String
    /// The top bar before and after the language switch, for each interface language the pages use.
    private let headers: [String: (start: [UInt8], end: [UInt8])]
    /// Every chapter's entry in the chapter list, none marked as the current page.
    private let sidebarEntries: [UInt8]
    /// Where the mark of the current page goes in `sidebarEntries`, for each chapter.
    private let sidebarMarkOffsets: [Int]
    /// The book in every language it has, this one included; empty for a book in one language.
    private let languages: [AlternateLanguage]
    private let bookFolder: String

    /// Whether any chapter has checklist items: a book without them shows no progress at all.
    let bookHasTasks: Bool
    /// Whether pages after the first leave their chapter list to the script.
    let defersChapterList: Bool

    init(plan: SitePlan, title: String, languages: [AlternateLanguage] = [], bookFolder: String = "") {
        self.plan = plan
        self.title = title
        self.languages = languages
        self.bookFolder = bookFolder
        bookHasTasks = plan.pages.contains { !$0.tasks.isEmpty }
        defersChapterList = plan.pages.count > Self.inlineChapterLimit
        var headers: [String: (start: [UInt8], end: [UInt8])] = [:]
        for interface in [InterfaceLanguage.forTag(plan.language)] + plan.pages.map(\.interface)
        where headers[interface.tag] == nil {
            let parts = Self.header(title: title, interface: interface)
            headers[interface.tag] = (Array(parts.start.utf8), Array(parts.end.utf8))
        }
        self.headers = headers
        var entries = HTMLBuffer()
        var offsets: [Int] = []
        for page in plan.pages {
            entries += "<li><a href=\"\(Escape.url(page.fileName))\""
            offsets.append(entries.count)
            entries += ">\(Escape.text(page.chapter.title))</a></li>\n"
        }
        sidebarEntries = entries.takeBytes()
        sidebarMarkOffsets = offsets
    }

    /// The interface of the book as a whole (the print view, the chapter list).
    var bookInterface: InterfaceLanguage { InterfaceLanguage.forTag(plan.language) }

    static let currentPageMark = " aria-current=\"page\""

    /// The page's one inline script: it loads the search index and the site's script, by their
    /// paths in the site, in that order. Scripts it adds are trusted (`'strict-dynamic'`); every
    /// other script, inline or from a file, is not.
    static let scriptLoader =
        #"["search-index.js", "assets/site.js"].forEach(function (path) { "#
        + #"var script = document.createElement("script"); script.src = path; script.async = false; "#
        + #"document.body.appendChild(script); });"#

    /// Script only from the loader above, named by its hash. A browser treats every `file:` URL
    /// as the page's own, so `'self'` would let markup that slipped past the renderer (with
    /// `--unsafe-html`) run any script file on the disk; a hash cannot be matched by another
    /// script. Styles and images come from files (`'self'`), which cannot run code; no inline
    /// style, no connections, frames, fonts or forms, and no `<base>` to move the paths.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'strict-dynamic' 'sha256-\(SHA256.base64(SHA256.digest(Array(scriptLoader.utf8))))'; "
        + "style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'"

    /// The loader, last in the body, so the page is complete when the scripts run.
    static let scriptLoaderElement = "<script>\(scriptLoader)</script>\n"

    /// The strings the site's script writes, in the page's language, for `data-interface`.
    static func scriptStrings(_ interface: InterfaceLanguage) -> String {
        let keys: [(String, InterfaceString)] = [
            ("theme", .themeButton), ("automatic", .themeAutomatic), ("light", .themeLight), ("dark", .themeDark),
            ("onPage", .progressOnPage), ("inBook", .progressInBook), ("copy", .copy), ("copyLabel", .copyLabel),
            ("copied", .copied), ("copyFailed", .copyFailed), ("noResults", .searchNoResults),
            ("linkNotes", .linkNotes),
        ]
        return "{"
            + keys.map { "\(Escape.javaScriptString($0.0)): \(Escape.javaScriptString(interface[$0.1]))" }
            .joined(separator: ", ") + "}"
    }

    /// ` data-interface="…"` for a page whose interface is not English: the script has the
    /// English words already, so English pages carry none.
    static func interfaceAttribute(_ interface: InterfaceLanguage) -> String {
        interface.tag == InterfaceLanguage.english.tag
            ? "" : " data-interface=\"\(Escape.attribute(scriptStrings(interface)))\""
    }

    func head(pageTitle: String, language: String, interface: InterfaceLanguage, alternates: String = "") -> String {
        """
        <!DOCTYPE html>
        <html lang="\(Escape.attribute(language))"\(Self.interfaceAttribute(interface))>
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
        <meta name="referrer" content="no-referrer">
        <title>\(Escape.text(pageTitle))</title>
        <link rel="stylesheet" href="assets/site.css">
        \(alternates)</head>

        """
    }

    /// The bar at the top: on a phone it holds the menu button that opens the chapter list,
    /// so a page starts with its own title rather than with the list of every chapter. The
    /// language switch goes between its two parts.
    private static func header(title: String, interface: InterfaceLanguage) -> (start: String, end: String) {
        let text = { (key: InterfaceString) in Escape.text(interface[key]) }
        let start = """
            <a class="skip-link" href="#iapkit-content">\(text(.skipLink))</a>
            <header class="topbar">
            <button type="button" class="menu-button" id="iapkit-menu" aria-controls="iapkit-sidebar" aria-expanded="false">\(text(.menuButton))</button>
            <a class="book-title" href="index.html">\(Escape.text(title))</a>

            """
        let theme = interface.format(.themeButton, ["theme": interface[.themeAutomatic]])
        let end = """
            <div class="search" role="search">
            <input type="search" id="iapkit-search" placeholder="\(Escape.attribute(interface[.searchPlaceholder]))" aria-label="\(Escape.attribute(interface[.searchLabel]))">
            <ol id="iapkit-results" class="search-results" hidden></ol>
            </div>
            <button type="button" class="theme-button" id="iapkit-theme" hidden>\(Escape.text(theme))</button>
            </header>

            """
        return (start, end)
    }

    /// The page's chapter path inside its book's folder, which its translations share.
    private func chapterKey(_ page: SitePage) -> String { ChapterKey.of(page.chapter.file, in: bookFolder) }

    /// Where each language's version of a page is: the chapter's counterpart, else that
    /// language's first page; for the print view (`index` nil), its print view.
    private func languageTargets(forPage index: Int?) -> [(language: AlternateLanguage, href: String)] {
        languages.map { language in
            let file: String
            if let index {
                file =
                    language.isCurrent
                    ? plan.pages[index].fileName : language.pages[chapterKey(plan.pages[index])] ?? "index.html"
            } else {
                file = "print.html"
            }
            return (language, language.isCurrent ? file : language.pathPrefix + file)
        }
    }

    /// The language switch: every language by its own name, in its own language, the current
    /// one marked.
    func languageSwitch(forPage index: Int?, interface: InterfaceLanguage) -> String {
        guard languages.count > 1 else { return "" }
        var html = "<nav class=\"languages\" aria-label=\"\(Escape.attribute(interface[.languageSwitchLabel]))\"><ul>\n"
        for (language, href) in languageTargets(forPage: index) {
            let name = InterfaceLanguage.displayName(of: language.language)
            html += "<li><a href=\"\(Escape.url(href))\" hreflang=\"\(Escape.attribute(language.language))\" "
            html +=
                "lang=\"\(Escape.attribute(language.language))\"\(language.isCurrent ? " aria-current=\"true\"" : "")>"
            html += "\(Escape.text(name))</a></li>\n"
        }
        return html + "</ul></nav>\n"
    }

    /// `<link rel="alternate">` to the page in each other language, for browsers and search engines.
    func alternateLinks(forPage index: Int?) -> String {
        guard languages.count > 1 else { return "" }
        return languageTargets(forPage: index).filter { !$0.language.isCurrent }.map { language, href in
            "<link rel=\"alternate\" hreflang=\"\(Escape.attribute(language.language))\" href=\"\(Escape.url(href))\">\n"
        }.joined()
    }

    /// The top bar for a page in `interface`, with its language switch.
    private func appendHeader(forPage index: Int?, interface: InterfaceLanguage, to html: inout HTMLBuffer) {
        let parts = headers[interface.tag] ?? headers[bookInterface.tag] ?? ([], [])
        html.append(bytes: parts.start[...])
        html += languageSwitch(forPage: index, interface: interface)
        html.append(bytes: parts.end[...])
    }

    /// The chapter list; `current` is marked for assistive technology and for the style sheet.
    /// A book with checklists adds its progress and a reset of every chapter's ticks, which asks
    /// first: a trainer's whole workshop of ticks should not go with one stray click.
    func appendSidebar(current: Int?, interface: InterfaceLanguage, to html: inout HTMLBuffer) {
        let text = { (key: InterfaceString) in Escape.text(interface[key]) }
        html += "<nav class=\"sidebar\" id=\"iapkit-sidebar\" aria-label=\"\(text(.chaptersLabel))\">\n"
        if let current, current > 0, defersChapterList {
            let page = plan.pages[current]
            html += "<ol class=\"chapters\" data-deferred data-current=\"\(Escape.attribute(page.fileName))\">\n"
            let first = plan.pages[0]
            html += "<li><a href=\"\(Escape.url(first.fileName))\">\(Escape.text(first.chapter.title))</a></li>\n"
            html += "<li><a href=\"\(Escape.url(page.fileName))\"\(Self.currentPageMark)>"
            html += "\(Escape.text(page.chapter.title))</a></li>\n"
        } else if let current {
            html += "<ol class=\"chapters\">\n"
            let mark = sidebarMarkOffsets[current]
            html.append(bytes: sidebarEntries[..<mark])
            html += Self.currentPageMark
            html.append(bytes: sidebarEntries[mark...])
        } else {
            html += "<ol class=\"chapters\">\n"
            html.append(bytes: sidebarEntries[...])
        }
        html += "</ol>\n"
        html += "<p class=\"sidebar-links\"><a href=\"print.html\"\(current == nil ? Self.currentPageMark : "")>"
        html += "\(text(.printViewLink))</a></p>\n"
        if bookHasTasks {
            html += progress(id: "iapkit-book-progress", label: text(.bookProgressLabel))
            html +=
                "<button type=\"button\" id=\"iapkit-reset-book\" class=\"reset\" aria-controls=\"iapkit-reset-confirm\" "
            html += "aria-expanded=\"false\">\(text(.resetBook))</button>\n"
            html += "<div class=\"reset-confirm\" id=\"iapkit-reset-confirm\" role=\"group\" "
            html += "aria-label=\"\(text(.resetConfirmLabel))\" hidden>\n"
            html += "<p>\(text(.resetConfirmQuestion))</p>\n"
            html += "<button type=\"button\" id=\"iapkit-reset-book-confirm\" class=\"reset danger\">"
            html += "\(text(.resetConfirmYes))</button>\n"
            html +=
                "<button type=\"button\" id=\"iapkit-reset-book-cancel\" class=\"reset\">\(text(.resetConfirmNo))</button>\n"
            html += "</div>\n"
        }
        html += "</nav>\n"
    }

    /// A progress bar, filled in and shown by the site's script (without it there is nothing to
    /// count); a page without checklist items has none.
    func progress(id: String, label: String) -> String {
        "<div class=\"progress\" id=\"\(id)\" hidden><span class=\"count\" aria-live=\"polite\"></span> "
            + "<progress max=\"1\" value=\"0\" aria-label=\"\(label)\"></progress></div>\n"
    }

    /// A page's progress and the reset of its own ticks, when it has checklist items.
    func pageTools(for page: SitePage) -> String {
        guard !page.tasks.isEmpty else { return "" }
        return "<div class=\"page-tools\">\n"
            + progress(id: "iapkit-page-progress", label: Escape.text(page.interface[.pageProgressLabel]))
            + "<button type=\"button\" id=\"iapkit-reset-page\" class=\"reset\">"
            + "\(Escape.text(page.interface[.resetPage]))</button>\n</div>\n"
    }

    func pager(for index: Int) -> String {
        let interface = plan.pages[index].interface
        var html = "<nav class=\"pager\" aria-label=\"\(Escape.attribute(interface[.pagerLabel]))\">\n"
        if index > 0 {
            let previous = plan.pages[index - 1]
            html += "<a class=\"previous\" rel=\"prev\" href=\"\(Escape.url(previous.fileName))\">"
            html += "<span>\(Escape.text(interface[.previous]))</span> \(Escape.text(previous.chapter.title))</a>\n"
        }
        if index + 1 < plan.pages.count {
            let next = plan.pages[index + 1]
            html += "<a class=\"next\" rel=\"next\" href=\"\(Escape.url(next.fileName))\">"
            html += "<span>\(Escape.text(interface[.next]))</span> \(Escape.text(next.chapter.title))</a>\n"
        }
        return html + "</nav>\n"
    }

    /// The page's second- and third-level headings, folded into a summary line on a narrow
    /// screen (the site's script opens it where there is room for the column beside the text).
    func appendOutline(for page: SitePage, to html: inout HTMLBuffer) {
        guard page.headings.contains(where: { $0.level == 2 || $0.level == 3 }) else { return }
        let label = Escape.text(page.interface[.outline])
        html += "<nav class=\"outline\" id=\"iapkit-outline\" aria-label=\"\(label)\">\n"
        html += "<details><summary class=\"outline-title\">\(label)</summary>\n<ol>\n"
        for entry in page.headings where entry.level == 2 || entry.level == 3 {
            html += entry.level == 2 ? "<li class=\"level-2\"><a href=\"#" : "<li class=\"level-3\"><a href=\"#"
            html.appendURL(entry.slug)
            html += "\">"
            html.appendEscaped(entry.title)
            html += "</a></li>\n"
        }
        html += "</ol>\n</details>\n</nav>\n"
    }

    /// A chapter's page up to where its article's content begins (after a line break).
    func chapterPageOpening(_ index: Int) -> [UInt8] {
        let page = plan.pages[index]
        // A deferred chapter list writes two entries, not the whole list: reserving room for the
        // list on each of a large book's pages would hold that room for every page at once.
        let sidebar = index > 0 && defersChapterList ? 1024 : sidebarEntries.count
        var html = HTMLBuffer(reservingCapacity: sidebar + 8192 + page.headings.count * 96)
        html += head(
            pageTitle: page.chapter.title + " · " + title, language: page.language, interface: page.interface,
            alternates: alternateLinks(forPage: index))
        html += "<body>\n"
        appendHeader(forPage: index, interface: page.interface, to: &html)
        html += "<div class=\"layout\">\n"
        appendSidebar(current: index, interface: page.interface, to: &html)
        appendOutline(for: page, to: &html)
        html += "<main id=\"iapkit-content\">\n"
        html += pageTools(for: page)
        html += "<article class=\"chapter\">\n" + Self.titleHeading(for: page)
        return html.takeBytes()
    }

    /// The chapter's title as its `<h1>`, for a chapter that has none of its own (a README that
    /// opens with a logo or at `##`): every page then has a first-level heading, as screen
    /// readers and axe-core's `page-has-heading-one` expect, and a title at the top.
    static func titleHeading(for page: SitePage) -> String {
        guard !page.headings.contains(where: { $0.level == 1 }) else { return "" }
        return "<h1 class=\"chapter-title\">\(Escape.text(page.chapter.title))</h1>\n"
    }

    /// The rest of a chapter's page after its article's content.
    func chapterPageClosing(_ index: Int) -> [UInt8] {
        var html = HTMLBuffer(reservingCapacity: 1024)
        html += "</article>\n" + pager(for: index) + "</main>\n"
        html += "</div>\n" + Self.scriptLoaderElement + "</body>\n</html>\n"
        return html.takeBytes()
    }

    /// The start of `print.html`, before its first chapter.
    func printPageOpening() -> [UInt8] {
        let interface = bookInterface
        var html = HTMLBuffer(reservingCapacity: sidebarEntries.count + 8192)
        html += head(
            pageTitle: title + " · " + interface[.printTitle], language: plan.language, interface: interface,
            alternates: alternateLinks(forPage: nil))
        html += "<body class=\"print-view\">\n"
        appendHeader(forPage: nil, interface: interface, to: &html)
        html += "<div class=\"layout\">\n"
        appendSidebar(current: nil, interface: interface, to: &html)
        html += "<main id=\"iapkit-content\">\n"
        return html.takeBytes()
    }

    /// The end of `print.html`, after its last chapter.
    static let printPageClosing = "</main>\n</div>\n" + scriptLoaderElement + "</body>\n</html>\n"

    /// Where a chapter starts in `print.html`, ending with a line break so that its article
    /// starts as it would on its own page.
    func printArticleOpening(_ index: Int) -> String {
        "<article class=\"chapter\" id=\"chapter-\(Escape.attribute(plan.pages[index].stem))\""
            + (plan.pages[index].language == plan.language
                ? "" : " lang=\"\(Escape.attribute(plan.pages[index].language))\"") + ">\n"
            + Self.titleHeading(for: plan.pages[index])
    }

    /// Where a chapter ends in `print.html`.
    static let printArticleClosing = "</article>\n"
}
