import IAPDiagnostics

/// A project file that could not be read at all: malformed syntax, or a shape no reader can use.
///
/// The location names the file and, when the parser could tell, the line and column of the
/// fault. When only the file is known, line and column are 1.
public struct ProjectReadError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var location: SourceLocation

    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    /// The error as a diagnostic, for callers that report everything through one log.
    public var diagnostic: Diagnostic { .error(message, at: location) }

    public var description: String { "\(location): error: \(message)" }
}
