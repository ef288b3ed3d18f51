import IAPDiagnostics
import IAPMarkdown
import IAPModel

/// A heading as the page shows it: its level, words and anchor, and where it starts.
struct HeadingAnchor: Equatable {
    var level: Int
    var title: String
    var slug: String
    var position: SitePage.Position
    /// Whether the heading's text ends with the `{#id}` that is its anchor, which the page
    /// leaves out of its words.
    var endsWithID = false
}

/// One chapter's page, decided before any page is written, so that every page can link to and
/// check anchors in every other.
///
/// A page holds no parsed tree: the trees are handed to the render jobs that read them, and let
/// go once a page's last job is done.
struct SitePage {
    var chapter: Chapter
    /// `index` for the first chapter, else a name made from the chapter's path.
    var stem: String
    /// Headings in document order, with their de-duplicated slugs.
    var headings: [HeadingAnchor]
    /// Checklist items, by the line and column of the list item.
    var tasks: [Position: TaskAnchor]
    /// Every id a link may name with `#`: heading slugs and task ids.
    var anchors: Set<String>
    /// Callout kinds, by the position of their block quote.
    var callouts: [Position: Callout.Kind]
    /// Each footnote's number by its label, and by the position of its paragraph; its
    /// paragraph's id is `fn-` and the number (`footnoteID`).
    var footnoteNumbers: [String: Int] = [:]
    var footnotePositions: [Position: Int] = [:]
    /// The ids of the raw HTML anchors (`<a name="setup">`) written at each position, those a
    /// heading, a footnote or the layout does not have already.
    var htmlAnchors: [Position: [String]] = [:]
    /// Positions of the config blocks, which are shown as product tables.
    var configBlocks: Set<Position>
    /// The page's language tag: the chapter's own, else the book's.
    var language: String
    /// The interface text for that language.
    var interface: InterfaceLanguage

    var fileName: String { stem + ".html" }

    static func footnoteID(_ number: Int) -> String { "fn-\(number)" }

    struct Position: Hashable {
        var line: Int
        var column: Int

        init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }

        init(_ location: SourceLocation) {
            self.init(line: location.line, column: location.column)
        }
    }
}

/// A checklist item's id in the site: its `{#id}` when it has one (numbered if used twice),
/// else one made from the chapter and the item's words.
struct TaskAnchor: Equatable {
    var id: String
    /// The `{#id}` as the guide wrote it, which the label leaves out.
    var writtenID: String?
}

/// Names and anchors for the whole book.
struct SitePlan {
    var pages: [SitePage]
    /// Page index by chapter file path.
    var pageIndex: [String: Int]
    /// The folder that holds every chapter; pages are written as if they were in it, so files
    /// under it keep their relative paths in the site.
    var baseDirectory: String

    /// Ids the page layout uses itself; headings never take them.
    static let layoutIDs = [
        "iapkit-content", "iapkit-search", "iapkit-results", "iapkit-sidebar", "iapkit-outline", "iapkit-reset",
    ]

    /// The book's language, which a chapter's `<!-- language: … -->` overrides for its page.
    var language: String

