import Foundation
import Testing

/// `iapkit build`: lint, generate, check and render in one go, configured by `iapkit.yml`.
@Suite struct BuildCommandTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("iapkit-build-\(UUID().uuidString)")
        .path

    /// The outputs go to a temporary folder, outside the working directory, so every run passes
    /// `--allow-outside-paths`.
    func configured(_ files: [String: [UInt8]], project: Bool) -> [String: [UInt8]] {
        var files = files
        var settings = "input: guide.md\noutput: \(folder)/Generated\nsite: \(folder)/site\n"
        if project { settings += "project: .\n" }
        files["iapkit.yml"] = Array(settings.utf8)
        return files
    }

    @Test func everyStepRunsWithAProject() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = CommandHarness.run(
            ["build", "--allow-outside-paths"], files: configured(try CheckCommandTests.files(), project: true))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        for step in ["lint", "generate", "check", "render"] {
            #expect(outcome.standardOutput.contains("==> \(step)\n"))
        }
        #expect(outcome.standardOutput.hasSuffix("build: lint ok, generate ok, check ok, render ok\n"))
        #expect(FileManager.default.fileExists(atPath: "\(folder)/Generated/ValidationChecklist.md"))
        #expect(FileManager.default.fileExists(atPath: "\(folder)/site/index.html"))
        let checklist = try String(contentsOfFile: "\(folder)/Generated/ValidationChecklist.md", encoding: .utf8)
        #expect(!checklist.contains("No project was given"))
    }

    @Test func aProjectThatCannotBeReadStopsTheBuildBeforeAnyWrite() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = CommandHarness.run(
            ["build", "--allow-outside-paths", "--project", "NoSuchApp"],
            files: configured(try CheckCommandTests.files(), project: false))
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput == "")
        #expect(outcome.standardError.hasSuffix("iapkit build: nothing done: the project cannot be read\n"))
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test func withoutAProjectCheckIsSkipped() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = CommandHarness.run(
            ["build", "--quiet", "--allow-outside-paths"],
            files: configured(try CheckCommandTests.files(), project: false))
        #expect(outcome.status == 0)
        #expect(!outcome.standardOutput.contains("==> "))
        #expect(
            outcome.standardOutput.hasSuffix(
                "build: lint ok, generate ok, check skipped (no project: use --project or 'project' in iapkit.yml), render ok\n"
            ))
    }

    @Test func guidesWithErrorsStopAfterLint() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files = configured(try CheckCommandTests.files(), project: true)
        files["guide.md"] = Array("# Broken\n\n```yaml iap\nproducts: [\n```\n".utf8)
        let outcome = CommandHarness.run(["build", "--allow-outside-paths"], files: files)
        #expect(outcome.status == 1)
        #expect(
            outcome.standardOutput.hasSuffix(
                "build: lint found problems, generate not run, check not run, render not run\n"))
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test func aFailedCheckStillRendersButFails() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outcome = CommandHarness.run(
            ["build", "--allow-outside-paths"],
            files: configured(try CheckCommandTests.files("DevSuffix"), project: true))
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.hasSuffix("build: lint ok, generate ok, check found problems, render ok\n"))
    }
}
