import Foundation
import IAPImport
import IAPTestSupport
import Testing

/// The four fixtures imported as chapters of one book, with an app chapter beside them, give
/// the generated code in `Golden/Generated/` (re-record with RECORD=1): an imported catalogue
/// is an ordinary catalogue from then on.
@Suite struct ImportedCatalogueGenerationTests {
    static let app = """
        # Pebble

        ```yaml iap
        app:
          name: Pebble
          bundleID: com.example.pebble
          manager: PebbleStore
        ```

        """

    @Test func theImportedBookGeneratesTheGoldenCode() throws {
        var files = ["book/app.md": Self.app]
        var paths = ["book/app.md"]
        for fixture in ImportHarness.formatFixtures {
            let catalogue = try #require(
                ImportHarness.importCatalogue(try ImportHarness.bytes(of: fixture), path: "\(fixture).storekit"))
            files["book/\(fixture).md"] = GuideChapterWriter.chapter(for: catalogue, sourceName: "\(fixture).storekit")
            paths.append("book/\(fixture).md")
        }
        let linted = ImportHarness.lint(files, paths: paths)
        #expect(linted.diagnostics.filter { $0.severity == .error }.isEmpty, "\(linted.diagnostics.map(\.description))")
        #expect(linted.workbook.products.count == 18)
        let generated = ImportHarness.generate(linted.workbook)
        #expect(generated.diagnostics.isEmpty, "\(generated.diagnostics.map(\.description))")
        #expect(
            generated.files.map(\.path).sorted() == [
                "EntitlementStore.swift", "Pebble.storekit", "PebbleStore+Handlers.swift", "PebbleStore.swift",
                "PebbleStoreHandling.swift", "ProductID.swift",
            ])
        let folder = ImportHarness.goldens.appendingPathComponent("Generated")
        for file in generated.files {
            Golden.check(file.contents, matches: folder.appendingPathComponent(file.path + ".golden"))
        }
    }
}
