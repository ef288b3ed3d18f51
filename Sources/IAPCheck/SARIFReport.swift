import IAPDiagnostics

/// SARIF 2.1.0, the format code-scanning services read. Every check is a rule; every result is
/// reported, with SARIF's own `kind` telling a pass from a failure, so a dashboard can show what
/// was verified as well as what is wrong.
extension CheckReport {
    public func sarif(toolVersion: String) -> String {
        let definitions = CheckCatalogue.all
        let rules = definitions.map { definition -> JSONNode in
            .object([
                ("id", .string(definition.id)),
                ("name", .string(Self.ruleName(definition.id))),
                ("shortDescription", .object([("text", .string(definition.title))])),
                (
                    "help",
                    .object([
                        ("text", .string(definition.fix)),
                        ("markdown", .string("\(definition.fix) ([more](\(definition.documentation(in: reference))))")),
                    ])
                ),
                ("defaultConfiguration", .object([("level", .string(Self.level(definition.severity)))])),
                (
                    "properties",
                    .object([
                        ("kind", .string(definition.kind.rawValue)),
                        ("documentation", .string(definition.documentation(in: reference))),
                    ])
                ),
            ])
        }
        let sarifResults = results.map { result -> JSONNode in
            var members: [(String, JSONNode)] = [("ruleId", .string(result.id))]
            if let index = definitions.firstIndex(where: { $0.id == result.id }) {
                members.append(("ruleIndex", .integer(index)))
            }
            members.append(("kind", .string(Self.sarifKind(result.status))))
            members.append(("level", .string(Self.level(result))))
            var text = result.message
            if result.status != .pass, result.status != .info { text += ". Fix: " + result.fix }
            members.append(("message", .object([("text", .string(text))])))
            if !result.evidence.isEmpty {
                members.append(("locations", .array(result.evidence.map(Self.location))))
            }
            return .object(members)
        }
        let driver: JSONNode = .object([
            ("name", .string("iapkit")),
            ("version", .string(toolVersion)),
            ("rules", .array(rules)),
        ])
        let run: JSONNode = .object([
            ("tool", .object([("driver", driver)])),
            ("columnKind", .string("unicodeCodePoints")),
            ("results", .array(sarifResults)),
        ])
        let log: JSONNode = .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ])
        return log.pretty
    }

    /// `bundle-id-mismatch` → `BundleIdMismatch`, SARIF's readable rule name.
    static func ruleName(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    static func level(_ severity: CheckSeverity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// SARIF allows a level other than `none` only on results of kind `fail`.
    static func level(_ result: CheckResult) -> String {
        switch result.status {
        case .fail: result.definition.map { level($0.severity) } ?? "error"
        case .warning: "warning"
        case .pass, .info, .manual: "none"
        }
    }

    static func sarifKind(_ status: CheckStatus) -> String {
        switch status {
        case .pass: "pass"
        case .fail, .warning: "fail"
        case .info: "informational"
        case .manual: "review"
        }
    }

    static func location(_ location: SourceLocation) -> JSONNode {
        .object([
            (
                "physicalLocation",
                .object([
                    ("artifactLocation", .object([("uri", .string(uriReference(location.file)))])),
                    (
                        "region",
                        .object([
                            ("startLine", .integer(max(location.line, 1))),
                            ("startColumn", .integer(max(location.column, 1))),
                        ])
                    ),
                ])
            )
        ])
    }

    /// A relative path as a URI reference: characters outside RFC 3986's unreserved set and `/`
    /// are percent-encoded as UTF-8, so `My App/Store.swift` stays one valid reference.
    static func uriReference(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
