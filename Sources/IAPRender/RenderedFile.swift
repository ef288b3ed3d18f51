import IAPDiagnostics

/// One file of the site, by its path inside the output folder.
public struct RenderedFile: Sendable, Equatable {
    public var path: String
    /// The content, in pieces to be written one after another. Articles are rendered in parts
    /// on several cores and framed by their page, and the print view is made of the same
    /// bytes as the pages, its ids aside: joining the pieces would copy every page.
    public var pieces: [ArraySlice<UInt8>]

    public init(path: String, bytes: [UInt8]) {
        self.init(path: path, pieces: [bytes[...]])
    }

    public init(path: String, pieces: [ArraySlice<UInt8>]) {
        self.path = path
        self.pieces = pieces
    }

    init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The whole content in one buffer.
    public var bytes: [UInt8] { Array(pieces.joined()) }

    /// The content's length in bytes.
    public var count: Int { pieces.reduce(0) { $0 + $1.count } }

    /// Files are equal when their paths and contents are, however the pieces fall.
    public static func == (lhs: RenderedFile, rhs: RenderedFile) -> Bool {
        lhs.path == rhs.path && lhs.count == rhs.count && lhs.pieces.joined().elementsEqual(rhs.pieces.joined())
    }
}

/// What the site is built with, beyond the guides themselves.
public struct SiteOptions: Sendable {
    /// The site's name in the header and in every page title.
    public var title: String
    /// Keep raw HTML from the guides (trusted guides only); by default it is dropped.
    public var allowRawHTML: Bool
    /// About how much Markdown one rendering job takes (see `ArticlePart`); the site is the
    /// same whatever it is, which the tests check by cutting at every block.
    var runSize = ArticlePart.defaultRunSize
    /// The book's language tag: `lang` on every page whose chapter does not set its own, and
    /// the language of the site's interface text.
    public var language = "en"
    /// Whether the book left its language unsaid, so that each page takes the one its prose
    /// names (`ProseLanguage`, else English) and `language` is the one most pages take.
    public var languageFromProse = false
    /// The key the browser keeps checkbox states under, when not the app's bundle ID (or the
    /// title's slug): a book's translations share it, so a tick is kept whatever the language.
    public var bookKey: String?
    /// The folder of the book's `SUMMARY.md`, which the chapters' paths are relative to, to
    /// find each page's counterpart in the other languages.
    public var bookFolder = ""
    /// The book in its other languages, for the language switch on every page.
    public var alternates: [AlternateLanguage] = []

    public init(title: String, allowRawHTML: Bool = false) {
        self.title = title
        self.allowRawHTML = allowRawHTML
    }
}

/// The same book in another language, as the language switch links to it.
public struct AlternateLanguage: Sendable, Equatable {
    public var language: String
    /// From this book's site folder to that language's (`zh-Hans/`, `../`, `../uk/`).
    public var pathPrefix: String
    /// Its page for each chapter, by the chapter's path inside its book's folder.
    public var pages: [String: String]
    /// Whether this is the book being rendered (listed so the switch shows every language in
    /// one order).
    public var isCurrent: Bool

    public init(language: String, pathPrefix: String, pages: [String: String], isCurrent: Bool) {
        self.language = language
        self.pathPrefix = pathPrefix
        self.pages = pages
        self.isCurrent = isCurrent
    }
}

/// An image a guide shows from a file beside it: the caller copies `source` to `path` in the
/// site, since only the caller may read files.
public struct SiteImage: Sendable, Equatable {
    /// The file, as the guides' paths are written (`Workbook/images/flow.png`).
    public var source: String
    /// Where the pages expect it in the site (`images/flow.png`).
    public var path: String
    /// The first place a guide shows it.
    public var location: SourceLocation
    /// The book's folder, as the guides' paths are written (`Workbook`, or `.`): the image must
    /// lie inside it once symbolic links are followed.
    public var bookFolder: String = "."
}

/// The site and what the link checker found.
public struct RenderedSite: Sendable {
    /// Every output file, in a fixed order.
    public var files: [RenderedFile]
    /// Images to copy into the site, each once, by path.
    public var images: [SiteImage]
    /// Broken links and anchors, unsafe URLs: warnings located in the guides.
    public var diagnostics: [Diagnostic]
}
