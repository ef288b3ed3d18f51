import IAPDiagnostics

/// A config block that cannot be read at all: malformed YAML or JSON, or a document that breaks
/// one of the `ConfigLimits`.
///
/// Reading stops at the first such error, because the text after a syntax error has no reliable
/// structure to report on. Problems found while decoding a well-formed tree are
/// `ConfigDecodingError`s instead, and many of those can be collected from one block.
public struct ConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The words, in pieces when they name a second place of the text.
    public var detail: PlacedMessage
    public var mark: ConfigMark

    public init(_ message: String, at mark: ConfigMark) {
        self.init(PlacedMessage(message), at: mark)
    }

    public init(_ detail: PlacedMessage, at mark: ConfigMark) {
        self.detail = detail
        self.mark = mark
    }

    /// The message, any place it names counted from the start of the text read.
    public var message: String { detail.description }

    /// The message with the place it names where `locate` puts the block's marks in the file.
    public func message(locating locate: (ConfigMark) -> SourceLocation) -> String {
        detail.text { place in
            let location = locate(ConfigMark(line: place.line, column: place.column ?? 1))
            return PlacedMessage.Place(line: location.line, column: place.column == nil ? nil : location.column)
        }
    }

    public var description: String { "\(mark): \(message)" }
}
