import CYAML
import IAPDiagnostics

/// Rewrites libyaml's error report as a `ConfigError` a guide author can act on.
///
/// libyaml reports a problem ("did not find expected key"), often a context ("while parsing a
/// block mapping") and a mark for each. The message keeps both, says where the context started,
/// and replaces the reports that puzzle people most: a tab in the indentation, a reserved character
/// such as '@' at the start of a value, and a quoted string that never ends.
enum YAMLErrorMessage {
    static let tabMessage = "tabs are not allowed for indentation in YAML; use spaces"

    static func error(from parser: yaml_parser_t, positions: inout YAMLPositions) -> ConfigError {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        let context = parser.context.map { String(cString: $0) }
        switch parser.error {
        case YAML_MEMORY_ERROR:
            return ConfigError("out of memory while parsing YAML", at: .start)
        case YAML_READER_ERROR:
            // Reader errors carry a byte offset instead of a mark.
            let mark = positions.mark(byteOffset: parser.problem_offset)
            if problem == "control characters are not allowed" {
                let code = String(UInt32(truncatingIfNeeded: parser.problem_value), radix: 16, uppercase: true)
                let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
                return ConfigError("control character U+\(padded) is not allowed in YAML", at: mark)
            }
            return ConfigError(problem, at: mark)
        default:
            break
        }

        let problemMark = positions.mark(characterIndex: parser.problem_mark.index)
        let problemByte = positions.byte(characterIndex: parser.problem_mark.index)
        if problemByte == UInt8(ascii: "\t") || problem.contains("tab character") {
            return ConfigError(tabMessage, at: problemMark)
        }
        if problem == "found character that cannot start any token", let byte = problemByte, byte < 0x80 {
            // '@' and '`' are reserved by YAML, and '%' starts a directive.
            let character = Character(Unicode.Scalar(byte))
            return ConfigError("'\(character)' cannot start a value here; put the text in quotes", at: problemMark)
        }
        guard let context else {
            return ConfigError(problem + hint(for: problem), at: problemMark)
        }
        let contextMark = positions.mark(characterIndex: parser.context_mark.index)
        if context == "while scanning a quoted scalar", problem == "found unexpected end of stream" {
            // The closing quote is missing; the opening one is the place to look.
            return ConfigError("unterminated quoted string", at: contextMark)
        }
        let message = "\(problem) \(context)"
        guard contextMark != problemMark else { return ConfigError(message + hint(for: problem), at: problemMark) }
        let started = PlacedMessage.Place(line: contextMark.line, column: contextMark.column)
        return ConfigError(PlacedMessage(message + " that started at ", started, hint(for: problem)), at: problemMark)
    }

    /// Advice for problems whose usual cause is not obvious from libyaml's wording.
    private static func hint(for problem: String) -> String {
        switch problem {
        case "did not find expected key", "did not find expected '-' indicator":
            return "; check the indentation"
        case "mapping values are not allowed in this context":
            return "; check the indentation, or quote text that contains ': '"
        default:
            return ""
        }
    }
}
