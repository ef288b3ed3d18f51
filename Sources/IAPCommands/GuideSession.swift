import IAPDiagnostics
import IAPExtract
import IAPFileAccess
import IAPGenerate
import IAPMarkdown
import IAPModel
import IAPValidate

/// The shared front half of every command: decide which guides to read, read them, extract and
/// validate the model, and report what went wrong.
struct GuideSession {
    var workbook: Workbook
    var diagnostics: [Diagnostic]
    var inputErrors: [InputError]
    /// The parsed chapters in book order, when `load` was asked to keep them.
    var documents: [MarkdownDocument] = []

    /// The label standard input gets in diagnostics.
    static let standardInputName = "<stdin>"

    /// The project's `iapkit.yml`, when there is one.
    var configuration: ProjectConfiguration?
    /// What was read, for generated headers ("the guides in Workbook").
    var inputDescription = ""
    /// The folder of the book's `SUMMARY.md`, when the input is one book.
    var bookFolder: String?
    /// The book's translations, read when `load` was asked for them.
    var translations: [TranslatedBook] = []

    /// The language the book is written in: for a translation read on its own
    /// (`Workbook/zh-Hans`), its folder's tag; else `language` in `iapkit.yml` (which names the
    /// language of the book at the top); else English.
    var language: String { translationLanguage ?? configuration?.language ?? "en" }

    /// Whether a folder's tag or `iapkit.yml` says the book's language, rather than English
    /// being assumed.
    var languageIsSaid: Bool { translationLanguage != nil || configuration?.language != nil }

    /// The tag of the book's folder when that folder is a translation of the book above it.
    var translationLanguage: String?

    /// One translation of the book, read and checked like the book itself.
    struct TranslatedBook {
        var translation: Translation
        var workbook: Workbook
        var documents: [MarkdownDocument]
    }

    /// With `translations`, the book's translations are read too, each is linted, and each
    /// chapter's drift from its source is reported.
    static func load(
        _ paths: [String], context: CommandContext, keepingDocuments: Bool = false, translations: Bool = false
    ) -> GuideSession {
        guard let cache = context.sessionCache else {
            return read(paths, context: context, keepingDocuments: keepingDocuments, translations: translations)
        }
        return cache.session(for: paths) {
            read(
                paths, context: context, keepingDocuments: keepingDocuments || cache.keepsDocuments, translations: true)
        }
    }

    private static func read(
        _ paths: [String], context: CommandContext, keepingDocuments: Bool, translations: Bool
    ) -> GuideSession {
        var inputErrors: [InputError] = []
        let configuration: ProjectConfiguration?
        switch ProjectConfiguration.load(context: context) {
        case .success(let found):
            configuration = found
        case .failure(let problems):
            // A broken iapkit.yml is a usage problem: nothing was read.
            let message = "\(ProjectConfiguration.fileName) is not valid; fix the problems above"
            return GuideSession(
                workbook: Workbook(), diagnostics: DiagnosticLog(problems).sorted, inputErrors: [InputError(message)])
        }
        guard
            var requested = paths.isEmpty
                ? DefaultInput.paths(configured: configuration?.input, fileSystem: context.fileSystem) : paths
        else {
            var session = GuideSession(
                workbook: Workbook(), diagnostics: [], inputErrors: [InputError(DefaultInput.notFound)])
            session.configuration = configuration
            return session
        }
        var fileSystem = context.fileSystem
        if requested.contains("-") {
            let bytes: [UInt8]
            do {
                bytes = try context.readStandardInput()
            } catch {
                return GuideSession(
                    workbook: Workbook(), diagnostics: [],
                    inputErrors: [InputError("cannot read standard input: \(error)")])
            }
            fileSystem = StandardInputOverlay(base: fileSystem, name: standardInputName, bytes: bytes)
            requested = requested.map { $0 == "-" ? standardInputName : $0 }
        }
        let loader = WorkbookLoader(fileSystem: fileSystem, keepsDocuments: keepingDocuments)
        let loaded = loader.load(requested)
        inputErrors += loaded.inputErrors
        var diagnostics = lintDiagnostics(of: loaded)
        let bookFolder = TranslationFinder.bookFolder(of: requested, fileSystem: fileSystem)
        var translated: [TranslatedBook] = []
        if translations, let bookFolder {
            let source = TranslationDrift.Book(
                workbook: loaded.workbook, folder: bookFolder, language: configuration?.language ?? "en")
            // A folder in the book's own language is part of the book, not a translation of it.
            for translation in TranslationFinder.translations(
                of: bookFolder, fileSystem: fileSystem, diagnostics: &diagnostics)
            where translation.language.lowercased() != source.language.lowercased() {
                let book = loader.load([translation.summary])
                inputErrors += book.inputErrors
                // Its config blocks are the book's (drift says where not), so validation is not repeated.
                diagnostics += book.diagnostics
                diagnostics += TranslationDrift.check(
                    source: source,
                    translation: TranslationDrift.Book(
                        workbook: book.workbook, folder: translation.folder, language: translation.language))
                translated.append(
                    TranslatedBook(translation: translation, workbook: book.workbook, documents: book.documents))
            }
        }
        var session = GuideSession(
            workbook: loaded.workbook, diagnostics: DiagnosticLog(diagnostics).sorted, inputErrors: inputErrors)
        session.configuration = configuration
        session.documents = loaded.documents
        session.inputDescription = requested.joined(separator: ", ")
        session.bookFolder = bookFolder
        session.translations = translated
        if let bookFolder,
            case let parent = GuidePath.directory(of: bookFolder), parent != bookFolder,
            fileSystem.kind(of: GuidePath.join(parent, "SUMMARY.md")) == .file
        {
            let translation = TranslationFinder.translations(of: parent, fileSystem: fileSystem).first {
                $0.folder == bookFolder
            }
            session.translationLanguage = translation?.language
        }
        return session
    }

