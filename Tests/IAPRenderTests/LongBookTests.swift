import IAPExtract
import IAPRender
import Testing

/// A book of many chapters: every page listing every chapter would make the site grow with the
/// square of the book, so past the limit the pages after the first leave the list to the script.
@Suite struct LongBookTests {
    static func book(chapters: Int) -> RenderedSite {
        var files = ["Book/SUMMARY.md": ""]
        for number in 1...chapters {
            files["Book/SUMMARY.md", default: ""] += "- [Chapter \(number)](c\(number).md)\n"
            files["Book/c\(number).md"] = "# Chapter \(number)\n\nText of chapter \(number).\n"
        }
        let loaded = WorkbookLoader(fileSystem: MemoryFileSystem(texts: files), keepsDocuments: true).load(["Book"])
        return SiteRenderer.render(loaded.workbook, documents: loaded.documents, options: SiteOptions(title: "Long"))
    }

    static func text(_ site: RenderedSite, _ path: String) -> String {
        String(decoding: site.files.first { $0.path == path }?.bytes ?? [], as: UTF8.self)
    }

    @Test func aLongBookListsItsChaptersOnceAndOnItsFirstPage() throws {
        let site = Self.book(chapters: 120)  // past the limit of 100
        let first = Self.text(site, "index.html")
        #expect(first.contains(#"<a href="c120.html">Chapter 120</a>"#))
        let middle = Self.text(site, "c50.html")
        #expect(!middle.contains("c120.html"))
        #expect(middle.contains(#"<ol class="chapters" data-deferred data-current="c50.html">"#))
        #expect(middle.contains(#"<a href="index.html">Chapter 1</a>"#))
        #expect(middle.contains(#"<a href="c50.html" aria-current="page">Chapter 50</a>"#))
        #expect(Self.text(site, "print.html").contains(#"<a href="c120.html">Chapter 120</a>"#))
        let index = Self.text(site, "search-index.js")
        #expect(index.contains(#""chapters": ["#))
        #expect(index.contains(#"["c120.html", "Chapter 120"]"#))
        // The pages together hold about one list per page, not one per page per chapter.
        let pages = site.files.filter { $0.path.hasSuffix(".html") && $0.path != "print.html" }
        #expect(pages.reduce(0) { $0 + $1.count } < 120 * 12_000)
    }

    @Test func aShortBookListsEveryChapterOnEveryPage() {
        let site = Self.book(chapters: 12)
        let middle = Self.text(site, "c5.html")
        #expect(middle.contains(#"<a href="c12.html">Chapter 12</a>"#))
        #expect(!middle.contains("data-deferred"))
        #expect(!Self.text(site, "search-index.js").contains(#""chapters":"#))
    }
}
