import Testing

@testable import IAPRender

/// `hostile.md` tries every way a guide could get script into a page: raw script and event
/// handlers, `javascript:` links and images, quotes that would end an attribute in headings,
/// product names and config values. None of it may come out as markup.
@Suite struct EscapingTests {
    /// Every tag the site itself writes; anything else came from a guide.
    static let allowedTags = Set([
        "!doctype", "html", "head", "meta", "title", "link", "script", "body", "a", "header", "div", "input", "ol",
        "ul", "li", "nav", "p", "button", "progress", "main", "article", "aside", "span", "h1", "h2", "h3", "h4",
        "h5", "h6", "em", "strong", "code", "pre", "br", "hr", "blockquote", "table", "thead", "tbody", "tr", "th",
        "td", "details", "summary", "label", "img",
    ]).union(formattingTags)

    /// The formatting a guide writes as raw HTML (`<kbd>`, `<sup>`), which the site keeps without
    /// its attributes (but an `<abbr>`'s or `<dfn>`'s `title`).
    static let formattingTags: Set<String> = [
        "abbr", "b", "cite", "del", "dfn", "i", "ins", "kbd", "mark", "q", "s", "samp", "small", "sub", "sup", "u",
        "var", "wbr",
    ]

    /// Whether the formatting elements of `html` nest: each closes the innermost one open, and
    /// none is left open.
    static func formattingNests(in html: String) -> Bool {
        var open: [String] = []
        for tag in tags(in: html) where formattingTags.contains(tag.name) && tag.name != "wbr" {
            if !tag.isClosing {
                open.append(tag.name)
            } else if open.popLast() != tag.name {
                return false
            }
        }
        return open.isEmpty
    }

