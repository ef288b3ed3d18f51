import Foundation
import IAPTestSupport
import Testing

/// `iapkit extract --format json` on the shipped Workbook: every product and every checklist
/// item is listed with its file and line, and the JSON is the documented shape.
@Suite struct WorkbookExtractTests {
    static func workbookFiles() throws -> [String: [UInt8]] {
        let files = try CommandHarness.files(in: TestPaths.repositoryRoot.appendingPathComponent("Workbook"))
        return Dictionary(uniqueKeysWithValues: files.map { ("Workbook/" + $0.key, $0.value) })
    }

    @Test func lintIsCleanOnTheWorkbook() throws {
        let outcome = CommandHarness.run(["lint"], files: try Self.workbookFiles())
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.hasSuffix(": no problems\n"), "\(outcome.standardOutput)")
    }

    @Test func extractListsEveryProductAndChecklistItemWithItsPlace() throws {
        let files = try Self.workbookFiles()
        let outcome = CommandHarness.run(["extract", "--format", "json"], files: files)
        #expect(outcome.status == 0)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        #expect(json["formatVersion"] as? Int == 1)

        let products = try #require(json["products"] as? [[String: Any]])
        #expect(products.count >= 4)
        let types = Set(products.compactMap { $0["type"] as? String })
        #expect(types == ["consumable", "non-consumable", "auto-renewable", "non-renewing"])
        for product in products {
            try expectPlace(product, in: files)
            let localizations = try #require(product["localizations"] as? [[String: Any]])
            #expect(localizations.count == 2, "\(product["id"] ?? "")")
        }

        let checklists = try #require(json["checklists"] as? [[String: Any]])
        var itemCount = 0
        for checklist in checklists {
            let items = try #require(checklist["items"] as? [[String: Any]])
            #expect(checklist["total"] as? Int == items.count)
            #expect(checklist["done"] as? Int == items.count { $0["done"] as? Bool == true })
            for item in items {
                try expectPlace(item, in: files)
                itemCount += 1
            }
        }
        let totals = try #require(json["totals"] as? [String: Any])
        #expect(totals["checklistItems"] as? Int == itemCount)
    }

    @Test func troubleshootingCarriesEveryPitfallID() throws {
        let outcome = CommandHarness.run(["extract"], files: try Self.workbookFiles())
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let items = (json["checklists"] as? [[String: Any]] ?? []).flatMap { $0["items"] as? [[String: Any]] ?? [] }
        let ids = Set(
            items.filter { ($0["file"] as? String) == "Workbook/troubleshooting.md" }.compactMap { $0["id"] as? String }
        )
        let pitfalls: Set<String> = [
            "product-id-mismatch", "product-id-format", "product-id-duplicate", "reference-name-length",
            "metadata-missing", "cleared-for-sale", "agreements", "propagation-delay", "first-submission",
            "bundle-id-mismatch", "product-id-prefix", "explicit-app-id", "iap-capability", "apple-pay-entitlement",
            "storekit-linked", "simulator-without-config", "storekit-config-path", "storekit-config-missing-ids",
            "storekit-config-schema", "storekit-config-shadows-sandbox", "request-not-retained", "main-thread-assumed",
            "invalid-ids-ignored", "listener-at-launch", "finish-transactions", "restore-button", "promoted-purchases",
            "can-make-payments", "sandbox-account", "device-testing", "reinstall", "unit-test-host",
        ]
        #expect(pitfalls.subtracting(ids).isEmpty, "missing: \(pitfalls.subtracting(ids).sorted())")
    }

    /// The element names an existing file, and its line holds what the element says it holds.
    private func expectPlace(_ element: [String: Any], in files: [String: [UInt8]]) throws {
        let file = try #require(element["file"] as? String)
        let line = try #require(element["line"] as? Int)
        let bytes = try #require(files[file], "no file \(file)")
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n")
        #expect(line >= 1 && line <= lines.count)
        if let id = element["id"] as? String, line <= lines.count {
            #expect(lines[line - 1].contains(id), "\(file):\(line) does not mention \(id)")
        }
    }
}
