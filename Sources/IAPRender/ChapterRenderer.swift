import IAPDiagnostics
import IAPMarkdown
import IAPModel

/// One chapter's Markdown tree as the HTML of its article, in a single walk that writes it for
/// the chapter's page and, through print patches, for the print view.
///
/// The site owns this renderer rather than using cmark's so that it can add what a training
/// workbook needs (anchors, checkboxes, callouts, product tables, highlighting) and so that
/// every value it writes goes through `Escape`. Raw HTML is dropped unless allowed.
struct ChapterRenderer: MarkdownWalker {
    let page: SitePage
    let plan: SitePlan
    let workbook: Workbook
    let allowRawHTML: Bool
    var links: LinkResolver
    let configView: ConfigBlockView
    /// What the print view writes before each of the chapter's ids, escaped for an attribute
    /// and for a URL: the ids of every chapter share one page there.
    let printIDPrefix: [UInt8]
    let printURLPrefix: [UInt8]
    var html = HTMLBuffer()
    var diagnostics: [Diagnostic] = []
    var images: [SiteImage] = []
    var headingIndex = 0
    /// For each link being written, whether an `<a>` was opened for it.
    var openLinks: [Bool] = []
    /// The same for links raw HTML opened (`<a href="…">`), which its `</a>` closes, or else
    /// the end of the paragraph, heading or cell they are in.
    var rawLinks: [Bool] = []
    /// Raw formatting tags (`<kbd>`, `<sup>`) open in the paragraph, heading or cell, innermost last.
    var rawFormatting: [OpenFormatting] = []
    /// The strikethrough runs of the block's text nodes, for the containers looked at so far.
    var struckRuns: [MarkdownNode: [StrikethroughSyntax.Delimiter]] = [:]
    var struckContainers: Set<MarkdownNode> = []
    /// Paragraphs whose inline raw HTML has been warned about: one warning each is enough.
    var warnedRawHTMLParents: Set<SitePage.Position> = []
    /// The container (a list item, a quote, the document) each open `<details>` was opened in,
    /// innermost last: a section closes only in its own container, and is closed when that ends.
    var openDetails: [MarkdownNode?] = []
    /// Where the HTML stood just after the last `<details>` opening: a summary written there is
    /// that section's summary.
    var summaryPlace = -1
    /// Where the tree's line `originLine`, column 1, is in the chapter, when the tree holds
    /// table cells parsed apart from the chapter, one cell per line.
    var origin: SourceLocation?
    var originLine = 1
    /// The chapter's link definitions, parsed again before its table cells.
    var linkDefinitions = PageLinkDefinitions.none
    /// What the addresses in the next text node depend on: what came before it in its block.
    var autolinkContext = ExtendedAutolink.Context()

    init(page: SitePage, plan: SitePlan, workbook: Workbook, allowRawHTML: Bool) {
        self.page = page
        self.plan = plan
        self.workbook = workbook
        self.allowRawHTML = allowRawHTML
        links = LinkResolver(plan: plan, page: page)
        configView = ConfigBlockView(workbook: workbook, file: page.chapter.file, interface: page.interface)
        printIDPrefix = Array(Escape.attribute(page.printAnchor("")).utf8)
        printURLPrefix = Array(Escape.url(page.printAnchor("")).utf8)
    }

    /// The HTML of a run of the article's top-level blocks, with its print patches, and the
    /// link problems found on the way. `firstHeading` counts the headings before the run, so
    /// each takes its own anchor; `sourceSize` is the run's length in the Markdown.
    ///
    /// Runs are rendered on their own so that a long chapter keeps every core busy; a run
    /// starts where the previous one ended a line, so the pieces join into the whole article.
    static func render(
        _ blocks: some Sequence<MarkdownNode>, of page: SitePage, firstHeading: Int, sourceSize: Int,
        linkDefinitions: PageLinkDefinitions = .none, plan: SitePlan, workbook: Workbook, allowRawHTML: Bool
    ) -> (html: HTMLBuffer, diagnostics: [Diagnostic], images: [SiteImage]) {
        var renderer = ChapterRenderer(page: page, plan: plan, workbook: workbook, allowRawHTML: allowRawHTML)
        renderer.headingIndex = firstHeading
        renderer.linkDefinitions = linkDefinitions
        // The HTML is about as long as its Markdown plus its tags: most runs need one allocation.
        renderer.html = HTMLBuffer(reservingCapacity: sourceSize + sourceSize / 4 + 256)
        for block in blocks { block.walk(&renderer) }
        renderer.closeFoldedSections(while: { _ in true })
        return (renderer.html, renderer.diagnostics, renderer.images)
    }

