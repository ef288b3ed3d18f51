import IAPDiagnostics
import IAPMarkdown
import IAPModel

/// Reads one parsed chapter in a single pass: the heading trail, steps, checklists, code blocks
/// and callouts. Config blocks are collected here and decoded afterwards.
struct ChapterExtractor: MarkdownWalker {
    private(set) var chapter: Chapter
    private(set) var diagnostics: [Diagnostic] = []
    private var headings: [(level: Int, title: String)] = []
    /// Where each `{#id}` written on a heading was first written.
    private var writtenAnchors: [String: SourceLocation] = [:]
    private var orderedDepth = 0
    /// Items seen so far in each open list, innermost last.
    private var itemCounts: [Int] = []
    /// Whether words came before the first heading (see `Chapter.firstHeadingLeads`).
    private var textBeforeHeading = false
    /// Where each footnote label was first written.
    private var footnoteLabels: [String: SourceLocation] = [:]

    init(file: String, title: String?) {
        chapter = Chapter(file: file, title: title ?? "")
    }

    static func extract(_ document: MarkdownDocument, title: String?) -> (Chapter, [Diagnostic]) {
        var extractor = ChapterExtractor(file: document.file, title: title)
        document.root.walk(&extractor)
        for node in document.rawHTMLNodes {
            for name in RawHTML.anchors(node.literal ?? "") {
                extractor.chapter.htmlAnchors.append(HTMLAnchor(name: name, location: node.location))
            }
        }
        // The book's own title for the chapter comes first, then the page's front matter.
        var frontMatterTitle: String?
        if let frontMatter = document.frontMatter {
            let read = FrontMatterTitle.read(frontMatter, file: document.file)
            frontMatterTitle = read.title
            extractor.diagnostics += read.diagnostics
        }
        if extractor.chapter.title.isEmpty {
            extractor.chapter.title =
                frontMatterTitle ?? extractor.chapter.sections.first?.title ?? fileStem(document.file)
        }
        return (extractor.chapter, extractor.diagnostics)
    }

    private var trail: [String] { headings.map(\.title) }

    /// A chapter says its language once, with a well-formed tag.
    private mutating func setLanguage(_ tag: String, at location: SourceLocation) {
        guard LanguageTag.isWellFormed(tag) else {
            diagnostics.append(
                .warning(
                    "\(Diagnostic.quote(tag)) is not a language tag; write one such as 'en', 'zh-Hans' or 'uk'",
                    at: location))
            return
        }
        if let first = chapter.language {
            diagnostics.append(
                .warning(
                    "the chapter's language is set twice; the first, \(Diagnostic.quote(first.value)), is kept",
                    at: location, notes: [.note("first set here", at: first.location)]))
            return
        }
        chapter.language = Located(LanguageTag.canonical(tag), at: location)
    }

    mutating func visit(_ node: MarkdownNode) -> MarkdownWalkAction {
        if chapter.sections.isEmpty, !textBeforeHeading, Self.holdsWords(node) { textBeforeHeading = true }
        switch node.kind {
        case .heading:
            markdownHeading(node)
            return .skipChildren
        case .htmlBlock:
            let literal = node.literal ?? ""
            if let tag = LanguageDirective.tag(in: literal) {
                setLanguage(tag, at: node.location)
                return .skipChildren
            }
            // `<h1 align="center">Stride</h1>`, as READMEs open: a heading like any other.
            for case .heading(let heading) in RawHTML.pieces(literal) {
                addSection(title: heading.title, level: heading.level, at: node.location)
            }
            return .skipChildren
        case .list:
            if node.listStyle?.isOrdered == true { orderedDepth += 1 }
            itemCounts.append(0)
            collectChecklist(node)
        case .item:
            let index = itemCounts.last ?? 0
            if !itemCounts.isEmpty { itemCounts[itemCounts.count - 1] += 1 }
            if let list = node.parent, let start = list.listStart {
                var text = ""
                if let paragraph = node.firstChild, paragraph.kind == .paragraph {
                    text = TaskMarker(paragraph: paragraph)?.text(of: paragraph) ?? paragraph.plainText
                }
                chapter.steps.append(
                    Step(
                        number: start + index, depth: orderedDepth, text: text.trimmingWhitespace(), trail: trail,
                        location: node.location))
            }
        case .codeBlock:
            chapter.codeBlocks.append(codeBlock(node))
        case .blockQuote:
            switch CalloutMarker.inspect(node) {
            case .callout(let callout): chapter.callouts.append(callout)
            case .unknownKind(_, let warning): diagnostics.append(warning)
            case .none: break
            }
        case .paragraph:
            if node.parent?.kind == .document { footnote(node) }
            // Nothing else inside changes the model; skipping the inlines keeps large books fast.
            return .skipChildren
        case .thematicBreak:
            return .skipChildren
        default:
            break
        }
        return .descend
    }

