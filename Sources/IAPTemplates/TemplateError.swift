import IAPDiagnostics

/// A problem with a template, found while compiling it or rendering it, located in the template
/// (or partial, or JSON file) so it can be fixed there: `file:line:col: error: message`.
public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var location: SourceLocation

    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    public var description: String {
        "\(location): error: \(message)"
    }

    /// The same problem as a diagnostic, for tools that report through a `DiagnosticLog`.
    public var diagnostic: Diagnostic {
        .error(message, at: location)
    }
}
