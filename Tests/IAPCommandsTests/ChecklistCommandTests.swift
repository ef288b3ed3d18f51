import Testing

/// `iapkit checklist`: progress through the task items of the guides.
@Suite struct ChecklistCommandTests {
    static let files: [String: [UInt8]] = [
        "SUMMARY.md": Array("# Summary\n\n- [Setup](setup.md)\n- [Testing](testing.md)\n- [Notes](notes.md)\n".utf8),
        "setup.md": Array(
            """
            # Setup

            - [x] Sign the agreements {#agreements-signed}
            - [ ] Create the products {#products-created}
            - [x] Add a review screenshot

            """.utf8),
        "testing.md": Array("# Testing\n\n- [ ] Sign in with a sandbox tester {#sandbox-signed-in}\n".utf8),
        "notes.md": Array("# Notes\n\nNo tasks here.\n".utf8),
    ]

    @Test func countsPerChapterAndInTotal() {
        let outcome = CommandHarness.run(["checklist", "."], files: Self.files)
        #expect(outcome.status == 0)
        #expect(
            outcome.standardOutput == """
                setup.md    2/3
                testing.md  0/1
                total       2/4 done (50%)

                """)
    }

    @Test func openItemsAreListedWithTheirPlace() {
        let outcome = CommandHarness.run(["checklist", "--open", "."], files: Self.files)
        #expect(
            outcome.standardOutput.hasSuffix(
                """

                setup.md:4:1: [ ] {#products-created} Create the products
                testing.md:3:1: [ ] {#sandbox-signed-in} Sign in with a sandbox tester

                """))
    }

    @Test func strictFailsWhileAnItemIsOpen() {
        #expect(CommandHarness.run(["checklist", "--strict", "."], files: Self.files).status == 1)
        var done = Self.files
        for name in ["setup.md", "testing.md"] {
            done[name] = Array(
                String(decoding: done[name] ?? [], as: UTF8.self).replacingOccurrences(of: "[ ]", with: "[x]").utf8)
        }
        let outcome = CommandHarness.run(["checklist", "--strict", "."], files: done)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.hasSuffix("total       4/4 done (100%)\n"))
    }

    @Test func jsonNamesEveryItem() {
        let outcome = CommandHarness.run(["checklist", "--format", "json", "."], files: Self.files)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.hasPrefix("{\n  \"formatVersion\": 1,\n  \"done\": 2,\n  \"total\": 4,\n"))
        #expect(outcome.standardOutput.contains("\"id\": \"products-created\""))
        #expect(outcome.standardOutput.contains("\"file\": \"testing.md\""))
        #expect(CommandHarness.run(["checklist", "missing.md"], files: Self.files).status == 2)
    }
}
