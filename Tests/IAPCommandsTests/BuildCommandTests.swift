import Foundation
import IAPCommands
import Testing

/// `iapkit build`: lint, generate, check and render in one go, configured by `iapkit.yml`; in
/// memory, the guides, the project and every output on one `MemoryDisk`.
@Suite struct BuildCommandTests {
    let folder = "/elsewhere/build"

    /// The outputs go to a folder outside the working directory, so every run passes
    /// `--allow-outside-paths`.
    func configured(_ files: [String: [UInt8]], project: Bool) -> [String: [UInt8]] {
        var files = files
        var settings = "input: guide.md\noutput: \(folder)/Generated\nsite: \(folder)/site\n"
        if project { settings += "project: .\n" }
        files["iapkit.yml"] = Array(settings.utf8)
        return files
    }

    @Test func everyStepRunsWithAProject() throws {
        let disk = MemoryDisk(configured(try CheckCommandTests.files(), project: true))
        let outcome = CommandHarness.run(["build", "--allow-outside-paths"], disk: disk)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        for step in ["lint", "generate", "check", "render"] {
            #expect(outcome.standardOutput.contains("==> \(step)\n"))
        }
        #expect(outcome.standardOutput.hasSuffix("build: lint ok, generate ok, check ok, render ok\n"))
        #expect(disk.files["\(folder)/site/index.html"] != nil)
        let checklist = try #require(disk.files["\(folder)/Generated/ValidationChecklist.md"])
        #expect(!String(decoding: checklist, as: UTF8.self).contains("No project was given"))
    }

    @Test func aProjectThatCannotBeReadStopsTheBuildBeforeAnyWrite() throws {
        let disk = MemoryDisk(configured(try CheckCommandTests.files(), project: false))
        let outcome = CommandHarness.run(["build", "--allow-outside-paths", "--project", "NoSuchApp"], disk: disk)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput == "")
        #expect(outcome.standardError.hasSuffix("iapkit build: nothing done: the project cannot be read\n"))
        #expect(disk.kind(of: folder) == .missing)
    }

    @Test func withoutAProjectCheckIsSkipped() throws {
        let outcome = CommandHarness.run(
            ["build", "--quiet", "--allow-outside-paths"],
            disk: MemoryDisk(configured(try CheckCommandTests.files(), project: false)))
        #expect(outcome.status == 0)
        #expect(!outcome.standardOutput.contains("==> "))
        #expect(
            outcome.standardOutput.hasSuffix(
                "build: lint ok, generate ok, check skipped (no project: use --project or 'project' in iapkit.yml), render ok\n"
            ))
    }

    @Test func guidesWithErrorsStopAfterLint() throws {
        var files = configured(try CheckCommandTests.files(), project: true)
        files["guide.md"] = Array("# Broken\n\n```yaml iap\nproducts: [\n```\n".utf8)
        let disk = MemoryDisk(files)
        let outcome = CommandHarness.run(["build", "--allow-outside-paths"], disk: disk)
        #expect(outcome.status == 1)
        #expect(
            outcome.standardOutput.hasSuffix(
                "build: lint found problems, generate not run, check not run, render not run\n"))
        #expect(disk.kind(of: folder) == .missing)
    }

    @Test func aFailedCheckStillRendersButFails() throws {
        let outcome = CommandHarness.run(
            ["build", "--allow-outside-paths"],
            disk: MemoryDisk(configured(try CheckCommandTests.files("DevSuffix"), project: true)))
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.hasSuffix("build: lint ok, generate ok, check found problems, render ok\n"))
    }
}
