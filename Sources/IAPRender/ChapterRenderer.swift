import IAPDiagnostics
import IAPMarkdown
import IAPModel

/// One chapter's Markdown tree as the HTML of its article, in a single walk.
///
/// The site owns this renderer rather than using cmark's so that it can add what a training
/// workbook needs (anchors, checkboxes, callouts, product tables, highlighting) and so that
/// every value it writes goes through `Escape`. Raw HTML is dropped unless allowed.
struct ChapterRenderer: MarkdownWalker {
    let page: SitePage
    let plan: SitePlan
    let workbook: Workbook
    let mode: RenderMode
    let allowRawHTML: Bool
    let links: LinkResolver
    let configView: ConfigBlockView
    var html = HTMLBuffer()
    var diagnostics: [Diagnostic] = []
    var images: [SiteImage] = []
    var headingIndex = 0
    /// For each link being written, whether an `<a>` was opened for it.
    var openLinks: [Bool] = []
    /// Where line 1, column 1 of the tree is in the chapter, when the tree is a table cell
    /// parsed on its own.
    var origin: SourceLocation?

    init(page: SitePage, plan: SitePlan, workbook: Workbook, mode: RenderMode, allowRawHTML: Bool) {
        self.page = page
        self.plan = plan
        self.workbook = workbook
        self.mode = mode
        self.allowRawHTML = allowRawHTML
        links = LinkResolver(plan: plan, page: page, mode: mode)
        configView = ConfigBlockView(workbook: workbook, file: page.chapter.file)
    }

    /// The article's HTML between `opening` and `closing`, and the link problems found on the
    /// way (in page mode only: the print view renders the same links again). `opening` is
    /// empty or ends with a line break, so the article starts as it would on its own.
    static func render(
        _ page: SitePage, plan: SitePlan, workbook: Workbook, mode: RenderMode, allowRawHTML: Bool,
        opening: String = "", closing: String = ""
    ) -> (html: [UInt8], diagnostics: [Diagnostic], images: [SiteImage]) {
        var renderer = ChapterRenderer(
            page: page, plan: plan, workbook: workbook, mode: mode, allowRawHTML: allowRawHTML)
        // The article is about as long as its Markdown plus its tags: one allocation, no regrowth.
        let sourceSize = page.document.source.bytes.count
        renderer.html = HTMLBuffer(
            reservingCapacity: opening.utf8.count + sourceSize + sourceSize / 2 + closing.utf8.count + 1024)
        renderer.html += opening
        page.document.root.walk(&renderer)
        renderer.html += closing
        return (renderer.html.bytes, mode == .page ? renderer.diagnostics : [], renderer.images)
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
        switch node.kind {
        case .heading:
            heading(node)
            return .skipChildren
        case .paragraph:
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
        case .htmlBlock:
            html += allowRawHTML ? (node.literal ?? "") : "<!-- raw HTML omitted -->\n"
        case .htmlInline:
            html += allowRawHTML ? (node.literal ?? "") : "<!-- raw HTML omitted -->"
        case .thematicBreak:
            html += "<hr>\n"
        case .text:
            html.appendEscapedLiteral(of: node)
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

    /// A paragraph directly in an item of a tight list is written without `<p>`.
    func isTight(_ paragraph: MarkdownNode) -> Bool {
        guard let item = paragraph.parent, item.kind == .item, let list = item.parent else { return false }
        return list.isTight == true
    }

    mutating func walkChildren(of node: MarkdownNode, from first: Int = 0) {
        for (index, child) in node.children.enumerated() where index >= first {
            child.walk(&self)
        }
    }

    mutating func heading(_ node: MarkdownNode) {
        let level = min(max(node.headingLevel ?? 1, 1), 6)
        let slug = headingIndex < page.headings.count ? page.headings[headingIndex].slug : "section-\(headingIndex)"
        headingIndex += 1
        let id = Escape.attribute(mode.anchor(slug, in: page))
        html += "<h\(level) id=\"\(id)\">"
        walkChildren(of: node)
        html += " <a class=\"anchor\" href=\"#\(id)\" aria-label=\"Link to this section\">#</a></h\(level)>\n"
    }
}
