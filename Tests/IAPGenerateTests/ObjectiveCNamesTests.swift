import IAPGenerate
import Testing

@Suite struct ObjectiveCNamesTests {
    @Test(arguments: [
        ("plain", #"@"plain""#),
        (#"say "hi""#, #"@"say \"hi\"""#),
        (#"back\slash\"#, #"@"back\\slash\\""#),
        ("two\nlines\ttab\r", #"@"two\nlines\ttab\r""#),
        ("??=define ??/ ?", #"@"\?\?=define \?\?/ \?""#),
        ("bell\u{7} nul\u{0} del\u{7F}", #"@"bell\007 nul\000 del\177""#),
        // C forbids \u0085: the control character goes in as its two UTF-8 bytes.
        ("next\u{85}line", #"@"next\302\205line""#),
        ("zero\u{200B}width\u{2028}", #"@"zero\u200Bwidth\u2028""#),
        ("private\u{F0000}", #"@"private\U000F0000""#),
        ("%@ 100%", #"@"%@ 100%""#),
        ("emoji 💎, café, 中文 stay", #"@"emoji 💎, café, 中文 stay""#),
        ("", #"@"""#),
    ])
    func stringLiteralsHoldExactlyTheText(_ text: String, _ literal: String) {
        #expect(ObjectiveCNames.stringLiteral(text) == literal)
    }

    @Test(arguments: [
        ("removeAds", "removeAds"),
        ("_2xGems", "_2xGems"),
        ("crèmeBrûlée", "cr_00E8_meBr_00FB_l_00E9_e"),
        ("中文", "_4E2D__6587_"),
        ("𝒳", "_1D4B3_"),
        // Look-alikes stay apart: a leading underscore followed by hex digits is not an escape.
        ("_00E9é", "_00E9_00E9_"),
        ("é00E9", "_00E9_00E9"),
    ])
    func identifiersAreASCIIForC(_ swiftName: String, _ expected: String) {
        #expect(ObjectiveCNames.identifier(for: swiftName) == expected)
    }

    @Test func identifiersFollowAPrefixCapitalized() {
        #expect(ObjectiveCNames.capitalized("removeAds") == "RemoveAds")
        #expect(ObjectiveCNames.capitalized("_2x") == "_2x")
    }

    @Test(arguments: [
        ("Remove ads", "Remove ads"),
        ("line\nbreak\rhere", "line break here"),
        // A backslash at the end of a // comment would pull the next line into the comment.
        ("ends with \\", "ends with"),
        ("ends with \\ \\\t ", "ends with"),
        ("what??/", "what? ?/"),
        ("*/ and // stay", "*/ and // stay"),
    ])
    func commentsStayOnOneLine(_ text: String, _ expected: String) {
        #expect(ObjectiveCNames.commentText(text) == expected)
    }
}