    /// What lint reports on loaded guides: reading, validation, and the Swift names generation
    /// would give, so that a name that cannot be used is reported before generate is run.
    static func lintDiagnostics(of loaded: WorkbookLoader.Result) -> [Diagnostic] {
        var naming = DiagnosticLog()
        _ = GeneratedNames.make(for: loaded.workbook, diagnostics: &naming)
        return loaded.diagnostics + WorkbookValidator.validate(loaded.workbook) + naming.all
    }

    var errorCount: Int { diagnostics.count { $0.severity == .error } }
    var warningCount: Int { diagnostics.count { $0.severity == .warning } }

    /// The sorted diagnostics to `sink`; input errors, which are not findings in the guides,
    /// to `errors`, with the command's prefix (`iapkit lint: error: …`).
    func report(to sink: TextSink, errors: TextSink, command: String) {
        for diagnostic in diagnostics { sink.line(diagnostic.description) }
        for error in inputErrors { errors.line("iapkit \(command): error: \(error.message)") }
    }

    var exitStatus: ExitStatus {
        if !inputErrors.isEmpty { return .usageOrInput }
        return errorCount > 0 ? .findings : .success
    }

    /// `4 chapters, 5 products, 62 checklist items: 1 error, 2 warnings`
    var summary: String {
        let workbookPart =
            [
                count(workbook.chapters.count, "chapter"), count(workbook.products.count, "product"),
                count(workbook.checklistItems.count, "checklist item"),
            ].joined(separator: ", ")
            + translations.map { book in
                "; \(book.translation.language): \(count(book.workbook.chapters.count, "chapter"))"
            }.joined()
        let problems =
            errorCount == 0 && warningCount == 0
            ? "no problems" : [count(errorCount, "error"), count(warningCount, "warning")].joined(separator: ", ")
        return "\(workbookPart): \(problems)"
    }

    private func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }
}

/// Makes standard input readable as one more file, named `<stdin>`.
struct StandardInputOverlay: GuideFileSystem {
    let base: any GuideFileSystem
    let name: String
    let bytes: [UInt8]

    func kind(of path: String) -> GuidePathKind { path == name ? .file : base.kind(of: path) }
    func contents(of path: String) throws -> [UInt8] { path == name ? bytes : try base.contents(of: path) }
    func entries(of directory: String) throws -> [String] { try base.entries(of: directory) }
    func resolvedPath(of path: String) -> String? { path == name ? "/" + name : base.resolvedPath(of: path) }
    func identity(of path: String) -> FileIdentity? { path == name ? nil : base.identity(of: path) }
    func status(of path: String) -> FileStatus? { path == name ? nil : base.status(of: path) }
    func walkEntry(at path: String) -> GuideWalkEntry {
        path == name
            ? GuideWalkEntry(kind: .file, identity: nil, resolvedPath: "/" + name) : base.walkEntry(at: path)
    }
}

extension GuideSession {
    /// The parsed chapters, handed over: the session keeps none, so whoever takes them decides
    /// when each tree is let go.
    mutating func takeDocuments() -> [MarkdownDocument] {
        defer { documents = [] }
        return documents
    }

    /// Empties the model's copy of every code block's text but the config blocks', once the
    /// checks that read them are done: the site takes code from the parsed chapters, and in a
    /// code-heavy book the copies are megabytes held until the last page is written.
    mutating func releaseCodeTexts() {
        workbook.releaseCodeTexts()
        for index in translations.indices { translations[index].workbook.releaseCodeTexts() }
    }
}

extension Workbook {
    fileprivate mutating func releaseCodeTexts() {
        for chapter in chapters.indices {
            for block in chapters[chapter].codeBlocks.indices where !chapters[chapter].codeBlocks[block].isConfig {
                chapters[chapter].codeBlocks[block].content = ""
            }
        }
    }
}
