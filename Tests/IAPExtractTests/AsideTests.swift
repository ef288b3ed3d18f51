import IAPExtract
import IAPModel
import IAPTestSupport
import Testing

/// Callouts written before GitHub's `[!NOTE]`: DocC's `> Note: …` and GitHub's earlier
/// `> **Warning**`. Only the five alert words count; a quote that merely starts with a bold
/// word or another label stays a quote.
@Suite struct AsideTests {
    private func callouts(_ text: String) -> [Callout] {
        WorkbookLoader(fileSystem: MemoryFileSystem(texts: ["page.md": text])).load(["page.md"])
            .workbook.chapters.first?.callouts ?? []
    }

    @Test func docCAndEarlierGitHubAsidesAreCallouts() {
        let found = callouts(
            """
            # Store

            > Note: Sandbox accounts live in App Store Connect,
            > under Users and Access.

            > **Warning**
            > Never ship test prices.
            >
            > Check them twice.

            > **important:** Finish every transaction.

            > **Tip**: Start with `Product.products(for:)`.

            > CAUTION:
            > Refunds reach the app later.
            """)
        #expect(found.map(\.kind) == [.note, .warning, .important, .tip, .caution])
        #expect(
            found.map(\.text) == [
                "Sandbox accounts live in App Store Connect, under Users and Access.",
                "Never ship test prices.\nCheck them twice.", "Finish every transaction.",
                "Start with Product.products(for:).", "Refunds reach the app later.",
            ])
        #expect(found.map(\.location.line) == [3, 6, 11, 13, 15])
    }

    @Test func otherQuotesStayQuotes() {
        let found = callouts(
            """
            # Store

            > **Note** that this is a quote.

            > Remark: DocC has more asides than GitHub has alerts.

            > Warning:no space after the colon.

            > *Note:* emphasis is not bold.

            > Notes: a plural.
            """)
        #expect(found.isEmpty)
    }
}
