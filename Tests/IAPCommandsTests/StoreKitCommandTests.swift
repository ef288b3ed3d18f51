import Foundation
import Testing

/// `iapkit storekit import -o`: the chapter lands in the file, whole, and only when it changed;
/// a file that cannot be imported leaves the output untouched.
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

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "iapkit-storekit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func outputIsWrittenOnceAndThenLeftAlone() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("Products.md").path
        let files = ["Shop.storekit": Array(Self.storekit.utf8)]
        let first = CommandHarness.run(["storekit", "import", "Shop.storekit", "-o", output], files: files)
        #expect(first.status == 0)
        #expect(first.standardOutput == "created: \(output)\n")
        #expect(first.standardError == "")
        let written = try String(contentsOfFile: output, encoding: .utf8)
        let printed = CommandHarness.run(["storekit", "import", "Shop.storekit"], files: files)
        #expect(written == printed.standardOutput)
        #expect(written.contains("  - id: \"com.example.pebble.gems\"\n"))
        let second = CommandHarness.run(["storekit", "import", "Shop.storekit", "--output", output], files: files)
        #expect(second.standardOutput == "unchanged: \(output)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Products.md"])
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
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("Products.md").path
        try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: output))
        let outcome = CommandHarness.run(
            ["storekit", "import", "Shop.storekit", "-o", output], files: ["Shop.storekit": Array("{".utf8)])
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput == "")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "keep me\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Products.md"])
    }
}
