import IAPDiagnostics
import IAPModel

/// A translated chapter must teach the same workshop as its source: the same config blocks
/// (one catalogue of product IDs in every language), the same checklist ids, as many steps,
/// and the same file-tagged code. Each difference is reported where the translation has it,
/// with a note at the source; a chapter on one side only is reported on that side.
///
/// Config blocks that differ are errors: two languages would generate two stores. The rest are
/// warnings, since a translation is often under way.
public enum TranslationDrift {
    public struct Book {
        public var workbook: Workbook
        /// The folder of the book's `SUMMARY.md`, which chapter paths are relative to.
        public var folder: String
        public var language: String

        public init(workbook: Workbook, folder: String, language: String) {
            self.workbook = workbook
            self.folder = folder
            self.language = language
        }

        func key(of chapter: Chapter) -> String { ChapterKey.of(chapter.file, in: folder) }
    }

    public static func check(source: Book, translation: Book) -> [Diagnostic] {
        var log = DiagnosticLog()
        var translated: [String: Chapter] = [:]
        for chapter in translation.workbook.chapters { translated[translation.key(of: chapter)] = chapter }
        var sourceKeys: Set<String> = []
        let language = Diagnostic.quote(translation.language)
        for chapter in source.workbook.chapters {
            let key = source.key(of: chapter)
            sourceKeys.insert(key)
            guard let counterpart = translated[key] else {
                log.warning(
                    "chapter \(Diagnostic.quote(key)) has no translation in \(language); add \(Diagnostic.quote(translation.folder + "/" + key)) to its SUMMARY.md",
                    at: start(of: chapter))
                continue
            }
            compare(chapter, counterpart, language: language, into: &log)
        }
        for chapter in translation.workbook.chapters where !sourceKeys.contains(translation.key(of: chapter)) {
            log.warning(
                "chapter \(Diagnostic.quote(translation.key(of: chapter))) of the \(language) translation has no source chapter \(Diagnostic.quote(source.folder + "/" + translation.key(of: chapter)))",
                at: start(of: chapter))
        }
        return log.all
    }

    private static func start(of chapter: Chapter) -> SourceLocation {
        SourceLocation(file: chapter.file, line: 1, column: 1)
    }

