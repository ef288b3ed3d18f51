import Foundation
import IAPDiagnostics
import IAPMarkdown
import IAPModel

/// The render stage: the workbook and its parsed chapters in, the files of a static site out.
/// Nothing here touches the disk; the same input always gives the same bytes.
public enum SiteRenderer {
    /// Renders one page per chapter (the first is `index.html`), `print.html` with every
    /// chapter, `search-index.js` and the assets. `documents` are the parsed chapters, matched to
    /// the workbook's chapters by file; a chapter without one is left out. `progress` hears
    /// after each chapter page how many of how many are done, one call at a time.
    ///
    /// Each chapter's article is rendered once, in runs of blocks on every core, for its page
    /// and for the print view at the same time; the pieces are put together in book order, so
    /// the output does not depend on which finished first.
    public static func render(
        _ workbook: Workbook, documents: [MarkdownDocument], options: SiteOptions,
        progress: @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) -> RenderedSite {
        var byFile: [String: MarkdownDocument] = [:]
        for document in documents { byFile[document.file] = document }
        let chapters = workbook.chapters.compactMap { chapter in byFile[chapter.file].map { (chapter, $0) } }
        let plan = SitePlan(chapters: chapters, language: options.language)
        let layout = PageLayout(
            plan: plan, title: options.title, languages: options.alternates, bookFolder: options.bookFolder)
        let bookKey = options.bookKey ?? workbook.app?.bundleID.value ?? HeadingSlugger.slug(options.title)
        let parts = ArticlePart.parts(of: plan, allowRawHTML: options.allowRawHTML, runSize: options.runSize)
        let slots = RenderSlots(parts: parts, pageCount: plan.pages.count)
        // Each page's search words are one more job, ahead of the article runs: cores take jobs
        // in order, so a large page's words, which are one job however long the page, start
        // first, and a core that is done with words goes on with the runs. On a thread of their
        // own, the words of a code-heavy book were still being made after the last run, with
        // the other core idle.
        let pageCount = plan.pages.count
        let searchTexts = SearchTexts(count: pageCount)
        DispatchQueue.concurrentPerform(iterations: pageCount + parts.count) { job in
            guard job >= pageCount else {
                searchTexts.store(SearchIndex.texts(of: plan.pages[job].document), at: job)
                return
            }
            let index = job - pageCount
            let part = parts[index]
            var rendered = ChapterRenderer.render(
                part.blocks, of: plan.pages[part.page], firstHeading: part.firstHeading, sourceSize: part.sourceSize,
                plan: plan, workbook: workbook, allowRawHTML: options.allowRawHTML)
            let patches = rendered.html.printPatches
            let page = rendered.html.takeBytes()
            var article = RenderedArticle(
                page: page, print: HTMLBuffer.printPieces(of: page, patches: patches),
                diagnostics: rendered.diagnostics, images: rendered.images)
            // A page's frame is made by its first and last run, so frames too are made on every core.
            if part.startsPage { article.pageOpening = layout.chapterPageOpening(part.page) }
            if part.endsPage { article.pageClosing = layout.chapterPageClosing(part.page) }
            slots.store(article, at: index) { done in progress(done, plan.pages.count) }
        }
        let searchIndex = SearchIndex.script(plan: plan, workbook: workbook, bookKey: bookKey, texts: searchTexts.all)
        return assemble(plan: plan, layout: layout, parts: parts, articles: slots.all, searchIndex: searchIndex)
    }

    /// The site's files from the rendered runs, in book order.
    private static func assemble(
        plan: SitePlan, layout: PageLayout, parts: [ArticlePart], articles: [RenderedArticle],
        searchIndex: [ArraySlice<UInt8>]
    ) -> RenderedSite {
        var diagnostics: [Diagnostic] = []
        var images: [String: SiteImage] = [:]
        var pagePieces = plan.pages.indices.map { _ in [ArraySlice<UInt8>]() }
        var printPieces = [layout.printPageOpening()[...]]
        for (part, article) in zip(parts, articles) {
            diagnostics += article.diagnostics
            for image in article.images where images[image.path] == nil { images[image.path] = image }
            if part.startsPage {
                pagePieces[part.page].append(article.pageOpening[...])
                printPieces.append(Array(layout.printArticleOpening(part.page).utf8)[...])
            }
            pagePieces[part.page].append(article.page[...])
            printPieces += article.print
            if part.endsPage {
                pagePieces[part.page].append(article.pageClosing[...])
                printPieces.append(Array(PageLayout.printArticleClosing.utf8)[...])
            }
        }
        printPieces.append(Array(PageLayout.printPageClosing.utf8)[...])
        var files: [RenderedFile] = []
        for (index, page) in plan.pages.enumerated() {
            files.append(RenderedFile(path: page.fileName, pieces: pagePieces[index]))
        }
        files.append(RenderedFile(path: "print.html", pieces: printPieces))
        files.append(RenderedFile(path: "search-index.js", pieces: searchIndex))
        files.append(RenderedFile(path: "assets/site.css", text: SiteStyle.source))
        files.append(RenderedFile(path: "assets/site.js", text: SiteScript.source))
        let generated = Set(files.map(\.path))
        for (path, image) in images where generated.contains(path) {
            diagnostics.append(
                .warning(
                    "image \(Diagnostic.quote(path)) has the name of a file the site writes itself; rename it",
                    at: image.location))
            images[path] = nil
        }
        return RenderedSite(
            files: files, images: images.values.sorted { $0.path < $1.path },
            diagnostics: DiagnosticLog(diagnostics).sorted)
    }
}

/// One run of an article as its page and the print view write it.
private struct RenderedArticle: Sendable {
    var page: [UInt8] = []
    var print: [ArraySlice<UInt8>] = []
    /// The page's frame before its article, for the page's first run.
    var pageOpening: [UInt8] = []
    /// The page's frame after its article, for the page's last run.
    var pageClosing: [UInt8] = []
    var diagnostics: [Diagnostic] = []
    var images: [SiteImage] = []
}

/// Rendered runs, filled from several threads, each slot by exactly one of them.
private final class RenderSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [RenderedArticle]
    /// Runs still to come for each page.
    private var pending: [Int]
    private var pagesDone = 0

    private let parts: [ArticlePart]

    init(parts: [ArticlePart], pageCount: Int) {
        slots = Array(repeating: RenderedArticle(), count: parts.count)
        pending = Array(repeating: 0, count: pageCount)
        for part in parts { pending[part.page] += 1 }
        self.parts = parts
    }

    /// Keeps a run; when it was its page's last, also reports the new count of finished pages
    /// while still holding the lock, so reports arrive one at a time and in increasing order.
    func store(_ article: RenderedArticle, at index: Int, report: (Int) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        slots[index] = article
        let page = parts[index].page
        pending[page] -= 1
        if pending[page] == 0 {
            pagesDone += 1
            report(pagesDone)
        }
    }

    var all: [RenderedArticle] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}

/// The search index's words, page by page, filled from several threads, each slot by exactly
/// one of them.
private final class SearchTexts: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [[ArraySlice<UInt8>]]

    init(count: Int) {
        texts = Array(repeating: [], count: count)
    }

    func store(_ sections: [ArraySlice<UInt8>], at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        texts[index] = sections
    }

    var all: [[ArraySlice<UInt8>]] {
        lock.lock()
        defer { lock.unlock() }
        return texts
    }
}
