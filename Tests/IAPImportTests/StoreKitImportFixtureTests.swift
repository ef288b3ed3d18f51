import Foundation
import IAPDiagnostics
import IAPImport
import IAPModel
import IAPTestSupport
import Testing

/// One fixture per `.storekit` format version, written for these tests. Each one imports to
/// the chapter and warnings in `Golden/` (re-record with RECORD=1), the chapter lints clean,
/// and a `.storekit` file generated from the chapter imports to the same products.
@Suite struct StoreKitImportFixtureTests {
    @Test(arguments: ImportHarness.formatFixtures)
    func importGivesTheGoldenChapterAndWarnings(_ fixture: String) throws {
        let path = "Fixtures/\(fixture).storekit"
        let catalogue = try #require(ImportHarness.importCatalogue(try ImportHarness.bytes(of: fixture), path: path))
        let chapter = GuideChapterWriter.chapter(for: catalogue, sourceName: "\(fixture).storekit")
        Golden.check(chapter, matches: ImportHarness.goldens.appendingPathComponent("\(fixture).md"))
        let warnings = catalogue.warnings.sorted().map(\.description).joined(separator: "\n") + "\n"
        Golden.check(warnings, matches: ImportHarness.goldens.appendingPathComponent("\(fixture).warnings.txt"))
    }

    /// Only the durations of non-renewing subscriptions, which no `.storekit` file records, are
    /// left for the person importing: the chapter marks the place, and lint names each one.
    @Test(arguments: ImportHarness.formatFixtures)
    func theImportedChapterLintsWithoutErrorsButTheDurationsItCannotKnow(_ fixture: String) throws {
        let catalogue = try #require(
            ImportHarness.importCatalogue(try ImportHarness.bytes(of: fixture), path: "\(fixture).storekit"))
        let chapter = GuideChapterWriter.chapter(for: catalogue, sourceName: "\(fixture).storekit")
        let linted = ImportHarness.lint(["products.md": chapter], paths: ["products.md"])
        let errors = linted.diagnostics.filter { $0.severity == .error }
        let passes = catalogue.products.filter { $0.type == .nonRenewing }
        #expect(errors.count == passes.count, "\(errors.map(\.description))")
        #expect(errors.allSatisfy { $0.message.contains("needs a 'duration'") })
        #expect(chapter.components(separatedBy: GuideChapterWriter.durationPlaceholder).count == passes.count + 1)
        let completed = ImportHarness.lint(
            ["products.md": ImportHarness.withDurations(chapter)], paths: ["products.md"])
        #expect(completed.diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(linted.workbook.products.count == catalogue.products.count)
        #expect(ImportHarness.summaries(linted.workbook.products) == ImportHarness.summaries(catalogue.products))
    }

    @Test(arguments: ImportHarness.formatFixtures)
    func aRegeneratedStoreKitFileImportsToTheSameProducts(_ fixture: String) throws {
        let first = try #require(
            ImportHarness.importCatalogue(try ImportHarness.bytes(of: fixture), path: "\(fixture).storekit"))
        let chapter = GuideChapterWriter.chapter(for: first, sourceName: "\(fixture).storekit")
        let app = "# App\n\n```yaml iap\napp:\n  name: Pebble\n  bundleID: com.example.pebble\n```\n"
        let linted = ImportHarness.lint(["app.md": app, "products.md": chapter], paths: ["app.md", "products.md"])
        let generated = ImportHarness.generate(linted.workbook)
        #expect(generated.diagnostics.isEmpty, "\(generated.diagnostics.map(\.description))")
        let storekit = try #require(generated.files.first { $0.path.hasSuffix(".storekit") })
        let second = try #require(
            ImportHarness.importCatalogue(Array(storekit.contents.utf8), path: storekit.path))
        #expect(ImportHarness.summaries(second.products) == ImportHarness.summaries(first.products))
        // All a regenerated file lacks is what no .storekit file records.
        #expect(second.warnings.allSatisfy { $0.message.contains("does not record how long one purchase lasts") })
        #expect(second.warnings.count == first.products.count { $0.type == .nonRenewing })
        // Xcode's order (products, non-renewing, groups) survives too: the blocks are identical.
        let again = GuideChapterWriter.chapter(for: second, sourceName: "\(fixture).storekit")
        #expect(Self.configBlock(of: again) == Self.configBlock(of: chapter))
    }

    static func configBlock(of chapter: String) -> Substring? {
        chapter.range(of: "```yaml iap").map { chapter[$0.lowerBound...] }
    }

    @Test func theFixturesTogetherCoverEveryShape() throws {
        var types = Set<ProductType>()
        var modes = Set<OfferMode>()
        var periods = Set<String>()
        var versions: [String] = []
        var warnings: [String] = []
        var nullOffer = false
        for fixture in ImportHarness.formatFixtures {
            let bytes = try ImportHarness.bytes(of: fixture)
            let text = String(decoding: bytes, as: UTF8.self)
            if let range = text.range(of: #""major" : \d"#, options: .regularExpression) {
                versions.append(String(text[range].suffix(1)))
            }
            nullOffer = nullOffer || text.contains(#""introductoryOffer" : null"#)
            let catalogue = try #require(ImportHarness.importCatalogue(bytes, path: fixture))
            for product in catalogue.products {
                types.insert(product.type)
                if let subscription = product.subscription {
                    if let period = subscription.period { periods.insert(period.value) }
                    if let offer = subscription.introductoryOffer { modes.insert(offer.mode) }
                }
            }
            warnings += catalogue.warnings.map(\.message)
        }
        #expect(versions == ["1", "2", "3", "4"])
        #expect(types == Set(ProductType.allCases))
        #expect(modes == Set(OfferMode.allCases))
        #expect(periods.isSuperset(of: ["P1W", "P1M", "P2M", "P3M", "P6M", "P1Y"]))
        #expect(nullOffer)
        for shape in [
            "adHocOffers", "codeOffers", "winbackOffers", "appPolicies", "subscriptionOffersKeyPair", "_locale",
            "synced with an app", "simulated StoreKit errors", "localized names of subscription group",
            "'AutoRenewableSubscription'", "'storefrontPricing'", "'sparkles'", "no reference name",
        ] {
            #expect(warnings.contains { $0.contains(shape) }, "no warning mentions \(shape)")
        }
    }

    @Test func theSigningKeyIsNeverCopied() throws {
        let catalogue = try #require(
            ImportHarness.importCatalogue(try ImportHarness.bytes(of: "Format3"), path: "Format3.storekit"))
        let chapter = GuideChapterWriter.chapter(for: catalogue, sourceName: "Format3.storekit")
        let everything = chapter + catalogue.warnings.map(\.description).joined()
        #expect(!everything.contains("TUlHSEFH"))
        #expect(!everything.contains("KEYID00001"))
        #expect(
            catalogue.warnings.contains {
                $0.message.hasPrefix("the signing key for subscription offers") && $0.location?.line == 218
            })
    }
}
