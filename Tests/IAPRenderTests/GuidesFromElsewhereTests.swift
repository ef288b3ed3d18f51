import IAPMarkdown
import IAPRender
import Testing

/// Shapes of guides written for GitHub rather than for IAPKit: raw HTML screenshots, badges
/// that link to their service, anchors in another letter case, and the Markdown of checklists
/// and tables that search must not show.
@Suite struct GuidesFromElsewhereTests {
    @Test func aRawHTMLScreenshotIsShownAndTheRestOfTheBlockWarnedAbout() throws {
        let site = try RenderFixture.renderText(
            """
            # Guide

            <p align="center"><img src="https://example.com/shot.png" alt="The paywall"></p>

            <img src='https://example.com/only.png' alt="Alone">

            <div class="note">Gone</div>
            """)
        let page = site.text("index.html")
        #expect(
            page.contains(
                #"<p class="raw-html-images"><a class="external-image" href="https://example.com/shot.png" rel="noopener noreferrer">The paywall</a></p>"#
            ))
        #expect(page.contains(#">Alone</a>"#))
        #expect(!page.contains("Gone"))
        #expect(
            site.diagnostics.map(\.description) == [
                "chapter.md:3:1: warning: raw HTML <p> is not rendered (its image is shown); render with --unsafe-html to keep it, only for guides you trust",
                "chapter.md:7:1: warning: raw HTML <div> is not rendered; render with --unsafe-html to keep it, only for guides you trust",
            ])
    }

    /// A badge row or a video's thumbnail written in HTML, `<a href="…"><img …></a>`, leads
    /// where its link does, as `[![…](…)](…)` would: to the service or the video, not to the
    /// picture. An image on another host is its description (or its file's name) inside the
    /// link, so no link nests and none is empty; an unsafe address leaves the image alone.
    @Test func anImageInsideARawHTMLLinkLeadsWhereTheLinkDoes() throws {
        let site = try RenderFixture.renderText(
            """
            # Guide

            <p align="center">
              <a href="https://ci.example.com/jobs/store"><img src="https://img.shields.io/badge/build-passing-green.svg"></a>
              <a href="https://example.com/licence"><img alt="Licence" src="https://img.shields.io/badge/licence-MIT-blue"></a>
              <a href="javascript:alert(1)"><img alt="Trap" src="https://example.com/trap.png"></a>
            </p>

            Watch <a href="https://video.example.com/watch?v=42"><img src="https://example.com/thumb.jpg" width="50%" /></a>
            or read <a href="https://example.com/guide">the <em>guide</em> https://example.com/inside</a> and
            <a name="top"></a>return.
            """)
        let page = site.text("index.html")
        #expect(
            page.contains(
                #"<p class="raw-html-images"><a href="https://ci.example.com/jobs/store" rel="noopener noreferrer">build-passing-green</a> "#
                    + #"<a href="https://example.com/licence" rel="noopener noreferrer">Licence</a> "#
                    + #"<a class="external-image" href="https://example.com/trap.png" rel="noopener noreferrer">Trap</a></p>"#
            ),
            "\(page)")
        #expect(
            page.contains(
                #"Watch <a href="https://video.example.com/watch?v=42" rel="noopener noreferrer">thumb</a>"#
                    + "\n"
                    + #"or read <a href="https://example.com/guide" rel="noopener noreferrer">the <em>guide</em> https://example.com/inside</a> and"#
                    + "\n" + #"<span id="top"></span>return."#
            ))
        #expect(!page.contains("javascript"))
        #expect(
            site.diagnostics.map(\.description) == [
                "chapter.md:3:1: warning: raw HTML <p> is not rendered (its 3 images are shown); render with --unsafe-html to keep it, only for guides you trust",
                "chapter.md:3:1: warning: unsafe link URL 'javascript:alert(1)' is not rendered",
            ])
    }

    /// READMEs open with `<p align="center">` around a logo and `<h1 align="center">` around
    /// the name: the name is the page's heading, its title, its outline and search entry.
    @Test func aRawHTMLHeadingIsAHeadingOfTheChapter() throws {
        let site = try RenderFixture.renderText(
            """
            <p align="center"><img src="https://example.com/logo.png" alt="Logo"></p>
            <h1 align="center">Stride &amp; Co</h1>

            Intro.

            <h2><a href="https://example.com/setup">Setting up</a><br>the store</h2>

            Steps.

            ## Testing
            """)
        let page = site.text("index.html")
        #expect(page.contains(##"<h1 id="stride--co">Stride &amp; Co <a class="anchor" href="#stride--co""##))
        #expect(page.contains(##"<h2 id="setting-up-the-store">Setting up the store <a class="anchor""##))
        #expect(page.contains(##"<h2 id="testing">Testing"##))
        #expect(page.contains(##"<title>Stride &amp; Co"##))
        #expect(page.contains(##"href="#setting-up-the-store""##), "the outline lists it")
        #expect(page.contains(##">Logo</a></p>"##), "the logo before it is kept")
        #expect(!page.contains("align"))
        // Only the logo's paragraph is warned about; the headings lose nothing but their look.
        #expect(
            site.diagnostics.map(\.description) == [
                "chapter.md:1:1: warning: raw HTML <p> is not rendered (its image is shown); render with --unsafe-html to keep it, only for guides you trust"
            ])
        let index = site.text("search-index.js")
        #expect(index.contains("#setting-up-the-store"))
    }

    /// A README that opens with a badge row and `##` sections still gets a first-level heading:
    /// its chapter title, once, on its page and in the print view.
    @Test func aJekyllPageIsTitledByItsFrontMatterWhichIsNeitherShownNorSearched() throws {
        let site = try RenderFixture.renderText(
            """
            ---
            title: Mastering StoreKit 2
            layout: wide-post
            category: StoreKit
            ---

            StoreKit lets an app sell.

            ## Products
            """)
        let page = site.text("index.html")
        #expect(page.contains(#"<h1 class="chapter-title">Mastering StoreKit 2</h1>"#))
        #expect(page.contains("<title>Mastering StoreKit 2"))
        #expect(!page.contains("<hr>"))
        for file in ["index.html", "print.html", "search-index.js"] {
            #expect(!site.text(file).contains("wide-post"), "\(file) shows the front matter")
        }
        #expect(site.diagnostics.isEmpty)
    }

    @Test func aChapterWithWordsBeforeItsFirstHeadingIsTitledAboveThem() throws {
        let site = try RenderFixture.renderText("Sell one thing well.\n\n## Getting started\n\nText.\n")
        let page = site.text("index.html")
        #expect(page.contains("<article class=\"chapter\">\n<h1 class=\"chapter-title\">Getting started</h1>\n"))
        #expect(page.contains("<h2 id=\"getting-started\">Getting started"))
        #expect(site.text("print.html").contains("<h1 class=\"chapter-title\">Getting started</h1>"))
        let titled = try RenderFixture.renderText("# Guide\n\n## Getting started\n").text("index.html")
        #expect(!titled.contains("chapter-title"))
    }

    /// A README that opens at `##` or with `<h3 align="center">`, perhaps under a logo or a row
    /// of badges, is titled by that heading: shown once, as the page's `<h1>`, not repeated
    /// under an added title of the same words.
    @Test func aChapterOpeningWithItsTitleAtAnotherLevelShowsItAsItsH1() throws {
        let badges = try RenderFixture.renderText(
            "[![build](https://example.com/b.svg)](https://ci.example.com) ![logo](https://example.com/l.png)\n\n"
                + "## Getting started\n\nText.\n\n## Next\n")
        var page = badges.text("index.html")
        #expect(!page.contains("chapter-title"))
        #expect(page.contains("<h1 id=\"getting-started\">Getting started <a class=\"anchor\""))
        #expect(page.contains("<h2 id=\"next\">"))
        #expect(!page.contains("href=\"#getting-started\">Getting started</a></li>"), "not in the outline")
        #expect(page.contains("<li class=\"level-2\"><a href=\"#next\">Next</a></li>"))
        #expect(badges.text("print.html").contains("<h1 id=\"index--getting-started\">"))
        #expect(badges.text("search-index.js").contains("\"title\": \"Getting started\", \"url\": \"index.html\""))
        let raw = try RenderFixture.renderText("<h3 align=\"center\">Tiny Store</h3>\n\nSell one thing well.\n")
        page = raw.text("index.html")
        #expect(!page.contains("chapter-title"))
        #expect(page.contains("<h1 id=\"tiny-store\">Tiny Store <a class=\"anchor\""))
        #expect(raw.diagnostics.isEmpty, "its alignment is layout the site does itself")
        // A warning about the markup it loses names the tag as the guide wrote it.
        let marked = try RenderFixture.renderText(
            "<h3><font color=\"red\">Tiny</font> Store</h3>\n\nSell one thing well.\n")
        #expect(marked.text("index.html").contains("<h1 id=\"tiny-store\">Tiny Store"))
        #expect(
            marked.diagnostics.map(\.message) == [
                "raw HTML <h3> is shown as a heading of its words and images; the rest of its markup is left out"
            ])
    }

    /// Footnotes as GitHub shows them: a reference is the footnote's number, raised and linked,
    /// and the footnote is numbered where it is written, without its `[^label]:`.
    @Test func footnotesAreNumberedAndLinked() throws {
        let site = try RenderFixture.renderText(
            """
            # Keys

            Ed448[^1] and X448[^1] are new[^Later]; [^missing] is not a footnote.

            In code `a[^1]` and in a [link [^1]](https://example.com) it stays as written.

            [^1]: Only in OpenSSL 3,
            see https://openssl.org.

            [^later]: Added in the *second* release.

            [^1]: Written twice.
            """)
        let page = site.text("index.html")
        let one = ##"<sup class="guide-footnote-ref"><a href="#fn-1" aria-label="Footnote 1">1</a></sup>"##
        let two = ##"<sup class="guide-footnote-ref"><a href="#fn-2" aria-label="Footnote 2">2</a></sup>"##
        #expect(page.contains("<p>Ed448\(one) and X448\(one) are new\(two); [^missing] is not a footnote.</p>"))
        #expect(page.contains(#"<code>a[^1]</code> and in a <a href="https://example.com" "#))
        #expect(page.contains(">link [^1]</a> it stays"))
        #expect(
            page.contains(
                #"<p class="guide-footnote" id="fn-1"><span class="guide-footnote-number">1</span> Only in OpenSSL 3,"#
                    + "\nsee <a class=\"address-link\" href=\"https://openssl.org\""))
        #expect(
            page.contains(
                #"<p class="guide-footnote" id="fn-2"><span class="guide-footnote-number">2</span> Added in the <em>second</em> release.</p>"#
            ))
        #expect(page.contains("<p>[^1]: Written twice.</p>"))
        let print = site.text("print.html")
        #expect(print.contains(##"<a href="#index--fn-1" aria-label="Footnote 1">1</a>"##))
        #expect(print.contains(#"<p class="guide-footnote" id="index--fn-1">"#))
        #expect(site.diagnostics.isEmpty)
    }

    @Test func aHeadingNeverTakesAFootnotesID() throws {
        let site = try RenderFixture.renderText("# Keys\n\n## fn 1\n\nSee[^a].\n\n[^a]: A note.\n\n[Up](#fn-1)\n")
        let page = site.text("index.html")
        #expect(page.contains(#"<h2 id="fn-1-1">"#))
        #expect(page.contains(#"<p class="guide-footnote" id="fn-1">"#))
        #expect(page.contains(##"<a href="#fn-1">Up</a>"##))
        #expect(site.diagnostics.isEmpty, "a link to a footnote is a link to an anchor of the page")
    }

    @Test func rawHTMLIsCutAtItsHeadings() {
        #expect(
            RawHTML.pieces("<p align=\"center\"><img src=\"a.png\"></p>\n<h1 align=center>Pebble</h1>\n")
                == [
                    .other("<p align=\"center\"><img src=\"a.png\"></p>\n"),
                    .heading(.init(level: 1, text: "Pebble", title: "Pebble", images: [], dropsMarkup: false)),
                ])
        // A logo with a description names the heading; one without stays an image.
        #expect(
            RawHTML.heading(#"<h1><img src="logo.png" alt="Pebble"></h1>"#)
                == .init(
                    level: 1, text: "", title: "Pebble", images: [.init(source: "logo.png", alternative: "Pebble")],
                    dropsMarkup: false))
        #expect(RawHTML.heading(#"<h1><img src="logo.png"></h1>"#) == nil)
        #expect(RawHTML.heading("<h2>Caf&#233; &#x2014; menu</h2>")?.text == "Café — menu")
        #expect(RawHTML.heading("<h3>Open <div>box</div></h3>")?.dropsMarkup == true)
        #expect(RawHTML.heading("<h1>One</h1><h2>Two</h2>") == nil)
        #expect(RawHTML.pieces("<h1>One</h1><h2>Two</h2>").count == 2)
        #expect(RawHTML.heading("<h1>Unclosed") == nil)
        #expect(RawHTML.heading("<header>Not a heading</header>") == nil)
    }

    /// A raw HTML link left open ends with the paragraph, heading, checklist item, cell or
    /// callout it was opened in, so the page's elements always nest.
    @Test func aRawHTMLLinkLeftOpenEndsWithItsBlock() throws {
        let page = try RenderFixture.renderText(
            """
            # Guide <a href="https://example.com/h">open

            > [!TIP]
            > See <a href="https://example.com/c">the tip

            - [ ] Check <a href="https://example.com/t">the item

            | A |
            | --- |
            | <a href="https://example.com/cell">cell |

            Text <a href="https://example.com/p">open

            After.
            """
        ).text("index.html")
        for url in ["h", "c", "t", "cell", "p"] {
            let opening = "<a href=\"https://example.com/\(url)\" rel=\"noopener noreferrer\">"
            #expect(page.components(separatedBy: opening).count == 2, "\(url)")
        }
        #expect(page.contains(#"rel="noopener noreferrer">open</a> <a class="anchor""#))
        #expect(page.contains(#"rel="noopener noreferrer">the tip</a></p>"#))
        #expect(page.contains(#"rel="noopener noreferrer">the item</a></label>"#))
        #expect(page.contains(#"rel="noopener noreferrer">cell</a></td>"#))
        #expect(page.contains(#"rel="noopener noreferrer">open</a></p>"# + "\n<p>After.</p>"))
    }

    /// `<kbd>` keeps its element. `<a href>` is a link, checked as a Markdown one is (here to
    /// files the site does not hold, so its words stay); `<a name>` is a place links can lead
    /// to; `<a>` with neither is warned about once for its paragraph.
    @Test func inlineFormattingIsKeptAndALinkTagIsALink() throws {
        let site = try RenderFixture.renderText(
            "# Guide\n\nPress <kbd>Return</kbd>, then<br>open <a href=\"x\">this</a> and <a href=\"y\">that</a>"
                + " <a name=\"one\"></a><a name=\"two\"></a><a class=\"x\"></a>.\n")
        #expect(
            site.text("index.html").contains(
                "<p>Press <kbd>Return</kbd>, then<br>open this and that <span id=\"one\"></span><span id=\"two\"></span>.</p>"
            ))
        #expect(
            site.diagnostics.map(\.description) == [
                "chapter.md:3:39: warning: link to 'x', a file that is not a chapter or an image; the site does not hold it, so the link is not rendered",
                "chapter.md:3:64: warning: link to 'y', a file that is not a chapter or an image; the site does not hold it, so the link is not rendered",
                "chapter.md:3:121: warning: raw HTML <a> is not rendered; render with --unsafe-html to keep it, only for guides you trust",
            ])
    }

    @Test func aBadgeInsideALinkIsTheLinksTextNotANestedLink() throws {
        let page = try RenderFixture.renderText(
            """
            # Guide

            [![build](https://img.shields.io/badge/build-passing-green.svg)](https://ci.example.com)
            [![](https://img.shields.io/badge/licence-MIT-blue.svg?style=flat)](https://example.com/licence)
            """
        ).text("index.html")
        #expect(page.contains(#"<a href="https://ci.example.com" rel="noopener noreferrer">build</a>"#))
        #expect(page.contains(#"<a href="https://example.com/licence" rel="noopener noreferrer">licence-MIT-blue</a>"#))
        #expect(!page.contains("external-image"))
    }

    @Test func anAnchorInAnotherLetterCaseLinksToItsHeadingWithoutAWarning() throws {
        let site = try RenderFixture.renderText("# Guide\n\nSee [the steps](#Steps).\n\n## Steps\n")
        #expect(site.text("index.html").contains(##"<a href="#steps">the steps</a>"##))
        #expect(site.diagnostics.isEmpty)
    }

    @Test func aTableOfContentsCopyingTitlesWithTheirPunctuationLinksToTheHeadings() throws {
        let site = try RenderFixture.renderText(
            """
            # Guide

            - [What's new?](#What's-new?)
            - [Is it a receipt?](#Is-it-a-Receipt?)

            ## What's new?

            ## Is it a receipt?
            """)
        let page = site.text("index.html")
        #expect(page.contains(##"<a href="#whats-new">What&#39;s new?</a>"##))
        #expect(page.contains(##"<a href="#is-it-a-receipt">Is it a receipt?</a>"##))
        #expect(site.diagnostics.isEmpty)
    }

    @Test func aTableOfContentsLeavingOutTheEmojiOfItsTitlesLinksToTheHeadings() throws {
        let site = try RenderFixture.renderText(
            """
            # 設置指南 🚀

            1. [環境準備](#環境準備)
            2. [Getting started](#getting-started)
            3. [Back to the top](#設置指南)

            ## 🔧 環境準備

            ## 📦 Getting started
            """)
        // Fragments are written percent-encoded: 環境準備 is %E7%92%B0%E5%A2%83%E6%BA%96%E5%82%99.
        let page = site.text("index.html")
        #expect(page.contains(##"<a href="#-%E7%92%B0%E5%A2%83%E6%BA%96%E5%82%99">環境準備</a>"##))
        #expect(page.contains(##"<a href="#-getting-started">Getting started</a>"##))
        #expect(page.contains(##"<a href="#%E8%A8%AD%E7%BD%AE%E6%8C%87%E5%8D%97-">Back to the top</a>"##))
        #expect(site.diagnostics.isEmpty)
        let print = site.text("print.html")
        #expect(print.contains(##"<a href="#index---getting-started">Getting started</a>"##))
    }

    @Test func aLinkLeavingOutAnEmojiThatTwoHeadingsCouldHaveHadIsNotGuessed() throws {
        let site = try RenderFixture.renderText("# Guide\n\n[Setup](#setup)\n\n## 🔧 Setup\n\n## Setup 🔧\n")
        #expect(site.text("index.html").contains("<p>Setup</p>"))
        #expect(
            site.diagnostics.map(\.message) == [
                "link to '#setup': this chapter has no heading with that anchor, so the link is not rendered"
            ])
    }

    @Test func aHeadingEndingInAnIDTakesThatIDAsItsAnchorAndShowsOnlyItsWords() throws {
        let site = try RenderFixture.renderText(
            """
            # Guide

            See [pricing](#price), [the setup](#setup) and [the other setup](#setup-1).

            ## Setup

            ## Price it `com.example.app.pro` {#price}

            ## Once more {#setup}
            """)
        let page = site.text("index.html")
        #expect(page.contains(##"<h2 id="price">Price it <code>com.example.app.pro</code> <a class="anchor""##))
        // The written anchor is the author's; the title that would have made it is numbered instead.
        #expect(page.contains(##"<h2 id="setup">Once more <a class="anchor""##))
        #expect(page.contains(##"<h2 id="setup-1">Setup <a class="anchor""##))
        #expect(page.contains(##"<a href="#price">pricing</a>"##))
        #expect(page.contains(##"<a href="#price">Price it com.example.app.pro</a>"##))
        #expect(!page.contains("{#"))
        #expect(site.text("print.html").contains(##"<h2 id="index--price">"##))
        #expect(!site.text("search-index.js").contains("{#"))
        #expect(site.diagnostics.isEmpty)
    }

    @Test func aLinkToAnAnchorItsPageLacksKeepsItsWordsAsText() throws {
        let site = try RenderFixture.renderText("# Guide\n\nSee [recent changes](#Recent-Changes) below.\n")
        let page = site.text("index.html")
        #expect(page.contains("See recent changes below."))
        #expect(!page.contains("Recent-Changes"))
        #expect(
            site.diagnostics.map(\.message) == [
                "link to '#Recent-Changes': this chapter has no heading with that anchor, so the link is not rendered"
            ])
    }

    @Test func searchFindsSectionsWithoutTheirMarkdown() throws {
        let script = try RenderFixture.renderText(
            """
            # Guide

            Opening words.

            ## Steps

            - [ ] Create the group {#create-group}
            - [x] Add the product

            | Key | Value |
            | --- | :---: |
            | id | com.example.app.pro |
            """
        ).text("search-index.js")
        #expect(
            script.contains(
                #"{"page": "Guide", "title": "Guide", "url": "index.html", "products": [], "text": "Guide Opening words."}"#
            ))
        #expect(
            script.contains(
                #"{"page": "Guide", "title": "Steps", "url": "index.html#steps", "products": [], "#
                    + #""text": "Steps Create the group Add the product Key Value id com.example.app.pro"}"#))
    }

    /// DocC's `> Note:` and GitHub's earlier `> **Warning**` are shown as the callouts they
    /// are, without the word that says so.
    @Test func asidesWrittenBeforeGitHubsAlertsAreCallouts() throws {
        let page = try RenderFixture.renderText(
            """
            # Guide

            > Note: Sandbox accounts live in *App Store Connect*.

            > **Warning**
            > Never ship test prices.

            > **Tip:**
            >
            > A paragraph of its own.
            """
        ).text("index.html")
        #expect(
            page.contains(
                "<div class=\"callout callout-note\" role=\"note\">\n<p class=\"callout-title\">Note</p>\n"
                    + "<p>Sandbox accounts live in <em>App Store Connect</em>.</p>\n</div>"))
        #expect(
            page.contains(
                "<p class=\"callout-title\">Warning</p>\n<p>Never ship test prices.</p>\n</div>"))
        #expect(page.contains("<p class=\"callout-title\">Tip</p>\n<p>A paragraph of its own.</p>\n</div>"))
    }

    /// A DocC article's `@Metadata { … }` is for Apple's documentation compiler: neither the
    /// page, the print view nor the search shows it.
    @Test func aDocCArticlesPageSettingsAreNotShown() throws {
        let site = try RenderFixture.renderText(
            """
            # Getting started

            @Metadata {

                @PageImage(purpose: card, source: "page", alt: "Page icon")

                @PageColor(blue)
            }

            StoreKit works with ``Product`` values.
            """)
        for file in ["index.html", "print.html"] {
            let page = site.text(file)
            #expect(!page.contains("@Metadata") && !page.contains("PageImage") && !page.contains("<p>}</p>"), "\(file)")
            #expect(page.contains("<p>StoreKit works with <code>Product</code> values.</p>"), "\(file)")
        }
        let search = site.text("search-index.js")
        #expect(!search.contains("Metadata") && !search.contains("PageColor") && search.contains("StoreKit works"))
    }
}