    /// A Markdown heading, with the `{#id}` some authors end it with (as Hugo, MkDocs, mdBook
    /// and Pandoc read it) taken off its title and kept as its anchor.
    private mutating func markdownHeading(_ node: MarkdownNode) {
        var title = node.plainText.trimmingWhitespace()
        var anchor: String?
        switch TrailingID.split(title) {
        case .none: break
        case .id(let found, let rest):
            if let earlier = writtenAnchors[found] {
                diagnostics.append(
                    .warning(
                        "heading id '{#\(found)}' is already the anchor of an earlier heading; links to it lead there",
                        at: node.location, notes: [.note("that heading", at: earlier)]))
            } else {
                writtenAnchors[found] = node.location
            }
            anchor = found
            title = rest
        case .malformed(let found):
            diagnostics.append(
                .warning(
                    "heading id '{#\(found)}' is not valid; use letters, digits, '-', '_' and '.'", at: node.location))
        }
        addSection(title: title, level: node.headingLevel ?? 1, at: node.location, anchor: anchor)
    }

    /// A paragraph of the chapter's own that opens `[^label]: ` is a footnote; one whose label
    /// an earlier one has is shown as written.
    private mutating func footnote(_ paragraph: MarkdownNode) {
        guard let text = paragraph.firstChild, text.kind == .text,
            let definition = text.withLiteralBytes({ FootnoteSyntax.definition(at: $0) }) ?? nil
        else { return }
        if let first = footnoteLabels[definition.label] {
            diagnostics.append(
                .warning(
                    "footnote '[^\(definition.label)]' is already written; references lead to the first, and this one is shown as written",
                    at: paragraph.location, notes: [.note("the first", at: first)]))
            return
        }
        footnoteLabels[definition.label] = paragraph.location
        chapter.footnotes.append(Footnote(label: definition.label, location: paragraph.location))
    }

    /// Whether a block before the first heading shows words: anything but raw HTML, a rule and
    /// a paragraph of pictures (a badge row: images, linked or not, between spaces).
    private static func holdsWords(_ node: MarkdownNode) -> Bool {
        switch node.kind {
        case .paragraph: return !node.children.allSatisfy(isPicture)
        case .list, .codeBlock, .blockQuote: return true
        default: return false
        }
    }

    private static func isPicture(_ inline: MarkdownNode) -> Bool {
        switch inline.kind {
        case .image, .softBreak, .lineBreak, .htmlInline: return true
        case .link: return inline.children.allSatisfy(isPicture)
        case .text: return (inline.literal ?? "").allSatisfy(\.isWhitespace)
        default: return false
        }
    }

    private mutating func addSection(title: String, level: Int, at location: SourceLocation, anchor: String? = nil) {
        if chapter.sections.isEmpty { chapter.firstHeadingLeads = !textBeforeHeading }
        headings.removeAll { $0.level >= level }
        headings.append((level, title))
        chapter.sections.append(Section(title: title, level: level, trail: trail, location: location, anchor: anchor))
    }

    mutating func leave(_ node: MarkdownNode) {
        guard node.kind == .list else { return }
        if node.listStyle?.isOrdered == true { orderedDepth -= 1 }
        _ = itemCounts.popLast()
    }

    private mutating func collectChecklist(_ list: MarkdownNode) {
        var items: [ChecklistItem] = []
        for item in list.children {
            guard let paragraph = item.firstChild, paragraph.kind == .paragraph,
                let marker = TaskMarker(paragraph: paragraph)
            else { continue }
            var text = marker.text(of: paragraph)
            var id: String?
            switch TrailingID.split(text) {
            case .none: break
            case .id(let found, let rest):
                id = found
                text = rest
            case .malformed(let found):
                diagnostics.append(
                    .warning(
                        "checklist id '{#\(found)}' is not valid; use letters, digits, '-', '_' and '.'",
                        at: paragraph.location))
            }
            items.append(
                ChecklistItem(id: id, text: text, isDone: marker.isDone, trail: trail, location: item.location))
        }
        if !items.isEmpty {
            chapter.checklists.append(Checklist(trail: trail, items: items, location: list.location))
        }
    }

    private func codeBlock(_ node: MarkdownNode) -> CodeBlock {
        let info = node.infoString ?? ""
        let parsed = InfoString(info)
        let start = node.location
        let contentLine = node.isFenced == true ? start.line + 1 : start.line
        return CodeBlock(
            language: parsed.language, info: info, attributes: parsed.attributes, flags: parsed.flags,
            content: node.literal ?? "", location: start,
            contentLocation: SourceLocation(file: start.file, line: contentLine, column: start.column))
    }

    private static func fileStem(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".md") ? String(name.dropLast(3)) : name
    }
}