    @Test func hostileGuideProducesOnlyTheSitesOwnMarkup() throws {
        let site = try RenderFixture.render(["hostile.md"])
        for page in site.pages {
            for tag in Self.tags(in: site.text(page.path)) {
                #expect(Self.allowedTags.contains(tag.name), "unexpected <\(tag.name)> in \(page.path)")
                if Self.formattingTags.contains(tag.name) {
                    #expect(tag.attributes.allSatisfy { $0.0 == "title" && ["abbr", "dfn"].contains(tag.name) })
                }
                for (name, value) in tag.attributes {
                    #expect(!name.hasPrefix("on"), "event handler \(name) in \(page.path)")
                    if name == "href" || name == "src" {
                        let lowered = value.lowercased()
                        #expect(
                            !lowered.hasPrefix("javascript:") && !lowered.hasPrefix("vbscript:")
                                && !lowered.hasPrefix("data:"), "\(name)=\(value) in \(page.path)")
                    }
                }
                if tag.name == "script", !tag.isClosing {
                    #expect(tag.attributes.isEmpty, "a script with attributes in \(page.path)")
                }
            }
        }
    }

    @Test func hostileValuesAreEscapedWhereTheyAppear() throws {
        let page = try RenderFixture.render(["hostile.md"]).text("index.html")
        #expect(page.contains("<title>Heading &quot;with&quot; quotes &amp; &#39;apostrophes&#39; onmouseover="))
        #expect(page.contains(#"<span class="reference-name">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</span>"#))
        #expect(page.contains("<strong>&lt;/td&gt;&lt;img src=x onerror=alert(1)&gt;</strong>"))
        #expect(page.contains(#"<label for="task-task.one">Task with alert(1)"#))
        #expect(page.contains("&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;"))
        #expect(page.contains("<p>click me and again and\n"))
        #expect(!page.contains("tracker.png\" alt"), "a remote image must not load")
        #expect(
            page.contains(
                #"Keys <kbd>K</kbd> and <abbr title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">T</abbr> "#
                    + "<sup><b>nest</b></sup>.</p>"))
    }

    @Test func unsafeURLsAreReportedAndDropped() throws {
        let site = try RenderFixture.render(["hostile.md"])
        let unsafe = site.diagnostics.map(\.description).filter {
            $0.contains("unsafe link") || $0.contains("unsafe image")
        }
        #expect(
            unsafe == [
                "hostile.md:11:1: warning: unsafe link URL 'javascript:window.__pwned=true' is not rendered",
                "hostile.md:11:48: warning: unsafe link URL 'JaVaScRiPt:alert(1)' is not rendered",
                "hostile.md:12:36: warning: unsafe link URL 'vbscript:msgbox' is not rendered",
                "hostile.md:12:62: warning: unsafe link URL 'data:text/html,<script>alert(1)</script>' is not rendered",
                "hostile.md:14:1: warning: unsafe image URL 'javascript:alert(1)' is not rendered",
            ])
    }

    @Test func rawHTMLIsLeftOutWithALocatedWarningPerBlock() throws {
        let site = try RenderFixture.render(["hostile.md"])
        let raw = site.diagnostics.map(\.description).filter { $0.contains("raw HTML") }
        #expect(
            raw == [
                "hostile.md:3:1: warning: raw HTML <script> is not rendered; render with --unsafe-html to keep it, only for guides you trust",
                "hostile.md:18:17: warning: raw HTML <script> is not rendered; render with --unsafe-html to keep it, only for guides you trust",
            ])
    }

    @Test func searchIndexStringsCannotEndTheScriptOrTheLine() throws {
        let script = try RenderFixture.render(["hostile.md"]).text("search-index.js")
        #expect(!script.contains("<"))
        #expect(!script.contains(">"))
        #expect(!script.contains("&"))
        #expect(!script.contains("\u{2028}"))
        #expect(script.contains(#"\u003cscript\u003e"#))
        #expect(script.contains(#"A line separator \u2028 and a paragraph separator \u2029 in text."#))
    }

    @Test func javaScriptStringsEscapeEverythingThatCouldEndThem() {
        #expect(
            Escape.javaScriptString("</script><!-- \"a\" 'b' & \\ \n\u{2028}\u{2029}\u{7}")
                == #""\u003c/script\u003e\u003c!-- \"a\" \u0027b\u0027 \u0026 \\ \n\u2028\u2029\u0007""#)
    }

    @Test func htmlTextAndURLEscaping() {
        #expect(Escape.text(#"<a href="x">'&'</a>"#) == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        #expect(Escape.url("guide one.md#a\"b") == "guide%20one.md#a%22b")
        #expect(Escape.url("x?a=1&b=2") == "x?a=1&amp;b=2")
        #expect(Escape.url("caf\u{E9}.md") == "caf%C3%A9.md")
    }

    @Test func rawHTMLIsKeptOnlyWhenAllowed() throws {
        let kept = try RenderFixture.render(["hostile.md"], allowRawHTML: true).text("index.html")
        #expect(kept.contains("<script>window.__pwned = true</script>"))
        // The policy allows only the loader, by its hash, so even kept markup cannot run: not
        // inline, and not from a script file elsewhere on the disk (`'self'` or `file:`).
        #expect(kept.contains("script-src 'strict-dynamic' 'sha256-"))
        #expect(!kept.contains("file:"))
        #expect(!kept.contains("script-src 'self'"))
        let dropped = try RenderFixture.render(["hostile.md"]).text("index.html")
        #expect(!dropped.contains("__pwned = true</script>"))
    }

    @Test(arguments: [
        ("javascript:alert(1)", false), (" \tJAVASCRIPT:alert(1)", false), ("java\tscript:alert(1)", false),
        ("vbscript:x", false), ("file:///etc/passwd", false), ("data:text/html,x", false),
        ("https://example.com", true), ("chapter.md#a", true), ("#t", true), ("mailto:a@example.com", true),
    ])
    func linkSafety(_ url: String, _ allowed: Bool) throws {
        // `#t` is the title's own anchor: a link to an anchor the page lacks is text.
        let markdown = "# T\n\n[x](<\(url)>)\n"
        let site = try RenderFixture.renderText(markdown)
        let hasLink = site.text("index.html").contains("<p><a href=")
        #expect(hasLink == allowed, "\(url)")
    }

    struct Tag {
        var name: String
        var isClosing: Bool
        var attributes: [(String, String)]
    }

    /// A small scanner for the markup the site writes: every attribute value double-quoted.
    static func tags(in html: String) -> [Tag] {
        var tags: [Tag] = []
        let characters = Array(html)
        var index = 0
        while index < characters.count {
            guard characters[index] == "<" else {
                index += 1
                continue
            }
            if index + 3 < characters.count, String(characters[index..<index + 4]) == "<!--" {
                while index + 2 < characters.count, String(characters[index..<index + 3]) != "-->" { index += 1 }
                continue
            }
            index += 1
            let isClosing = index < characters.count && characters[index] == "/"
            if isClosing { index += 1 }
            var name = ""
            while index < characters.count, !characters[index].isWhitespace, characters[index] != ">" {
                name.append(characters[index])
                index += 1
            }
            var attributes: [(String, String)] = []
            while index < characters.count, characters[index] != ">" {
                if characters[index].isWhitespace {
                    index += 1
                    continue
                }
                var attribute = ""
                while index < characters.count, characters[index] != "=", characters[index] != ">",
                    !characters[index].isWhitespace
                {
                    attribute.append(characters[index])
                    index += 1
                }
                var value = ""
                if index < characters.count, characters[index] == "=" {
                    index += 2
                    while index < characters.count, characters[index] != "\"" {
                        value.append(characters[index])
                        index += 1
                    }
                    index += 1
                }
                attributes.append((attribute.lowercased(), value))
            }
            tags.append(Tag(name: name.lowercased(), isClosing: isClosing, attributes: attributes))
        }
        return tags
    }
}
