import CYAML

/// A libyaml parser event copied into Swift values, so the tree builder never touches C memory
/// and the event can be freed straight after conversion.
enum YAMLEvent {
    case streamStart
    case streamEnd
    case documentStart
    case documentEnd
    case alias(anchor: String)
    case scalar(text: String, style: ScalarStyle, tag: String?, anchor: String?)
    case sequenceStart(tag: String?, anchor: String?)
    case sequenceEnd
    case mappingStart(tag: String?, anchor: String?)
    case mappingEnd

    /// The event's Swift form; nil for an event type this libyaml version does not document
    /// (libyaml's "no event"), which the reader skips.
    init?(_ event: yaml_event_t) {
        switch event.type {
        case YAML_STREAM_START_EVENT: self = .streamStart
        case YAML_STREAM_END_EVENT: self = .streamEnd
        case YAML_DOCUMENT_START_EVENT: self = .documentStart
        case YAML_DOCUMENT_END_EVENT: self = .documentEnd
        case YAML_ALIAS_EVENT:
            self = .alias(anchor: Self.string(event.data.alias.anchor) ?? "")
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            self = .scalar(
                text: Self.string(scalar.value, length: scalar.length) ?? "",
                style: Self.style(scalar.style),
                tag: Self.string(scalar.tag),
                anchor: Self.string(scalar.anchor))
        case YAML_SEQUENCE_START_EVENT:
            let start = event.data.sequence_start
            self = .sequenceStart(tag: Self.string(start.tag), anchor: Self.string(start.anchor))
        case YAML_SEQUENCE_END_EVENT: self = .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let start = event.data.mapping_start
            self = .mappingStart(tag: Self.string(start.tag), anchor: Self.string(start.anchor))
        case YAML_MAPPING_END_EVENT: self = .mappingEnd
        default: return nil
        }
    }

    private static func style(_ style: yaml_scalar_style_t) -> ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }

    /// A NUL-terminated libyaml string (anchors and tags).
    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        var length = 0
        while pointer[length] != 0 { length += 1 }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    /// Scalar text, which may contain NUL characters written as `\0`, so its length is used.
    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, length: Int) -> String? {
        guard let pointer else { return nil }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
    }
}
