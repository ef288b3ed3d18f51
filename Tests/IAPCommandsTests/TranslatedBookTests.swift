import Foundation
import IAPCommands
import IAPExtract
import IAPTestSupport
import Testing

/// A book with a translation beside it (`Book/zh-Hans/SUMMARY.md`): one site in two languages,
/// each page switching to its counterpart, and lint reporting where the translation drifts.
@Suite struct TranslatedBookTests {
    static let config = """
        ```yaml iap
        app:
          name: Tiny
          bundleID: com.example.tiny
        products:
          - id: com.example.tiny.pro
            type: non-consumable
            referenceName: Tiny Pro
            price: 2.99
            localizations:
              en-US: {displayName: Pro, description: Everything unlocked}
        ```
        """

    static let book: [String: String] = [
        "Book/SUMMARY.md": "- [Start](start.md)\n- [Setup](setup.md)\n- [Extra](extra.md)\n",
        "Book/start.md": "# Start\n\n\(config)\n\n1. Open the project.\n2. Run it.\n",
        "Book/setup.md":
            "# Setup\n\n- [ ] The product exists {#product-exists}\n- [ ] It is cleared for sale {#cleared}\n",
        "Book/extra.md": "# Extra\n\nOnly in English.\n",
        "Book/zh-Hans/SUMMARY.md": "- [开始](start.md)\n- [配置](setup.md)\n",
        "Book/zh-Hans/start.md": "# 开始\n\n\(config)\n\n1. 打开项目。\n2. 运行它。\n",
        "Book/zh-Hans/setup.md": "# 配置\n\n- [ ] 产品已经存在 {#product-exists}\n- [ ] 产品已在店面上架 {#cleared}\n",
    ]

    static func files(_ book: [String: String]) -> [String: [UInt8]] {
        book.mapValues { Array($0.utf8) }
    }

    static func page(_ disk: MemoryDisk, _ path: String) throws -> String {
        String(decoding: try #require(disk.files[path], "\(path) is written"), as: UTF8.self)
    }

    @Test func aTranslationThatKeepsItsSourceIsOnlyMissingTheChapterItHasNot() {
        let outcome = CommandHarness.run(["lint", "Book"], files: Self.files(Self.book))
        #expect(outcome.status == 0)
        #expect(
            outcome.standardOutput == """
                Book/extra.md:1:1: warning: chapter 'extra.md' has no translation in 'zh-Hans'; add 'Book/zh-Hans/extra.md' to its SUMMARY.md
                3 chapters, 1 product, 2 checklist items; zh-Hans: 2 chapters: 0 errors, 1 warning

                """)
    }

