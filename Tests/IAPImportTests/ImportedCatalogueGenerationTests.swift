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

    static func importedBook() throws -> (files: [String: String], paths: [String]) {
        var files = ["book/app.md": Self.app]
        var paths = ["book/app.md"]
        for fixture in ImportHarness.formatFixtures {
            let catalogue = try #require(
                ImportHarness.importCatalogue(try ImportHarness.bytes(of: fixture), path: "\(fixture).storekit"))
            files["book/\(fixture).md"] = ImportHarness.withDurations(
                GuideChapterWriter.chapter(for: catalogue, sourceName: "\(fixture).storekit"))
            paths.append("book/\(fixture).md")
        }
        return (files, paths)
    }

    @Test func theImportedBookGeneratesTheGoldenCode() throws {
        let book = try Self.importedBook()
        let linted = ImportHarness.lint(book.files, paths: book.paths)
        #expect(linted.diagnostics.filter { $0.severity == .error }.isEmpty, "\(linted.diagnostics.map(\.description))")
        #expect(linted.workbook.products.count == 18)
        let generated = ImportHarness.generate(linted.workbook)
        #expect(generated.diagnostics.isEmpty, "\(generated.diagnostics.map(\.description))")
        #expect(
            generated.files.map(\.path).sorted() == [
                "EntitlementStore.swift", "Pebble.storekit", "PebbleStore+Handlers.swift",
                "PebbleStore+Subscriptions.swift", "PebbleStore.swift", "PebbleStoreHandling.swift", "ProductID.swift",
                "StoreTypes.swift",
            ])
        let folder = ImportHarness.goldens.appendingPathComponent("Generated")
        for file in generated.files {
            Golden.check(file.contents, matches: folder.appendingPathComponent(file.path + ".golden"))
        }
    }

    #if os(Linux)
        /// The generated code compiles in Swift 6 mode against the StoreKit stand-in module,
        /// which the package builds beside the tests on Linux.
        @Test func theGeneratedCodeTypeChecks() throws {
            let book = try Self.importedBook()
            let generated = ImportHarness.generate(ImportHarness.lint(book.files, paths: book.paths).workbook)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "iapkit-import-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            var sources: [String] = []
            for file in generated.files where file.path.hasSuffix(".swift") {
                let url = folder.appendingPathComponent(file.path)
                try Data(file.contents.utf8).write(to: url)
                sources.append(url.path)
            }
            let modules = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
                .appendingPathComponent("Modules")
            let swiftc = "/opt/swift/usr/bin/swiftc"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments =
                [
                    FileManager.default.isExecutableFile(atPath: swiftc) ? swiftc : "swiftc", "-typecheck",
                    "-swift-version", "6", "-I", modules.path, "-module-name", "ImportedPebble",
                ] + sources.sorted()
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(sources.count == 7)
            #expect(process.terminationStatus == 0, "\(output.prefix(3000))")
            #expect(!output.contains("warning:"), "\(output.prefix(3000))")
        }
    #endif
}
