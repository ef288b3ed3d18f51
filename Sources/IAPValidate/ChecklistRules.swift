import IAPDiagnostics
import IAPModel

/// Checklist ids are stable names that tools and people refer to: each may be used once.
enum ChecklistRules {
    static func check(_ workbook: Workbook, into log: inout DiagnosticLog) {
        var seen: [String: ChecklistItem] = [:]
        for item in workbook.checklistItems {
            guard let id = item.id else { continue }
            if let first = seen[id] {
                log.error(
                    "checklist id '\(id)' is used twice",
                    at: item.location, notes: [.note("first used here", at: first.location)])
                continue
            }
            seen[id] = item
        }
    }
}
