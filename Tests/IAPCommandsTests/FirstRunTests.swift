import Foundation
import IAPCommands
import IAPExtract
import IAPTestSupport
import Testing

/// A new user's first run, in a new folder on a real disk: `init`, then `lint`, `generate`,
/// `check` against a project and `render`, each with the output and status a newcomer sees.
@Suite struct FirstRunTests {
    @Test func initThenLintGenerateCheckAndRenderEachSucceed() throws {
        let scratch = Scratch()
        let book = scratch.path("pebble")
        let started = CommandHarness.runOnDisk([
            "init", "--name", "Pebble", "--bundle-id", "com.example.pebble", "--path", book,
        ])
        #expect(started.status == 0)
        #expect(started.standardError == "")
        #expect(
            started.standardOutput.hasPrefix(
                """
                create: \(book)/iapkit.yml
                create: \(book)/Guides/SUMMARY.md
                create: \(book)/Guides/products.md
                create: \(book)/Guides/setup.md

                Next: cd \(book) && iapkit lint, then iapkit generate
                """))
        #expect(scratch.text("pebble/iapkit.yml")?.contains("input: Guides\noutput: Store\n") == true)

        let guides = book + "/Guides"
        let lint = CommandHarness.runOnDisk(["lint", guides])
        #expect(lint.status == 0)
        #expect(lint.standardOutput == "2 chapters, 4 products, 8 checklist items: no problems\n")

        let generated = CommandHarness.runOnDisk(["generate", guides, "-o", book + "/Store"])
        #expect(generated.status == 0)
        let store = Set(scratch.files(under: "pebble/Store").keys)
        for name in [
            "ProductID.swift", "PebbleStore.swift", "PebbleStore+Subscriptions.swift", "EntitlementStore.swift",
            "Pebble.storekit",
        ] {
            #expect(store.contains(name), "\(name) is generated")
        }

        let project = TestPaths.tests("IAPCheckTests/Fixtures/Clean").path
        let checked = CommandHarness.runOnDisk(["check", "--project", project, guides])
        // The project's .storekit file predates the starter products: the one finding.
        #expect(checked.status == 1)
        #expect(
            checked.standardOutput.contains(
                "PASS     bundle-id-mismatch  every build configuration of Pebble uses com.example.pebble"))
        #expect(checked.standardOutput.contains("FAIL     storekit-config-missing-ids  com.example.pebble.coins100, "))
        #expect(checked.standardOutput.contains("32 checks: 20 passed, 1 failed"))

        let rendered = CommandHarness.runOnDisk(["render", guides, "-o", book + "/site", "--strict", "--quiet"])
        #expect(rendered.status == 0)
        #expect(rendered.standardError == "")
        #expect(scratch.text("pebble/site/setup.html")?.contains("bundle-id-mismatch") == true)
    }

    @Test func initNeverOverwritesAndNamesWhatExists() throws {
        let scratch = Scratch()
        try scratch.write("app/Guides/products.md", "# Ours\n")
        let outcome = CommandHarness.runOnDisk(["init", "--path", scratch.path("app")])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError == """
                iapkit init: error: '\(scratch.path("app"))/Guides/products.md' already exists
                iapkit init: nothing written; move them away or start the book in another folder with --path

                """)
        #expect(scratch.text("app/Guides/products.md") == "# Ours\n")
        #expect(scratch.text("app/iapkit.yml") == nil)
    }

    @Test(arguments: [
        (["--bundle-id", "bad id"], "bundle ID 'bad id' is not valid"),
        (["--name", "   "], "app name is empty"),
    ])
    func initRefusesWhatTheCatalogueCannotHold(_ options: [String], _ problem: String) {
        let scratch = Scratch()
        let outcome = CommandHarness.runOnDisk(["init", "--path", scratch.path("app")] + options)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("iapkit init: error: the catalogue would not lint: \(problem)"))
        #expect(outcome.standardError.hasSuffix("iapkit init: nothing written\n"))
        #expect(scratch.files(under: "app").isEmpty)
    }

    /// An app named `App` would get a store named `AppStore`, which hides StoreKit's type of
    /// that name: init names the store itself rather than refuse a name the app is free to
    /// have, and the book it writes generates.
    @Test(arguments: ["App", "app"])
    func initNamesTheStoreWhenTheAppsNameWouldHideAFrameworkType(_ name: String) throws {
        let scratch = Scratch()
        let outcome = CommandHarness.runOnDisk(["init", "--name", name, "--path", scratch.path("app")])
        #expect(outcome.status == 0, "\(outcome)")
        let products = try #require(scratch.text("app/Guides/products.md"))
        #expect(products.contains("  storekit: 2\n  manager: AppStoreManager\n"))
        let lint = CommandHarness.runOnDisk(["lint", scratch.path("app/Guides")])
        #expect(lint.status == 0, "\(lint)")
        let generate = CommandHarness.runOnDisk([
            "generate", scratch.path("app/Guides"), "-o", scratch.path("app/Store"), "--dry-run",
        ])
        #expect(generate.status == 0, "\(generate)")
        #expect(generate.standardOutput.contains("AppStoreManager.swift"))
    }

    @Test func aNameWhoseStoreHidesNothingGetsNoManagerKey() throws {
        let scratch = Scratch()
        #expect(CommandHarness.runOnDisk(["init", "--name", "Pebble", "--path", scratch.path("app")]).status == 0)
        #expect(try #require(scratch.text("app/Guides/products.md")).contains("manager:") == false)
    }

    @Test func everyStorekitChoiceGivesACatalogueThatLintsClean() {
        for choice in ["1", "2", "both"] {
            let book = StarterBookProbe.files(storeKit: choice)
            let outcome = CommandHarness.run(["lint", "Guides"], files: book)
            #expect(outcome.status == 0, "storekit: \(choice)")
            #expect(
                book["Guides/products.md"].map { String(decoding: $0, as: UTF8.self) }?.contains(
                    "storekit: \(choice)\n") == true)
        }
    }

    /// With no PATH, a folder holding a SUMMARY.md is a book; a folder with no guides says how
    /// to start one.
    @Test func withoutAPathTheWorkingDirectoryIsTheBookOrTheUserIsToldToStartOne() {
        let book = StarterBookProbe.files(storeKit: "2").filter { $0.key.hasPrefix("Guides/") }
        let inside = Dictionary(
            uniqueKeysWithValues: book.map { (String($0.key.dropFirst("Guides/".count)), $0.value) })
        let here = CommandHarness.run(["lint"], files: inside)
        #expect(here.status == 0)
        #expect(here.standardOutput == "2 chapters, 4 products, 8 checklist items: no problems\n")
        let empty = CommandHarness.run(["lint"], files: ["notes.txt": Array("x".utf8)])
        #expect(empty.status == 2)
        #expect(
            empty.standardError == """
                iapkit lint: error: no guides here: no 'input' in iapkit.yml, no Workbook folder and no SUMMARY.md; run 'iapkit init' to start a book, or name a guide file or folder

                """)
    }
}

/// The starter book's files as `init` would write them, got by running it over a real folder.
enum StarterBookProbe {
    static func files(storeKit: String) -> [String: [UInt8]] {
        let scratch = Scratch()
        _ = CommandHarness.runOnDisk(["init", "--path", scratch.path("b"), "--storekit", storeKit])
        return scratch.files(under: "b").mapValues { Array($0) }
    }
}
