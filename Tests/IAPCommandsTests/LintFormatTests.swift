import Foundation
import Testing

@testable import IAPCommands

/// `iapkit lint --format`: the same diagnostics for programs, for GitHub Actions and for code
/// scanning; and messages a newcomer can act on.
@Suite struct LintFormatTests {
    static let guide = """
        # Shop

        ```yaml iap
        app:
          name: Shop
          bundleID: com.example.shop
        products:
          - id: com.example.shop.gems
            tpye: consumable
            referenceName: Gems
            price: 4,99
            localizations:
              en-US: {displayName: Gems, description: "A pouch, 100%: shiny"}
        ```

        """

    static func lint(_ format: String?) -> CommandHarness.Outcome {
        CommandHarness.run(
            ["lint", "shop.md"] + (format.map { ["--format", $0] } ?? []), files: ["shop.md": Array(guide.utf8)])
    }

    @Test func textNamesTheProductAndSaysEachMistakeOnce() {
        let outcome = Self.lint(nil)
        #expect(outcome.status == 1)
        #expect(
            outcome.standardOutput == """
                shop.md:9:5: error: unknown key 'tpye' in product 'com.example.shop.gems'; did you mean 'type'?
                shop.md:11:12: error: product 'com.example.shop.gems' price: expected a number, found '4,99'; write 4.99 (prices take a decimal point)
                1 chapter, 0 products, 0 checklist items: 2 errors, 0 warnings

                """)
    }

    @Test func jsonCarriesItsFormatVersion() throws {
        let outcome = Self.lint("json")
        #expect(outcome.status == 1)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        #expect(object["formatVersion"] as? Int == 1)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 2)
        #expect(diagnostics.first?["file"] as? String == "shop.md")
        #expect(diagnostics.first?["line"] as? Int == 9)
        #expect(diagnostics.first?["severity"] as? String == "error")
    }

    @Test func githubAnnotatesTheLines() {
        let outcome = Self.lint("github")
        #expect(outcome.status == 1)
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("::error file=shop.md,line=9,col=5::unknown key 'tpye'") == true)
    }

    @Test func githubEscapesWhatWorkflowCommandsReserve() {
        #expect(LintReport.escapedData("100%\nnext") == "100%25%0Anext")
        #expect(LintReport.escapedProperty("a:b,c") == "a%3Ab%2Cc")
    }

    @Test func sarifIsSarif() throws {
        let outcome = Self.lint("sarif")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
        let runs = try #require(object["runs"] as? [[String: Any]])
        #expect((runs.first?["results"] as? [Any])?.count == 2)
    }

    @Test func noNonsenseSuggestions() {
        let unknownOption = CommandHarness.run(["lint", "-x"], files: [:])
        #expect(unknownOption.status == 2)
        #expect(!unknownOption.standardError.contains("did you mean"))
        let storekit = CommandHarness.run(
            ["lint", "a.md"],
            files: [
                "a.md": Array(
                    "# A\n\n```yaml iap\napp:\n  name: A\n  bundleID: com.example.a\n  storekit: 3\n```\n".utf8)
            ])
        #expect(storekit.standardOutput.contains("found '3'\n"))
        #expect(CommandHarness.run(["lnt"], files: [:]).standardError.contains("did you mean 'lint'?"))
    }

    @Test func versionAnswersToEveryUsualSpelling() {
        for spelling in ["--version", "-v", "version"] {
            #expect(CommandHarness.run([spelling], files: [:]).standardOutput.hasPrefix("iapkit "))
        }
    }
}
