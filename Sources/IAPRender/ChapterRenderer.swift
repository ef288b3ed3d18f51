import IAPDiagnostics
import IAPMarkdown
import IAPModel

/// One chapter's Markdown tree as the HTML of its article, in a single walk.
///
/// The site owns this renderer rather than using cmark's so that it can add what a training
/// workbook needs (anchors, checkboxes, callouts, product tables, highlighting) and so that
/// every value it writes goes through `Escape`. Raw HTML is dropped unless allowed.
struct ChapterRenderer: MarkdownWalker {
    private let page: SitePage
    private let plan: SitePlan
    private let workbook: Workbook
    private let mode: RenderMode
    private let allowRawHTML: Bool
    private let links: LinkResolver
    private let configView: ConfigBlockView
    private(set) var html = ""
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var images: [SiteImage] = []
    private var headingIndex = 0
    /// For each link being written, whether an `<a>` was opened for it.
    private var openLinks: [Bool] = []
    /// Where line 1, column 1 of the tree is in the chapter, when the tree is a table cell
    /// parsed on its own.
    private var origin: SourceLocation?

    init(page: SitePage, plan: SitePlan, workbook: Workbook, mode: RenderMode, allowRawHTML: Bool) {
        self.page = page
        self.plan = plan
        self.workbook = workbook
        self.mode = mode
        self.allowRawHTML = allowRawHTML
        links = LinkResolver(plan: plan, page: page, mode: mode)
        configView = ConfigBlockView(workbook: workbook, file: page.chapter.file)
    }

    /// The article's HTML, and the link problems found on the way (in page mode only: the print
    /// view renders the same links again).
    static func render(
        _ page: SitePage, plan: SitePlan, workbook: Workbook, mode: RenderMode, allowRawHTML: Bool
    ) -> (html: String, diagnostics: [Diagnostic], images: [SiteImage]) {
        var renderer = ChapterRenderer(
            page: page, plan: plan, workbook: workbook, mode: mode, allowRawHTML: allowRawHTML)
        page.document.root.walk(&renderer)
        return (renderer.html, mode == .page ? renderer.diagnostics : [], renderer.images)
    }

    private static func position(_ location: SourceLocation) -> SitePage.Position {
        SitePage.Position(line: location.line, column: location.column)
    }

