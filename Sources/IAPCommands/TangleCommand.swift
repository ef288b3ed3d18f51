import IAPGenerate

/// `iapkit tangle`: the guides' file-tagged code blocks written to the files they name, so the
/// code a chapter teaches can be built and tested like any other source.
enum TangleCommand: Command {
    static let name = "tangle"
    static let summary = "Write the guides' file-tagged code blocks to the files they name."
    static let usage = "iapkit tangle [PATH...] [-o DIR] [--check] [--force]"
    static let discussion = """
        Every code block whose info string names a file (```swift file=Sources/Store/Paywall.swift)
        is written to that path inside DIR; blocks naming the same file are joined in book order.
        A path may not leave DIR: absolute paths, '..' and symbolic links inside DIR are refused.
        Files are written only when their content changed, each atomically. DIR/.iapkit-tangle
        records the SHA-256 of every file written, so a file changed by hand since the last run
        (or one tangle never wrote) is not overwritten unless --force is given, and a file whose
        block is gone is removed unless it was changed by hand.
        DIR defaults to 'tangle' in ./iapkit.yml, else the working directory.

        Exit status: 0 done (or, with --check, every file matches the guides), 1 the guides have
        errors, a file was changed by hand, or (with --check) a file would change; 2 usage or
        unreadable input.
        Example: iapkit tangle Guides -o Samples --check
        """
    static let options: [OptionSpec] = [
        OptionSpec(
            names: ["--output", "-o"], valueName: "dir",
            help: "Folder the paths are inside (default: 'tangle' in iapkit.yml, else '.')."),
        OptionSpec(
            names: ["--check"], help: "Write nothing; exit 1 when a file is missing, differs or would be removed."),
        OptionSpec(names: ["--force"], help: "Overwrite files changed by hand since the last tangle."),
        ProjectConfiguration.outsidePathsOption,
    ]

    /// What one run would do to one path.
    enum Action: Equatable {
        case create, update, unchanged
        /// The file on disk is not what tangle last wrote there.
        case changedByHand(neverWritten: Bool)
        /// Tangle wrote it, no block names it any more, and nobody changed it since.
        case remove
        /// As `remove`, but changed by hand since: it is the user's now.
        case keepChanged
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitStatus {
        if arguments.has("--check"), arguments.has("--force") {
            return usageMistake("--check and --force cannot be combined", context: context)
        }
        let session = GuideSession.load(arguments.positionals, context: context)
        session.report(to: context.standardError, errors: context.standardError, command: name)
        guard session.inputErrors.isEmpty else {
            context.standardError.line("iapkit tangle: nothing written")
            return .usageOrInput
        }
        guard session.errorCount == 0 else {
            context.standardError.line("iapkit tangle: nothing written: the guides have errors")
            return .findings
        }
        let files = CodeTangle.files(session.workbook)
        let directory = arguments.value("--output") ?? session.configuration?.tangle ?? "."
        let writer = context.outputs.folder(directory)
        defer { writer.close() }
        let reserved = [TangleManifest.fileName, OutputLock.fileName]
        var problems = OutputPathRules.problems(files.map(\.path) + [TangleManifest.fileName], under: directory)
        for file in files {
            let name = OutputWriter.split(file.path).name
            if reserved.contains(file.path) || OutputWriter.isTemporaryName(name) {
                problems.append(
                    .init(path: writer.target(file.path), reason: "the name is one iapkit keeps for itself"))
            }
        }
        guard problems.isEmpty else {
            for problem in problems { context.standardError.line("iapkit tangle: error: \(problem)") }
            context.standardError.line("iapkit tangle: nothing written")
            return .usageOrInput
        }
        let checking = arguments.has("--check")
        if !checking {
            do {
                try writer.open(creating: true, holder: "iapkit tangle") { holder in
                    context.standardError.line(
                        "iapkit tangle: waiting for \(holder), which is writing '\(directory)'")
                }
            } catch {
                context.standardError.line("iapkit tangle: error: \(error)")
                return .usageOrInput
            }
        }
        let manifest = writer.existingText(of: TangleManifest.fileName).map(TangleManifest.init(text:)) ?? .init()
        let planned = plan(files, manifest: manifest, writer: writer)
        if checking { return reportCheck(planned, writer: writer, context: context) }

        let refused = planned.files.filter {
            if case .changedByHand = $0.action { return true } else { return false }
        }
        if !refused.isEmpty, !arguments.has("--force") {
            for (file, action) in refused {
                let reason =
                    action == .changedByHand(neverWritten: true)
                    ? "it exists and was not written by tangle" : "it was changed by hand since the last tangle"
                context.standardError.line(
                    "\(file.blocks.first.map { "\($0.location): " } ?? "")error: not overwriting '\(writer.target(file.path))': \(reason) (compare it with the block, then run again with --force to replace it)"
                )
            }
            context.standardError.line("iapkit tangle: nothing written")
            return .findings
        }
        let pending = planned.files.filter { $0.action != .unchanged }
        do {
            try writer.prepare(pending.map(\.file.path) + [TangleManifest.fileName])
            var written = TangleManifest()
            for (file, action) in planned.files {
                let bytes = Array(file.contents.utf8)
                if action != .unchanged {
                    try writer.write(path: file.path, bytes: bytes)
                    context.standardOutput.line(
                        "\(action == .create ? "created" : "updated"): \(writer.target(file.path))")
                }
                written.digests[file.path] = TangleManifest.digest(bytes)
            }
            for (path, action) in planned.leftOver {
                if action == .remove {
                    writer.remove(path: path)
                    context.standardOutput.line("removed: \(writer.target(path)) (no block names it now)")
                } else {
                    context.standardError.line(
                        "iapkit tangle: warning: kept '\(writer.target(path))': no block names it now, and it was changed by hand"
                    )
                }
            }
            if written != manifest {
                try writer.write(path: TangleManifest.fileName, bytes: Array(written.text.utf8))
            }
        } catch {
            context.standardError.line("iapkit tangle: error: \(error)")
            return .usageOrInput
        }
        let removed = planned.leftOver.count { $0.action == .remove }
        context.standardOutput.line(
            "\(pending.count) written, \(planned.files.count - pending.count) unchanged"
                + (removed > 0 ? ", \(removed) removed" : "")
                + (files.isEmpty ? " (no code block in \(session.inputDescription) names a file)" : ""))
        return .success
    }