    /// With `proseLanguages` (each chapter's `ProseLanguage`, for a book that does not say its
    /// language), `language` is only the default of the chapters whose prose names none, and
    /// the book's language is the one most of its pages have.
    init(chapters: [Chapter], language: String = "en", proseLanguages: [String?]? = nil) {
        let pageLanguages = chapters.indices.map { index in
            chapters[index].language?.value ?? proseLanguages?[index] ?? language
        }
        self.language = proseLanguages != nil ? Self.commonest(pageLanguages) ?? language : language
        let files = chapters.map(\.file)
        baseDirectory = Self.commonDirectory(files)
        let stems = Self.stems(for: files, under: baseDirectory)
        // A page's headings, blocks and wanted task ids come from its chapter alone, so pages are
        // made on every core: a book of hundreds of chapters has tens of thousands of headings.
        let made = concurrentMap(count: chapters.count) { offset in
            Self.page(of: chapters[offset], stem: stems[offset], language: pageLanguages[offset])
        }
        // Task ids are unique in the whole book, so they are settled in book order.
        var taskSlugs = HeadingSlugger()
        var pages: [SitePage] = []
        pages.reserveCapacity(made.count)
        var pageIndex: [String: Int] = [:]
        for (page, wantedTasks) in made {
            var page = page
            for task in wantedTasks {
                let anchor = TaskAnchor(id: taskSlugs.unique(task.wanted), writtenID: task.writtenID)
                page.tasks[task.position] = anchor
                page.anchors.insert("task-" + anchor.id)
            }
            pageIndex[page.chapter.file] = pages.count
            pages.append(page)
        }
        self.pages = pages
        self.pageIndex = pageIndex
    }

    /// The tag most pages have; of tags as common, the one the earliest page has.
    static func commonest(_ tags: [String]) -> String? {
        var counts: [String: Int] = [:]
        for tag in tags { counts[tag, default: 0] += 1 }
        let highest = counts.values.max() ?? 0
        return tags.first { counts[$0] == highest }
    }

    /// A checklist item's id as its chapter asks for it, before the book makes it unique.
    private struct WantedTask: Sendable {
        var position: SitePage.Position
        var wanted: String
        var writtenID: String?
    }

    /// One chapter's page without its task ids, and the ids its checklist items want.
    private static func page(
        of chapter: Chapter, stem: String, language pageLanguage: String
    ) -> (SitePage, [WantedTask]) {
        let footnoteIDs = chapter.footnotes.indices.map { SitePage.footnoteID($0 + 1) }
        var slugger = HeadingSlugger(reserved: layoutIDs + footnoteIDs, expectedCount: chapter.sections.count)
        // Anchors the author wrote are taken first, so no title's slug can take one of them; one
        // written twice, or one the layout uses, is numbered like a repeated title.
        var written: [String] = []
        for case let anchor? in chapter.sections.map(\.anchor) { written.append(slugger.unique(anchor)) }
        var nextWritten = written.makeIterator()
        // The extractor has read every heading's words already, in document order.
        var headings = chapter.sections.map { section in
            HeadingAnchor(
                level: section.level, title: section.title,
                slug: section.anchor != nil ? nextWritten.next() ?? "" : slugger.next(section.title),
                position: SitePage.Position(section.location), endsWithID: section.anchor != nil)
        }
        // A chapter that opens with the heading it is titled by, at another level than the
        // first (a README starting with `<h3 align="center">` or at `##`, perhaps under a logo),
        // shows that heading as its `<h1>`, rather than under an added `<h1>` of the same words.
        if chapter.firstHeadingLeads, let first = headings.first, first.title == chapter.title,
            !headings.contains(where: { $0.level == 1 })
        {
            headings[0].level = 1
        }
        let wantedTasks = chapter.checklists.flatMap(\.items).map { item in
            WantedTask(
                position: SitePage.Position(line: item.location.line, column: item.location.column),
                wanted: item.id ?? (stem + "-" + String(HeadingSlugger.slug(item.text).prefix(48))),
                writtenID: item.id)
        }
        var callouts: [SitePage.Position: Callout.Kind] = [:]
        for callout in chapter.callouts { callouts[SitePage.Position(callout.location)] = callout.kind }
        let configBlocks = Set(chapter.codeBlocks.filter(\.isConfig).map { SitePage.Position($0.location) })
        var page = SitePage(
            chapter: chapter, stem: stem, headings: headings, tasks: [:],
            anchors: Set(headings.map(\.slug)).union(footnoteIDs), callouts: callouts, configBlocks: configBlocks,
            language: pageLanguage, interface: InterfaceLanguage.forTag(pageLanguage))
        for (offset, footnote) in chapter.footnotes.enumerated() {
            page.footnoteNumbers[footnote.label] = offset + 1
            page.footnotePositions[SitePage.Position(footnote.location)] = offset + 1
        }
        // An anchor written beside the heading of its name (`<a name="setup"></a>` above
        // `## Setup`) adds nothing: links to it lead to the heading. Ids the site's checkboxes
        // take (`task-…`) are left to them.
        for anchor in chapter.htmlAnchors
        where !anchor.name.hasPrefix("task-") && !layoutIDs.contains(anchor.name)
            && page.anchors.insert(anchor.name).inserted
        {
            page.htmlAnchors[SitePage.Position(anchor.location), default: []].append(anchor.name)
        }
        return (page, wantedTasks)
    }

