import IAPRender
import Testing

@Suite struct LinkCheckTests {
    @Test func brokenChapterLinksAndAnchorsAreLocatedWarnings() throws {
        let site = try RenderFixture.render(["basic", "broken-links.md"])
        #expect(
            site.diagnostics.map(\.description) == [
                "broken-links.md:3:5: warning: link to 'missing.md', which is not a chapter of this book",
                "broken-links.md:3:38: warning: link to '#nowhere': this chapter has no heading with that anchor, so the link is not rendered",
                "broken-links.md:4:1: warning: link to 'basic/setup.md#no-such-heading': that chapter has no heading with that anchor",
                "broken-links.md:10:11: warning: link to '#not-here': this chapter has no heading with that anchor, so the link is not rendered",
            ])
    }

    @Test func linksBetweenChaptersOfACleanBookAllResolve() throws {
        let site = try RenderFixture.render(["basic"])
        #expect(site.diagnostics.isEmpty)
        #expect(site.text("setup.html").contains(#"<a href="index.html">welcome</a>"#))
    }
}
