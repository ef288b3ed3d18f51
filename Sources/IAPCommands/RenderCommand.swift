import IAPDiagnostics
import IAPExtract
import IAPFileAccess
import IAPRender

/// `iapkit render`: the guides as a static site for people to read and work through.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "Write the guides as a static HTML site that works offline, from file://."
    static let usage = "iapkit render [PATH] [-o DIR] [--pdf FILE] [--unsafe-html] [--strict] [--quiet]"
    static let discussion = """
        Writes one page per chapter (the first is index.html), print.html with every chapter,
        search-index.js and the assets. Pages load nothing from other hosts. Checklist items
        become checkboxes whose state the browser keeps. Only files whose content changed are
        written. The folder defaults to 'site' in ./iapkit.yml, else .build/site.

        Links between chapters and to anchors are checked; a broken one is a warning, or an
        error with --strict. Raw HTML in the guides is left out, with a warning for each block,
        unless --unsafe-html is given.

        --pdf FILE prints print.html to FILE through headless Chromium or Google Chrome (CHROMIUM
        may name it): a page break before each chapter, product tables whole, the config
        source shown, and each link's address as a numbered note at the end of its chapter.

        Exit status: 0 done, 1 the guides have errors (or, with --strict, a broken link),
        2 usage or unreadable input.
        Example: iapkit render Guides -o site --strict
        Example: iapkit render Guides --pdf handouts.pdf
        """
    static let options: [OptionSpec] = [
        OptionSpec(names: ["--output", "-o"], valueName: "dir", help: "Folder to write to (default: .build/site)."),
        OptionSpec(
            names: ["--pdf"], valueName: "file", help: "Also print the whole book to this PDF file (needs Chromium)."),
        OptionSpec(names: ["--unsafe-html"], help: "Keep raw HTML from the guides; only for guides you trust."),
        OptionSpec(names: ["--strict"], help: "Treat broken links and anchors as errors."),
        OptionSpec(names: ["--quiet", "-q"], help: "Print problems only: no progress, no summary line."),
        ProjectConfiguration.outsidePathsOption,
    ]

    /// Why a PDF cannot be written at `path`, or nil: its folder must exist, and the path must
    /// not be a folder itself.
    static func pdfPlaceProblem(_ path: String, fileSystem: any GuideFileSystem) -> String? {
        if path.isEmpty || path.hasSuffix("/") { return "the path names a folder, not a file" }
        if fileSystem.kind(of: path) == .directory { return "it is a folder" }
        let folder = OutputWriter.split(path).folder
        guard !folder.isEmpty else { return nil }
        switch fileSystem.kind(of: folder) {
        case .directory: return nil
        case .missing: return "the folder \(Diagnostic.quote(folder)) does not exist"
        default: return "\(Diagnostic.quote(folder)) is not a folder"
        }
    }

    /// Books with fewer chapters render too fast for a progress line to help.
    static let progressThreshold = 10

    static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitStatus {
        guard !arguments.positionals.contains("-") else {
            context.standardError.line(
                "iapkit render: error: render reads files; '-' (standard input) is not supported")
            return .usageOrInput
        }
        // Chromium says only that it wrote no PDF, so a place it cannot write is named first.
        if let pdf = arguments.value("--pdf"), let problem = pdfPlaceProblem(pdf, fileSystem: context.fileSystem) {
            context.standardError.line("iapkit render: error: cannot print to \(Diagnostic.quote(pdf)): \(problem)")
            return .usageOrInput
        }
        // The loader keeps the trees it parsed, so no chapter is read or parsed twice.
        var session = GuideSession.load(
            arguments.positionals, context: context, keepingDocuments: true, translations: true)
        // An input error says what was not read; this says that the rest was not rendered either.
        guard session.inputErrors.isEmpty else {
            session.report(to: context.standardError, errors: context.standardError, command: name)
            context.standardError.line("iapkit render: nothing written")
            return .usageOrInput
        }
        session.releaseCodeTexts()
        let bookChapterCount = session.documents.count
        let chapterCount = bookChapterCount + session.translations.reduce(0) { $0 + $1.documents.count }
        // The parser's own trees are freed by now, and the site is built in the pages they
        // held: given back to the system, those pages would have to be cleared again for the
        // site, and on a virtual machine that hands freed memory back to its host that cost
        // more than it saved (3.5 % of the time, the median of eight alternating comparisons, for
        // 2 to 19 MB more at the peak; see Benchmarks/README.md).
        let quiet = arguments.has("--quiet")
        let showsProgress =
            !quiet && context.standardErrorIsTerminal && chapterCount >= progressThreshold
        var options = SiteOptions(title: bookTitle(session), allowRawHTML: arguments.has("--unsafe-html"))
        options.language = session.language
        // A book that does not say its language gets, page by page, the one its words are
        // written in; a book with translations says it by their folders.
        options.languageFromProse = !session.languageIsSaid && session.translations.isEmpty
        options.bookFolder = session.bookFolder ?? ""
        let report: @Sendable (Int, Int) -> Void = { done, total in
            guard showsProgress else { return }
            context.standardError.write("\rrendering \(done)/\(total) chapters" + (done == total ? "\n" : ""))
        }
        // A book with translations is one site: the book at its top, each translation in the
        // folder of its language.
        let site =
            session.translations.isEmpty
            ? SiteRenderer.render(
                session.workbook, documents: session.takeDocuments(), options: options, progress: report)
            : SiteRenderer.render(
                books: [
                    SiteBook(
                        workbook: session.workbook, documents: session.documents, language: session.language,
                        folder: session.bookFolder ?? "", sitePath: "")
                ]
                    + session.translations.map { book in
                        SiteBook(
                            workbook: book.workbook, documents: book.documents, language: book.translation.language,
                            folder: book.translation.folder, sitePath: book.translation.language)
                    }, options: options, progress: report)
        var files = site.files
        var siteProblems = site.diagnostics
        for image in site.images {
            switch copy(image, fileSystem: context.fileSystem) {
            case .copied(let bytes): files.append(RenderedFile(path: image.path, bytes: bytes))
            case .refused(let problem): siteProblems.append(problem)
            }
        }
        let strict = arguments.has("--strict")
        let linkProblems = siteProblems.map { diagnostic in
            var diagnostic = diagnostic
            if strict, diagnostic.severity == .warning { diagnostic.severity = .error }
            return diagnostic
        }
        let diagnostics = DiagnosticLog(session.diagnostics + linkProblems).sorted
        // The model, the site and the diagnostics are the bulk of the memory; the process ends
        // when this command does.
        defer { context.keepUntilExit((session, site, files, diagnostics)) }
        // One write for all of them: a large book can have thousands.
        if !diagnostics.isEmpty {
            context.standardError.write(diagnostics.map { $0.description + "\n" }.joined())
        }

        let writer = context.outputs.folder(
            arguments.value("--output") ?? session.configuration?.site ?? ".build/site")
        let manifest = SiteManifest(paths: files.map(\.path))
        // Every name is checked before the folder is created; then the folder is locked, its
        // folders are checked and made one at a time, and the files are written on every core:
        // a large book is hundreds of pages, and its page and print view are megabytes each.
        let problems = OutputPathRules.problems(manifest.paths + [SiteManifest.fileName], under: writer.directory)
        guard problems.isEmpty else {
            for problem in problems { context.standardError.line("iapkit render: error: \(problem)") }
            context.standardError.line("iapkit render: nothing written")
            return .usageOrInput
        }
        let previous: SiteManifest?
        do {
            try writer.open(creating: true, holder: "iapkit render") { holder in
                context.standardError.line(
                    "iapkit render: waiting for \(holder), which is writing '\(writer.directory)'")
            }
            previous = writer.existingText(of: SiteManifest.fileName).map(SiteManifest.init(text:))
            try writer.prepare(manifest.paths + [SiteManifest.fileName])
        } catch {
            context.standardError.line("iapkit render: error: \(error)")
            context.standardError.line("iapkit render: nothing written")
            return .usageOrInput
        }
        defer { writer.close() }
        // Before any page is written, the list names the old book's files and the new one's: a
        // run killed halfway leaves pages the list still names, so the next run removes those
        // its book has no more.
        if previous != manifest {
            let both = SiteManifest(paths: Array(Set(previous?.paths ?? []).union(manifest.paths)))
            if both != previous {
                do {
                    try writer.write(path: SiteManifest.fileName, bytes: Array(both.text.utf8))
                } catch {
                    context.standardError.line("iapkit render: error: \(error)")
                    return .usageOrInput
                }
            }
        }
        let siteFiles = files
        let outcomes = concurrentMap(count: siteFiles.count) { index -> Result<Bool, OutputWriter.WriteError> in
            let file = siteFiles[index]
            let change = writer.change(path: file.path, pieces: file.pieces)
            guard change == .create || change == .update else { return .success(false) }
            do throws(OutputWriter.WriteError) {
                try writer.write(path: file.path, pieces: file.pieces)
                return .success(true)
            } catch {
                return .failure(error)
            }
        }
        var written = 0
        var failed = false
        for outcome in outcomes {
            switch outcome {
            case .success(let wrote): written += wrote ? 1 : 0
            case .failure(let error):
                context.standardError.line("iapkit render: error: \(error)")
                failed = true
            }
        }
        if !failed {
            // Pages of chapters the book no longer has go, then the list names this book's files.
            for path in previous?.leftOver(after: manifest) ?? [] { writer.remove(path: path) }
            if previous != manifest {
                do {
                    try writer.write(path: SiteManifest.fileName, bytes: Array(manifest.text.utf8))
                } catch {
                    context.standardError.line("iapkit render: error: \(error)")
                    failed = true
                }
            }
        }
        if failed { return .usageOrInput }
        if let pdf = arguments.value("--pdf") {
            let page = writer.directory + "/print.html"
            switch context.printToPDF?(page, pdf) ?? .failure(.noBrowser) {
            case .success:
                if !quiet { context.standardOutput.line("printed \(plural(bookChapterCount, "chapter")) to \(pdf)") }
            case .failure(.noBrowser):
                context.standardError.line(
                    "iapkit render: error: --pdf prints through headless Chromium or Google Chrome, and neither was found; "
                        + "install it (Debian and Ubuntu: apt-get install chromium; macOS: brew install --cask chromium) "
                        + "or name it with CHROMIUM=/path/to/chromium")
                return .usageOrInput
            case .failure(.failed(let reason)):
                context.standardError.line("iapkit render: error: printing \(Diagnostic.quote(pdf)) failed: \(reason)")
                return .usageOrInput
            }
        }
        let errors = diagnostics.count { $0.severity == .error }
        let warnings = diagnostics.count { $0.severity == .warning }
        if !quiet {
            let problems =
                errors + warnings == 0
                ? "no problems" : "\(plural(errors, "error")), \(plural(warnings, "warning"))"
            context.standardOutput.line(
                "rendered \(plural(chapterCount, "chapter"))\(languagesNote(session)) to \(writer.directory): "
                    + "\(written) written, \(files.count - written) unchanged; \(problems)")
        }
        return errors > 0 ? .findings : .success
    }

    private enum ImageCopy {
        case copied([UInt8])
        case refused(Diagnostic)
    }

    /// An image's bytes, when it may go into the site: a regular file inside the book's folder
    /// after symbolic links, of an image type its bytes and its name agree on.
    private static func copy(_ image: SiteImage, fileSystem: any GuideFileSystem) -> ImageCopy {
        let name = Diagnostic.quote(image.source)
        switch fileSystem.kind(of: image.source) {
        case .file: break
        case .missing: return .refused(.warning("image \(name) does not exist", at: image.location))
        case .directory: return .refused(.warning("image \(name) is a folder; it is not copied", at: image.location))
        case .special(let what):
            return .refused(.warning("image \(name) is \(what), not a file; it is not copied", at: image.location))
        }
        if let folder = fileSystem.resolvedPath(of: image.bookFolder),
            fileSystem.resolvedPath(of: image.source).map({ !InputFile.isInside($0, root: folder) }) ?? true
        {
            return .refused(
                .warning(
                    "image \(name) leads outside the book's folder through a symbolic link; it is not copied",
                    at: image.location))
        }
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.contents(of: image.source)
        } catch {
            return .refused(.warning("image \(name) cannot be read: \(error)", at: image.location))
        }
        if let refusal = ImageAdmission.refusal(of: bytes, path: image.path) {
            return .refused(.warning("image \(name) \(refusal)", at: image.location))
        }
        return .copied(bytes)
    }

    /// The input folder's name (`Workbook`), else the first chapter's title.
    private static func bookTitle(_ session: GuideSession) -> String {
        let input = session.inputDescription.split(separator: ",").first.map(String.init) ?? ""
        var name = input.split(separator: "/").last.map(String.init) ?? ""
        if name.lowercased().hasSuffix(".md") { name = "" }
        if !name.isEmpty, name != "." { return name }
        return session.workbook.chapters.first?.title ?? "Guide"
    }

    /// ` in 2 languages (en, zh-Hans)` for a book with translations.
    private static func languagesNote(_ session: GuideSession) -> String {
        guard !session.translations.isEmpty else { return "" }
        let tags = [session.language] + session.translations.map(\.translation.language)
        return " in \(tags.count) languages (\(tags.joined(separator: ", ")))"
    }

    private static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
