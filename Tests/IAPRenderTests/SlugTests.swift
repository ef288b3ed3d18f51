import IAPModel
import Testing

@testable import IAPRender

@Suite struct SlugTests {
    @Test(arguments: [
        ("Product IDs", "product-ids"),
        ("Troubleshooting \"No products available\"", "troubleshooting-no-products-available"),
        ("StoreKit 2: `Product.products(for:)`", "storekit-2-productproductsfor"),
        ("Déjà vu — again", "déjà-vu--again"),
        ("snake_case and kebab-case", "snake_case-and-kebab-case"),
        ("  Padded  ", "--padded--"),
        ("<script>alert(1)</script>", "scriptalert1script"),
    ])
    func slugsFollowGitHub(_ title: String, _ slug: String) {
        #expect(HeadingSlugger.slug(title) == slug)
    }

    @Test func repeatedHeadingsAreNumberedInOrder() {
        var slugger = HeadingSlugger()
        let slugs = ["Setup", "Setup", "Setup-1", "Setup", "!!!", "???"].map { slugger.next($0) }
        #expect(slugs == ["setup", "setup-1", "setup-1-1", "setup-2", "section", "section-1"])
    }

    /// A heading's anchor is made from its words as the chapter's sections have them, without
    /// white space of any kind around them: a heading that starts with a line separator and a
    /// line break gets the anchor its words give, as on GitHub, and shows no blank in the outline.
    @Test func headingsAreSluggedWithoutTheWhiteSpaceAroundThem() throws {
        let site = try RenderFixture.renderText("# Start\n\n\u{2028}\nSet\u{A0}up\u{2028}\n---\n")
        let page = site.text("index.html")
        #expect(page.contains(#"<h2 id="setup">"#))
        #expect(page.contains("<li class=\"level-2\"><a href=\"#setup\">Set\u{A0}up</a></li>"))
    }

    @Test func layoutIDsAreNeverTakenByHeadings() {
        var slugger = HeadingSlugger(reserved: SitePlan.layoutIDs)
        #expect(slugger.next("iapkit content") == "iapkit-content-1")
    }
}
