import Foundation
import IAPRender
import IAPTestSupport
import Testing

/// A small book in, the exact pages out. The style sheet and script are constants and are not
/// kept as goldens; everything built from the guides is.
@Suite struct SiteGoldenTests {
    static let golden = TestPaths.tests("IAPRenderTests/Golden/basic")

    @Test func basicBookMatchesGoldens() throws {
        let site = try RenderFixture.render(["basic"], title: "Tiny <Guide>")
        #expect(site.diagnostics.isEmpty)
        #expect(
            site.files.map(\.path) == [
                "index.html", "setup.html", "print.html", "search-index.js", "assets/site.css", "assets/site.js",
            ])
        for file in site.files where !file.path.hasPrefix("assets/") {
            Golden.check(site.text(file.path), matches: Self.golden.appendingPathComponent(file.path))
        }
    }

    @Test func sameInputGivesIdenticalBytes() throws {
        let first = try RenderFixture.render(["basic", "hostile.md"])
        let second = try RenderFixture.render(["basic", "hostile.md"])
        #expect(first.files == second.files)
    }

    @Test func sidebarMarksTheCurrentPageOnly() throws {
        let site = try RenderFixture.render(["basic"])
        let setup = site.text("setup.html")
        #expect(setup.contains(#"<a href="setup.html" aria-current="page">Setting up</a>"#))
        #expect(setup.contains(#"<a href="index.html">Welcome</a>"#))
        #expect(setup.components(separatedBy: #"aria-current="page""#).count == 2)
    }

    @Test func chapterLinksPointAtPagesAndPrintLinksStayInThePrintView() throws {
        let site = try RenderFixture.render(["basic"])
        #expect(site.text("index.html").contains(#"<a href="setup.html#before-you-ship">the checklist</a>"#))
        let print = site.text("print.html")
        #expect(print.contains(##"<a href="#setup--before-you-ship">the checklist</a>"##))
        #expect(print.contains(#"<h2 id="setup--before-you-ship">"#))
        #expect(print.contains(#"<article class="chapter" id="chapter-index">"#))
        #expect(print.contains(#"<article class="chapter" id="chapter-setup">"#))
    }

    @Test func taskItemsBecomeCheckboxesWithStableIDs() throws {
        let site = try RenderFixture.render(["basic"])
        let setup = site.text("setup.html")
        #expect(
            setup.contains(
                #"<input type="checkbox" id="task-product-exists" data-task="product-exists"><label for="task-product-exists">The product exists in App Store Connect</label>"#
            ))
        #expect(
            setup.contains(
                #"data-task="setup-the-bundle-id-matches-comexampletiny" data-default="checked" checked>"#))
        let index = site.text("search-index.js")
        #expect(index.contains(#"{"id": "product-exists", "done": false}"#))
        #expect(index.contains(#"{"id": "setup-the-bundle-id-matches-comexampletiny", "done": true}"#))
    }

    @Test func everyPageCarriesTheContentSecurityPolicyAndNoInlineScript() throws {
        let site = try RenderFixture.render(["basic"])
        for page in site.pages {
            let html = site.text(page.path)
            #expect(html.contains(#"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; "#))
            #expect(html.components(separatedBy: "<script").count == 3, "\(page.path)")
            #expect(html.contains(#"<script src="search-index.js" defer></script>"#))
            #expect(html.contains(#"<script src="assets/site.js" defer></script>"#))
        }
    }
}
