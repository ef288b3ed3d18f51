import IAPDiagnostics
import IAPModel
import IAPProject

/// Runs every check of the catalogue against the guides and, when given, a project.
public struct CheckRunner: Sendable {
    public var workbook: Workbook
    public var snapshot: ProjectSnapshot?

    public init(workbook: Workbook, snapshot: ProjectSnapshot?) {
        self.workbook = workbook
        self.snapshot = snapshot
    }

    /// One result per check, in catalogue order.
    public func run() -> [CheckResult] {
        let context = CheckContext(workbook: workbook, snapshot: snapshot)
        return CheckCatalogue.all.map { definition in
            guard let check = CheckRegistry.check(definition.id) else {
                let reason =
                    definition.kind == .manual ? "confirm by hand" : "not checked from files yet; confirm by hand"
                return CheckResult(id: definition.id, status: .manual, message: reason, fix: definition.fix)
            }
            let decided = snapshot == nil && check.needsProject ? Outcome.noProject : check.decide(context)
            let outcome = Self.reportingUnreadableFiles(decided, check: check, snapshot: snapshot)
            return CheckResult(
                id: definition.id, status: outcome.status, message: outcome.message, evidence: outcome.evidence,
                fix: definition.fix)
        }
    }

    /// Files of the kinds a check reports that could not be read turn a pass into a warning, each
    /// named at its place: the check could not see everything it needs.
    static func reportingUnreadableFiles(_ outcome: Outcome, check: RegisteredCheck, snapshot: ProjectSnapshot?)
        -> Outcome
    {
        guard let snapshot else { return outcome }
        let problems = snapshot.problems.filter {
            check.reports.contains($0.input) && !outcome.evidence.contains($0.error.location)
        }
        guard !problems.isEmpty else { return outcome }
        var result = outcome
        let described = problems.map { "\($0.error.location.file) cannot be read (\($0.error.message))" }
        result.message = ([outcome.message] + described).joined(separator: "; ")
        result.evidence += problems.map(\.error.location)
        if [.pass, .info, .manual].contains(outcome.status) { result.status = .warning }
        return result
    }
}

/// A check's verdict before the catalogue's fix is attached.
struct Outcome: Sendable {
    var status: CheckStatus
    var message: String
    var evidence: [SourceLocation]

    init(_ status: CheckStatus, _ message: String, _ evidence: [SourceLocation] = []) {
        self.status = status
        self.message = message
        self.evidence = evidence
    }

    static func manual(_ message: String) -> Outcome { Outcome(.manual, message) }
    static let noProject = Outcome(.manual, "no project given (--project); confirm by hand")
}

/// Levenshtein distance over characters, giving up above `limit`.
enum EditDistance {
    static func between(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a)
        let b = Array(b)
        if abs(a.count - b.count) > limit { return limit + 1 }
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            var rowMinimum = current[0]
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            previous = current
        }
        return previous[b.count]
    }
}
