import Foundation
import IAPDiagnostics
import IAPMarkdown
import IAPModel

/// The extraction stage from paths to model: plan the book, then read, parse and extract each
/// chapter on its own, so a large book holds at most one chapter's tree per core in memory.
public struct WorkbookLoader: Sendable {
    public struct Result: Sendable {
        public var workbook: Workbook
        public var plan: BookPlan
        /// Located problems in the guides, unsorted.
        public var diagnostics: [Diagnostic]
        /// Paths that could not be read at all.
        public var inputErrors: [InputError]
        /// The parsed chapters in book order, when the loader was asked to keep them.
        public var documents: [MarkdownDocument] = []
    }

    public let fileSystem: any GuideFileSystem
    /// Whether to keep every chapter's tree. A renderer needs the trees again and would
    /// otherwise parse every chapter twice; the checks need only the model, and without the
    /// trees a large book holds at most one per core.
    public let keepsDocuments: Bool

    public init(fileSystem: any GuideFileSystem, keepsDocuments: Bool = false) {
        self.fileSystem = fileSystem
        self.keepsDocuments = keepsDocuments
    }

    public func load(_ paths: [String]) -> Result {
        let planned = BookPlanner(fileSystem: fileSystem).plan(paths)
        let entries = planned.plan.chapters
        // Chapters are independent until their config merges, so they are read on every core;
        // the results are then taken in book order, as if read one by one.
        let outcomes = concurrentMap(count: entries.count) { index in read(entries[index]) }
        var merger = ConfigMerger()
        var workbook = Workbook()
        var diagnostics = planned.diagnostics
        var inputErrors = planned.inputErrors
        var documents: [MarkdownDocument] = []
        for outcome in outcomes {
            switch outcome {
            case .failure(let error):
                inputErrors.append(error)
            case .success(let extracted):
                workbook.chapters.append(extracted.chapter)
                if let document = extracted.document { documents.append(document) }
                diagnostics += extracted.diagnostics
                merger.add(extracted.fragments, diagnostics: &diagnostics)
            }
        }
        workbook.app = merger.app
        workbook.products = merger.products
        return Result(
            workbook: workbook, plan: planned.plan, diagnostics: diagnostics, inputErrors: inputErrors,
            documents: documents)
    }

    private func read(_ entry: BookPlan.Entry) -> Swift.Result<ChapterReader.Result, InputError> {
        do {
            let bytes = try fileSystem.contents(of: entry.path)
            let source = SourceText(file: entry.path, bytes: bytes)
            return .success(ChapterReader.read(source, title: entry.title, keepingDocument: keepsDocuments))
        } catch {
            return .failure(InputError("cannot read '\(entry.path)': \(error)"))
        }
    }
}

/// One chapter from bytes to model pieces.
public enum ChapterReader {
    public struct Result: Sendable {
        public var chapter: Chapter
        public var fragments: [ConfigFragment]
        public var diagnostics: [Diagnostic]
        /// The chapter's tree, when the caller asked to keep it.
        public var document: MarkdownDocument?
    }

    /// Reads one chapter; with `keepingDocument`, the result also holds the parsed tree (even
    /// for a chapter too damaged to extract anything from).
    public static func read(_ source: SourceText, title: String? = nil, keepingDocument: Bool = false) -> Result {
        var diagnostics: [Diagnostic] = []
        let start = SourceLocation(file: source.file, line: 1, column: 1)
        if let damage = source.damage {
            let location = SourceLocation(file: source.file, line: damage.line, column: damage.column)
            if damage.containsNUL {
                diagnostics.append(
                    .error("file contains NUL bytes; it does not look like a Markdown text file", at: location))
                return Result(
                    chapter: Chapter(file: source.file, title: title ?? source.file), fragments: [],
                    diagnostics: diagnostics, document: keepingDocument ? MarkdownDocument(source: source) : nil)
            }
            diagnostics.append(.warning("invalid UTF-8; the bytes were replaced with U+FFFD", at: location))
        }
        if source.bytes.allSatisfy({
            $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\t")
        }) {
            diagnostics.append(.warning("chapter is empty", at: start))
        }
        let document = MarkdownDocument(source: source)
        let (chapter, chapterDiagnostics) = ChapterExtractor.extract(document, title: title)
        diagnostics += chapterDiagnostics
        var fragments: [ConfigFragment] = []
        for block in chapter.codeBlocks where block.isConfig {
            let read = ConfigBlockReader.read(block, source: source)
            diagnostics += read.diagnostics
            if let fragment = read.fragment { fragments.append(fragment) }
        }
        return Result(
            chapter: chapter, fragments: fragments, diagnostics: diagnostics,
            document: keepingDocument ? document : nil)
    }
}

/// What one config block contributes to the model.
public struct ConfigFragment: Sendable {
    public var app: AppConfiguration?
    public var products: [Product]

    public init(app: AppConfiguration? = nil, products: [Product] = []) {
        self.app = app
        self.products = products
    }
}

/// Blocks across chapters merge: products accumulate in book order, the app is set once.
struct ConfigMerger {
    var app: AppConfiguration?
    var products: [Product] = []

    mutating func add(_ fragments: [ConfigFragment], diagnostics: inout [Diagnostic]) {
        for fragment in fragments {
            if let newApp = fragment.app {
                if let app {
                    diagnostics.append(
                        .error(
                            "'app' is configured twice; keep one 'app' block for the whole guide", at: newApp.location,
                            notes: [.note("first configured here", at: app.location)]))
                } else {
                    app = newApp
                }
            }
            products += fragment.products
        }
    }
}
