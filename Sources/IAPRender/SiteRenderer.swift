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
    ///
    /// Each page's parsed tree is let go as soon as its words and its runs are done, so the trees
    /// of the pages done make room for the pages still to come: the caller hands the trees over
    /// and keeps none itself.
    public static func render(
        _ workbook: Workbook, documents: consuming [MarkdownDocument], options: SiteOptions,
        progress: @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) -> RenderedSite {
        var byFile: [String: MarkdownDocument] = [:]
        for document in documents { byFile[document.file] = document }
        documents = []
        var chapters: [Chapter] = []
        var pageDocuments: [MarkdownDocument] = []
        for chapter in workbook.chapters {
            guard let document = byFile[chapter.file] else { continue }
            chapters.append(chapter)
            pageDocuments.append(document)
        }
        byFile = [:]
        // The language of each page's prose, read on every core, only when the book leaves it
        // unsaid.
        let proseLanguages =
            options.languageFromProse
            ? concurrentMap(count: pageDocuments.count) { [pageDocuments] in ProseLanguage.of(pageDocuments[$0]) } : nil
        let plan = SitePlan(chapters: chapters, language: options.language, proseLanguages: proseLanguages)
        let layout = PageLayout(
            plan: plan, title: options.title, languages: options.alternates, bookFolder: options.bookFolder)
        let bookKey = options.bookKey ?? workbook.app?.bundleID.value ?? HeadingSlugger.slug(options.title)
        let parts = ArticlePart.parts(
            of: plan, documents: pageDocuments, allowRawHTML: options.allowRawHTML, runSize: options.runSize)
        let frames = parts.map(PartFrame.init)
        let slots = RenderSlots(frames: frames, pageCount: plan.pages.count)
        // Each page's search results are one job and each run of its article another, page
        // after page: cores take jobs in order, so a large page's results, which are one job
        // however long the page, start with its first runs, and each tree is let go as soon as
        // its own page is done. On a thread of their own, the words of a code-heavy book were
        // still being made after the last run, with the other core idle.
        let jobs = frames.indices.flatMap { index -> [RenderJob] in
            frames[index].startsPage ? [.search(page: frames[index].page), .run(index)] : [.run(index)]
        }
        var jobsPerPage = Array(repeating: 1, count: plan.pages.count)
        for frame in frames { jobsPerPage[frame.page] += 1 }
        let trees = PageTrees(documents: consume pageDocuments, jobs: jobsPerPage)
        let runs = RunShelf(parts: consume parts)
        let searchResults = ConcurrentSlots<[ArraySlice<UInt8>]>(repeating: [], count: plan.pages.count)
        let productsByFile = SearchIndex.productsByFile(workbook)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { job in
            switch jobs[job] {
            case .search(let page):
                let results = SearchIndex.pageResults(
                    of: plan.pages[page], document: trees.document(of: page),
                    products: productsByFile[plan.pages[page].chapter.file] ?? [])
                searchResults[page] = results
                trees.jobDone(on: page)
            case .run(let index):
                let part = runs.take(index)
                var rendered = ChapterRenderer.render(
                    part.blocks, of: plan.pages[part.page], firstHeading: part.firstHeading,
                    sourceSize: part.sourceSize, linkDefinitions: part.linkDefinitions, plan: plan, workbook: workbook,
                    allowRawHTML: options.allowRawHTML)
                let patches = rendered.html.printPatches
                let page = rendered.html.takeBytes()
                var article = RenderedArticle(
                    page: page, print: HTMLBuffer.printPieces(of: page, patches: patches),
                    diagnostics: rendered.diagnostics, images: rendered.images)
                // A page's frame is made by its first and last run, so frames too are made on every core.
                if part.startsPage {
                    article.pageOpening = layout.chapterPageOpening(part.page)
                    article.printOpening = Array(layout.printArticleOpening(part.page).utf8)
                }
                if part.endsPage { article.pageClosing = layout.chapterPageClosing(part.page) }
                slots.store(article, at: index) { done in progress(done, plan.pages.count) }
                trees.jobDone(on: part.page)
            }
        }
        let searchIndex = SearchIndex.script(plan: plan, bookKey: bookKey, pageResults: searchResults.all)
        return assemble(plan: plan, layout: layout, frames: frames, articles: slots.all, searchIndex: searchIndex)
    }

    /// The site's files from the rendered runs, in book order.
    private static func assemble(
        plan: SitePlan, layout: PageLayout, frames: [PartFrame], articles: [RenderedArticle],
        searchIndex: [ArraySlice<UInt8>]
    ) -> RenderedSite {
        // Sized up front: the print view of a 12 MB book has about 77,000 pieces, and growing
        // that array (and the warnings') copied it while every other core waited.
        var diagnostics: [Diagnostic] = []
        diagnostics.reserveCapacity(articles.reduce(0) { $0 + $1.diagnostics.count })
        var images: [String: SiteImage] = [:]
        var pagePieces = plan.pages.indices.map { _ in [ArraySlice<UInt8>]() }
        var printPieces = [layout.printPageOpening()[...]]
        printPieces.reserveCapacity(articles.reduce(2) { $0 + $1.print.count + 2 })
        let articleClosing = Array(PageLayout.printArticleClosing.utf8)[...]
        for (part, article) in zip(frames, articles) {
            diagnostics += article.diagnostics
            for image in article.images where images[image.path] == nil { images[image.path] = image }
            if part.startsPage {
                pagePieces[part.page].append(article.pageOpening[...])
                printPieces.append(article.printOpening[...])
            }
            pagePieces[part.page].append(article.page[...])
            printPieces += article.print
            if part.endsPage {
                pagePieces[part.page].append(article.pageClosing[...])
                printPieces.append(articleClosing)
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
struct RenderedArticle: Sendable {
    var page: [UInt8] = []
    var print: [ArraySlice<UInt8>] = []
    /// The page's frame before its article, for the page's first run.
    var pageOpening: [UInt8] = []
    /// The chapter's opening in the print view, for the page's first run.
    var printOpening: [UInt8] = []
    /// The page's frame after its article, for the page's last run.
    var pageClosing: [UInt8] = []
    var diagnostics: [Diagnostic] = []
    var images: [SiteImage] = []
}
