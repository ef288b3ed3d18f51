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
        #expect(CheckRunner.nearMiss("com.example.pebble.gem", among: ids)?.id == "com.example.pebble.gems")
        #expect(CheckRunner.nearMiss("com.example.Pebble.pro", among: ids)?.reason.contains("case") == true)
        #expect(CheckRunner.nearMiss("com.example.pebble", among: ids) == nil)
        #expect(CheckRunner.nearMiss("Debug", among: ids) == nil)
    }

    @Test func withoutAProjectTheProjectChecksAreManual() {
        let results = CheckRunner(workbook: Fixture.workbook(), snapshot: nil).run()
        #expect(results.count == 32)
        #expect(results.first { $0.id == "bundle-id-mismatch" }?.status == .manual)
        #expect(results.first { $0.id == "product-id-prefix" }?.status == .pass)
        #expect(!results.contains { $0.status == .fail })
    }
}