    /// Each chapter's page name without `.html`, in book order: the first is `index`.
    static func stems(for files: [String]) -> [String] {
        stems(for: files, under: commonDirectory(files))
    }

    /// The stems of `files`, whose common folder (`commonDirectory`) is `base`.
    static func stems(for files: [String], under base: String) -> [String] {
        var stems = HeadingSlugger(reserved: ["print", "search-index", "assets"])
        return files.enumerated().map { offset, file in
            offset == 0 ? stems.next("index") : stems.next(stem(for: file, under: base))
        }
    }

    /// `guides/Setup Guide.md` under `guides` gives `Setup-Guide`: letters, digits, `_` and `-`
    /// are kept, folders are joined with `-`, anything else becomes `-`, so a translation's
    /// `README.zh.md` is `README-zh` (the page `readme-zh.html`) rather than `readmezh`.
    static func stem(for file: String, under base: String) -> String {
        var relative = file
        if !base.isEmpty, relative.hasPrefix(base + "/") { relative.removeFirst(base.count + 1) }
        if relative.lowercased().hasSuffix(".md") { relative.removeLast(3) }
        var stem = ""
        for scalar in relative.unicodeScalars {
            let keep =
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "_" || scalar == "-"
            stem.unicodeScalars.append(keep ? scalar : "-")
        }
        // A hidden file's leading dots are not separators.
        stem.removeFirst(relative.unicodeScalars.prefix { $0 == "." }.count)
        // A file name has at most 255 bytes: a long chapter path (folders joined with `-`) is cut,
        // leaving room for `.html` and a number that keeps it unique.
        if stem.utf8.count > longestStem { stem = String(stem.prefix(longestStem)) }
        return stem.isEmpty ? "chapter" : stem
    }

    /// Stems are ASCII, so this many characters are as many bytes.
    static let longestStem = 200

    /// The longest folder that holds every chapter.
    ///
    /// Most chapters of a book sit in its folder, so a file that starts with the folders found so
    /// far, as the first file writes them, is passed without splitting it.
    static func commonDirectory(_ files: [String]) -> String {
        guard let first = files.first else { return "" }
        var common = Array(first.split(separator: "/").dropLast())
        for file in files.dropFirst() {
            guard let last = common.last else { break }
            if holdsFolders(file, first[..<last.endIndex]) { continue }
            let folder = file.split(separator: "/").dropLast()
            var shared = 0
            while shared < common.count, shared < folder.count, common[shared] == folder[folder.startIndex + shared] {
                shared += 1
            }
            common.removeLast(common.count - shared)
        }
        return (first.hasPrefix("/") ? "/" : "") + common.joined(separator: "/")
    }

    /// Whether `file` starts with `folders`, then a `/`, then a name: its folders then begin with
    /// the same ones, byte for byte.
    private static func holdsFolders(_ file: String, _ folders: Substring) -> Bool {
        let bytes = file.utf8
        guard bytes.starts(with: folders.utf8) else { return false }
        let rest = bytes.dropFirst(folders.utf8.count)
        return rest.first == UInt8(ascii: "/") && rest.contains { $0 != UInt8(ascii: "/") }
    }
}
