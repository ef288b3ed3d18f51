/// Reads the text of a ```` ```json iap ```` block into the same located tree `YAMLReader`
/// produces, so both kinds of block decode into one model with one set of messages.
public enum JSONReader {
    /// The block's value, or nil when the text is empty or only whitespace.
    public static func read(_ text: String, limits: ConfigLimits = .default) -> Result<ConfigNode?, ConfigError> {
        Result { () throws(ConfigError) in try parse(text, limits: limits) }
    }

    /// The throwing form of `read(_:limits:)`.
    public static func parse(_ text: String, limits: ConfigLimits = .default) throws(ConfigError) -> ConfigNode? {
        var text = text
        text.makeContiguousUTF8()
        let outcome = text.utf8.withContiguousStorageIfAvailable { bytes in
            Result { () throws(ConfigError) in
                var parser = JSONParser(bytes: bytes, limits: limits)
                return try parser.parse()
            }
        }
        if let outcome { return try outcome.get() }
        return try Array(text.utf8).withUnsafeBufferPointer { bytes throws(ConfigError) in
            var parser = JSONParser(bytes: bytes, limits: limits)
            return try parser.parse()
        }
    }
}