    static func position(_ location: SourceLocation) -> SitePage.Position {
        SitePage.Position(line: location.line, column: location.column)
    }

    mutating func visit(_ node: MarkdownNode) -> MarkdownWalkAction {
        // A block after the inline text of a tight item starts on its own line.
        if node.kind.isBlock, node.kind != .document, !(node.kind == .paragraph && isTight(node)),
            !html.isEmpty, !html.endsWithLineFeed
        {
            html += "\n"
        }
        if node.kind.isBlock {
            autolinkContext = ExtendedAutolink.Context()
        } else if node.kind != .text {
            autolinkContext.wwwMayStart = Self.wwwMayFollow(node.kind)
        }
        switch node.kind {
        case .heading:
            heading(node)
            return .skipChildren
        case .paragraph:
            if footnote(node) { return .skipChildren }
            if let table = TableSource(paragraph: node) {
                self.table(table)
                return .skipChildren
            }
            if !isTight(node) { html += "<p>" }
        case .blockQuote:
            if let kind = page.callouts[Self.position(node.location)] {
                callout(node, kind: kind)
                return .skipChildren
            }
            html += "<blockquote>\n"
        case .list:
            let hasTasks = node.children.contains { page.tasks[Self.position($0.location)] != nil }
            let classAttribute = hasTasks ? " class=\"tasks\"" : ""
            if node.listStyle?.isOrdered == true {
                let start = node.listStart ?? 1
                html += "<ol\(classAttribute)\(start == 1 ? "" : " start=\"\(start)\"")>\n"
            } else {
                html += "<ul\(classAttribute)>\n"
            }
        case .item:
            if let task = page.tasks[Self.position(node.location)] {
                taskItem(node, task: task)
                return .skipChildren
            }
            html += "<li>"
        case .codeBlock:
            codeBlock(node)
        case .htmlBlock, .htmlInline:
            rawHTML(node)
        case .thematicBreak:
            html += "<hr>\n"
        case .text:
            appendText(of: node)
        case .softBreak:
            html += "\n"
        case .lineBreak:
            html += "<br>\n"
        case .code:
            html += "<code>"
            html.appendEscapedLiteral(of: node)
            html += "</code>"
        case .emphasis:
            html += "<em>"
        case .strong:
            html += "<strong>"
        case .link:
            link(node)
        case .image:
            image(node)
            return .skipChildren
        case .document, .customBlock, .customInline:
            break
        }
        return .descend
    }

    mutating func leave(_ node: MarkdownNode) {
        if !rawFormatting.isEmpty, !node.kind.isBlock { closeFormatting(openedIn: node) }
        if !rawLinks.isEmpty || !rawFormatting.isEmpty, node.kind.isBlock { closeRawInlines() }
        if !struckContainers.isEmpty, node.kind.isBlock {
            struckContainers.removeAll()
            struckRuns.removeAll()
        }
        if !node.kind.isBlock, node.kind != .text { autolinkContext.wwwMayStart = Self.wwwMayFollow(node.kind) }
        if !openDetails.isEmpty { closeFoldedSections(while: { $0 == node }) }
        switch node.kind {
        case .paragraph: if !isTight(node) { html += "</p>\n" }
        case .blockQuote: html += "</blockquote>\n"
        case .list: html += node.listStyle?.isOrdered == true ? "</ol>\n" : "</ul>\n"
        case .item: html += "</li>\n"
        case .emphasis: html += "</em>"
        case .strong: html += "</strong>"
        case .link: if openLinks.popLast() == true { html += "</a>" }
        default: break
        }
    }

    /// Whether a `www.` address may start right after an inline's opening or its end, as in the
    /// Markdown: after a line break or emphasis's `*` or `_`, not after a code span's backtick,
    /// a link's or an image's bracket, or raw HTML's `>`.
    static func wwwMayFollow(_ kind: MarkdownNodeKind) -> Bool {
        kind == .softBreak || kind == .lineBreak || kind == .emphasis || kind == .strong
    }

    /// A paragraph directly in an item of a tight list is written without `<p>`.
    func isTight(_ paragraph: MarkdownNode) -> Bool {
        guard let item = paragraph.parent, item.kind == .item, let list = item.parent else { return false }
        return list.isTight == true
    }

    /// A paragraph's inlines written without the paragraph, as a cell or a callout writes them:
    /// they start a block's text, and a raw HTML link left open ends with them.
    mutating func walkInlines(_ inlines: some Sequence<MarkdownNode>) {
        autolinkContext = ExtendedAutolink.Context()
        for inline in inlines { inline.walk(&self) }
        closeRawInlines()
    }

    mutating func walkChildren(of node: MarkdownNode, from first: Int = 0) {
        for (index, child) in node.children.enumerated() where index >= first {
            child.walk(&self)
        }
    }

    mutating func heading(_ node: MarkdownNode) {
        let endsWithID = headingIndex < page.headings.count && page.headings[headingIndex].endsWithID
        let (slug, level) = openHeading(writtenLevel: node.headingLevel ?? 1)
        var last: MarkdownNode?
        for child in node.children {
            if let last { last.walk(&self) }
            last = child
        }
        if let last {
            // The `{#id}` is the heading's anchor, not its words.
            if endsWithID, last.kind == .text, case .id(_, let before) = TrailingID.split(last.literal ?? "") {
                appendText(before)
            } else {
                last.walk(&self)
            }
        }
        closeRawInlines()
        closeHeading(level: level, slug: slug)
    }

    /// A raw HTML heading (`<h1 align="center">`) as the heading it is: its words and images,
    /// the attributes left out, so the page has its title and the outline its entry.
    mutating func heading(_ heading: RawHTML.Heading, of node: MarkdownNode) {
        let (slug, level) = openHeading(writtenLevel: heading.level)
        for image in heading.images {
            self.image(destination: image.source, description: image.alternative, title: image.title, at: located(node))
        }
        if !heading.text.isEmpty {
            if !heading.images.isEmpty { html += " " }
            html.appendEscaped(heading.text)
        }
        closeHeading(level: level, slug: slug)
        if heading.dropsMarkup, !allowRawHTML {
            diagnostics.append(
                .warning(
                    "raw HTML <h\(heading.level)> is shown as a heading of its words and images; the rest of its markup is left out",
                    at: located(node)))
        }
    }

    /// Writes `<hN id="slug">` with the next heading's slug and level, and returns both. The
    /// level is the plan's, which makes a chapter's title heading the page's `<h1>`.
    private mutating func openHeading(writtenLevel: Int) -> (slug: String, level: Int) {
        var slug = "section-\(headingIndex)"
        var level = min(max(writtenLevel, 1), 6)
        if headingIndex < page.headings.count {
            slug = page.headings[headingIndex].slug
            level = min(max(page.headings[headingIndex].level, 1), 6)
        }
        headingIndex += 1
        html += Self.headingOpenings[level - 1]
        html.append(id: slug, printPrefix: printIDPrefix)
        html += "\">"
        return (slug, level)
    }

    private mutating func closeHeading(level: Int, slug: String) {
        html += " <a class=\"anchor\" href=\"#"
        html.append(id: slug, printPrefix: printIDPrefix)
        html += page.interface.headingClosings[level - 1]
    }

    private static let headingOpenings = (1...6).map { "<h\($0) id=\"" }
}
