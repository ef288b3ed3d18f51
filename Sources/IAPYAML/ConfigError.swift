/// A config block that cannot be read at all: malformed YAML or JSON, or a document that breaks
/// one of the `ConfigLimits`.
///
/// Reading stops at the first such error, because the text after a syntax error has no reliable
/// structure to report on. Problems found while decoding a well-formed tree are
/// `ConfigDecodingError`s instead, and many of those can be collected from one block.
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var mark: ConfigMark

    public init(_ message: String, at mark: ConfigMark) {
        self.message = message
        self.mark = mark
    }

    public var description: String { "\(mark): \(message)" }
}
