import IAPDiagnostics
import IAPMarkdown
import IAPModel

/// The render stage: the workbook and its parsed chapters in, the files of a static site out.
/// Nothing here touches the disk; the same input always gives the same bytes.
public enum SiteRenderer {
    /// Renders one page per chapter (the first is `index.html`), `print.html` with every
    /// chapter, `search-index.js` and the assets. `documents` are the parsed chapters, matched to
    /// the workbook's chapters by file; a chapter without one is left out. `progress` hears
    /// after each chapter page how many of how many are done.
    public static func render(
        _ workbook: Workbook, documents: [MarkdownDocument], options: SiteOptions,
        progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) -> RenderedSite {
        var byFile: [String: MarkdownDocument] = [:]
        for document in documents { byFile[document.file] = document }
        let chapters = workbook.chapters.compactMap { chapter in byFile[chapter.file].map { (chapter, $0) } }
        let plan = SitePlan(chapters: chapters)
        let layout = PageLayout(plan: plan, title: options.title)
        var files: [RenderedFile] = []
        var diagnostics: [Diagnostic] = []
        var images: [String: SiteImage] = [:]
        for (index, page) in plan.pages.enumerated() {
            let rendered = ChapterRenderer.render(
                page, plan: plan, workbook: workbook, mode: .page, allowRawHTML: options.allowRawHTML)
            diagnostics += rendered.diagnostics
            for image in rendered.images where images[image.path] == nil { images[image.path] = image }
            files.append(RenderedFile(path: page.fileName, text: layout.chapterPage(index, article: rendered.html)))
            progress(index + 1, plan.pages.count)
        }
        let printed = plan.pages.map { page in
            ChapterRenderer.render(
                page, plan: plan, workbook: workbook, mode: .print, allowRawHTML: options.allowRawHTML
            )
            .html
        }
        files.append(RenderedFile(path: "print.html", text: layout.printPage(chapters: printed)))
        let bookKey = workbook.app?.bundleID.value ?? HeadingSlugger.slug(options.title)
        files.append(
            RenderedFile(
                path: "search-index.js", text: SearchIndex.script(plan: plan, workbook: workbook, bookKey: bookKey)))
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
