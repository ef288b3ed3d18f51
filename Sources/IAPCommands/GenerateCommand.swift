import Foundation
import IAPCheck
import IAPExtract
import IAPFileAccess
import IAPGenerate
import IAPMarkdown
import IAPModel
import Templates

/// `iapkit generate`: the Swift store code and the `.storekit` file for the guides' products.
enum GenerateCommand: Command {
    static let name = "generate"
    static let summary = "Write the StoreKit code and .storekit file for the guides' products."
    static let usage =
        "iapkit generate [PATH...] [-o DIR] [--dry-run | --check] [--templates DIR] [--param KEY=VALUE]... [--project PATH] [--language TAG]"
    static let discussion = """
        Writes only files whose content changed, each atomically, so running it again writes
        nothing. The file '<Manager>+Handlers.swift' is created once and then belongs to you.
        ValidationChecklist.md lists every pitfall for the app's products: what only a person
        can confirm as task items (ticks survive regeneration), what the files decide with the
        result of 'iapkit check' on the project given by --project or 'project' in iapkit.yml.
        Troubleshooting.md, written beside it, is the reference its links open (or set
        'troubleshooting: URL' in iapkit.yml to link there instead). With --docs or 'docs', both
        go to a folder of their own, so the output folder holds only Swift and .storekit files.
        Both are written in the book's language ('language' in iapkit.yml, or --language) when
        IAPKit's reference exists in it (en, zh-Hans), else in English.
        Defaults come from 'output', 'docs', 'templates', 'accessLevel', 'language' and 'params' in
        ./iapkit.yml; the output folder defaults to 'Generated'.

        Exit status: 0 done (or, with --check, everything up to date), 1 the guides have errors
        or (with --check) an output is stale, 2 usage or unreadable input.
        Example: iapkit generate Guides -o Store --docs IAPKit --project MyApp.xcodeproj
        """
    static let options: [OptionSpec] = [
        OptionSpec(names: ["--output", "-o"], valueName: "dir", help: "Folder to write to (default: Generated)."),
        OptionSpec(names: ["--dry-run"], help: "List each file and whether it would change; write nothing."),
        OptionSpec(names: ["--check"], help: "Write nothing; exit 1 when an output is missing or stale."),
        OptionSpec(
            names: ["--templates"], valueName: "dir",
            help: "Folder whose templates replace built-in ones of the same name."),
        OptionSpec(
            names: ["--param"], valueName: "key=value", help: "A value templates read as {{param.key}}; repeatable.",
            repeatable: true),
        OptionSpec(
            names: ["--access-level"], valueName: "level", help: "internal or public (overrides the guide).",
            choices: ["internal", "public"]),
        OptionSpec(
            names: ["--docs"], valueName: "dir",
            help:
                "Folder for ValidationChecklist.md and Troubleshooting.md (default: 'docs' in iapkit.yml, else the output folder)."
        ),
        OptionSpec(
            names: ["--swift-file"], valueName: "file",
            help:
                "Write every generated Swift source but the handlers scaffold as this one file, and nothing else (for build plugins)."
        ),
        OptionSpec(
            names: ["--language"], valueName: "tag",
            help:
                "Language of ValidationChecklist.md and Troubleshooting.md (default: 'language' in iapkit.yml, else en).",
            choices: TroubleshootingReference.languages),
        ProjectOption.spec,
        ProjectConfiguration.outsidePathsOption,
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitStatus {
        // The digest and the session read the same guides: each file once.
        var context = context
        context.fileSystem = ReadOnceFileSystem(context.fileSystem)
        let singleFile = arguments.value("--swift-file")
        let skippable = singleFile == nil && !arguments.has("--check") && !arguments.has("--dry-run")
        // The quick answer (no input changed size or time) reads only iapkit.yml and the stamp;
        // the full one hashes the guides. Both need a folder no run is writing and no killed run
        // left anything in; otherwise the full run below waits for the lock and sweeps.
        if skippable, let up = upToDate(arguments, context: context) {
            context.standardOutput.line("0 written, \(up.outputs.count) unchanged")
            return .success
        }
        let digest = inputDigest(arguments, context: context)
        if singleFile != nil,
            let other = ["--output", "--docs", "--check", "--dry-run", "--project"].first(where: {
                arguments.has($0) || arguments.value($0) != nil
            })
        {
            context.standardError.line("iapkit generate: error: --swift-file cannot be combined with \(other)")
            return .usageOrInput
        }
        if skippable, let digest, let up = upToDate(digest: digest, context: context) {
            context.standardOutput.line("0 written, \(up.outputs.count) unchanged")
            return .success
        }
        let session = GuideSession.load(arguments.positionals, context: context)
        session.report(to: context.standardError, errors: context.standardError, command: name)
        guard session.inputErrors.isEmpty else {
            context.standardError.line("iapkit generate: nothing written")
            return .usageOrInput
        }
        guard session.errorCount == 0 else {
            context.standardError.line("iapkit generate: nothing written: the guides have errors")
            return .findings
        }
        let configuration = session.configuration
        var parameters = configuration?.params ?? [:]
        for pair in arguments.all("--param") {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                context.standardError.line("iapkit generate: error: '--param \(pair)' is not KEY=VALUE")
                return .usageOrInput
            }
            parameters[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        let accessLevel = (arguments.value("--access-level") ?? configuration?.accessLevel).flatMap(AccessLevel.init)
        let userTemplates = arguments.value("--templates") ?? configuration?.templates
        if let userTemplates, context.fileSystem.kind(of: userTemplates) != .directory {
            context.standardError.line("iapkit generate: error: no templates folder '\(userTemplates)'")
            return .usageOrInput
        }
        let files = context.fileSystem
        let library = TemplateLibrary(userFolder: userTemplates) { path, folder throws(InputFileError) in
            try files.read(path, inside: folder)
        }
        let outputDirectory = ProjectConfiguration.outputDirectory(arguments, configuration)
        let docsDirectory = ProjectConfiguration.docsDirectory(arguments, configuration)
        // The reference is written beside the checklist, unless iapkit.yml names its URL.
        let referenceURL = configuration?.troubleshooting
        // Named the same whatever the output folder is called, so that the code does not change
        // with the folder it is written to.
        let troubleshooting =
            referenceURL
            ?? (docsDirectory == outputDirectory
                ? "\(TroubleshootingReference.fileName) beside the generated store"
                : OutputWriter.join(docsDirectory, TroubleshootingReference.fileName))
        let options = GenerationOptions(
            accessLevel: accessLevel, parameters: parameters, troubleshooting: troubleshooting,
            sourceDescription: "the guides in \(session.inputDescription)")
        let generated = Generator.generate(session.workbook, options: options, templates: library)
        // The guides' own diagnostics, naming included, were reported with the session.
        for diagnostic in generated.diagnostics where !session.diagnostics.contains(diagnostic) {
            context.standardError.line(diagnostic.description)
        }
        guard !generated.diagnostics.contains(where: { $0.severity == .error }) else {
            context.standardError.line("iapkit generate: nothing written")
            return .findings
        }
        if let singleFile {
            return writeSwiftFile(generated.files, to: singleFile, source: session.inputDescription, context: context)
        }
        let writer = context.outputs.folder(outputDirectory)
        // The checklist and the reference are not compiled: with `docs` they live outside the
        // output folder, which then holds only what an app target takes.
        let docsWriter = docsDirectory == outputDirectory ? writer : context.outputs.folder(docsDirectory)
        guard case .loaded(let snapshot) = ProjectOption.load(arguments, session: session, context: context) else {
            return .usageOrInput
        }
        let writes = !arguments.has("--check") && !arguments.has("--dry-run")
        let docsNames =
            [ValidationChecklist.fileName] + (referenceURL == nil ? [TroubleshootingReference.fileName] : [])
        if writes {
            // Every name is checked before the folder is even created; then the folder is
            // locked, so the checklist's ticks, the writes and the stamp belong to this run alone.
            let outputNames = generated.files.map(\.path) + [GenerationStamp.fileName]
            let problems =
                docsWriter === writer
                ? OutputPathRules.problems(outputNames + docsNames, under: writer.directory)
                : OutputPathRules.problems(outputNames, under: writer.directory)
                    + OutputPathRules.problems(docsNames, under: docsWriter.directory)
            guard problems.isEmpty else {
                for problem in problems { context.standardError.line("iapkit generate: error: \(problem)") }
                context.standardError.line("iapkit generate: nothing written")
                return .usageOrInput
            }
            for folder in docsWriter === writer ? [writer] : [writer, docsWriter] {
                do {
                    try folder.open(creating: true, holder: "iapkit generate") { holder in
                        context.standardError.line(
                            "iapkit generate: waiting for \(holder), which is writing '\(folder.directory)'")
                    }
                } catch {
                    context.standardError.line("iapkit generate: error: \(error)")
                    return .usageOrInput
                }
            }
        }
        defer {
            writer.close()
            docsWriter.close()
        }
        let language = docsLanguage(arguments, session: session, context: context)
        var docs = [
            checklist(session, snapshot: snapshot, writer: docsWriter, reference: referenceURL, language: language)
        ]
        if referenceURL == nil {
            docs.append(
                GeneratedFile(
                    path: TroubleshootingReference.fileName,
                    contents: ReferenceAnchors.addingEnglishAnchors(
                        to: TroubleshootingReference.markdown(source: session.inputDescription, language: language))))
        }
        let placed =
            keepingXcodeSettings(generated.files, writer: writer, context: context).map { ($0, writer) }
            + docs.map { ($0, docsWriter) }
        let status = apply(placed, arguments: arguments, context: context)
        if status == .success, writes, let digest {
            let outputs = placed.map { file, writer in
                GenerationStamp.Record(
                    path: writer.target(file), status: context.outputs.status(of: writer.target(file)))
            }
            let stamp = GenerationStamp(
                digest: digest.value, key: digest.key, inputs: digest.inputs, outputs: outputs)
            do {
                try writer.write(path: GenerationStamp.fileName, bytes: Array(stamp.text.utf8))
            } catch {
                context.standardError.line("iapkit generate: warning: the next run cannot skip work: \(error)")
            }
        }
        return status
    }

    /// `--swift-file`: the generated Swift sources one after another in one file, which a build
    /// plugin declares as its only output. The handlers scaffold is left out: it belongs in the
    /// app's own sources, where it is written once.
    private static func writeSwiftFile(
        _ files: [GeneratedFile], to path: String, source: String, context: CommandContext
    ) -> ExitStatus {
        let sources = files.filter { $0.path.hasSuffix(".swift") && !$0.isScaffold }
        var text = "// Generated by `iapkit generate --swift-file` from \(source): \(sources.count) files in one.\n"
        for file in sources {
            text += "\n// MARK: - \(file.path)\n\n" + file.contents
            if !text.hasSuffix("\n") { text += "\n" }
        }
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let writer = context.outputs.folder(folder)
        defer { writer.close() }
        let file = GeneratedFile(path: name, contents: text)
        do {
            try writer.open(creating: true, holder: "iapkit generate") { holder in
                context.standardError.line("iapkit generate: waiting for \(holder), which is writing '\(folder)'")
            }
            let change = writer.change(for: file)
            guard change != .unchanged else {
                context.standardOutput.line("unchanged: \(path)")
                return .success
            }
            try writer.prepare([name])
            try writer.write(file)
            context.standardOutput.line("\(change == .create ? "created" : "updated"): \(path)")
            return .success
        } catch {
            context.standardError.line("iapkit generate: error: \(error)")
            return .usageOrInput
        }
    }

    /// The `.storekit` file keeps what was set in Xcode and what the guides do not model.
    private static func keepingXcodeSettings(
        _ files: [GeneratedFile], writer: any OutputFolder, context: CommandContext
    ) -> [GeneratedFile] {
        files.map { file in
            guard file.path.hasSuffix(".storekit") else { return file }
            let merged = StoreKitFileMerger.merge(
                generated: file.contents, existing: writer.existingText(of: file.path),
                path: writer.target(file))
            for warning in merged.warnings { context.standardError.line(warning.description) }
            var kept = file
            kept.contents = merged.text
            return kept
        }
    }

    /// The validation checklist, keeping the ticks of the file it replaces.
    /// The language of the checklist and the reference: `--language`, else the book's, when
    /// the reference is written in it; else English, with a note when the book asked for
    /// another (`--language` only takes the languages there are).
    private static func docsLanguage(
        _ arguments: ParsedArguments, session: GuideSession, context: CommandContext
    ) -> String {
        let wanted = arguments.value("--language") ?? session.language
        guard let language = TroubleshootingReference.language(for: wanted) else {
            context.standardError.line(
                "iapkit generate: note: the checklist and the troubleshooting reference are written in English; "
                    + "IAPKit has them in \(TroubleshootingReference.languages.joined(separator: ", ")), not in '\(wanted)'"
            )
            return "en"
        }
        return language
    }

    /// The ids of the items ticked in a previous checklist, read as any guide's checklist is
    /// (`- [x]` or `- [X]`, any bullet or indent, a trailing `{#id}`), so a tick survives
    /// regeneration wherever the guide reader would count it.
    static func tickedIDs(in text: String, file: String) -> Set<String> {
        let chapter = ChapterReader.read(SourceText(file: file, text: text)).chapter
        return Set(chapter.checklists.flatMap(\.items).filter(\.isDone).compactMap(\.id))
    }

    private static func checklist(
        _ session: GuideSession, snapshot: ProjectSnapshot?, writer: any OutputFolder, reference: String?,
        language: String
    ) -> GeneratedFile {
        let path = ValidationChecklist.fileName
        let previous = writer.existingText(of: path).map { tickedIDs(in: $0, file: path) } ?? []
        let results = CheckRunner(workbook: session.workbook, snapshot: snapshot).run()
        let checklist = ValidationChecklist(
            workbook: session.workbook, results: results, ticked: previous, source: session.inputDescription,
            projectChecked: snapshot != nil, reference: reference ?? TroubleshootingReference.fileName,
            wording: ChecklistWording.forLanguage(language, reference: TroubleshootingReference.chapter(in: language)))
        return GeneratedFile(path: path, contents: checklist.markdown, isScaffold: false)
    }

    /// What this run depends on, hashed: the arguments, `iapkit.yml`, every guide file and every
    /// template. Nil when it cannot be known without parsing (standard input, unreadable paths).
    /// What a generation depends on: the options' digest (`key`), the inputs a quick answer
    /// looks at with their size and time, and the digest of all of it, file contents included.
    struct Fingerprint {
        var value: String
        var key: String
        var inputs: [GenerationStamp.Record]
        var outputDirectory: String
    }

    /// The stamp of an earlier run that this one would repeat, judged by the options and the
    /// inputs' sizes and times alone, or nil.
    private static func upToDate(_ arguments: ParsedArguments, context: CommandContext) -> GenerationStamp? {
        guard case .success(let configuration) = ProjectConfiguration.load(context: context),
            arguments.value("--project") == nil, configuration?.project == nil,
            (arguments.value("--templates") ?? configuration?.templates) == nil
        else { return nil }
        let writer = context.outputs.folder(ProjectConfiguration.outputDirectory(arguments, configuration))
        guard !writer.holdsRunLeftovers, let stamp = GenerationStamp.read(from: writer),
            stamp.inputsUnchanged(key: optionsKey(arguments), in: context.fileSystem),
            stamp.outputsUntouched(in: context.outputs)
        else { return nil }
        return stamp
    }

    /// The stamp of an earlier run whose inputs had the same digest, or nil.
    private static func upToDate(digest: Fingerprint, context: CommandContext) -> GenerationStamp? {
        let writer = context.outputs.folder(digest.outputDirectory)
        guard !writer.holdsRunLeftovers, let stamp = GenerationStamp.read(from: writer),
            stamp.digest == digest.value, stamp.outputsUntouched(in: context.outputs)
        else { return nil }
        return stamp
    }

    /// The digest of what is not a file: the version, the options and the built-in templates.
    private static func optionsKey(_ arguments: ParsedArguments) -> String {
        var digest = InputDigest()
        digest.add(IAPKitTool.version)
        for (key, values) in arguments.values.sorted(by: { $0.name < $1.name }) {
            digest.add(key)
            values.forEach { digest.add($0) }
        }
        // One by one (each ends in a separator), not joined: `joined` is generic code that the
        // runtime would instantiate at every start.
        digest.add("positionals")
        for positional in arguments.positionals { digest.add(positional) }
        digest.add(BuiltInTemplates.digest)
        return digest.hex
    }

    private static func inputDigest(_ arguments: ParsedArguments, context: CommandContext) -> Fingerprint? {
        // Each input's size and time is taken before it is read: a file changed after its read
        // then no longer matches, and the next run looks again.
        let configurationStatus = context.fileSystem.status(of: ProjectConfiguration.fileName)
        guard case .success(let configuration) = ProjectConfiguration.load(context: context) else { return nil }
        // A project's files change the checklist; they are not hashed, so every run reads them.
        guard arguments.value("--project") == nil, configuration?.project == nil else { return nil }
        guard
            let requested = arguments.positionals.isEmpty
                ? DefaultInput.paths(configured: configuration?.input, fileSystem: context.fileSystem)
                : arguments.positionals,
            !requested.contains("-")
        else { return nil }
        let planned = BookPlanner(fileSystem: context.fileSystem).plan(requested)
        guard planned.inputErrors.isEmpty, planned.diagnostics.isEmpty else { return nil }
        let key = optionsKey(arguments)
        var digest = InputDigest()
        digest.add(key)
        var inputs = [GenerationStamp.Record(path: ProjectConfiguration.fileName, status: configurationStatus)]
        if let bytes = try? context.fileSystem.contents(of: ProjectConfiguration.fileName) { digest.add(bytes) }
        for path in planned.plan.summaries + planned.plan.chapters.map(\.path) {
            inputs.append(GenerationStamp.Record(path: path, status: context.fileSystem.status(of: path)))
            guard let bytes = try? context.fileSystem.contents(of: path) else { return nil }
            digest.add(path)
            digest.add(bytes)
        }
        let userTemplates = arguments.value("--templates") ?? configuration?.templates
        if let userTemplates { digest.addFolder(userTemplates, in: context.fileSystem) }
        // The quick answer needs a list of inputs that only a changed file can change: a book's
        // chapters are listed by its SUMMARY.md, but a folder of chapters gains one unseen, and
        // so does a templates folder. A file without size and time (memory) has no quick answer.
        let listed = requested.allSatisfy { path in
            context.fileSystem.kind(of: path) == .file
                || planned.plan.summaries.contains(GuidePath.join(path, "SUMMARY.md"))
        }
        if !listed || userTemplates != nil || inputs.dropFirst().contains(where: { $0.status == nil }) { inputs = [] }
        return Fingerprint(
            value: digest.hex, key: key, inputs: inputs,
            outputDirectory: ProjectConfiguration.outputDirectory(arguments, configuration))
    }

    /// Writes each file that changed through the writer of its folder, after checking and making
    /// every folder; with `--check` or `--dry-run` it only says what would change.
    private static func apply(
        _ placed: [(GeneratedFile, any OutputFolder)], arguments: ParsedArguments, context: CommandContext
    ) -> ExitStatus {
        let changes = placed.map { ($0.0, $0.1, $0.1.change(for: $0.0)) }
        let pending = changes.filter { $0.2 == .create || $0.2 == .update }
        if arguments.has("--check") {
            for (file, writer, change) in pending where !file.isScaffold {
                context.standardOutput.line("stale: \(writer.target(file)) (would be \(change.rawValue))")
            }
            let stale = pending.contains { !$0.0.isScaffold }
            if !stale { context.standardOutput.line("up to date: \(placed.count) files") }
            return stale ? .findings : .success
        }
        if arguments.has("--dry-run") {
            for (file, writer, change) in changes {
                let verb = change == .create || change == .update ? "would be \(change.rawValue)" : change.rawValue
                context.standardOutput.line("\(writer.target(file)): \(verb)")
            }
            return .success
        }
        do {
            // The folders of every file, checked and made before the first write; the stamp too.
            var writers: [any OutputFolder] = []
            for (_, writer, _) in changes where !writers.contains(where: { $0 === writer }) { writers.append(writer) }
            for (index, writer) in writers.enumerated() {
                let paths = pending.filter { $0.1 === writer }.map(\.0.path)
                try writer.prepare(paths + (index == 0 ? [GenerationStamp.fileName] : []))
            }
        } catch {
            context.standardError.line("iapkit generate: error: \(error)")
            context.standardError.line("iapkit generate: nothing written")
            return .usageOrInput
        }
        for (file, writer, change) in pending {
            do {
                try writer.write(file)
            } catch {
                context.standardError.line("iapkit generate: error: \(error)")
                return .usageOrInput
            }
            context.standardOutput.line("\(change.rawValue): \(writer.target(file))")
        }
        let unchanged = changes.count - pending.count
        context.standardOutput.line("\(pending.count) written, \(unchanged) unchanged")
        return .success
    }
}
