import CYAML

/// Reads the text of a ```` ```yaml iap ```` block into a located node tree.
///
/// libyaml's event parser does the YAML syntax; the tree is built from its events without
/// recursion, so no input can exhaust the stack, and the limits are checked as events arrive, so
/// an oversized document is refused before the rest of it is parsed.
public enum YAMLReader {
    /// The block's single document, or nil when the text holds none (it is empty, or only
    /// whitespace and comments). An explicit but empty document (`---` alone) is a null scalar.
    public static func read(_ text: String, limits: ConfigLimits = .default) -> Result<ConfigNode?, ConfigError> {
        Result { () throws(ConfigError) in try parse(text, limits: limits) }
    }

    /// The throwing form of `read(_:limits:)`.
    public static func parse(_ text: String, limits: ConfigLimits = .default) throws(ConfigError) -> ConfigNode? {
        var text = text
        text.makeContiguousUTF8()
        let outcome = text.utf8.withContiguousStorageIfAvailable { bytes in
            Result { () throws(ConfigError) in try parse(bytes: bytes, limits: limits) }
        }
        if let outcome { return try outcome.get() }
        return try Array(text.utf8).withUnsafeBufferPointer { bytes throws(ConfigError) in
            try parse(bytes: bytes, limits: limits)
        }
    }

    private static func parse(bytes: UnsafeBufferPointer<UInt8>, limits: ConfigLimits) throws(ConfigError)
        -> ConfigNode?
    {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
        // Heap-allocated so libyaml's state never moves between calls.
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else {
            throw ConfigError("out of memory while starting the YAML parser", at: .start)
        }
        defer { yaml_parser_delete(parser) }
        yaml_parser_set_input_string(parser, base, bytes.count)

        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        defer { event.deallocate() }
        var positions = YAMLPositions(bytes)
        var builder = YAMLDocumentBuilder(limits: limits)
        while !builder.reachedEnd {
            guard yaml_parser_parse(parser, event) == 1 else {
                throw YAMLErrorMessage.error(from: parser.pointee, positions: &positions)
            }
            let converted = YAMLEvent(event.pointee)
            let mark = positions.mark(characterIndex: event.pointee.start_mark.index)
            yaml_event_delete(event)
            // libyaml answers "no event" only once the stream is over.
            guard let converted else { break }
            try builder.handle(converted, at: mark)
        }
        return builder.root
    }
}
