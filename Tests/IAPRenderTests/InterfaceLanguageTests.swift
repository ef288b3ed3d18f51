import Foundation
import Testing

@testable import IAPRender

/// The site's interface text: one table per language, each complete, each string with the
/// same blanks as the English one, and a page's language tag choosing its table.
@Suite struct InterfaceLanguageTests {
    @Test(arguments: InterfaceLanguage.all.map(\.tag))
    func everyStringExistsInTheTable(_ tag: String) throws {
        let language = try #require(InterfaceLanguage.all.first { $0.tag == tag })
        #expect(language.missing.isEmpty, "\(tag) lacks \(language.missing)")
        for key in InterfaceString.allCases {
            let text = try #require(language.strings[key], "\(tag) \(key)")
            #expect(!text.trimmingCharacters(in: .whitespaces).isEmpty || key == .tableColumnSeparator, "\(tag) \(key)")
            #expect(Self.blanks(text) == Self.blanks(InterfaceLanguage.english[key]), "\(tag) \(key): \(text)")
        }
    }

    @Test func aTagChoosesItsTableAsBrowsersMatch() {
        let cases: [(String, String)] = [
            ("en", "en"), ("en-GB", "en"), ("zh-Hans", "zh-Hans"), ("zh", "zh-Hans"), ("zh-CN", "zh-Hans"),
            ("zh_SG", "zh-Hans"), ("zh-Hant", "zh-Hant"), ("zh-TW", "zh-Hant"), ("zh-HK", "zh-Hant"),
            ("zh-Hant-TW", "zh-Hant"), ("zh-Hans-HK", "zh-Hans"), ("zh-Hans-TW", "zh-Hans"), ("uk", "uk"),
            ("uk-UA", "uk"), ("fr", "en"), ("", "en"),
        ]
        for (tag, table) in cases {
            #expect(InterfaceLanguage.forTag(tag).tag == table, "\(tag)")
        }
    }

    @Test func aLanguageWithoutATableIsNamedByItsTag() {
        #expect(InterfaceLanguage.displayName(of: "zh-TW") == "繁體中文")
        #expect(InterfaceLanguage.displayName(of: "en-GB") == "English")
        #expect(InterfaceLanguage.displayName(of: "hi") == "hi")
    }

    /// A book that does not say its language takes the one most of its pages have; of two as
    /// common, the one its first page has.
    @Test func aBookTakesItsPagesCommonestLanguage() {
        #expect(SitePlan.commonest(["en", "zh-Hans", "zh-Hans"]) == "zh-Hans")
        #expect(SitePlan.commonest(["en", "zh-Hans"]) == "en")
        #expect(SitePlan.commonest(["ja", "en", "en", "ja"]) == "ja")
        #expect(SitePlan.commonest([]) == nil)
    }

    @Test func theScriptsWordsAreValidJavaScriptStrings() {
        let words = PageLayout.scriptStrings(.simplifiedChinese)
        #expect(words.hasPrefix("{\"theme\": \"主题：{theme}\""))
        #expect(PageLayout.interfaceAttribute(.english).isEmpty, "English pages rely on the script's own words")
    }

    /// `{name}` blanks in a string, sorted.
    static func blanks(_ text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            found.append(String(rest[open...close]))
            rest = rest[rest.index(after: close)...]
        }
        return found.sorted()
    }
}
