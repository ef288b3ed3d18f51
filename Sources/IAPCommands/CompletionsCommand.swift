/// `iapkit completions bash|zsh|fish` and `iapkit man`: the shell completions and the manual
/// page, written from the same option declarations that parse the command line and print
/// `--help`, so they cannot fall behind it.
enum CompletionsCommand: Command {
    static let name = "completions"
    static let summary = "Print shell completions for bash, zsh or fish."
    static let usage = "iapkit completions bash|zsh|fish"
    static let discussion = """
        Completes commands, each command's options and their allowed values.
        Examples:
          bash: source <(iapkit completions bash)   (or save it as ~/.local/share/bash-completion/completions/iapkit)
          zsh:  iapkit completions zsh > "${fpath[1]}/_iapkit"
          fish: iapkit completions fish > ~/.config/fish/completions/iapkit.fish
        """
    static let options: [OptionSpec] = []

    static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitStatus {
        guard arguments.positionals.count == 1, let shell = arguments.positionals.first else {
            return usageMistake("name the shell: bash, zsh or fish", context: context)
        }
        switch shell {
        case "bash": context.standardOutput.write(bash)
        case "zsh": context.standardOutput.write(zsh)
        case "fish": context.standardOutput.write(fish)
        default: return usageMistake("no completions for \(shell); choose bash, zsh or fish", context: context)
        }
        return .success
    }

    static var commands: [any Command.Type] { IAPKitTool.commands }

