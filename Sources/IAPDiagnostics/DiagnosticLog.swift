/// Collects the diagnostics of a run so they can be reported together, sorted, before exit.
public struct DiagnosticLog: Sendable {
    public private(set) var all: [Diagnostic] = []

    public init(_ diagnostics: [Diagnostic] = []) {
        all = diagnostics
    }

    public mutating func append(_ diagnostic: Diagnostic) {
        all.append(diagnostic)
    }

    public mutating func append(contentsOf diagnostics: some Sequence<Diagnostic>) {
        all.append(contentsOf: diagnostics)
    }

    public mutating func error(_ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) {
        all.append(.error(message, at: location, notes: notes))
    }

    public mutating func warning(_ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) {
        all.append(.warning(message, at: location, notes: notes))
    }

    public var hasErrors: Bool { all.contains { $0.severity == .error } }
    public var errorCount: Int { all.count { $0.severity == .error } }
    public var warningCount: Int { all.count { $0.severity == .warning } }

    /// Sorted by file, line and column, with exact repeats removed (two stages may see the same
    /// fault, for example a key that is both unknown and misplaced).
    ///
    /// Repeats sort next to each other: two diagnostics that neither sorts before the other share
    /// a location, severity and message, so each is compared only with the others of its run,
    /// not hashed (a large book has thousands of warnings, each with a message to hash).
    public var sorted: [Diagnostic] {
        let ordered = all.sorted()
        var kept: [Diagnostic] = []
        kept.reserveCapacity(ordered.count)
        var runStart = 0
        for diagnostic in ordered {
            if let last = kept.last, last < diagnostic { runStart = kept.count }
            if kept[runStart...].contains(diagnostic) { continue }
            kept.append(diagnostic)
        }
        return kept
    }
}