    private static func compare(
        _ source: Chapter, _ translation: Chapter, language: String, into log: inout DiagnosticLog
    ) {
        let note = { (what: String, location: SourceLocation) in [Diagnostic.note(what, at: location)] }
        // Config blocks, one by one in order.
        let sourceConfigs = source.codeBlocks.filter(\.isConfig)
        let translatedConfigs = translation.codeBlocks.filter(\.isConfig)
        for (index, pair) in zip(sourceConfigs, translatedConfigs).enumerated()
        where normalized(pair.0.content) != normalized(pair.1.content) {
            log.error(
                "config block \(index + 1) differs from the source chapter's; a translation keeps the config blocks as they are, so every language has one catalogue",
                at: pair.1.location, notes: note("the source's block", pair.0.location))
        }
        if sourceConfigs.count != translatedConfigs.count {
            let place = translatedConfigs.dropFirst(sourceConfigs.count).first?.location ?? start(of: translation)
            let sourcePlace = sourceConfigs.dropFirst(translatedConfigs.count).first?.location ?? start(of: source)
            log.error(
                "the translation has \(count(translatedConfigs.count, "config block")) and its source \(sourceConfigs.count)",
                at: place, notes: note("the source chapter", sourcePlace))
        }
        // Checklist ids: the site keeps ticks by id, so the same task has the same id in every language.
        let sourceItems = source.checklists.flatMap(\.items)
        let translatedItems = translation.checklists.flatMap(\.items)
        let translatedIDs = Dictionary(
            translatedItems.compactMap { item in item.id.map { ($0, item) } }, uniquingKeysWith: { first, _ in first })
        let sourceIDs = Dictionary(
            sourceItems.compactMap { item in item.id.map { ($0, item) } }, uniquingKeysWith: { first, _ in first })
        for (index, item) in sourceItems.enumerated() {
            guard let id = item.id, translatedIDs[id] == nil else { continue }
            // Where the item would be: the translation's item in the same place, if any.
            let place = index < translatedItems.count ? translatedItems[index].location : start(of: translation)
            log.warning(
                "checklist item {#\(id)} of the source chapter is missing from the translation",
                at: place, notes: note("the source's item", item.location))
        }
        for item in translatedItems {
            guard let id = item.id, sourceIDs[id] == nil else { continue }
            log.warning(
                "checklist item {#\(id)} is not in the source chapter; translations use the source's ids",
                at: item.location, notes: note("the source chapter", start(of: source)))
        }
        if sourceItems.count != translatedItems.count {
            log.warning(
                "the translation has \(count(translatedItems.count, "checklist item")) and its source \(sourceItems.count)",
                at: translatedItems.first?.location ?? start(of: translation),
                notes: note("the source's first item", sourceItems.first?.location ?? start(of: source)))
        }
        // Numbered steps, and how they nest: the same count can hide a step moved into a sub-list.
        if let moved = zip(source.steps, translation.steps).first(where: {
            $0.0.depth != $0.1.depth || $0.0.number != $0.1.number
        }), source.steps.count == translation.steps.count {
            log.warning(
                "step \(moved.1.number) is at depth \(moved.1.depth) where the source's is step \(moved.0.number) at depth \(moved.0.depth)",
                at: moved.1.location, notes: note("the source's step", moved.0.location))
        }
        if source.steps.count != translation.steps.count {
            let mismatch = zip(source.steps, translation.steps).first {
                $0.0.depth != $0.1.depth || $0.0.number != $0.1.number
            }
            let place =
                mismatch?.1.location ?? translation.steps.dropFirst(source.steps.count).first?.location
                ?? translation.steps.last?.location ?? start(of: translation)
            let sourcePlace =
                mismatch?.0.location ?? source.steps.dropFirst(translation.steps.count).first?.location
                ?? source.steps.last?.location ?? start(of: source)
            log.warning(
                "the translation has \(count(translation.steps.count, "numbered step")) and its source \(source.steps.count)",
                at: place, notes: note("the source's steps", sourcePlace))
        }
        // File-tagged code: what `tangle` writes must not depend on the language.
        let sourceFiles = source.codeBlocks.filter { $0.targetFile != nil }
        let translatedFiles = translation.codeBlocks.filter { $0.targetFile != nil }
        for (sourceBlock, translatedBlock) in zip(sourceFiles, translatedFiles) {
            if sourceBlock.targetFile != translatedBlock.targetFile {
                log.warning(
                    "this block is tagged file=\(translatedBlock.targetFile ?? "") where the source's is file=\(sourceBlock.targetFile ?? "")",
                    at: translatedBlock.location, notes: note("the source's block", sourceBlock.location))
            } else if normalized(sourceBlock.content) != normalized(translatedBlock.content) {
                log.warning(
                    "the code for \(Diagnostic.quote(sourceBlock.targetFile ?? "")) differs from the source chapter's",
                    at: translatedBlock.location, notes: note("the source's block", sourceBlock.location))
            }
        }
        if sourceFiles.count != translatedFiles.count {
            log.warning(
                "the translation has \(count(translatedFiles.count, "file-tagged code block")) and its source \(sourceFiles.count)",
                at: translatedFiles.dropFirst(sourceFiles.count).first?.location ?? start(of: translation),
                notes: note(
                    "the source chapter",
                    sourceFiles.dropFirst(translatedFiles.count).first?.location ?? start(of: source)))
        }
    }

    /// Line endings and trailing spaces aside.
    private static func normalized(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = line
            while let last = line.last, last == " " || last == "\t" || last == "\r" { line.removeLast() }
            return line
        }
    }

    private static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }
}
