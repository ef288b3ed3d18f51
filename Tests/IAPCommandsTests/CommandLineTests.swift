import Foundation
import IAPCommands
import IAPTestSupport
import Testing

@Suite struct CommandLineTests {
    static let helpFolder = TestPaths.tests("IAPCommandsTests/Help")

    @Test(arguments: [
        ("overview", ["--help"]), ("init", ["init", "--help"]), ("lint", ["lint", "--help"]),
        ("extract", ["extract", "--help"]),
        ("help-lint", ["help", "lint"]), ("generate", ["generate", "--help"]), ("template", ["template", "--help"]),
        ("check", ["check", "--help"]), ("checklist", ["checklist", "--help"]), ("storekit", ["storekit", "--help"]),
        ("help-storekit", ["help", "storekit"]), ("render", ["render", "--help"]), ("build", ["build", "--help"]),
        ("tangle", ["tangle", "--help"]), ("completions", ["completions", "--help"]), ("man", ["man", "--help"]),
    ])
    func helpTextsMatchTheirSnapshots(_ name: String, _ arguments: [String]) {
        let outcome = CommandHarness.run(arguments, files: [:])
        #expect(outcome.status == 0)
        #expect(outcome.standardError.isEmpty)
        Golden.check(outcome.standardOutput, matches: Self.helpFolder.appendingPathComponent("\(name).txt"))
    }

    @Test func templateRenderFollowsMustacheByDefault() throws {
        let files = [
            "t.mustache": Array(
                "{{greeting}}, {{#people}}{{name}}{{^last}} & {{/last}}{{/people}}! {{{raw}}} {{> p}}".utf8),
            "p.mustache": Array("({{missing}})".utf8),
            "c.json": Array(
                #"{"greeting": "Hi <you>", "people": [{"name": "A", "last": false}, {"name": "B", "last": true}], "raw": "<b>"}"#
                    .utf8),
        ]
        let outcome = CommandHarness.run(["template", "render", "t.mustache", "--context", "c.json"], files: files)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == "Hi &lt;you&gt;, A & B! <b> ()")
        let strict = CommandHarness.run(
            ["template", "render", "t.mustache", "--context", "c.json", "--strict"], files: files)
        #expect(strict.status == 1)
        #expect(strict.standardError.contains("p.mustache:1:2: error: no value named 'missing' in the context"))
        let usage = CommandHarness.run(["template", "render", "t.mustache"], files: files)
        #expect(usage.status == 2)
    }

    @Test func versionIsPrinted() {
        let outcome = CommandHarness.run(["--version"], files: [:])
        #expect(outcome == .init(status: 0, standardOutput: "iapkit \(IAPKitTool.version)\n", standardError: ""))
    }

    @Test func noCommandIsAUsageError() {
        let outcome = CommandHarness.run([], files: [:])
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.hasPrefix("OVERVIEW:"))
    }

    @Test func defaultInputIsTheWorkbookFolder() {
        let files = ["Workbook/SUMMARY.md": Array("- [One](one.md)\n".utf8), "Workbook/one.md": Array("# One\n".utf8)]
        let outcome = CommandHarness.run(["lint"], files: files)
        #expect(
            outcome
                == .init(
                    status: 0, standardOutput: "1 chapter, 0 products, 0 checklist items: no problems\n",
                    standardError: ""))
    }

    @Test func configurationFileNamesTheInput() {
        let files = [
            "iapkit.yml": Array("input:\n  - docs/a.md\n  - docs/b.md\n".utf8),
            "docs/a.md": Array("- [ ] A {#a}\n".utf8), "docs/b.md": Array("- [x] B {#b}\n".utf8),
        ]
        let outcome = CommandHarness.run(["lint", "--quiet"], files: files)
        #expect(outcome == .init(status: 0, standardOutput: "", standardError: ""))
        let extracted = CommandHarness.run(["extract"], files: files)
        #expect(extracted.standardOutput.contains("\"checklistItems\" : 2"))
    }

    @Test func optionValuesMayFollowAnEqualsSign() {
        let files = ["g.md": Array("# G\n".utf8)]
        #expect(CommandHarness.run(["extract", "--format=text", "g.md"], files: files).status == 0)
        #expect(CommandHarness.run(["extract", "-f", "text", "--", "g.md"], files: files).status == 0)
        #expect(CommandHarness.run(["lint", "--quiet=yes", "g.md"], files: files).status == 2)
        #expect(CommandHarness.run(["extract", "--format"], files: files).status == 2)
    }
}
