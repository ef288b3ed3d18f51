import Foundation
import IAPDiagnostics

/// The output formats of `iapkit check`.
public enum CheckFormat: String, CaseIterable, Sendable {
    case text
    case json
    case markdown
    case sarif
    case junit
}

/// Check results, written for a person (text, Markdown) or a program (JSON).
public struct CheckReport: Sendable {
    public var results: [CheckResult]
    /// The troubleshooting reference the reports link each check to: a path or a URL.
    public var reference: String

    public init(results: [CheckResult], reference: String = CheckDefinition.workbookReference) {
        self.results = results
        self.reference = reference
    }

    /// The report in `format`; `toolVersion` is what SARIF names as the tool's version.
    public func render(_ format: CheckFormat, colour: Bool = false, toolVersion: String = "") -> String {
        switch format {
        case .text: text(colour: colour)
        case .json: json
        case .markdown: markdown
        case .sarif: sarif(toolVersion: toolVersion)
        case .junit: junit
        }
    }

    /// `12 checks: 5 passed, 1 failed, 2 warnings, 3 info, 1 manual`
    public var summary: String {
        let counts: [(CheckStatus, String)] = [
            (.pass, "passed"), (.fail, "failed"), (.warning, "warnings"), (.info, "info"), (.manual, "manual"),
        ]
        let parts = counts.map { status, label -> String in
            let count = results.count { $0.status == status }
            return "\(count) \(count == 1 && status == .warning ? "warning" : label)"
        }
        return "\(results.count) checks: " + parts.joined(separator: ", ")
    }

    public var text: String { text(colour: false) }

    /// The text form; with `colour`, each status word in ANSI colour.
    public func text(colour: Bool) -> String {
        var lines: [String] = []
        for result in results {
            var status = result.status.rawValue.uppercased().padding(toLength: 7, withPad: " ", startingAt: 0)
            if colour { status = Self.colourCode(result.status) + status + "\u{1B}[0m" }
            lines.append("\(status)  \(result.id)  \(result.message)")
            lines += result.evidence.map { "  \($0)" }
            if result.status != .pass, result.status != .info { lines.append("  fix: \(result.fix)") }
        }
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The results for programs; `formatVersion` changes whenever a key changes meaning or
    /// disappears.
    public var json: String {
        var out = "{\n  \"formatVersion\" : 1,\n  \"results\" : [\n"
        let entries = results.map { result -> String in
            let definition = result.definition
            let evidence = result.evidence.map { location in
                "        { \"column\" : \(location.column), \"file\" : \(Self.quote(location.file)), "
                    + "\"line\" : \(location.line) }"
            }
            let evidenceText = evidence.isEmpty ? "[]" : "[\n" + evidence.joined(separator: ",\n") + "\n      ]"
            let fields = [
                "\"documentation\" : \(Self.quote(definition?.documentation(in: reference) ?? ""))",
                "\"evidence\" : \(evidenceText)",
                "\"fix\" : \(Self.quote(result.fix))",
                "\"id\" : \(Self.quote(result.id))",
                "\"kind\" : \(Self.quote(definition?.kind.rawValue ?? ""))",
                "\"message\" : \(Self.quote(result.message))",
                "\"severity\" : \(Self.quote(definition?.severity.rawValue ?? ""))",
                "\"status\" : \(Self.quote(result.status.rawValue))",
            ]
            return "    {\n      " + fields.joined(separator: ",\n      ") + "\n    }"
        }
        out += entries.joined(separator: ",\n") + "\n  ],\n"
        out += "  \"summary\" : {\n"
        let counts = [CheckStatus.fail, .info, .manual, .pass, .warning].map { status in
            "    \(Self.quote(status.rawValue)) : \(results.count { $0.status == status })"
        }
        out += counts.joined(separator: ",\n") + "\n  }\n}\n"
        return out
    }

    public var markdown: String {
        var lines = ["| Status | Check | Result |", "|---|---|---|"]
        for result in results {
            lines.append("| \(result.status.rawValue) | `\(result.id)` | \(Self.cell(result.message)) |")
        }
        let details = results.filter { $0.status == .fail || $0.status == .warning }
        if !details.isEmpty {
            lines += ["", "## Details"]
            for result in details {
                lines += ["", "### \(result.id)", "", result.message, ""]
                lines += result.evidence.map { "- `\($0)`" }
                if !result.evidence.isEmpty { lines.append("") }
                let link = result.definition.map { " ([more](\($0.documentation(in: reference))))" } ?? ""
                lines.append("Fix: \(result.fix)\(link)")
            }
        }
        lines += ["", summary]
        return lines.joined(separator: "\n") + "\n"
    }

    static func colourCode(_ status: CheckStatus) -> String {
        switch status {
        case .pass: "\u{1B}[32m"
        case .fail: "\u{1B}[31m"
        case .warning: "\u{1B}[33m"
        case .manual: "\u{1B}[36m"
        case .info: "\u{1B}[2m"
        }
    }

    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    static func quote(_ text: String) -> String { QuotedLiteral.json(text) }
}
