import Foundation
import IAPFileAccess
import IAPTestSupport
import Testing

@testable import IAPRender

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

    /// The one script a page runs is the loader the policy names by its SHA-256, which loads the
    /// site's two script files by their paths; no other script, inline or from any file, runs.
    @Test func everyPageCarriesTheContentSecurityPolicyAndOnlyTheHashedLoader() throws {
        let site = try RenderFixture.render(["basic"])
        for page in site.pages {
            let html = site.text(page.path)
            let loader = try #require(Self.between("<script>", "</script>", in: html))
            #expect(html.components(separatedBy: "<script").count == 2, "\(page.path)")
            #expect(loader.contains(#"["search-index.js", "assets/site.js"]"#))
            let digest = SHA256.base64(SHA256.digest(Array(loader.utf8)))
            #expect(
                html.contains(
                    #"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; "#
                        + "script-src 'strict-dynamic' 'sha256-\(digest)'; style-src 'self'; img-src 'self' data:; "
                        + "base-uri 'none'; form-action 'none'\">"), "\(page.path)")
        }
    }

    /// The digest is SHA-256 itself: the test vectors of FIPS 180-4.
    @Test func theLoaderDigestIsSHA256() {
        #expect(
            SHA256.hex(Array("abc".utf8))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex([])
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(
            SHA256.hex(long)
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.base64([0xFF, 0x00]) == "/wA=" && SHA256.base64([1, 2, 3]) == "AQID")
    }

    private static func between(_ start: String, _ end: String, in text: String) -> String? {
        guard let open = text.range(of: start), let close = text.range(of: end, range: open.upperBound..<text.endIndex)
        else { return nil }
        return String(text[open.upperBound..<close.lowerBound])
    }
}
