/// JUnit XML, which every CI service shows as a test report: one test case per check. A failed
/// check is a failure, a check left to a person is skipped, and warnings and notes pass with
/// their message in the case's output, so only real failures turn a build red.
extension CheckReport {
    public var junit: String {
        let failures = results.count { $0.status == .fail }
        let skipped = results.count { $0.status == .manual }
        let counts = "tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\""
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"iapkit check\" \(counts) time=\"0\">",
            "  <testsuite name=\"iapkit check\" \(counts) time=\"0\">",
        ]
        for result in results {
            let kind = result.definition?.kind.rawValue ?? "automatic"
            let opening =
                "    <testcase classname=\"iapkit.check.\(Self.xml(kind))\" name=\"\(Self.xml(result.id))\" time=\"0\""
            let evidence = result.evidence.map(\.description)
            switch result.status {
            case .pass where evidence.isEmpty:
                lines.append(opening + "/>")
            case .fail:
                let severity = result.definition?.severity.rawValue ?? "error"
                let body = ([result.message] + evidence + ["fix: " + result.fix]).joined(separator: "\n")
                lines.append(opening + ">")
                lines.append(
                    "      <failure message=\"\(Self.xml(result.message))\" type=\"\(Self.xml(severity))\">"
                        + Self.xml(body, inAttribute: false) + "</failure>")
                lines.append("    </testcase>")
            case .manual:
                lines.append(opening + ">")
                lines.append("      <skipped message=\"\(Self.xml(result.message + "; " + result.fix))\"/>")
                lines.append("    </testcase>")
            case .pass, .warning, .info:
                var body = ["\(result.status.rawValue): \(result.message)"] + evidence
                if result.status == .warning { body.append("fix: " + result.fix) }
                lines.append(opening + ">")
                lines.append(
                    "      <system-out>" + Self.xml(body.joined(separator: "\n"), inAttribute: false) + "</system-out>")
                lines.append("    </testcase>")
            }
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Escaped for XML text and attributes; in attributes line breaks become character
    /// references so parsers keep them. Characters XML 1.0 forbids (most control characters)
    /// become U+FFFD.
    static func xml(_ text: String, inAttribute: Bool = true) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t", "\r":
                if inAttribute { out += "&#\(scalar.value);" } else { out.unicodeScalars.append(scalar) }
            default:
                let forbidden = scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF
                out.unicodeScalars.append(forbidden ? "\u{FFFD}" : scalar)
            }
        }
        return out
    }
}
