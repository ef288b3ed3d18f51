import IAPDiagnostics

/// A heading, with the titles of the headings it sits under.
public struct Section: Sendable, Hashable {
    public var title: String
    public var level: Int
    /// Titles from the outermost heading down to this one.
    public var trail: [String]
    public var location: SourceLocation
    /// The anchor the author gave the heading (`## Setup {#setup}`), if any; `title` is without it.
    public var anchor: String?

    public init(title: String, level: Int, trail: [String], location: SourceLocation, anchor: String? = nil) {
        self.title = title
        self.level = level
        self.trail = trail
        self.location = location
        self.anchor = anchor
    }
}

/// An item of an ordered list: one step of a procedure.
public struct Step: Sendable, Hashable {
    /// The item's number as the reader sees it (a list starting at 3 numbers from 3).
    public var number: Int
    /// 1 for a top-level list, 2 for a list inside a step, and so on.
    public var depth: Int
    public var text: String
    public var trail: [String]
    public var location: SourceLocation

    public init(number: Int, depth: Int, text: String, trail: [String], location: SourceLocation) {
        self.number = number
        self.depth = depth
        self.text = text
        self.trail = trail
        self.location = location
    }
}

/// A task item (`- [ ] text {#id}`).
public struct ChecklistItem: Sendable, Hashable {
    /// The stable id from a trailing `{#id}`, which links the item to an automatic check.
    public var id: String?
    public var text: String
    public var isDone: Bool
    public var trail: [String]
    public var location: SourceLocation

    public init(id: String?, text: String, isDone: Bool, trail: [String], location: SourceLocation) {
        self.id = id
        self.text = text
        self.isDone = isDone
        self.trail = trail
        self.location = location
    }
}

/// The task items of one list.
public struct Checklist: Sendable, Hashable {
    /// The heading trail the list sits under.
    public var trail: [String]
    public var items: [ChecklistItem]
    public var location: SourceLocation

    public init(trail: [String], items: [ChecklistItem], location: SourceLocation) {
        self.trail = trail
        self.items = items
        self.location = location
    }

    public var doneCount: Int { items.count { $0.isDone } }
}

/// A fenced or indented code block, with its info string taken apart.
public struct CodeBlock: Sendable, Hashable {
    /// The first word of the info string (`swift`, `yaml`), if any.
    public var language: String?
    /// The whole info string, as written.
    public var info: String
    /// `key=value` words of the info string (`file=Sources/Store.swift`).
    public var attributes: [String: String]
    /// Other bare words after the language (`iap`).
    public var flags: [String]
    public var content: String
    public var location: SourceLocation
    /// Where the content's first line is, for mapping lines inside the block back to the file.
    public var contentLocation: SourceLocation

    public init(
        language: String?, info: String, attributes: [String: String], flags: [String], content: String,
        location: SourceLocation, contentLocation: SourceLocation
    ) {
        self.language = language
        self.info = info
        self.attributes = attributes
        self.flags = flags
        self.content = content
        self.location = location
        self.contentLocation = contentLocation
    }

    /// The file a `file=` block is to be written to.
    public var targetFile: String? { attributes["file"] }

    /// Whether this block holds IAPKit configuration (`yaml iap`, `json iap`).
    public var isConfig: Bool {
        flags.contains("iap") && ["yaml", "yml", "json"].contains(language?.lowercased() ?? "")
    }
}

/// A GitHub alert: a block quote opening with `[!NOTE]` or another of the five kinds.
public struct Callout: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case note, tip, important, warning, caution
    }

    public var kind: Kind
    public var text: String
    public var location: SourceLocation

    public init(kind: Kind, text: String, location: SourceLocation) {
        self.kind = kind
        self.text = text
        self.location = location
    }
}

/// A footnote's text: a paragraph of its own that opens `[^label]: ` (GitHub's footnotes).
public struct Footnote: Sendable, Hashable {
    /// Its label, lower-cased, as references are matched to it.
    public var label: String
    public var location: SourceLocation

    public init(label: String, location: SourceLocation) {
        self.label = label
        self.location = location
    }
}

/// A place a link can lead to that a guide marks with raw HTML, `<a name="setup"></a>` or
/// `<a id="setup"></a>`, as READMEs do for their hand-written tables of contents.
public struct HTMLAnchor: Sendable, Hashable {
    /// The `id`, else the `name`, as written.
    public var name: String
    /// Where the raw HTML that holds it starts.
    public var location: SourceLocation

    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// One Markdown file of a guide and what it contains.
public struct Chapter: Sendable, Hashable {
    public var file: String
    /// The chapter's title: its SUMMARY link text, else its first heading, else its file name.
    public var title: String
    public var sections: [Section]
    public var steps: [Step]
    public var checklists: [Checklist]
    public var codeBlocks: [CodeBlock]
    public var callouts: [Callout]
    /// The chapter's own language, from a `<!-- language: zh-Hans -->` line, when it is not
    /// the book's.
    public var language: Located<String>?
    /// Whether only pictures (a logo, a row of badges) and raw HTML come before the chapter's
    /// first heading, so that the page starts with it.
    public var firstHeadingLeads = false
    /// Its footnotes in the order they are written; of two with one label, the first.
    public var footnotes: [Footnote] = []
    /// The anchors its raw HTML marks, in the order they are written.
    public var htmlAnchors: [HTMLAnchor] = []

    public init(
        file: String, title: String, sections: [Section] = [], steps: [Step] = [], checklists: [Checklist] = [],
        codeBlocks: [CodeBlock] = [], callouts: [Callout] = [], language: Located<String>? = nil
    ) {
        self.file = file
        self.title = title
        self.sections = sections
        self.steps = steps
        self.checklists = checklists
        self.codeBlocks = codeBlocks
        self.callouts = callouts
        self.language = language
    }
}

/// Everything extracted from a guide: the one model that generate, check and render consume.
public struct Workbook: Sendable, Hashable {
    public var chapters: [Chapter]
    public var app: AppConfiguration?
    /// Every product definition in book order. A product ID defined twice appears twice, so
    /// validation can name both places; consumers refuse a workbook with errors.
    public var products: [Product]

    public init(chapters: [Chapter] = [], app: AppConfiguration? = nil, products: [Product] = []) {
        self.chapters = chapters
        self.app = app
        self.products = products
    }

    public var checklistItems: [ChecklistItem] { chapters.flatMap { $0.checklists.flatMap(\.items) } }
}
