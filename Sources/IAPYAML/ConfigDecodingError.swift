/// A problem found while decoding a well-formed config tree into a model: a wrong type, a
/// missing or unknown key, or a check the model itself made.
///
/// The mark points at the node at fault (the key, for unknown keys; the mapping, for missing
/// ones), and the coding path says where that is in the model, so a report can read
/// "`products[1].subscription.period`: expected a string, found a mapping".
public struct ConfigDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Mapping keys as written, and list positions as `[index]`.
    public var codingPath: [String]
    public var mark: ConfigMark
    public var message: String

    public init(_ message: String, at mark: ConfigMark, codingPath: [String] = []) {
        self.message = message
        self.mark = mark
        self.codingPath = codingPath
    }

    /// The coding path in the form a reader of the guide would write it: `products[1].id`.
    public var keyPathDescription: String {
        CodingPathText.describe(codingPath)
    }

    public var description: String {
        codingPath.isEmpty ? "\(mark): \(message)" : "\(mark): \(keyPathDescription): \(message)"
    }
}
