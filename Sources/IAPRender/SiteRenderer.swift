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
    /// Chapters are rendered on every core, for their pages and for the print view; the results
    /// are put together in book order, so the output does not depend on which finished first.
    public static func render(
        _ workbook: Workbook, documents: [MarkdownDocument], options: SiteOptions,
        progress: @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) -> RenderedSite {
        var byFile: [String: MarkdownDocument] = [:]
        for document in documents { byFile[document.file] = document }
        let chapters = workbook.chapters.compactMap { chapter in byFile[chapter.file].map { (chapter, $0) } }
        let plan = SitePlan(chapters: chapters)
        let layout = PageLayout(plan: plan, title: options.title)
        var files: [RenderedFile] = []
        var diagnostics: [Diagnostic] = []
        var images: [String: SiteImage] = [:]
        let pageCount = plan.pages.count
        let bookKey = workbook.app?.bundleID.value ?? HeadingSlugger.slug(options.title)
        let slots = RenderSlots(count: pageCount * 2)
        // The search index reads the same trees on a thread of its own, from the start: as one
        // more job it would wait for a core until the last chapters were done, which for a book
        // of one large chapter leaves a core idle while it runs.
        let searchIndexDone = DispatchGroup()
        DispatchQueue.global().async(group: searchIndexDone) {
            slots.searchIndex = SearchIndex.script(plan: plan, workbook: workbook, bookKey: bookKey)
        }
        // Jobs: each chapter's whole page, then each chapter's print article.
        DispatchQueue.concurrentPerform(iterations: pageCount * 2) { job in
            let mode: RenderMode = job < pageCount ? .page : .print
            let index = job % pageCount
            let frame =
                mode == .page
                ? (opening: layout.chapterPageOpening(index), closing: layout.chapterPageClosing(index))
                : layout.printPart(index)
            let rendered = ChapterRenderer.render(
                plan.pages[index], plan: plan, workbook: workbook, mode: mode, allowRawHTML: options.allowRawHTML,
                opening: frame.opening, closing: frame.closing)
            slots.store(rendered, at: job, countsAsPage: mode == .page) { done in progress(done, pageCount) }
        }
        searchIndexDone.wait()
        let rendered = slots.all
        for (index, page) in plan.pages.enumerated() {
            guard let result = rendered[index] else { continue }
            diagnostics += result.diagnostics
            for image in result.images where images[image.path] == nil { images[image.path] = image }
            files.append(RenderedFile(path: page.fileName, bytes: result.html))
        }
        files.append(RenderedFile(path: "print.html", bytes: printPage(rendered[pageCount...], layout: layout)))
        files.append(RenderedFile(path: "search-index.js", bytes: slots.searchIndex))
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

extension SiteRenderer {
    /// The print view from its parts, one per chapter, in book order.
    fileprivate static func printPage(_ parts: ArraySlice<RenderSlots.Rendered?>, layout: PageLayout) -> [UInt8] {
        if parts.count == 1, let only = parts.first, let html = only?.html { return html }
        var page = HTMLBuffer(reservingCapacity: parts.reduce(0) { $0 + ($1?.html.count ?? 0) } + 8192)
        if parts.isEmpty { page += layout.printPageOpening() + PageLayout.printPageClosing }
        for part in parts { page.append(bytes: part?.html ?? []) }
        return page.bytes
    }
}

/// Rendered chapters, filled from several threads, each slot by exactly one of them.
private final class RenderSlots: @unchecked Sendable {
    typealias Rendered = (html: [UInt8], diagnostics: [Diagnostic], images: [SiteImage])

    private let lock = NSLock()
    private var slots: [Rendered?]
    private var pagesDone = 0

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    /// Keeps a result; for a chapter page, also reports the new count while still holding the
    /// lock, so reports arrive one at a time and in increasing order.
    func store(_ rendered: Rendered, at index: Int, countsAsPage: Bool, report: (Int) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        slots[index] = rendered
        if countsAsPage {
            pagesDone += 1
            report(pagesDone)
        }
    }

    var all: [Rendered?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }

    private var storedSearchIndex: [UInt8] = []

    var searchIndex: [UInt8] {
        get {
            lock.lock()
            defer { lock.unlock() }
            return storedSearchIndex
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            storedSearchIndex = newValue
        }
    }
}
