import IAPJSON

/// Reads the text of a ```` ```json iap ```` block into the same located tree `YAMLReader`
/// produces, so both kinds of block decode into one model with one set of messages. The JSON
/// is read by IAPKit's one JSON reader (`LocatedJSONParser`); strings become double-quoted
/// scalars, and numbers, `true`, `false` and `null` plain scalars holding their literal text,
/// which the decoder then types exactly as it types plain YAML.
public enum JSONReader {
    /// The block's value, or nil when the text is empty or only whitespace.
    public static func read(_ text: String, limits: ConfigLimits = .default) -> Result<ConfigNode?, ConfigError> {
        Result { () throws(ConfigError) in try parse(text, limits: limits) }
    }

    /// The throwing form of `read(_:limits:)`.
    public static func parse(_ text: String, limits: ConfigLimits = .default) throws(ConfigError) -> ConfigNode? {
        let value: LocatedJSON?
        do {
            value = try LocatedJSONParser.parseIfPresent(Array(text.utf8), maximumDepth: limits.maxDepth)
        } catch {
            throw ConfigError(error.detail, at: ConfigMark(line: error.line, column: error.column))
        }
        guard let value else { return nil }
        return try tree(of: value, limits: limits)
    }

    /// The value as the YAML reader's tree, built through the same `TreeBuilder`, so node
    /// counts, scalar keys and duplicate keys are checked as they are for YAML. Walked with a
    /// stack of its own: depth is data, never recursion.
    static func tree(of root: LocatedJSON, limits: ConfigLimits) throws(ConfigError) -> ConfigNode? {
        enum Step {
            case value(LocatedJSON)
            case key(String, ConfigMark)
            case end
        }
        var builder = TreeBuilder(limits: limits)
        var steps: [Step] = [.value(root)]
        while let step = steps.popLast() {
            switch step {
            case .end:
                try builder.end()
            case .key(let text, let mark):
                try builder.addScalar(text, style: .doubleQuoted, at: mark)
            case .value(let value):
                let mark = ConfigMark(line: value.line, column: value.column)
                switch value.value {
                case .object(let members):
                    try builder.begin(.mapping, at: mark)
                    steps.append(.end)
                    for member in members.reversed() {
                        steps.append(.value(member.value))
                        steps.append(.key(member.key, ConfigMark(line: member.keyLine, column: member.keyColumn)))
                    }
                case .array(let elements):
                    try builder.begin(.sequence, at: mark)
                    steps.append(.end)
                    for element in elements.reversed() { steps.append(.value(element)) }
                case .string(let text): try builder.addScalar(text, style: .doubleQuoted, at: mark)
                case .number(let literal): try builder.addScalar(literal, style: .plain, at: mark)
                case .bool(let flag): try builder.addScalar(flag ? "true" : "false", style: .plain, at: mark)
                case .null: try builder.addScalar("null", style: .plain, at: mark)
                }
            }
        }
        return builder.root
    }
}
