import IAPDiagnostics

/// The `iapkit` command line: picks the subcommand, handles `--help` and `--version`, and turns
/// usage mistakes into a message and exit status 2.
public enum IAPKitTool {
    public static let version = "0.1.0"

    static var commands: [any Command.Type] {
        [
            InitCommand.self, LintCommand.self, ExtractCommand.self, GenerateCommand.self, TemplateCommand.self,
            CheckCommand.self,
            ChecklistCommand.self,
            StoreKitCommand.self,
            TangleCommand.self,
            RenderCommand.self, BuildCommand.self, CompletionsCommand.self, ManualCommand.self,
        ]
    }

    public static func run(_ arguments: [String], context: CommandContext) -> ExitStatus {
        guard let first = arguments.first else {
            context.standardError.write(overview)
            return .usageOrInput
        }
        switch first {
        case "--help", "-h":
            context.standardOutput.write(overview)
            return .success
        case "--version", "-v", "version":
            context.standardOutput.line("iapkit \(version)")
            return .success
        case "help":
            guard let name = arguments.dropFirst().first else {
                context.standardOutput.write(overview)
                return .success
            }
            guard let command = commands.first(where: { $0.name == name }) else {
                return unknownCommand(name, context: context)
            }
            context.standardOutput.write(command.help)
            return .success
        default:
            guard let command = commands.first(where: { $0.name == first }) else {
                return unknownCommand(first, context: context)
            }
            return run(command, Array(arguments.dropFirst()), context: context)
        }
    }

    private static func run(_ command: any Command.Type, _ arguments: [String], context: CommandContext)
        -> ExitStatus
    {
        do {
            let parsed = try ArgumentParser.parse(arguments, options: command.allOptions)
            if parsed.has("--help") {
                context.standardOutput.write(command.help)
                return .success
            }
            var context = context
            if parsed.has("--allow-outside-paths") { context.allowsPathsOutsideWorkingDirectory = true }
            return command.run(parsed, context: context)
        } catch {
            context.standardError.line("iapkit \(command.name): error: \(error.message)")
            context.standardError.line("Run 'iapkit \(command.name) --help' for usage.")
            return .usageOrInput
        }
    }

    private static func unknownCommand(_ name: String, context: CommandContext) -> ExitStatus {
        let hint = Suggestion.closest(to: name, among: commands.map { $0.name }).map { "; did you mean '\($0)'?" } ?? ""
        context.standardError.line("iapkit: error: unknown command '\(name)'\(hint)")
        context.standardError.line("Run 'iapkit --help' for the list of commands.")
        return .usageOrInput
    }

    static var overview: String {
        let width = (commands.map { $0.name.count }.max() ?? 0) + 2
        let list = commands.map { "  " + $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + $0.summary }
        return
            ([
                "OVERVIEW: IAPKit turns In-App Purchase integration guides into validated products,",
                "checklists and code.",
                "",
                "USAGE: iapkit <command> [options] [PATH...]",
                "",
                "With no PATH, commands read the guides 'input' names in ./iapkit.yml, else ./Workbook,",
                "else ./SUMMARY.md; in a new folder, start with 'iapkit init'.",
                "",
                "COMMANDS:",
            ] + list + [
                "",
                "OPTIONS:",
                "  --help, -h    Show this help; 'iapkit <command> --help' for a command.",
                "  --version, -v Show the version (also: iapkit version).",
                "",
                "EXAMPLES:",
                "  iapkit init --name Pebble --bundle-id com.example.pebble",
                "  iapkit lint && iapkit generate && iapkit check --project Pebble.xcodeproj && iapkit render",
            ]).joined(separator: "\n") + "\n"
    }
}
