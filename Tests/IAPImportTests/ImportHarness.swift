import Foundation
import IAPDiagnostics
import IAPExtract
import IAPGenerate
import IAPImport
import IAPModel
import IAPTestSupport
import IAPValidate
import Templates
import Testing

/// The steps the import tests share: read a fixture, import it, read the chapter back as a
/// guide, and regenerate a `.storekit` file from that guide.
enum ImportHarness {
    static let fixtures = TestPaths.tests("IAPImportTests/Fixtures")
    static let goldens = TestPaths.tests("IAPImportTests/Golden")
    /// One fixture per format version, 1.0 to 4.0.
    static let formatFixtures = ["Format1", "Format2", "Format3", "Format4"]

    /// The chapter as its reader completes it: every non-renewing subscription lasts a year.
    static func withDurations(_ chapter: String) -> String {
        chapter.replacingOccurrences(of: GuideChapterWriter.durationPlaceholder, with: "duration: P1Y")
    }

    static func bytes(of fixture: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: fixtures.appendingPathComponent(fixture + ".storekit")))
    }

    /// The catalogue of `bytes`, recording an issue with every diagnostic when it fails.
    static func importCatalogue(
        _ bytes: [UInt8], path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> StoreKitCatalogue? {
        switch StoreKitImporter.read(bytes, path: path) {
        case .success(let catalogue):
            return catalogue
        case .failure(let failure):
            Issue.record(
                Comment(
                    rawValue: "import failed:\n" + failure.diagnostics.map(\.description).joined(separator: "\n")),
                sourceLocation: sourceLocation)
            return nil
        }
    }

    /// The guide pipeline over in-memory chapters: extraction, then validation.
    static func lint(_ files: [String: String], paths: [String]) -> (workbook: Workbook, diagnostics: [Diagnostic]) {
        let loaded = WorkbookLoader(fileSystem: MemoryFileSystem(texts: files)).load(paths)
        let inputErrors = loaded.inputErrors.map { Diagnostic.error($0.message, at: nil) }
        return (loaded.workbook, inputErrors + loaded.diagnostics + WorkbookValidator.validate(loaded.workbook))
    }

    static func generate(_ workbook: Workbook) -> (files: [GeneratedFile], diagnostics: [Diagnostic]) {
        let library = TemplateLibrary(userFolder: nil)
        let options = GenerationOptions(
            troubleshooting: "troubleshooting.md", sourceDescription: "the imported catalogue")
        let result = Generator.generate(workbook, options: options, templates: library)
        return (result.files, result.diagnostics)
    }

    /// Every fact of a product the import claims to carry over, one line, locations left out,
    /// so two catalogues compare as sorted lists of lines.
    static func summary(_ product: Product) -> String {
        var fields = [
            product.id.value, product.type.rawValue, "ref=" + product.referenceName.value,
            "price=" + (product.price.map { "\($0.value)" } ?? "-"), "family=\(product.familyShareable)",
        ]
        if let subscription = product.subscription {
            fields.append("group=" + (subscription.group?.value ?? "-"))
            fields.append("period=" + (subscription.period?.value ?? "-"))
            fields.append("level=" + (subscription.level.map { "\($0.value)" } ?? "-"))
            if let offer = subscription.introductoryOffer {
                fields.append(
                    "offer=\(offer.mode.rawValue)/\(offer.period.value)/"
                        + (offer.periods.map { "\($0.value)" } ?? "-") + "/"
                        + (offer.price.map { "\($0.value)" } ?? "-"))
            } else {
                fields.append("offer=none")
            }
        }
        for localization in product.localizations {
            fields.append("\(localization.locale)=\(localization.displayName)/\(localization.description)")
        }
        return fields.joined(separator: " | ")
    }

    static func summaries(_ products: [Product]) -> [String] {
        products.map(summary).sorted()
    }
}
