import IAPExtract
import IAPRender
import IAPTestSupport
import Testing

@Suite struct LinkCheckTests {
    @Test func brokenChapterLinksAndAnchorsAreLocatedWarnings() throws {
        let site = try RenderFixture.render(["basic", "broken-links.md"])
        #expect(
            site.diagnostics.map(\.description) == [
                "broken-links.md:3:5: warning: link to 'missing.md', which is not a chapter of this book, so the link is not rendered",
                "broken-links.md:3:38: warning: link to '#nowhere': this chapter has no heading with that anchor, so the link is not rendered",
                "broken-links.md:4:1: warning: link to 'basic/setup.md#no-such-heading': that chapter has no heading with that anchor",
                "broken-links.md:10:11: warning: link to '#not-here': this chapter has no heading with that anchor, so the link is not rendered",
            ])
    }

    /// A warning quotes the link as written, with what would break its line spelt out: the
    /// quote, a control character, and the line and paragraph separators.
    @Test func aWarningSpellsOutWhatWouldBreakItsLine() throws {
        let site = try RenderFixture.renderText("# Links\n\n[a](<it's\u{7}\u{2028}\u{2029}é.md>)\n")
        #expect(
            site.diagnostics.map(\.description) == [
                #"chapter.md:3:1: warning: link to 'it\'s\u{7}\u{2028}\u{2029}é.md', which is not a chapter of this book, so the link is not rendered"#
            ])
    }

    @Test func linksBetweenChaptersOfACleanBookAllResolve() throws {
        let site = try RenderFixture.render(["basic"])
        #expect(site.diagnostics.isEmpty)
        #expect(site.text("setup.html").contains(#"<a href="index.html">welcome</a>"#))
    }

    @Test func aLinkToAFolderLeadsToItsReadmeOrIndexChapter() throws {
        let files = [
            "book/README.md":
                "# Home\n\nSee [the docs](docs/), [the guide](docs/guide#install) and [nothing](empty/).\n",
            "book/docs/README.md": "# Docs\n\nBack [home](../).\n",
            "book/docs/guide/index.md": "# Guide\n\n## Install\n",
        ]
        let loaded = WorkbookLoader(fileSystem: MemoryFileSystem(texts: files), keepsDocuments: true).load(["book"])
        let site = SiteRenderer.render(
            loaded.workbook, documents: loaded.documents, options: SiteOptions(title: "Folders"))
        let home = site.text("index.html")
        #expect(home.contains(#"<a href="docs-readme.html">the docs</a>"#))
        #expect(home.contains(#"<a href="docs-guide-index.html#install">the guide</a>"#))
        #expect(home.contains("and nothing."))
        #expect(site.text("docs-readme.html").contains(#"<a href="index.html">home</a>"#))
        #expect(
            site.diagnostics.map(\.description) == [
                "book/README.md:3:60: warning: link to 'empty/', a folder without a README.md or index.md chapter; "
                    + "the site does not hold it, so the link is not rendered"
            ])
    }

    @Test func aLinkToAMissingChapterKeepsItsWordsAsText() throws {
        let site = try RenderFixture.renderText("# Guide\n\nRead [the old page](old.md) first.\n")
        #expect(site.text("index.html").contains("Read the old page first."))
    }
}
