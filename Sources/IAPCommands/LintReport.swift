import IAPDiagnostics

/// The diagnostics of `iapkit lint` in the formats CI reads: JSON, GitHub Actions' workflow
/// commands (annotations on the pull request's lines) and SARIF 2.1.0 (code scanning).
struct LintReport {
    static let formats = ["text", "json", "github", "sarif"]

    var diagnostics: [Diagnostic]
    var summary: String

    /// `{"formatVersion": 1, "diagnostics": [...], "summary": "..."}`; a field may be added in a
    /// later version, never renamed or removed without raising `formatVersion`.
    var json: String {
        let entries = diagnostics.map { diagnostic -> String in
            var fields = [
                "\"severity\" : \(QuotedLiteral.json(diagnostic.severity.rawValue))",
                "\"message\" : \(QuotedLiteral.json(diagnostic.message))",
            ]
            if let location = diagnostic.location {
                fields += [
                    "\"file\" : \(QuotedLiteral.json(location.file))", "\"line\" : \(location.line)",
                    "\"column\" : \(location.column)",
                ]
            }
            return "    { " + fields.joined(separator: ", ") + " }"
        }
        let list = entries.isEmpty ? "[]" : "[\n" + entries.joined(separator: ",\n") + "\n  ]"
        return
            "{\n  \"formatVersion\" : 1,\n  \"diagnostics\" : \(list),\n  \"summary\" : \(QuotedLiteral.json(summary))\n}\n"
    }

    /// One `::error file=…,line=…,col=…::message` line per diagnostic.
    var github: String {
        diagnostics.map { diagnostic in
            let command =
                diagnostic.severity == .error ? "error" : diagnostic.severity == .warning ? "warning" : "notice"
            var properties: [String] = []
            if let location = diagnostic.location {
                properties = [
                    "file=\(Self.escapedProperty(location.file))", "line=\(location.line)", "col=\(location.column)",
                ]
            }
            let head = properties.isEmpty ? "::\(command)" : "::\(command) " + properties.joined(separator: ",")
            return head + "::" + Self.escapedData(diagnostic.message) + "\n"
        }.joined()
    }

    /// SARIF 2.1.0 with one rule, `lint`, and a result per diagnostic.
    func sarif(toolVersion: String) -> String {
        let results = diagnostics.map { diagnostic -> String in
            let level = diagnostic.severity == .error ? "error" : diagnostic.severity == .warning ? "warning" : "note"
            var result =
                "        {\n          \"ruleId\" : \"lint\",\n          \"level\" : \"\(level)\",\n"
                + "          \"message\" : { \"text\" : \(QuotedLiteral.json(diagnostic.message)) }"
            if let location = diagnostic.location {
                result +=
                    ",\n          \"locations\" : [ { \"physicalLocation\" : { \"artifactLocation\" : { \"uri\" : "
                    + "\(QuotedLiteral.json(location.file)) }, \"region\" : { \"startLine\" : \(max(1, location.line)), "
                    + "\"startColumn\" : \(max(1, location.column)) } } } ]"
            }
            return result + "\n        }"
        }
        let list = results.isEmpty ? "[]" : "[\n" + results.joined(separator: ",\n") + "\n      ]"
        return """
            {
              "$schema" : "https://json.schemastore.org/sarif-2.1.0.json",
              "version" : "2.1.0",
              "runs" : [
                {
                  "tool" : { "driver" : { "name" : "iapkit", "version" : \(QuotedLiteral.json(toolVersion)), "rules" : [ { "id" : "lint", "shortDescription" : { "text" : "A problem in the guides" } } ] } },
                  "results" : \(list)
                }
              ]
            }

            """
    }

    /// GitHub's escaping of a workflow command's message.
    static func escapedData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// GitHub's escaping of a workflow command's property value.
    static func escapedProperty(_ text: String) -> String {
        escapedData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
