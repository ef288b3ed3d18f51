import Testing

@testable import IAPRender

/// A guide written for GitHub names its addresses in plain text, and GitHub shows them as
/// links: so does the site, wherever text is shown, but never inside a link or code.
@Suite struct AutolinkTests {
    static let chapter = """
        # Setting up https://appstoreconnect.apple.com

        Sign in at https://appstoreconnect.apple.com, read www.apple.com/app-store/review/guidelines/
        and write to *billing@example.com*.

        - [ ] Accept the agreements at https://appstoreconnect.apple.com/agreements {#agreements}

        | Where | What |
        | --- | --- |
        | https://developer.apple.com/storekit | the API |
        | **www.example.com** | our site |

        [https://wrong.example.com](https://developer.apple.com/documentation/storekit) and
        `https://code.example.com` and ![https://alt.example.com](shot.png) and
        [see https://bracket.example.com] and `x`www.after-code.example.com stay as they are.
        """

    static func link(_ url: String, _ words: String) -> String {
        "<a class=\"address-link\" href=\"\(url)\" rel=\"noopener noreferrer\">\(words)</a>"
    }

    @Test func addressesInTextBecomeLinks() throws {
        let page = try RenderFixture.renderText(Self.chapter).text("index.html")
        let apple = Self.link("https://appstoreconnect.apple.com", "https://appstoreconnect.apple.com")
        #expect(page.contains("Sign in at \(apple), read "), "\(page)")
        #expect(
            page.contains(
                Self.link(
                    "http://www.apple.com/app-store/review/guidelines/", "www.apple.com/app-store/review/guidelines/")
                    + "\nand write to <em>" + Self.link("mailto:billing@example.com", "billing@example.com") + "</em>.")
        )
        #expect(page.contains(">Setting up \(apple) <a class=\"anchor\""))
        #expect(
            page.contains(
                "Accept the agreements at "
                    + Self.link(
                        "https://appstoreconnect.apple.com/agreements", "https://appstoreconnect.apple.com/agreements")
                    + "</label>"))
        // A plain cell, escaped without a parser, and a parsed one.
        #expect(
            page.contains(
                "<td>" + Self.link("https://developer.apple.com/storekit", "https://developer.apple.com/storekit")
                    + "</td>"))
        #expect(
            page.contains("<td><strong>" + Self.link("http://www.example.com", "www.example.com") + "</strong></td>"))
    }

    @Test func linksCodeImagesAndOpenBracketsKeepTheirText() throws {
        let page = try RenderFixture.renderText(Self.chapter).text("index.html")
        #expect(
            page.contains(
                "<a href=\"https://developer.apple.com/documentation/storekit\" rel=\"noopener noreferrer\">"
                    + "https://wrong.example.com</a>"))
        #expect(page.contains("<code>https://code.example.com</code>"))
        #expect(page.contains("alt=\"https://alt.example.com\""))
        #expect(page.contains("[see https://bracket.example.com]"))
        #expect(page.contains("</code>www.after-code.example.com stay"))
        #expect(!page.contains("wrong.example.com\" rel"))
    }

    /// `<https://…>` and `<name@host>` are links whose words are their address too: marked the
    /// same way, so that paper does not print the address twice.
    @Test func angleBracketLinksAreMarkedAsAddresses() throws {
        let page = try RenderFixture.renderText("See <https://example.com/a> or <help@example.com>.").text("index.html")
        #expect(
            page.contains(
                "See " + Self.link("https://example.com/a", "https://example.com/a") + " or "
                    + Self.link("mailto:help@example.com", "help@example.com") + "."), "\(page)")
    }

    /// The print view is the pages' HTML: the same links.
    @Test func thePrintViewHasTheSameLinks() throws {
        let site = try RenderFixture.renderText(Self.chapter)
        let print = site.text("print.html")
        #expect(
            print.contains(
                "Sign in at " + Self.link("https://appstoreconnect.apple.com", "https://appstoreconnect.apple.com")))
    }
}
