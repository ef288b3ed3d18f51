import IAPDiagnostics
import IAPExtract
import IAPImport
import IAPModel
import Testing

/// Whatever IDs and names a `.storekit` file holds, the chapter's block reads back as exactly
/// those strings: YAML's special words, indicators, quotes, escapes, line breaks and fences.
@Suite struct GuideChapterWriterTests {
    static let hostile = [
        "no", "yes", "null", "~", "true", "1e3", "0x1F", ".inf", "2.99", "- item", "key: value", "# comment",
        "&anchor", "*alias", "!tag", "%YAML", "@at", "`tick`", "|", ">", "{a: b}", "[1, 2]", "'single'",
        "\"double\"", "back\\slash", "line\nbreak", "tab\there", "cr\rlf", "  leading and trailing  ", "",
        "nel\u{85}next", "ls\u{2028}ps\u{2029}", "\u{FEFF}bom", "bell\u{7}", "del\u{7F}", "c1\u{9B}", "emoji 🧩",
        "```\nfence", "{{interpolation}}", "\\u0041", "#{x}", "$(rm -rf)",
    ]

    static let here = IAPDiagnostics.SourceLocation(file: "Shop.storekit", line: 1, column: 1)

    static func product(_ index: Int, _ text: String) -> Product {
        Product(
            id: Located("id\(index).\(text)", at: here), type: .autoRenewable,
            referenceName: Located(text, at: here), price: Located(1, at: here),
            clearedForSale: Located(true, at: here),
            localizations: [
                Localization(locale: "en-US", displayName: text, description: text + text, location: here)
            ],
            subscription: Subscription(
                group: Located(text, at: here), period: Located(text, at: here), level: Located(index + 1, at: here),
                introductoryOffer: IntroductoryOffer(mode: .freeTrial, period: Located(text, at: here), location: here),
                location: here),
            location: here)
    }

    @Test func hostileStringsReadBackUnchanged() throws {
        let products = Self.hostile.enumerated().map { Self.product($0.offset, $0.element) }
        let catalogue = StoreKitCatalogue(products: products, warnings: [])
        let chapter = GuideChapterWriter.chapter(for: catalogue, sourceName: "Shop.storekit")
        // Extraction alone: the validator rightly refuses most of these IDs, but reading them
        // back must not fail.
        let extracted = WorkbookLoader(fileSystem: MemoryFileSystem(texts: ["products.md": chapter])).load([
            "products.md"
        ])
        #expect(extracted.diagnostics.isEmpty, "\(extracted.diagnostics.map(\.description))")
        #expect(extracted.workbook.products.count == Self.hostile.count)
        #expect(ImportHarness.summaries(extracted.workbook.products) == ImportHarness.summaries(products))
    }

    @Test func theBlockHoldsOneLinePerValue() {
        let chapter = GuideChapterWriter.chapter(
            for: StoreKitCatalogue(products: [Self.product(0, "a\nb: c")], warnings: []), sourceName: "S.storekit")
        #expect(chapter.contains("    referenceName: \"a\\nb: c\"\n"))
        #expect(chapter.contains("      \"en-US\":\n"))
    }

    @Test func aHostileFileNameStaysInsideItsCodeSpan() {
        let chapter = GuideChapterWriter.chapter(
            for: StoreKitCatalogue(products: [], warnings: []), sourceName: "a``b\n# c.storekit")
        #expect(chapter.contains("file ```a``b # c.storekit```:"))
        let linted = ImportHarness.lint(["products.md": chapter], paths: ["products.md"])
        #expect(linted.diagnostics.isEmpty, "\(linted.diagnostics.map(\.description))")
        #expect(linted.workbook.chapters.first?.title == "In-app purchases")
    }

    @Test func anEmptyCatalogueIsStillAValidBlock() {
        let chapter = GuideChapterWriter.chapter(for: StoreKitCatalogue(products: [], warnings: []), sourceName: "E")
        #expect(chapter.hasSuffix("```yaml iap\nproducts: []\n```\n"))
        #expect(chapter.contains("`E`:\n0 products.\n"))
    }
}
