import Foundation
import IAPCommands
import Testing

/// `iapkit storekit import -o`, in memory: the chapter lands in the file, whole, and only when
/// it changed; a file that cannot be imported leaves the output untouched.
@Suite struct StoreKitCommandTests {
    static let storekit = """
        {
          "products" : [
            {
              "displayPrice" : "0.99",
              "localizations" : [ { "description" : "A few gems.", "displayName" : "Gems", "locale" : "en_US" } ],
              "productID" : "com.example.pebble.gems",
              "referenceName" : "Gems",
              "type" : "Consumable"
            }
          ],
          "version" : { "major" : 3, "minor" : 0 }
        }
        """

    @Test func outputIsWrittenOnceAndThenLeftAlone() throws {
        let disk = MemoryDisk(texts: ["Shop.storekit": Self.storekit, "Guides/.keep": ""])
        let output = "Guides/Products.md"
        let first = CommandHarness.run(["storekit", "import", "Shop.storekit", "-o", output], disk: disk)
        #expect(first.status == 0)
        #expect(first.standardOutput == "created: \(output)\n")
        #expect(first.standardError == "")
        let written = try #require(disk.files[output].map { String(decoding: $0, as: UTF8.self) })
        let printed = CommandHarness.run(["storekit", "import", "Shop.storekit"], disk: disk)
        #expect(written == printed.standardOutput)
        #expect(written.contains("  - id: \"com.example.pebble.gems\"\n"))
        let second = CommandHarness.run(["storekit", "import", "Shop.storekit", "--output", output], disk: disk)
        #expect(second.standardOutput == "unchanged: \(output)\n")
        #expect(try disk.entries(of: "Guides") == [".keep", "Products.md"])
    }

    @Test func nameAndBundleIDMakeTheChapterABook() {
        let files = ["Shop.storekit": Array(Self.storekit.utf8)]
        let imported = CommandHarness.run(
            ["storekit", "import", "Shop.storekit", "--name", "Shop", "--bundle-id", "com.example.shop"], files: files)
        #expect(imported.status == 0)
        #expect(
            imported.standardOutput.contains("```yaml iap\napp:\n  name: \"Shop\"\n  bundleID: \"com.example.shop\"\n"))
        let alone = CommandHarness.run(["storekit", "import", "Shop.storekit", "--name", "Shop"], files: files)
        #expect(alone.status == 2)
        #expect(alone.standardError.hasPrefix("iapkit storekit: error: --name and --bundle-id go together"))
        let wildcard = CommandHarness.run(
            ["storekit", "import", "Shop.storekit", "--name", "Shop", "--bundle-id", "com.example.*"], files: files)
        #expect(wildcard.status == 2)
        #expect(wildcard.standardError.contains("is a wildcard"))
    }

    @Test func aBadFileWritesNothing() throws {
        let disk = MemoryDisk(texts: ["Shop.storekit": "{", "Guides/Products.md": "keep me\n"])
        let outcome = CommandHarness.run(
            ["storekit", "import", "Shop.storekit", "-o", "Guides/Products.md"], disk: disk)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput == "")
        #expect(disk.files["Guides/Products.md"] == Array("keep me\n".utf8))
        #expect(try disk.entries(of: "Guides") == ["Products.md"])
    }

    /// A `.storekit` file takes names App Store Connect refuses; the import writes them as they
    /// are, and says at once, at the line in the file, that the chapter will not pass lint.
    @Test func whatLintWillRefuseIsToldAtImportInTheStoreKitFile() throws {
        let storekit = Self.storekit
            .replacingOccurrences(of: "\"displayName\" : \"Gems\"", with: "\"displayName\" : \" \"")
            .replacingOccurrences(
                of: "\"description\" : \"A few gems.\"",
                with: "\"description\" : \"A few gems, enough for a week of daily puzzles and a bonus round.\"")
        let imported = CommandHarness.run(
            ["storekit", "import", "Shop.storekit"], files: ["Shop.storekit": Array(storekit.utf8)])
        #expect(imported.status == 0)
        #expect(
            imported.standardError == """
                Shop.storekit:5:27: warning: description for en-US is 65 characters long; App Store Connect allows at most 45
                Shop.storekit:5:27: warning: display name for en-US is empty; the imported chapter fails lint until this is fixed

                """)
        let chapter = imported.standardOutput
        let linted = CommandHarness.run(["lint", "Products.md"], files: ["Products.md": Array(chapter.utf8)])
        #expect(linted.status == 1)
        #expect((linted.standardOutput + linted.standardError).contains("error: display name for en-US is empty"))
    }
}
