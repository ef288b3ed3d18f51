import Foundation
import IAPExtract
import IAPGenerate
import IAPTestSupport
import Templates
import Testing

/// The generator still writes exactly the checked-in code for the Workbook's catalogue, which
/// the GeneratedStoreTests target compiles and drives (re-record with RECORD=1).
@Suite struct WorkbookGoldenTests {
    static let goldenFolder = TestPaths.tests("GeneratedStoreTests/Generated")

    static func workbookFiles() throws -> [String: [UInt8]] {
        let folder = TestPaths.repositoryRoot.appendingPathComponent("Workbook")
        var files: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".md") {
            files["Workbook/" + name] = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
        }
        return files
    }

    static func generate() throws -> [GeneratedFile] {
        let loaded = WorkbookLoader(fileSystem: MemoryFileSystem(try workbookFiles())).load(["Workbook"])
        let options = GenerationOptions(
            troubleshooting: "Workbook/troubleshooting.md", sourceDescription: "the guides in Workbook")
        let library = TemplateLibrary(userFolder: nil)
        let result = Generator.generate(loaded.workbook, options: options, templates: library)
        #expect(result.diagnostics.isEmpty)
        return result.files
    }

    @Test func generatedCodeMatchesTheGoldens() throws {
        let files = try Self.generate()
        #expect(
            files.map(\.path).sorted() == [
                "EntitlementStore.swift", "ProductID.swift", "StoreTypes.swift", "Stride.storekit",
                "StrideStore+Handlers.swift", "StrideStore+Subscriptions.swift", "StrideStore.swift",
                "StrideStoreHandling.swift",
            ])
        for file in files {
            Golden.check(file.contents, matches: Self.goldenFolder.appendingPathComponent(file.path))
        }
    }

    @Test func generationIsDeterministic() throws {
        #expect(try Self.generate() == Self.generate())
    }

    @Test func theStoreKitFileIsValidJSONInXcodesShape() throws {
        let file = try #require(try Self.generate().first { $0.path.hasSuffix(".storekit") })
        let json = try #require(try JSONSerialization.jsonObject(with: Data(file.contents.utf8)) as? [String: Any])
        #expect(
            Set(json.keys) == [
                "identifier", "nonRenewingSubscriptions", "products", "settings", "subscriptionGroups", "version",
            ])
        let groups = try #require(json["subscriptionGroups"] as? [[String: Any]])
        #expect(groups.count == 1)
        let subscriptions = try #require(groups.first?["subscriptions"] as? [[String: Any]])
        #expect(subscriptions.map { $0["groupNumber"] as? Int } == [1, 2])
        #expect(subscriptions.allSatisfy { $0["type"] as? String == "RecurringSubscription" })
        #expect(subscriptions.allSatisfy { $0["subscriptionGroupID"] as? String == groups.first?["id"] as? String })
        let offer = try #require(subscriptions.first?["introductoryOffer"] as? [String: Any])
        #expect(offer["paymentMode"] as? String == "free")
        #expect(file.contents.contains("\"locale\" : \"de_DE\""))
    }
}
