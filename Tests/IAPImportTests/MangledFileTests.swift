import IAPDiagnostics
import IAPExtract
import IAPImport
import IAPTestSupport
import Testing

/// Fixtures with hostile text spliced in at random places (a seeded generator, so a failure
/// replays): the import never crashes, a failure is located in the file, and a chapter it
/// writes always reads back to the same products, whatever the strings now hold; the only
/// complaint allowed is a price the file lost.
@Suite struct MangledFileTests {
    static let splices = [
        "\\\"", "\\\\", "\\n", "\\r", "\\t", "\\u2028", "\\u0085", "\\uFEFF", "\\u0000", ": ", "- ", "#", "'", "`",
        "```", "&a", "*a", "!!str ", "{", "}", "[", "]", ",", "\"", "é", "🧩", "null", "true", "1e9", "_", "-",
    ]

    @Test(arguments: ImportHarness.formatFixtures)
    func splicedFilesImportOrFailWithALocatedError(_ fixture: String) throws {
        let original = try ImportHarness.bytes(of: fixture)
        var random = SeededRandom(seed: UInt64(fixture.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
        // Where string values start, so most splices change a string rather than the structure.
        let valueStarts = original.indices.filter {
            $0 >= 3 && original[($0 - 3)..<$0].elementsEqual(Array(": \"".utf8))
        }
        var imported = 0
        for round in 0..<150 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let splice = Array(Self.splices[Int.random(in: 0..<Self.splices.count, using: &random)].utf8)
                let insideAString = Bool.random(using: &random) && !valueStarts.isEmpty
                let position =
                    insideAString
                    ? valueStarts[Int.random(in: 0..<valueStarts.count, using: &random)]
                    : Int.random(in: 0...bytes.count, using: &random)
                bytes.insert(contentsOf: splice, at: min(position, bytes.count))
            }
            switch StoreKitImporter.read(bytes, path: "m.storekit") {
            case .failure(let failure):
                #expect(failure.diagnostics.contains { $0.severity == .error }, "round \(round)")
                #expect(failure.diagnostics.allSatisfy { $0.location?.file == "m.storekit" }, "round \(round)")
            case .success(let catalogue):
                imported += 1
                let chapter = GuideChapterWriter.chapter(for: catalogue, sourceName: "m.storekit")
                let loaded = WorkbookLoader(fileSystem: MemoryFileSystem(texts: ["m.md": chapter])).load(["m.md"])
                // A product whose price was lost is left for the reader to price, and said so.
                let unpriced = catalogue.products.filter { $0.price == nil }.count
                #expect(
                    loaded.diagnostics.count == unpriced
                        && loaded.diagnostics.allSatisfy { $0.message.hasPrefix("missing required key 'price'") },
                    "round \(round): \(loaded.diagnostics.map(\.description))")
                #expect(
                    ImportHarness.summaries(loaded.workbook.products) == ImportHarness.summaries(catalogue.products),
                    "round \(round)")
            }
        }
        // Many splices land inside strings, so many mangled files still import.
        #expect(imported > 30, "only \(imported) of 150 imported")
    }
}
