import IAPCheck
import IAPDiagnostics
import IAPExtract
import IAPFileAccess
import IAPGenerate

/// `iapkit check`: runs the catalogue of "no products available" checks against the guides and,
/// with `--project`, an Xcode project.
enum CheckCommand: Command {
    static let name = "check"
    static let summary = "Check an Xcode project against the guides for causes of missing products."
    static let usage = "iapkit check [--project PATH] [--format text|json|markdown|sarif|junit] [PATH...]"
    static let discussion = """
        PATH names the guides, as for 'lint'. --project is an .xcodeproj or a folder holding one;
        without it only the guides are checked and the project checks are left to do by hand.
        Every check prints one result: pass, fail, warning, info or manual.

        Errors in the guides go to standard error, as 'lint' prints them, and count as a failure.
        A project file that cannot be read is reported by the check that needs it.
        Exit status: 0 when no check failed, 1 when one did, 2 for a usage mistake, guides that
        cannot be read or a path that is not an Xcode project.
        Example: iapkit check --project MyApp.xcodeproj --format sarif > iapkit.sarif
        """
    static let options: [OptionSpec] = [
        ProjectOption.spec,
        OptionSpec(
            names: ["--format"], valueName: "FORMAT", help: "Output format (default: text).",
            choices: CheckFormat.allCases.map(\.rawValue)),
        ProjectConfiguration.outsidePathsOption,
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitStatus {
        let format = arguments.value("--format").flatMap(CheckFormat.init(rawValue:)) ?? .text
        let session = GuideSession.load(arguments.positionals, context: context)
        if !session.inputErrors.isEmpty || session.errorCount > 0 {
            session.report(to: context.standardError, errors: context.standardError, command: name)
            if !session.inputErrors.isEmpty { return .usageOrInput }
        }
        guard case .loaded(let snapshot) = ProjectOption.load(arguments, session: session, context: context) else {
            return .usageOrInput
        }
        let results = CheckRunner(workbook: session.workbook, snapshot: snapshot).run()
        let report = CheckReport(results: results, reference: reference(session, context: context))
        context.standardOutput.write(report.render(format, colour: context.usesColour, toolVersion: IAPKitTool.version))
        let failed = results.contains { $0.status == .fail } || session.errorCount > 0
        return failed ? .findings : .success
    }
}

extension CheckCommand {
    /// Where the reports link each check: the URL `troubleshooting` in iapkit.yml names, else
    /// the reference `generate` wrote beside the checklist, else the book's own troubleshooting
    /// chapter, else IAPKit's Workbook chapter.
    static func reference(_ session: GuideSession, context: CommandContext) -> String {
        let configuration = session.configuration
        if let url = configuration?.troubleshooting { return url }
        let docs = ProjectConfiguration.docsDirectory(ParsedArguments(), configuration)
        let written = OutputWriter.join(docs, TroubleshootingReference.fileName)
        if context.fileSystem.kind(of: GuidePath.join(context.workingDirectory, written)) == .file { return written }
        if let chapter = session.workbook.chapters.first(where: { $0.file.hasSuffix("troubleshooting.md") }) {
            return chapter.file
        }
        return CheckDefinition.workbookReference
    }
}

/// `--project PATH`, else `project` in `iapkit.yml`: the Xcode project `check` and `generate`
/// read. Problems are printed as located errors.
enum ProjectOption {
    enum Outcome {
        /// The snapshot, or nil when no project was named.
        case loaded(ProjectSnapshot?)
        case failed
    }

    static let spec = OptionSpec(
        names: ["--project", "-p"], valueName: "PATH",
        help: "The Xcode project or its folder (default: 'project' in iapkit.yml).")

    static func path(_ arguments: ParsedArguments, session: GuideSession) -> String? {
        arguments.value("--project") ?? session.configuration?.project
    }

    static func load(_ arguments: ParsedArguments, session: GuideSession, context: CommandContext) -> Outcome {
        guard let projectPath = path(arguments, session: session) else { return .loaded(nil) }
        let loader = ProjectLoader(fileSystem: GuideProjectFileSystem(base: context.fileSystem))
        switch loader.load(projectPath, appBundleID: session.workbook.app?.bundleID.value) {
        case .success(let loaded):
            if let choice = loaded.choice {
                context.standardError.line(
                    "iapkit: note: read \(loaded.projectPath), not \(choice.others.joined(separator: ", ")): \(choice.reason)"
                )
            }
            return .loaded(loaded)
        case .failure(let failure):
            for error in failure.errors { context.standardError.line(error.description) }
            return .failed
        }
    }
}

/// The command's file system, seen as the project loader wants it.
struct GuideProjectFileSystem: ProjectFileSystem {
    let base: any GuideFileSystem

    func isDirectory(_ path: String) -> Bool? {
        switch base.kind(of: path) {
        case .file: false
        case .directory: true
        // A named pipe or a device is no project file: reading one could block or never end.
        case .special, .missing: nil
        }
    }

    func resolvedPath(of path: String) -> String? { base.resolvedPath(of: path) }
    func identity(of path: String) -> FileIdentity? { base.identity(of: path) }

    func contents(of path: String) throws -> [UInt8] { try base.contents(of: path) }
    func entries(of directory: String) throws -> [String] { try base.entries(of: directory) }
}