    @Test func driftIsReportedInTheTranslationWithANoteAtTheSource() {
        var book = Self.book
        book["Book/zh-Hans/start.md"] =
            "# 开始\n\n\(Self.config.replacingOccurrences(of: "2.99", with: "3.99"))\n\n1. 打开项目。\n"
        book["Book/zh-Hans/setup.md"] = "# 配置\n\n- [ ] 产品已经存在 {#product-exist}\n- [ ] 产品已在店面上架 {#cleared}\n"
        book["Book/zh-Hans/SUMMARY.md"] = "- [开始](start.md)\n- [配置](setup.md)\n- [只有中文](only.md)\n"
        book["Book/zh-Hans/only.md"] = "# 只有中文\n"
        book["Book/extra.md"] = nil
        book["Book/SUMMARY.md"] = "- [Start](start.md)\n- [Setup](setup.md)\n"
        let outcome = CommandHarness.run(["lint", "Book"], files: Self.files(book))
        #expect(outcome.status == 1)
        #expect(
            outcome.standardOutput == """
                Book/zh-Hans/only.md:1:1: warning: chapter 'only.md' of the 'zh-Hans' translation has no source chapter 'Book/only.md'
                Book/zh-Hans/setup.md:3:1: warning: checklist item {#product-exists} of the source chapter is missing from the translation
                Book/setup.md:3:1: note: the source's item
                Book/zh-Hans/setup.md:3:1: warning: checklist item {#product-exist} is not in the source chapter; translations use the source's ids
                Book/setup.md:1:1: note: the source chapter
                Book/zh-Hans/start.md:3:1: error: config block 1 differs from the source chapter's; a translation keeps the config blocks as they are, so every language has one catalogue
                Book/start.md:3:1: note: the source's block
                Book/zh-Hans/start.md:16:1: warning: the translation has 1 numbered step and its source 2
                Book/start.md:17:1: note: the source's steps
                2 chapters, 1 product, 2 checklist items; zh-Hans: 3 chapters: 1 error, 4 warnings

                """)
    }

    @Test func codeForTangleMustBeTheSameInEveryLanguage() {
        var book = Self.book
        book["Book/extra.md"] = "# Extra\n\n```swift file=Sources/App.swift\nlet answer = 42\n```\n"
        book["Book/zh-Hans/SUMMARY.md"] = "- [开始](start.md)\n- [配置](setup.md)\n- [附加](extra.md)\n"
        book["Book/zh-Hans/extra.md"] = "# 附加\n\n```swift file=Sources/App.swift\nlet answer = 41\n```\n"
        let outcome = CommandHarness.run(["lint", "Book", "--quiet"], files: Self.files(book))
        #expect(
            outcome.standardOutput == """
                Book/zh-Hans/extra.md:3:1: warning: the code for 'Sources/App.swift' differs from the source chapter's
                Book/extra.md:3:1: note: the source's block

                """)
    }

    @Test func aFolderThatIsNoLanguageIsPartOfTheBookAndTagsAreWrittenWithHyphens() throws {
        var book = Self.book
        book["Book/ios/SUMMARY.md"] = "- [iOS](ios.md)\n"
        book["Book/ios/ios.md"] = "# iOS\n"
        book["Book/zh_Hans/SUMMARY.md"] = book["Book/zh-Hans/SUMMARY.md"]
        for name in ["start.md", "setup.md"] { book["Book/zh_Hans/" + name] = book["Book/zh-Hans/" + name] }
        for name in ["SUMMARY.md", "start.md", "setup.md"] { book["Book/zh-Hans/" + name] = nil }
        let disk = MemoryDisk(Self.files(book))
        let outcome = CommandHarness.run(["render", "Book", "-o", "site"], disk: disk)
        #expect(outcome.standardOutput.hasPrefix("rendered 5 chapters in 2 languages (en, zh-Hans)"))
        #expect(try Self.page(disk, "site/zh-Hans/index.html").contains(#"<html lang="zh-Hans""#))
        #expect(disk.files["site/ios/index.html"] == nil)
    }

    @Test func aStepMovedIntoASubListIsDrift() {
        var book = Self.book
        book["Book/zh-Hans/start.md"] = "# 开始\n\n\(Self.config)\n\n1. 打开项目。\n   1. 运行它。\n"
        let outcome = CommandHarness.run(["lint", "Book", "--quiet"], files: Self.files(book))
        #expect(
            outcome.standardOutput.contains("warning: step 1 is at depth 2 where the source's is step 2 at depth 1"))
    }

    @Test func aChapterInAnotherLanguageIsMarkedSoInThePrintView() throws {
        let book = [
            "Guide/SUMMARY.md": "- [One](one.md)\n- [Два](two.md)\n",
            "Guide/one.md": "# One\n",
            "Guide/two.md": "<!-- language: uk -->\n\n# Два\n",
        ]
        let disk = MemoryDisk(Self.files(book))
        _ = CommandHarness.run(["render", "Guide", "-o", "site", "--quiet"], disk: disk)
        let print = try Self.page(disk, "site/print.html")
        #expect(print.contains(#"<article class="chapter" id="chapter-two" lang="uk">"#))
        #expect(print.contains(#"<article class="chapter" id="chapter-index">"#))
    }

    @Test func everyPageCarriesItsLanguageAndSwitchesToTheSameChapter() throws {
        let disk = MemoryDisk(Self.files(Self.book))
        let outcome = CommandHarness.run(["render", "Book", "-o", "site", "--quiet"], disk: disk)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let english = try Self.page(disk, "site/setup.html")
        let chinese = try Self.page(disk, "site/zh-Hans/setup.html")
        #expect(english.contains(#"<html lang="en">"#))
        #expect(chinese.contains(#"<html lang="zh-Hans" data-interface="#))
        #expect(english.contains(#"<a href="zh-Hans/setup.html" hreflang="zh-Hans" lang="zh-Hans">简体中文</a>"#))
        #expect(chinese.contains(#"<a href="../setup.html" hreflang="en" lang="en">English</a>"#))
        #expect(chinese.contains(#"placeholder="搜索页面和产品 ID""#))
        #expect(chinese.contains("<span>上一章</span>"))
        // A chapter with no counterpart switches to the other language's first page.
        let extra = try Self.page(disk, "site/extra.html")
        #expect(extra.contains(#"<a href="zh-Hans/index.html" hreflang="zh-Hans""#))
        // Each language has its own print view and search index; both keep ticks under one key.
        for path in ["site/print.html", "site/zh-Hans/print.html", "site/zh-Hans/assets/site.js"] {
            #expect(disk.files[path] != nil, "\(path)")
        }
        let key = #"IAPKIT_SITE = {"book": "com.example.tiny""#
        #expect(try Self.page(disk, "site/search-index.js").contains(key))
        #expect(try Self.page(disk, "site/zh-Hans/search-index.js").contains(key))
        #expect(try Self.page(disk, "site/zh-Hans/print.html").contains(#"<a href="../print.html" hreflang="en""#))
        // The Chinese index holds the words as written, so a word from inside a run of
        // characters (已经存在 in 产品已经存在) is found by the search's substring match.
        let index = try Self.page(disk, "site/zh-Hans/search-index.js")
        #expect(index.contains("产品已经存在"))
        #expect(!(try Self.page(disk, "site/search-index.js")).contains("已经存在"))
    }

    @Test func theWorkbookRendersBothLanguagesEachPageInItsOwn() throws {
        let disk = MemoryDisk(try WorkbookExtractTests.workbookFiles())
        let outcome = CommandHarness.run(["render", "-o", "site"], disk: disk)
        #expect(outcome.standardOutput.hasPrefix("rendered 24 chapters in 2 languages (en, zh-Hans)"))
        let pages = disk.files.keys.filter { $0.hasSuffix(".html") }.sorted()
        #expect(pages.count == 26)
        for page in pages {
            let html = try Self.page(disk, page)
            let language = page.hasPrefix("site/zh-Hans/") ? "zh-Hans" : "en"
            #expect(html.contains("<html lang=\"\(language)\""), "\(page)")
            let other = language == "en" ? "zh-Hans" : "en"
            #expect(html.contains("hreflang=\"\(other)\" lang=\"\(other)\""), "\(page) switches to \(other)")
        }
    }

    @Test func everySwitchLinkLeadsToAPageOfTheSite() throws {
        let disk = MemoryDisk(Self.files(Self.book))
        _ = CommandHarness.run(["render", "Book", "-o", "site", "--quiet"], disk: disk)
        let pages = disk.files.keys.filter { $0.hasSuffix(".html") }
        #expect(pages.count == 7)
        for page in pages {
            let html = try Self.page(disk, page)
            let folder = (page as NSString).deletingLastPathComponent
            let switchPart = try #require(html.range(of: #"<nav class="languages""#), "\(page) has a switch")
            let nav = html[switchPart.lowerBound...]
            let end = try #require(nav.range(of: "</nav>"))
            var links = 0
            for piece in nav[..<end.lowerBound].components(separatedBy: #"href=""#).dropFirst() {
                let href = String(piece.prefix { $0 != "\"" })
                let target = GuidePath.join(folder, href)
                #expect(disk.files[target] != nil, "\(page) links to \(href)")
                links += 1
            }
            #expect(links == 2, "\(page)")
        }
    }

    @Test func aChapterInAnotherLanguageSaysSoInItsPage() throws {
        let book = [
            "Guide/SUMMARY.md": "- [One](one.md)\n- [Два](two.md)\n",
            "Guide/one.md": "# One\n\n> [!NOTE]\n> Plain.\n",
            "Guide/two.md": "<!-- language: uk -->\n\n# Два\n\n> [!NOTE]\n> Просто.\n",
        ]
        let disk = MemoryDisk(Self.files(book))
        _ = CommandHarness.run(["render", "Guide", "-o", "site", "--quiet"], disk: disk)
        let two = try Self.page(disk, "site/two.html")
        #expect(two.contains(#"<html lang="uk""#))
        #expect(two.contains(#"<p class="callout-title">Примітка</p>"#))
        #expect(try Self.page(disk, "site/index.html").contains(#"<p class="callout-title">Note</p>"#))
    }

    @Test func aTranslationRenderedOnItsOwnKeepsItsLanguage() throws {
        let disk = MemoryDisk(Self.files(Self.book))
        _ = CommandHarness.run(["render", "Book/zh-Hans", "-o", "site", "--quiet"], disk: disk)
        let page = try Self.page(disk, "site/index.html")
        #expect(page.contains(#"<html lang="zh-Hans""#))
        #expect(!page.contains(#"class="languages""#), "a book read alone has no switch")
    }

    @Test func theBooksLanguageComesFromIapkitYml() throws {
        let book = [
            "iapkit.yml": "language: zh-Hant\n",
            "Guide/SUMMARY.md": "- [一](one.md)\n",
            "Guide/one.md": "# 一\n\n## 步驟\n",
        ]
        let disk = MemoryDisk(Self.files(book))
        _ = CommandHarness.run(["render", "Guide", "-o", "site", "--quiet"], disk: disk)
        let page = try Self.page(disk, "site/index.html")
        #expect(page.contains(#"<html lang="zh-Hant""#))
        #expect(page.contains(#"<summary class="outline-title">本頁內容</summary>"#))
    }

    static let chineseChapter =
        "# 开始\n\n## 步骤\n\n打开项目设置，选择应用内购买，然后运行测试。这个步骤会检查产品标识符是否正确。\n\n> [!NOTE]\n> 先登录沙盒账户。\n"

    @Test func aBookThatDoesNotSayItsLanguageTakesTheOneItsWordsAreWrittenIn() throws {
        let book = [
            "Guide/SUMMARY.md": "- [开始](one.md)\n- [Two](two.md)\n- [三](three.md)\n",
            "Guide/one.md": Self.chineseChapter,
            "Guide/two.md": "# Two\n\n## Steps\n\nOpen the project settings and run the tests before you ship.\n",
            "Guide/three.md": Self.chineseChapter.replacingOccurrences(of: "开始", with: "三"),
        ]
        let disk = MemoryDisk(Self.files(book))
        let outcome = CommandHarness.run(["render", "Guide", "-o", "site", "--quiet"], disk: disk)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let one = try Self.page(disk, "site/index.html")
        #expect(one.contains(#"<html lang="zh-Hans""#))
        #expect(one.contains(#"<p class="callout-title">说明</p>"#))
        #expect(one.contains(#"<summary class="outline-title">本页内容</summary>"#))
        let two = try Self.page(disk, "site/two.html")
        #expect(two.contains(#"<html lang="en""#), "Latin letters name no language: the default stays")
        #expect(two.contains(#"<summary class="outline-title">On this page</summary>"#))
        // Most pages are Chinese, so the book is: its print view, with the English chapter marked.
        let print = try Self.page(disk, "site/print.html")
        #expect(print.contains(#"<html lang="zh-Hans""#))
        #expect(print.contains(#"<article class="chapter" id="chapter-two" lang="en">"#))
        #expect(print.contains(#"<article class="chapter" id="chapter-index">"#))
    }

    @Test func aLanguageTheBookSaysIsKeptWhateverItsWords() throws {
        let said = [
            "iapkit.yml": "language: en\n",
            "Guide/SUMMARY.md": "- [开始](one.md)\n",
            "Guide/one.md": Self.chineseChapter,
        ]
        var disk = MemoryDisk(Self.files(said))
        _ = CommandHarness.run(["render", "Guide", "-o", "site", "--quiet"], disk: disk)
        #expect(try Self.page(disk, "site/index.html").contains(#"<html lang="en""#))
        // A chapter's own line wins over its words too.
        let marked = [
            "Guide/SUMMARY.md": "- [开始](one.md)\n",
            "Guide/one.md": "<!-- language: zh-Hant -->\n\n" + Self.chineseChapter,
        ]
        disk = MemoryDisk(Self.files(marked))
        _ = CommandHarness.run(["render", "Guide", "-o", "site", "--quiet"], disk: disk)
        #expect(try Self.page(disk, "site/index.html").contains(#"<html lang="zh-Hant""#))
    }

    @Test func aBookWithTranslationsKeepsTheLanguagesItsFoldersSay() throws {
        var book = Self.book
        book["Book/extra.md"] = Self.chineseChapter
        let disk = MemoryDisk(Self.files(book))
        _ = CommandHarness.run(["render", "Book", "-o", "site", "--quiet"], disk: disk)
        #expect(try Self.page(disk, "site/extra.html").contains(#"<html lang="en""#))
    }

    @Test func aLanguageThatIsNotATagIsAnErrorInIapkitYmlAndAWarningInAChapter() {
        let bad = CommandHarness.run(
            ["lint", "Guide"],
            files: Self.files(["iapkit.yml": "language: Chinese please\n", "Guide/one.md": "# One\n"]))
        #expect(bad.status == 2)
        #expect(
            bad.standardOutput.contains(
                "iapkit.yml:1:11: error: 'language' is a language tag, such as 'en', 'zh-Hans' or 'uk'"))
        let chapter = CommandHarness.run(
            ["lint", "Guide", "--quiet"],
            files: Self.files([
                "Guide/one.md":
                    "# One\n\n<!-- language: english -->\n\n<!-- language: uk -->\n\n<!-- language: en -->\n"
            ]))
        #expect(
            chapter.standardOutput == """
                Guide/one.md:3:1: warning: 'english' is not a language tag; write one such as 'en', 'zh-Hans' or 'uk'
                Guide/one.md:7:1: warning: the chapter's language is set twice; the first, 'uk', is kept
                Guide/one.md:5:1: note: first set here

                """)
    }

    @Test func generateWritesTheChecklistAndTheReferenceInTheBooksLanguage() throws {
        var book = Self.book
        book["iapkit.yml"] = "language: zh-Hans\n"
        let disk = MemoryDisk(Self.files(book))
        let outcome = CommandHarness.run(["generate", "Book", "-o", "Store"], disk: disk)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let checklist = try Self.page(disk, "Store/ValidationChecklist.md")
        #expect(checklist.contains("# 验证清单：Tiny"))
        #expect(checklist.contains("## 需要人工确认"))
        #expect(checklist.contains("（[原因](Troubleshooting.md#agreements-not-complete)） {#agreements}"))
        let reference = try Self.page(disk, "Store/Troubleshooting.md")
        #expect(reference.contains("# 排查「No products available」"))
        // Every link the English checklist, check's reports and the store's message use lands
        // on its section in the Chinese reference too.
        #expect(reference.contains("<a id=\"agreements-not-complete\"></a>\n\n### 协议未完成"))
        let anchors = reference.components(separatedBy: "<a id=\"").count - 1
        #expect(anchors >= 30, "\(anchors) English anchors")
        // Ticks are kept by id, whatever the language the file was written in.
        disk.store(
            Array(checklist.replacingOccurrences(of: "- [ ] 「付费", with: "- [x] 「付费").utf8),
            at: "Store/ValidationChecklist.md")
        _ = CommandHarness.run(["generate", "Book", "-o", "Store", "--language", "en"], disk: disk)
        let english = try Self.page(disk, "Store/ValidationChecklist.md")
        #expect(english.contains("# Validation checklist: Tiny"))
        #expect(english.contains("- [x] "))
        #expect(english.contains("{#agreements}"))
    }

    @Test func aLanguageWithoutAReferenceGetsTheEnglishOneAndANote() throws {
        var book = Self.book
        book["iapkit.yml"] = "language: uk\n"
        let disk = MemoryDisk(Self.files(book))
        let outcome = CommandHarness.run(["generate", "Book", "-o", "Store"], disk: disk)
        #expect(outcome.status == 0)
        #expect(
            outcome.standardError.contains(
                "iapkit generate: note: the checklist and the troubleshooting reference are written in English; IAPKit has them in en, zh-Hans, not in 'uk'"
            ))
        #expect(try Self.page(disk, "Store/ValidationChecklist.md").contains("# Validation checklist: Tiny"))
    }
}
