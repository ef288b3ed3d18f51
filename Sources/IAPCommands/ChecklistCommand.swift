import IAPCheck

/// `iapkit checklist`: how many task items of the guides are ticked, per chapter.
enum ChecklistCommand: Command {
    static let name = "checklist"
    static let summary = "Count the ticked task items of the guides, per chapter."
    static let usage = "iapkit checklist [PATH...] [--open] [--format text|json] [--strict]"
    static let discussion = """
        PATH names the guides, as for 'lint'; the ValidationChecklist.md that 'generate' writes
        can be counted the same way. Prints done/total for each chapter with task items and for
        the whole book; --open also lists every item still open as 'path:line:col: [ ] {#id} text'.

        Exit status: 0, or 1 with --strict when an item is still open or the guides have errors;
        2 for a usage mistake or an input that cannot be read.
        Example: iapkit checklist IAPKit/ValidationChecklist.md --open --strict
        """
    static let options: [OptionSpec] = [
        OptionSpec(names: ["--open"], help: "List every item that is not ticked yet."),
        OptionSpec(
            names: ["--format"], valueName: "FORMAT", help: "Output format (default: text).", choices: ["text", "json"]),
        OptionSpec(names: ["--strict"], help: "Exit 1 while any item is open."),
        ProjectConfiguration.outsidePathsOption,
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitStatus {
        let session = GuideSession.load(arguments.positionals, context: context)
        session.report(to: context.standardError, errors: context.standardError, command: name)
        guard session.inputErrors.isEmpty else { return .usageOrInput }
        let progress = ChecklistProgress(session.workbook)
        if arguments.value("--format") == "json" {
            context.standardOutput.write(progress.json)
        } else {
            context.standardOutput.write(progress.text(listOpen: arguments.has("--open")))
        }
        if arguments.has("--strict"), !progress.open.isEmpty || session.errorCount > 0 { return .findings }
        return .success
    }
}
