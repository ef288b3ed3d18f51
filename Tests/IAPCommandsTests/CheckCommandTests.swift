import Foundation
import IAPTestSupport
import Testing

/// `iapkit check` end to end, over the fixture projects of IAPCheckTests.
@Suite struct CheckCommandTests {
    static let fixtures = TestPaths.tests("IAPCheckTests/Fixtures")

    /// The clean project and its guide, with a variant's files laid over them.
    static func files(_ variant: String? = nil) throws -> [String: [UInt8]] {
        var files = try CommandHarness.files(in: fixtures.appendingPathComponent("Clean"))
        if let variant {
            files.merge(try CommandHarness.files(in: fixtures.appendingPathComponent(variant))) { $1 }
        }
        return files
    }

    @Test func cleanProjectExitsZero() throws {
        let outcome = CommandHarness.run(["check", "--project", ".", "guide.md"], files: try Self.files())
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("PASS     bundle-id-mismatch"))
        #expect(outcome.standardOutput.hasSuffix("32 checks: 21 passed, 0 failed, 0 warnings, 2 info, 9 manual\n"))
        #expect(!outcome.standardOutput.contains("\u{1B}["))
    }

    @Test func failedCheckExitsOne() throws {
        let outcome = CommandHarness.run(
            ["check", "--project", "Pebble.xcodeproj", "guide.md"], files: try Self.files("DevSuffix"))
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.contains("FAIL     bundle-id-mismatch"))
        #expect(outcome.standardOutput.contains("  Pebble.xcodeproj/project.pbxproj:69:5"))
    }

    @Test(arguments: ["json", "markdown", "sarif", "junit"]) func otherFormats(_ format: String) throws {
        let outcome = CommandHarness.run(
            ["check", "--project", ".", "--format", format, "guide.md"], files: try Self.files("TypoID"))
        #expect(outcome.status == 1)
        let suffix = ["json": "json", "markdown": "md", "sarif": "sarif", "junit": "xml"][format] ?? format
        let golden = Self.fixtures.appendingPathComponent("Golden/command-TypoID.\(suffix)")
        Golden.check(outcome.standardOutput, matches: golden)
    }

    @Test func withoutAProjectOnlyTheGuidesAreChecked() throws {
        let outcome = CommandHarness.run(["check", "guide.md"], files: try Self.files())
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("MANUAL   bundle-id-mismatch  no project given"))
    }

    @Test func unreadableInputExitsTwo() throws {
        var files = try Self.files()
        files["Pebble.xcodeproj/project.pbxproj"] = Array("{ objects = ".utf8)
        let broken = CommandHarness.run(["check", "--project", ".", "guide.md"], files: files)
        #expect(broken.status == 2)
        #expect(broken.standardError.hasPrefix("Pebble.xcodeproj/project.pbxproj:"))
        #expect(broken.standardOutput.isEmpty)
        let missing = CommandHarness.run(["check", "--project", "Nowhere", "guide.md"], files: try Self.files())
        #expect(missing.status == 2)
        let badFormat = CommandHarness.run(["check", "--format", "xml", "guide.md"], files: try Self.files())
        #expect(badFormat.status == 2)
        let noGuide = CommandHarness.run(["check", "absent.md"], files: [:])
        #expect(noGuide.status == 2)
    }
}