    mutating func visit(_ node: MarkdownNode) -> MarkdownWalkAction {
        // A block after the inline text of a tight item starts on its own line.
        if node.kind.isBlock, node.kind != .document, !(node.kind == .paragraph && isTight(node)),
            let last = html.last, last != "\n"
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
            html += Escape.text(node.literal ?? "")
        case .softBreak:
            html += "\n"
        case .lineBreak:
            html += "<br>\n"
        case .code:
            html += "<code>" + Escape.text(node.literal ?? "") + "</code>"
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
    private func isTight(_ paragraph: MarkdownNode) -> Bool {
        guard let item = paragraph.parent, item.kind == .item, let list = item.parent else { return false }
        return list.isTight == true
    }

    private mutating func walkChildren(of node: MarkdownNode, from first: Int = 0) {
        for (index, child) in node.children.enumerated() where index >= first {
            child.walk(&self)
        }
    }

    private mutating func heading(_ node: MarkdownNode) {
        let level = min(max(node.headingLevel ?? 1, 1), 6)
        let slug = headingIndex < page.headings.count ? page.headings[headingIndex].slug : "section-\(headingIndex)"
        headingIndex += 1
        let id = Escape.attribute(mode.anchor(slug, in: page))
        html += "<h\(level) id=\"\(id)\">"
        walkChildren(of: node)
        html += " <a class=\"anchor\" href=\"#\(id)\" aria-label=\"Link to this section\">#</a></h\(level)>\n"
    }

    private mutating func callout(_ quote: MarkdownNode, kind: Callout.Kind) {
        let title = kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()
        html += "<div class=\"callout callout-\(kind.rawValue)\" role=\"note\">\n"
        html += "<p class=\"callout-title\">\(title)</p>\n"
        for (index, block) in quote.children.enumerated() {
            guard index == 0, block.kind == .paragraph else {
                block.walk(&self)
                continue
            }
            // The first line holds only the `[!KIND]` marker; the paragraph goes on after it.
            let inlines = Array(block.children)
            guard let lineEnd = inlines.firstIndex(where: { $0.kind == .softBreak || $0.kind == .lineBreak }) else {
                continue
            }
            html += "<p>"
            for inline in inlines[(lineEnd + 1)...] { inline.walk(&self) }
            html += "</p>\n"
        }
        html += "</div>\n"
    }

    /// A GFM task item as a real checkbox. The `[ ]` marker and a trailing `{#id}` are not part
    /// of the label; the id becomes the checkbox's, and the key its state is stored under.
    private mutating func taskItem(_ item: MarkdownNode, task: TaskAnchor) {
        let id = task.id
        guard let paragraph = item.firstChild, paragraph.kind == .paragraph else {
            html += "<li>"
            walkChildren(of: item)
            html += "</li>\n"
            return
        }
        let start = paragraph.range.start
        let markerLine = start.line
        let markerEnd = start.column + 3
        let isDone = Self.markerIsDone(paragraph)
        let elementID = Escape.attribute((mode == .print ? "print-task-" : "task-") + id)
        html += "<li class=\"task\"><input type=\"checkbox\" id=\"\(elementID)\" data-task=\"\(Escape.attribute(id))\""
        html += isDone ? " data-default=\"checked\" checked>" : ">"
        html += "<label for=\"\(elementID)\">"
        let inlines = Array(paragraph.children)
        let explicitID = task.writtenID
        var atStart = true
        for (index, inline) in inlines.enumerated() {
            let inlineStart = inline.range.start
            let inMarker = inlineStart.line == markerLine && inlineStart.column < markerEnd
            guard inline.kind == .text, var text = inline.literal else {
                if inMarker { continue }
                inline.walk(&self)
                atStart = false
                continue
            }
            if inMarker {
                let skip = markerEnd - inlineStart.column
                text = skip < text.utf8.count ? String(decoding: Array(text.utf8)[skip...], as: UTF8.self) : ""
            }
            if atStart { text = String(text.drop { $0 == " " || $0 == "\t" }) }
            if index == inlines.count - 1, let explicitID, text.hasSuffix("{#\(explicitID)}") {
                text = String(text.dropLast(explicitID.count + 3))
                while text.last == " " || text.last == "\t" { text.removeLast() }
            }
            if !text.isEmpty { atStart = false }
            html += Escape.text(text)
        }
        html += "</label>"
        walkChildren(of: item, from: 1)
        html += "</li>\n"
    }

    private static func markerIsDone(_ paragraph: MarkdownNode) -> Bool {
        let start = paragraph.range.start
        let line = paragraph.document.source.line(start.line)
        let index = line.startIndex + start.column
        return index < line.endIndex && (line[index] == UInt8(ascii: "x") || line[index] == UInt8(ascii: "X"))
    }

    private mutating func codeBlock(_ node: MarkdownNode) {
        let content = node.literal ?? ""
        let info = node.infoString ?? ""
        let language = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
        if page.configBlocks.contains(Self.position(node.location)) {
            html += configView.html(
                for: node.range, info: info, code: SyntaxHighlighter.html(content, language: language),
                languageClass: Self.languageClass(language))
            return
        }
        html += "<pre><code\(Self.languageClass(language))>" + SyntaxHighlighter.html(content, language: language)
        html += "</code></pre>\n"
    }

    /// ` class="language-swift"`, with the name reduced to letters, digits and `-`.
    static func languageClass(_ language: String?) -> String {
        guard let language else { return "" }
        let name = String(
            language.lowercased().unicodeScalars.filter {
                ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
            }.map(Character.init))
        return name.isEmpty ? "" : " class=\"language-\(name)\""
    }

    private mutating func link(_ node: MarkdownNode) {
        let title = node.title.map { " title=\"\(Escape.attribute($0))\"" } ?? ""
        switch links.resolve(
            node.destination ?? "", isImage: false, at: located(node), warnings: &diagnostics, images: &images)
        {
        case .dropped:
            openLinks.append(false)
        case .external(let url):
            html += "<a href=\"\(Escape.url(url))\"\(title) rel=\"noopener noreferrer\">"
            openLinks.append(true)
        case .local(let url):
            html += "<a href=\"\(Escape.url(url))\"\(title)>"
            openLinks.append(true)
        }
    }

    /// Images inside the site are shown; an image on another host is only linked, so that opening
    /// a page never makes a request; an unsafe one is left out, its description kept.
    private mutating func image(_ node: MarkdownNode) {
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
        case .local(let url):
            html += "<img src=\"\(Escape.url(url))\" alt=\"\(alt)\"\(title)>"
        }
    }

    /// A node's place in the chapter file, also for the trees of table cells.
    private func located(_ node: MarkdownNode) -> SourceLocation {
        let location = node.location
        guard let origin else { return location }
        return SourceLocation(
            file: origin.file, line: origin.line + location.line - 1,
            column: location.line == 1 ? origin.column + location.column - 1 : location.column)
    }

    private mutating func table(_ table: TableSource) {
        html += "<table>\n<thead>\n<tr>"
        for (index, cell) in table.header.enumerated() {
            html += "<th\(alignment(table, index))>" + inlineHTML(cell) + "</th>"
        }
        html += "</tr>\n</thead>\n"
        if !table.rows.isEmpty {
            html += "<tbody>\n"
            for row in table.rows {
                html += "<tr>"
                for index in table.header.indices {
                    html +=
                        "<td\(alignment(table, index))>" + (index < row.count ? inlineHTML(row[index]) : "") + "</td>"
                }
                html += "</tr>\n"
            }
            html += "</tbody>\n"
        }
        html += "</table>\n"
    }

    private func alignment(_ table: TableSource, _ index: Int) -> String {
        let alignment = index < table.alignments.count ? table.alignments[index] : .none
        return alignment == .none ? "" : " class=\"align-\(alignment.rawValue)\""
    }

    /// A cell's Markdown, parsed on its own and rendered like any paragraph's inlines.
    private mutating func inlineHTML(_ cell: TableSource.Cell) -> String {
        let document = MarkdownDocument(parsing: cell.text, file: page.chapter.file)
        var renderer = ChapterRenderer(
            page: page, plan: plan, workbook: workbook, mode: mode, allowRawHTML: allowRawHTML)
        renderer.origin = SourceLocation(file: page.chapter.file, line: cell.line, column: cell.column)
        guard let block = document.root.firstChild else { return "" }
        if block.kind == .paragraph {
            for inline in block.children { inline.walk(&renderer) }
        } else {
            renderer.html = Escape.text(block.plainText)
        }
        diagnostics += renderer.diagnostics
        images += renderer.images
        return renderer.html
    }
}