    /// What would happen to each file of the guides, and to each file the last run wrote that no
    /// block names now.
    static func plan(_ files: [TangledFile], manifest: TangleManifest, writer: any OutputFolder)
        -> (files: [(file: TangledFile, action: Action)], leftOver: [(path: String, action: Action)])
    {
        let planned = files.map { file -> (TangledFile, Action) in
            guard let existing = writer.existingBytes(file.path) else { return (file, .create) }
            if existing == Array(file.contents.utf8) { return (file, .unchanged) }
            guard let recorded = manifest.digests[file.path] else { return (file, .changedByHand(neverWritten: true)) }
            return (file, TangleManifest.digest(existing) == recorded ? .update : .changedByHand(neverWritten: false))
        }
        let named = Set(files.map(\.path))
        let leftOver = manifest.digests.keys.sorted().filter { !named.contains($0) }.compactMap {
            path -> (String, Action)? in
            guard let existing = writer.existingBytes(path) else { return nil }
            return (path, TangleManifest.digest(existing) == manifest.digests[path] ? .remove : .keepChanged)
        }
        return (planned, leftOver)
    }

    /// `--check`: every difference between the guides and the folder, one line each.
    private static func reportCheck(
        _ planned: (files: [(file: TangledFile, action: Action)], leftOver: [(path: String, action: Action)]),
        writer: any OutputFolder, context: CommandContext
    ) -> ExitStatus {
        var differences = 0
        for (file, action) in planned.files where action != .unchanged {
            differences += 1
            let what =
                switch action {
                case .create: "missing (would be created)"
                case .changedByHand(neverWritten: true): "differs from its block, and was not written by tangle"
                case .changedByHand: "changed by hand since the last tangle"
                default: "differs from its block (would be updated)"
                }
            context.standardOutput.line(
                "\(file.blocks.first.map { "\($0.location): " } ?? "")stale: '\(writer.target(file.path))' \(what)")
        }
        for (path, action) in planned.leftOver {
            differences += 1
            let what = action == .remove ? "would be removed" : "was changed by hand and would be kept"
            context.standardOutput.line("stale: '\(writer.target(path))': no block names it now; it \(what)")
        }
        if differences == 0 { context.standardOutput.line("up to date: \(planned.files.count) files") }
        return differences == 0 ? .success : .findings
    }
}
