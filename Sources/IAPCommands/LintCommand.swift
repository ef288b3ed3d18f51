/// `iapkit lint`: read the guides and report every problem, as a compiler would.
enum LintCommand: Command {
    static let name = "lint"
    static let summary = "Check guides: config blocks, App Store Connect rules, checklist ids, SUMMARY links."
    static let usage = "iapkit lint [PATH...] [--format text|json|github|sarif] [--quiet]"
    static let discussion = """
        PATH is a Markdown file, a SUMMARY.md, a folder (its SUMMARY.md orders the chapters,
        else every *.md file in it is read), or '-' for standard input. Problems are printed as
        'path:line:col: error|warning: message', sorted by file and line. A book's translations
        (folders beside its SUMMARY.md named by a language tag, such as zh-Hans/) are read too:
        a translated chapter whose config blocks, checklist ids, numbered steps or file-tagged
        code differ from its source, or a chapter on one side only, is reported where the
        translation has it, with a note at the source.
        --format json gives
        them to programs ('formatVersion' 1), github as annotations of a GitHub Actions run
        ('::error file=…,line=…,col=…::message'), sarif for code-scanning services.
        Example: iapkit lint Guides --format github

        Exit status: 0 when there is no error (warnings allowed), 1 when the guides have errors,
        2 for a usage mistake or a path that cannot be read.
        """
    static let options: [OptionSpec] = [
        OptionSpec(names: ["--quiet", "-q"], help: "Print the problems only, without the summary line."),
        OptionSpec(
            names: ["--format"], valueName: "FORMAT", help: "Output format (default: text).",
            choices: LintReport.formats),
        ProjectConfiguration.outsidePathsOption,
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitStatus {
        let session = GuideSession.load(arguments.positionals, context: context, translations: true)
        let format = arguments.value("--format") ?? "text"
        guard format != "text" else {
            session.report(to: context.standardOutput, errors: context.standardError, command: name)
            if !arguments.has("--quiet"), session.inputErrors.isEmpty { context.standardOutput.line(session.summary) }
            return session.exitStatus
        }
        // Paths that cannot be read stay plain errors on standard error: there is no report.
        for error in session.inputErrors { context.standardError.line("iapkit \(name): error: \(error.message)") }
        guard session.inputErrors.isEmpty else { return session.exitStatus }
        let report = LintReport(diagnostics: session.diagnostics, summary: session.summary)
        switch format {
        case "json": context.standardOutput.write(report.json)
        case "github": context.standardOutput.write(report.github)
        default: context.standardOutput.write(report.sarif(toolVersion: IAPKitTool.version))
        }
        return session.exitStatus
    }
}