    static var bash: String {
        var lines = [
            "# bash completion for iapkit; written by 'iapkit completions bash'.",
            "_iapkit() {",
            "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
            "    if [ \"$COMP_CWORD\" -eq 1 ]; then",
            "        COMPREPLY=($(compgen -W \"" + commandWords + "\" -- \"$cur\"))",
            "        return",
            "    fi",
            "    case \"${COMP_WORDS[1]}\" in",
        ]
        for command in commands {
            lines.append("        " + command.name + ")")
            lines.append("            case \"$prev\" in")
            for option in command.allOptions where !option.choices.isEmpty {
                let names = option.names.joined(separator: "|")
                let choices = option.choices.joined(separator: " ")
                lines.append(
                    "                " + names + ") COMPREPLY=($(compgen -W \"" + choices
                        + "\" -- \"$cur\")); return ;;")
            }
            let takesValue = command.allOptions.filter { $0.takesValue && $0.choices.isEmpty }.flatMap(\.names)
            if !takesValue.isEmpty {
                lines.append(
                    "                " + takesValue.joined(separator: "|")
                        + ") COMPREPLY=($(compgen -f -- \"$cur\")); return ;;")
            }
            lines.append("            esac")
            let words = command.allOptions.flatMap(\.names).joined(separator: " ")
            lines.append(
                "            COMPREPLY=($(compgen -W \"" + words + "\" -- \"$cur\") $(compgen -f -- \"$cur\"))")
            lines.append("            ;;")
        }
        lines += ["    esac", "}", "complete -o filenames -F _iapkit iapkit"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The first word: every command, and what the tool itself answers.
    static var commandWords: String {
        (commands.map { $0.name } + ["help", "--help", "--version"]).joined(separator: " ")
    }

    static var zsh: String {
        var lines = ["#compdef iapkit", "# zsh completion for iapkit; written by 'iapkit completions zsh'."]
        for command in commands {
            lines.append("_iapkit_" + command.name + "() {")
            lines.append("    _arguments \\")
            for option in command.allOptions {
                let names = option.names.count > 1 ? "{" + option.names.joined(separator: ",") + "}" : option.names[0]
                var value = ""
                if let valueName = option.valueName {
                    let action = option.choices.isEmpty ? "_files" : "(" + option.choices.joined(separator: " ") + ")"
                    value = ":" + valueName + ":" + action
                }
                lines.append("        '" + names + "[" + zshEscaped(option.help) + "]" + value + "' \\")
            }
            lines += ["        '*:file:_files'", "}"]
        }
        lines += ["_iapkit() {", "    local -a commands", "    commands=("]
        for command in commands { lines.append("        '" + command.name + ":" + zshEscaped(command.summary) + "'") }
        lines += [
            "    )",
            "    if (( CURRENT == 2 )); then",
            "        _describe 'command' commands",
            "    else",
            "        local name=\"_iapkit_${words[2]}\"",
            "        (( $+functions[$name] )) && { shift words; (( CURRENT-- )); $name; }",
            "    fi",
            "}",
            "_iapkit \"$@\"",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text inside a zsh `_arguments` spec: no quote, and brackets escaped.
    static func zshEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "[", with: "\\[")
            .replacingOccurrences(of: "]", with: "\\]")
    }

    static var fish: String {
        var lines = [
            "# fish completion for iapkit; written by 'iapkit completions fish'.",
            "complete -c iapkit -f",
        ]
        for command in commands {
            lines.append(
                "complete -c iapkit -n __fish_use_subcommand -a \(command.name) -d \(fishQuoted(command.summary))")
            for option in command.allOptions {
                var parts = ["complete -c iapkit -n '__fish_seen_subcommand_from \(command.name)'"]
                for name in option.names {
                    parts.append(name.hasPrefix("--") ? "-l \(name.dropFirst(2))" : "-s \(name.dropFirst())")
                }
                if option.takesValue {
                    parts.append(
                        option.choices.isEmpty ? "-r -F" : "-x -a \(fishQuoted(option.choices.joined(separator: " ")))")
                }
                parts.append("-d \(fishQuoted(option.help))")
                lines.append(parts.joined(separator: " "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}

/// `iapkit man`: the manual page, iapkit(1), in roff.
enum ManualCommand: Command {
    static let name = "man"
    static let summary = "Print the manual page iapkit(1) in roff."
    static let usage = "iapkit man"
    static let discussion = """
        Example: iapkit man > /usr/local/share/man/man1/iapkit.1 && man iapkit
        """
    static let options: [OptionSpec] = []

    static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitStatus {
        guard arguments.positionals.isEmpty else { return usageMistake("man takes no arguments", context: context) }
        context.standardOutput.write(page)
        return .success
    }

    static var page: String {
        var lines = [
            ".TH IAPKIT 1 \"\" \"iapkit \(IAPKitTool.version)\" \"User Commands\"",
            ".SH NAME",
            "iapkit \\- in-app purchase guides to StoreKit code, project checks and a training site",
            ".SH SYNOPSIS",
            ".B iapkit",
            ".I command",
            "[\\fIoptions\\fR] [\\fIPATH\\fR...]",
            ".SH DESCRIPTION",
            "iapkit reads integration guides written in Markdown, whose \\fByaml iap\\fR blocks define an app's products, and lints them, generates a StoreKit store from them, checks an Xcode project against them and renders them as a site.",
            ".SH COMMANDS",
        ]
        for command in IAPKitTool.commands {
            lines += [
                ".SS \(escaped(command.name))", escaped(command.summary), ".PP", ".B Usage:", escaped(command.usage),
            ]
            if !command.discussion.isEmpty {
                lines += [".PP", escaped(command.discussion.replacingOccurrences(of: "\n", with: " "))]
            }
            for option in command.allOptions {
                let value = option.valueName.map { " \\fI\(escaped($0))\\fR" } ?? ""
                lines += [".TP", "\\fB\(option.names.map(escaped).joined(separator: "\\fR, \\fB"))\\fR\(value)"]
                var help = option.help
                if !option.choices.isEmpty { help += " One of: \(option.choices.joined(separator: ", "))." }
                lines.append(escaped(help))
            }
        }
        lines += [
            ".SH EXIT STATUS",
            "0 when done with no errors, 1 when there are findings (errors in the guides, a failed check, a stale output), 2 for a usage mistake or an input that cannot be read.",
            ".SH FILES",
            ".TP", "\\fBiapkit.yml\\fR",
            "Settings of the folder: input, output, docs, troubleshooting, templates, site, project, accessLevel, params.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// roff: a backslash doubles, and a line must not start with `.` or `'`.
    static func escaped(_ text: String) -> String {
        let doubled = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return doubled.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
        }.joined(separator: "\n")
    }
}
