import Foundation
import IAPDiagnostics
import IAPModel
import IAPTestSupport
import Testing

@testable import IAPCheck

@Suite struct CheckCatalogueTests {
    @Test func catalogueFollowsThePitfallTable() throws {
        let ids = CheckCatalogue.all.map(\.id)
        #expect(ids.count == 32)
        #expect(Set(ids).count == ids.count)
        #expect(ids.first == "product-id-mismatch")
        #expect(ids.last == "unit-test-host")
    }

    @Test func documentationLinksPointAtExistingHeadings() throws {
        let chapter = TestPaths.repositoryRoot.appendingPathComponent("Workbook/troubleshooting.md")
        let text = try String(contentsOf: chapter, encoding: .utf8)
        let slugs = Set(
            text.split(separator: "\n").filter { $0.hasPrefix("#") }.map { line in
                Self.slug(line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces))
            })
        for definition in CheckCatalogue.all {
            let anchor = definition.documentation.components(separatedBy: "#").last ?? ""
            #expect(slugs.contains(anchor), "\(definition.id): no heading for #\(anchor)")
        }
    }

    static func slug(_ heading: String) -> String {
        var out = ""
        for character in heading.lowercased() {
            if character.isLetter || character.isNumber || character == "-" || character == "_" {
                out.append(character)
            } else if character == " " {
                out.append("-")
            }
        }
        return out
    }

    @Test func editDistanceNearMisses() {
        let ids = ["com.example.pebble.gems", "com.example.pebble.pro"]
        #expect(IdentifierChecks.nearMiss("com.example.pebble.gem", among: ids)?.id == "com.example.pebble.gems")
        #expect(IdentifierChecks.nearMiss("com.example.Pebble.pro", among: ids)?.reason.contains("case") == true)
        #expect(IdentifierChecks.nearMiss("com.example.pebble", among: ids) == nil)
        #expect(IdentifierChecks.nearMiss("Debug", among: ids) == nil)
    }

    @Test func withoutAProjectTheProjectChecksAreManual() {
        let results = CheckRunner(workbook: Fixture.workbook(), snapshot: nil).run()
        #expect(results.count == 32)
        #expect(results.first { $0.id == "bundle-id-mismatch" }?.status == .manual)
        #expect(results.first { $0.id == "product-id-prefix" }?.status == .pass)
        #expect(!results.contains { $0.status == .fail })
    }
}

@Suite struct CheckReportTests {
    static let results = [
        CheckResult(
            id: "bundle-id-mismatch", status: .fail, message: "Debug uses \"a|b\"",
            evidence: [SourceLocation(file: "p.pbxproj", line: 3, column: 5)], fix: "Fix it."),
        CheckResult(id: "agreements", status: .manual, message: "confirm by hand", fix: "Sign."),
    ]

    @Test func colourOnlyWhenAskedFor() {
        let report = CheckReport(results: Self.results)
        #expect(!report.render(.text).contains("\u{1B}["))
        #expect(report.render(.text, colour: true).hasPrefix("\u{1B}[31mFAIL   \u{1B}[0m  bundle-id-mismatch"))
    }

    @Test func jsonAndMarkdownEscapeTheirText() {
        let report = CheckReport(results: Self.results)
        #expect(report.json.contains(#""message" : "Debug uses \"a|b\"""#))
        #expect(report.markdown.contains(#"| fail | `bundle-id-mismatch` | Debug uses "a\|b" |"#))
        #expect(report.summary == "2 checks: 0 passed, 1 failed, 0 warnings, 0 info, 1 manual")
    }
}
