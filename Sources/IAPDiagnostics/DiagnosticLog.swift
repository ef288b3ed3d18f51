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
    public var sorted: [Diagnostic] {
        var seen = Set<Diagnostic>()
        return all.sorted().filter { seen.insert($0).inserted }
    }
}
