/// How serious a diagnostic is. Only errors make a run fail.
public enum Severity: String, Sendable, Hashable, Codable {
    case error
    case warning
    case note
}

/// One finding about the input, printed as `path:line:col: severity: message`, the form Xcode
/// and CI systems turn into inline annotations.
///
/// Diagnostics are values, not thrown errors, so every stage can report all it finds before the
/// tool exits. Notes hang off the diagnostic they explain (for example "first defined here").
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public var severity: Severity
    public var message: String
    public var location: SourceLocation?
    public var notes: [Diagnostic]

    public init(
        _ severity: Severity,
        _ message: String,
        at location: SourceLocation?,
        notes: [Diagnostic] = []
    ) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
    }

    public static func error(_ message: String, at location: SourceLocation?, notes: [Diagnostic] = [])
        -> Diagnostic
    {
        Diagnostic(.error, message, at: location, notes: notes)
    }

    public static func warning(_ message: String, at location: SourceLocation?, notes: [Diagnostic] = [])
        -> Diagnostic
    {
        Diagnostic(.warning, message, at: location, notes: notes)
    }

    public static func note(_ message: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(.note, message, at: location)
    }

    /// The diagnostic and its notes, one line each.
    public var description: String {
        ([headline] + notes.map(\.headline)).joined(separator: "\n")
    }

    private var headline: String {
        let prefix = location.map { "\($0): " } ?? "iapkit: "
        return "\(prefix)\(severity.rawValue): \(message)"
    }
}

extension Diagnostic: Comparable {
    /// Orders by file, line and column; a diagnostic without a location comes first, since it
    /// usually explains why located ones are missing (an unreadable path, say).
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        switch (lhs.location, rhs.location) {
        case (nil, nil): return lhs.message < rhs.message
        case (nil, _): return true
        case (_, nil): return false
        case (let l?, let r?):
            if l != r { return l < r }
            if lhs.severity != rhs.severity { return lhs.severity == .error }
            return lhs.message < rhs.message
        }
    }
}

extension Diagnostic {
    /// A value from the input, quoted for a one-line message: quotes, backslashes and control
    /// characters are escaped so a hostile value cannot break the `path:line:col:` format.
    public static func quote(_ value: String) -> String {
        QuotedText.quote(value, with: "'")
    }
}
