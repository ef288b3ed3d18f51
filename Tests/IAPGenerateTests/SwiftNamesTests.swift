import IAPGenerate
import Testing

@Suite struct SwiftNamesTests {
    @Test(
        arguments: [
            ("com.example.stride.pro.yearly", "com.example.stride", "proYearly"),
            ("com.example.stride.removeads", "com.example.stride", "removeads"),
            ("com.example.stride.remove_ads", "com.example.stride", "removeAds"),
            ("com.other.app.gems", "com.example.stride", "comOtherAppGems"),
            ("2x.gems", nil, "_2xGems"),
            ("default", nil, "`default`"),
            ("self", nil, "`self`"),
            ("PRO.Monthly", nil, "proMonthly"),
            ("gems 💎 pack", nil, "gemsPack"),
            ("💎", nil, "product"),
            ("crème.brûlée", nil, "crèmeBrûlée"),
            ("a\"b\\(c)\nd", nil, "aBCD"),
        ] as [(String, String?, String)])
    func identifiersAreSafeSwift(_ text: String, _ prefix: String?, _ expected: String) {
        #expect(SwiftNames.identifier(for: text, droppingPrefix: prefix).spelling == expected)
    }

    @Test func typeNamesStartUpperCase() {
        #expect(SwiftNames.typeName(for: "Stride Store").name == "StrideStore")
        #expect(SwiftNames.typeName(for: "my-app").name == "MyApp")
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        (#"say "hi""#, #""say \"hi\"""#),
        (#"back\slash"#, #""back\\slash""#),
        (#"\(injected)"#, #""\\(injected)""#),
        ("two\nlines\ttab", #""two\nlines\ttab""#),
        ("bell\u{7}", #""bell\u{7}""#),
        ("zero\u{200B}width", #""zero\u{200B}width""#),
        ("emoji 💎 stays", #""emoji 💎 stays""#),
    ])
    func stringLiteralsHoldExactlyTheText(_ text: String, _ literal: String) {
        #expect(SwiftNames.stringLiteral(text) == literal)
    }

    @Test func commentsStayOnOneLine() {
        #expect(SwiftNames.commentText("a\nb\r\u{2028}c") == "a b  c")
    }
}
