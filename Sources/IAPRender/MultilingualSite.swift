import IAPDiagnostics
import IAPMarkdown
import IAPModel

/// A book in one of its languages, as `SiteRenderer.render(books:options:)` takes it.
public struct SiteBook: Sendable {
    public var workbook: Workbook
    public var documents: [MarkdownDocument]
    /// Its language tag (`en`, `zh-Hans`).
    public var language: String
    /// The folder of its `SUMMARY.md`, which its chapters' paths are relative to.
    public var folder: String
    /// Where its pages go in the site: `""` for the first book, else its folder there (`zh-Hans`).
    public var sitePath: String

    public init(workbook: Workbook, documents: [MarkdownDocument], language: String, folder: String, sitePath: String) {
        self.workbook = workbook
        self.documents = documents
        self.language = language
        self.folder = folder
        self.sitePath = sitePath
    }
}

extension SiteRenderer {
    /// One site for a book and its translations: the first book at the site's top, each other
    /// in its own folder, each a whole site of its own (pages, `print.html`, its own search
    /// index and assets, so every page works from `file://` with the same relative paths), with
    /// a language switch on every page that lands on the same chapter in the other language,
    /// or on that language's first page when the chapter has no counterpart there.
    ///
    /// Every language keeps checkbox states under the first book's key, and a checklist item
    /// has the same `{#id}` in every language, so a learner's ticks follow them from one
    /// language to the other: the tasks are about their app, not about the language they read.
    public static func render(
        books: [SiteBook], options: SiteOptions,
        progress: @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) -> RenderedSite {
        guard let first = books.first else { return render(Workbook(), documents: [], options: options) }
        let pageNames = books.map { book in
            let files = presentChapters(of: book).map(\.file)
            var names: [String: String] = [:]
            for (file, stem) in zip(files, SitePlan.stems(for: files)) {
                names[ChapterKey.of(file, in: book.folder)] = stem + ".html"
            }
            return names
        }
        let bookKey = options.bookKey ?? first.workbook.app?.bundleID.value ?? HeadingSlugger.slug(options.title)
        var files: [RenderedFile] = []
        var images: [SiteImage] = []
        var diagnostics: [Diagnostic] = []
        let total = books.reduce(0) { $0 + presentChapters(of: $1).count }
        var doneBefore = 0
        for (index, book) in books.enumerated() {
            var bookOptions = options
            bookOptions.language = book.language
            // Each book's language is its folder's tag, or the one the book above them says.
            bookOptions.languageFromProse = false
            bookOptions.bookKey = bookKey
            bookOptions.bookFolder = book.folder
            bookOptions.alternates = books.enumerated().map { other, otherBook in
                AlternateLanguage(
                    language: otherBook.language,
                    pathPrefix: relativePrefix(from: book.sitePath, to: otherBook.sitePath),
                    pages: pageNames[other], isCurrent: other == index)
            }
            let offset = doneBefore
            let site = render(book.workbook, documents: book.documents, options: bookOptions) { done, _ in
                progress(offset + done, total)
            }
            doneBefore += presentChapters(of: book).count
            let prefix = book.sitePath.isEmpty ? "" : book.sitePath + "/"
            files += site.files.map { RenderedFile(path: prefix + $0.path, pieces: $0.pieces) }
            images += site.images.map { image in
                var image = image
                image.path = prefix + image.path
                return image
            }
            diagnostics += site.diagnostics
        }
        return RenderedSite(files: files, images: images, diagnostics: DiagnosticLog(diagnostics).sorted)
    }

    /// The chapters that have a parsed tree, which are the ones that get a page.
    private static func presentChapters(of book: SiteBook) -> [Chapter] {
        let parsed = Set(book.documents.map(\.file))
        return book.workbook.chapters.filter { parsed.contains($0.file) }
    }

    /// The relative path from one site folder to another, ending with `/` (or empty).
    static func relativePrefix(from: String, to: String) -> String {
        let fromParts = from.split(separator: "/")
        let toParts = to.split(separator: "/")
        var shared = 0
        while shared < fromParts.count, shared < toParts.count, fromParts[shared] == toParts[shared] { shared += 1 }
        let up = Array(repeating: "..", count: fromParts.count - shared)
        let down = toParts[shared...].map(String.init)
        let parts = up + down
        return parts.isEmpty ? "" : parts.joined(separator: "/") + "/"
    }
}
