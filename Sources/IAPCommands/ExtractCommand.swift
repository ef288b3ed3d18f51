import IAPModel

/// `iapkit extract`: print the model the guides define.
enum ExtractCommand: Command {
    static let name = "extract"
    static let summary = "Print the products, checklists, steps and code blocks the guides define."
    static let usage = "iapkit extract [PATH...] [--format json|text]"
    static let discussion = """
        The JSON form is stable and documented in README.md ("Extract JSON"); every element
        carries its file, line and column. Problems in the guides go to standard error, and the
        exit status is the same as 'iapkit lint' gives.
        Example: iapkit extract Guides > model.json
        """
    static let options: [OptionSpec] = [
        OptionSpec(
            names: ["--format", "-f"], valueName: "format", help: "json (default) or text.", choices: ["json", "text"]),
        ProjectConfiguration.outsidePathsOption,
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitStatus {
        let session = GuideSession.load(arguments.positionals, context: context)
        session.report(to: context.standardError, errors: context.standardError, command: name)
        if session.inputErrors.isEmpty {
            switch arguments.value("--format") ?? "json" {
            case "text": context.standardOutput.write(WorkbookText.render(session.workbook))
            default: context.standardOutput.write(WorkbookJSON.encode(session.workbook))
            }
        }
        return session.exitStatus
    }
}
