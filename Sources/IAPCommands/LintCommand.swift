/// `iapkit lint`: read the guides and report every problem, as a compiler would.
enum LintCommand: Command {
    static let name = "lint"
    static let summary = "Check guides: config blocks, App Store Connect rules, checklist ids, SUMMARY links."
    static let usage = "iapkit lint [PATH...]"
    static let discussion = """
        PATH is a Markdown file, a SUMMARY.md, a folder (its SUMMARY.md orders the chapters,
        else every *.md file in it is read), or '-' for standard input. Problems are printed as
        'path:line:col: error|warning: message', sorted by file and line.

        Exit status: 0 when there is no error (warnings allowed), 1 when the guides have errors,
        2 for a usage mistake or a path that cannot be read.
        """
    static let options: [OptionSpec] = [
        OptionSpec(names: ["--quiet", "-q"], help: "Print the problems only, without the summary line."),
        ProjectConfiguration.outsidePathsOption,
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitStatus {
        let session = GuideSession.load(arguments.positionals, context: context)
        session.report(to: context.standardOutput, errors: context.standardError)
        if !arguments.has("--quiet"), session.inputErrors.isEmpty { context.standardOutput.line(session.summary) }
        return session.exitStatus
    }
}
