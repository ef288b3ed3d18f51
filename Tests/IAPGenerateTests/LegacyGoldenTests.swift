import Foundation
import IAPExtract
import IAPGenerate
import IAPTestSupport
import Templates
import Testing

/// The generator still writes exactly the checked-in code for the small Trail guides of the
/// StoreKit 1 and facade test targets, which compile and drive it (re-record with RECORD=1).
@Suite struct LegacyGoldenTests {
    /// A test target holding a guide in `Guide/` and its generated code in `Generated/`.
    struct Fixture: Sendable, CustomTestStringConvertible {
        let target: String
        let files: [String]

        var testDescription: String { target }

        var guide: URL { TestPaths.tests(target + "/Guide/trail.md") }
        var goldenFolder: URL { TestPaths.tests(target + "/Generated") }
    }

    static let storeKit1 = Fixture(
        target: "GeneratedStoreKit1Tests",
        files: [
            "EntitlementStore.swift", "ProductID.swift", "StoreTypes.swift", "Trail.storekit",
            "TrailStore+Handlers.swift", "TrailStore.swift", "TrailStoreHandling.swift",
        ])

    static let both = Fixture(
        target: "GeneratedFacadeTests",
        files: [
            "EntitlementStore.swift", "ProductID.swift", "StoreTypes.swift", "Trail.storekit",
            "TrailStore+Handlers.swift", "TrailStore.swift", "TrailStoreHandling.swift", "TrailStoreStoreKit1.swift",
            "TrailStoreStoreKit1Handling.swift", "TrailStoreStoreKit2+Subscriptions.swift", "TrailStoreStoreKit2.swift",
            "TrailStoreStoreKit2Handling.swift",
        ])

    static func generate(_ fixture: Fixture) throws -> [GeneratedFile] {
        let files = ["Guide/trail.md": try [UInt8](Data(contentsOf: fixture.guide))]
        let loaded = WorkbookLoader(fileSystem: MemoryFileSystem(files)).load(["Guide/trail.md"])
        #expect(loaded.diagnostics.isEmpty)
        let options = GenerationOptions(
            troubleshooting: "Workbook/troubleshooting.md", sourceDescription: "the guide in Guide")
        let library = TemplateLibrary(userFolder: nil)
        let result = Generator.generate(loaded.workbook, options: options, templates: library)
        #expect(result.diagnostics.isEmpty)
        return result.files
    }

    @Test(arguments: [storeKit1, both])
    func generatedCodeMatchesTheGoldens(_ fixture: Fixture) throws {
        let files = try Self.generate(fixture)
        #expect(files.map(\.path).sorted() == fixture.files)
        for file in files {
            Golden.check(file.contents, matches: fixture.goldenFolder.appendingPathComponent(file.path))
        }
    }

    @Test func theSharedFilesAreTheSameForEveryStoreKitChoice() throws {
        let one = try Self.generate(Self.storeKit1)
        let both = try Self.generate(Self.both)
        for name in ["ProductID.swift", "EntitlementStore.swift", "Trail.storekit"] {
            #expect(one.first { $0.path == name } == both.first { $0.path == name })
        }
    }

    @Test func onlyTheUsersHandlerFileIsAScaffold() throws {
        for fixture in [Self.storeKit1, Self.both] {
            #expect(try Self.generate(fixture).filter(\.isScaffold).map(\.path) == ["TrailStore+Handlers.swift"])
        }
    }
}
