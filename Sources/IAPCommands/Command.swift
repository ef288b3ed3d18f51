/// One subcommand of `iapkit`: its help sits beside its options, and `run` returns a status
/// instead of exiting, so commands compose and test like functions.
protocol Command: Sendable {
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// `iapkit lint [PATH...]`
    static var usage: String { get }
    /// Paragraphs after the usage line in `--help`.
    static var discussion: String { get }
    static var options: [OptionSpec] { get }

    static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitStatus
}

extension Command {
    static var helpOption: OptionSpec { OptionSpec(names: ["--help", "-h"], help: "Show this help.") }

    static var allOptions: [OptionSpec] { options + [helpOption] }

    /// A usage mistake, said as every command says it: `iapkit NAME: error: …`, then where
    /// help is.
    static func usageMistake(_ message: String, context: CommandContext) -> ExitStatus {
        context.standardError.line("iapkit \(name): error: \(message)")
        context.standardError.line("Run 'iapkit \(name) --help' for usage.")
        return .usageOrInput
    }

    static var help: String {
        var lines = ["OVERVIEW: \(summary)", "", "USAGE: \(usage)", ""]
        if !discussion.isEmpty { lines += [discussion, ""] }
        lines += ["OPTIONS:"] + ArgumentParser.helpLines(allOptions)
        return lines.joined(separator: "\n") + "\n"
    }
}
