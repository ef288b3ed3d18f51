import IAPDiagnostics
import IAPMarkdown

/// A run of one chapter's top-level blocks, rendered as one job. A long chapter is cut into
/// several runs so that a book of one large guide still keeps every core busy; the pieces of
/// HTML they give are written one after another, never joined.
struct ArticlePart: Sendable {
    /// The page the run belongs to.
    var page: Int
    var blocks: ArraySlice<MarkdownNode>
    /// How many of the page's headings come before the run.
    var firstHeading: Int
    /// Bytes of Markdown the run covers.
    var sourceSize: Int
    /// Whether the run is its page's first, and whether its last.
    var startsPage: Bool
    var endsPage: Bool
    /// The page's link definitions, for the table cells the run parses apart from the page.
    var linkDefinitions = PageLinkDefinitions.none

    /// Runs are cut after about this much Markdown: large enough that a run costs far more
    /// than setting it up, small enough that the cores finish at about the same time.
    static let defaultRunSize = 256 * 1024

    /// Every page's runs, in book order. A run never starts right after raw HTML that the site
    /// keeps: such a block need not end its line, and the next block would start on it. Nor
    /// does one start inside a folded section (`<details>` … `</details>`), which a run closes
    /// when it ends.
    /// `documents` are the pages' parsed trees, in page order. Each page is cut on every core: a
    /// book of a thousand chapters has a thousand lists of blocks to copy.
    static func parts(
        of plan: SitePlan, documents: [MarkdownDocument], allowRawHTML: Bool, runSize: Int = defaultRunSize
    ) -> [ArticlePart] {
        let pages = plan.pages
        return concurrentMap(count: min(pages.count, documents.count)) { pageIndex in
            parts(
                ofPage: pageIndex, headings: pages[pageIndex].headings, document: documents[pageIndex],
                allowRawHTML: allowRawHTML, runSize: runSize)
        }.flatMap { $0 }
    }

    /// One page's runs: the whole article when it is short, else runs of about `runSize` bytes.
    private static func parts(
        ofPage pageIndex: Int, headings: [HeadingAnchor], document: MarkdownDocument, allowRawHTML: Bool,
        runSize: Int
    ) -> [ArticlePart] {
        let source = document.source
        var blocks = Array(document.root.children)
        // DocC's page settings (`@Metadata { … }`) are for its compiler, not for the reader.
        let settings = Set(DocCDirective.settingBlocks(of: document))
        if !settings.isEmpty { blocks.removeAll { settings.contains($0) } }
        let definitions = PageLinkDefinitions(document: document)
        guard source.bytes.count > runSize, blocks.count > 1 else {
            return [
                ArticlePart(
                    page: pageIndex, blocks: blocks[...], firstHeading: 0, sourceSize: source.bytes.count,
                    startsPage: true, endsPage: true, linkDefinitions: definitions)
            ]
        }
        var parts: [ArticlePart] = []
        var start = 0
        var startOffset = 0
        var firstHeading = 0
        var headingCursor = 0
        var foldDepth = 0
        for index in 1...blocks.count {
            let previous = blocks[index - 1]
            if !allowRawHTML, previous.kind == .htmlBlock, let folds = RawHTML.detailsParts(previous.literal ?? "") {
                for part in folds {
                    if case .open = part { foldDepth += 1 }
                    if case .close = part { foldDepth = max(0, foldDepth - 1) }
                }
            }
            let offset = index < blocks.count ? max(source.offset(line: blocks[index].line, column: 1), 0) : .max
            guard offset == .max || offset - startOffset >= runSize else { continue }
            if index < blocks.count, allowRawHTML ? previous.kind == .htmlBlock : foldDepth > 0 { continue }
            let end = min(offset, source.bytes.count)
            parts.append(
                ArticlePart(
                    page: pageIndex, blocks: blocks[start..<index], firstHeading: firstHeading,
                    sourceSize: end - startOffset, startsPage: start == 0, endsPage: index == blocks.count,
                    linkDefinitions: definitions))
            guard index < blocks.count else { break }
            let position = SitePage.Position(blocks[index].location)
            while headingCursor < headings.count, headings[headingCursor].position < position {
                headingCursor += 1
            }
            (start, startOffset, firstHeading) = (index, end, headingCursor)
        }
        return parts
    }
}

extension SitePage.Position: Comparable {
    static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
