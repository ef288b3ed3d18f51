import IAPDiagnostics

/// The options a command accepts, declared next to their help text.
struct OptionSpec: Sendable {
    var names: [String]
    var valueName: String?
    var help: String
    /// Allowed values, when the option takes one of a fixed set.
    var choices: [String] = []
    /// Whether the option may be given several times (`--param a=1 --param b=2`).
    var repeatable = false

    var takesValue: Bool { valueName != nil }
}

/// What a command line said, after checking it against the command's options.
///
/// Kept in arrays, not in a dictionary and a set: a handful of options needs no hashing, and the
/// first hashed collection of strings a process makes costs a search of every protocol
/// conformance in the binary, which every command would pay at start.
struct ParsedArguments: Sendable {
    /// Each option given, by its first name, with its values in order.
    private(set) var values: [(name: String, values: [String])] = []
    private(set) var flags: [String] = []
    var positionals: [String] = []

    /// The last value given for an option.
    func value(_ name: String) -> String? { all(name).last }
    /// Every value given for a repeatable option, in order.
    func all(_ name: String) -> [String] { values.first { $0.name == name }?.values ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) }

    mutating func add(_ value: String, to name: String) {
        if let index = values.firstIndex(where: { $0.name == name }) {
            values[index].values.append(value)
        } else {
            values.append((name, [value]))
        }
    }

    mutating func add(flag name: String) {
        if !flags.contains(name) { flags.append(name) }
    }
}

/// A usage mistake, worded to say what to type instead.
struct UsageError: Error, Sendable {
    var message: String
}

/// A small parser in the spirit of swift-argument-parser: long and short options, `--name value`
/// and `--name=value`, `--` to end options, and `-` as a path (standard input).
enum ArgumentParser {
    static func parse(_ arguments: [String], options: [OptionSpec]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let spec = options.first(where: { $0.names.contains(name) }) else {
                let known = options.flatMap(\.names)
                let hint = Suggestion.closest(to: name, among: known).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError(message: "unknown option '\(name)'\(hint)")
            }
            let key = spec.names[0]
            if spec.takesValue {
                guard let value = inlineValue ?? (index < arguments.count ? arguments[index] : nil) else {
                    throw UsageError(message: "option '\(name)' needs a value (\(spec.valueName ?? "value"))")
                }
                if inlineValue == nil { index += 1 }
                if !spec.choices.isEmpty, !spec.choices.contains(value) {
                    throw UsageError(
                        message:
                            "'\(value)' is not a valid value for '\(name)'; use one of: \(spec.choices.joined(separator: ", "))"
                    )
                }
                if !spec.repeatable, !parsed.all(key).isEmpty {
                    throw UsageError(message: "option '\(name)' is given twice")
                }
                parsed.add(value, to: key)
            } else {
                if inlineValue != nil { throw UsageError(message: "option '\(name)' takes no value") }
                parsed.add(flag: key)
            }
        }
        return parsed
    }

    /// The options part of a help text, one aligned line per option.
    static func helpLines(_ options: [OptionSpec]) -> [String] {
        let labels = options.map { spec in
            spec.names.joined(separator: ", ") + (spec.valueName.map { " <\($0)>" } ?? "")
        }
        let width = (labels.map(\.count).max() ?? 0) + 2
        return zip(labels, options).map { label, spec in
            // The allowed values, unless the help already lists them.
            let choices =
                spec.choices.isEmpty || spec.choices.allSatisfy(spec.help.contains)
                ? "" : " One of: \(spec.choices.joined(separator: ", "))."
            return "  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + spec.help + choices
        }
    }
}
