import IAPMarkdown
import Testing

/// Addresses in plain text become the links GitHub makes of them. Each expectation below is
/// what `cmark-gfm -e autolink` (0.29.0.gfm.6) makes of the same line, except where a test
/// says it differs on purpose.
@Suite struct ExtendedAutolinkTests {
    /// The links in `text` as "words -> URL".
    static func links(in text: String, context: ExtendedAutolink.Context = .init()) -> [String] {
        var context = context
        var text = text
        return text.withUTF8 { bytes in
            ExtendedAutolink.matches(in: bytes, context: &context).map { match in
                let words = String(decoding: bytes[match.range], as: UTF8.self)
                return words + " -> " + match.prefix.rawValue + words
            }
        }
    }

    static let cases: [(text: String, links: [String])] = [
        (
            "Open https://appstoreconnect.apple.com and sign in.",
            ["https://appstoreconnect.apple.com -> https://appstoreconnect.apple.com"]
        ),
        (
            "Read www.apple.com/app-store/review/guidelines/.",
            ["www.apple.com/app-store/review/guidelines/ -> http://www.apple.com/app-store/review/guidelines/"]
        ),
        ("Write to billing+iap@example.com.", ["billing+iap@example.com -> mailto:billing+iap@example.com"]),
        ("Or mailto:refunds@example.org today", ["mailto:refunds@example.org -> mailto:refunds@example.org"]),
        (
            "(see https://developer.apple.com/documentation/storekit)",
            ["https://developer.apple.com/documentation/storekit -> https://developer.apple.com/documentation/storekit"]
        ),
        (
            "https://en.wikipedia.org/wiki/Receipt_(accounting))",
            ["https://en.wikipedia.org/wiki/Receipt_(accounting) -> https://en.wikipedia.org/wiki/Receipt_(accounting)"]
        ),
        ("HTTPS://EXAMPLE.COM/Path", ["HTTPS://EXAMPLE.COM/Path -> HTTPS://EXAMPLE.COM/Path"]),
        ("xhttps://example.com and notwww.example.com", []),
        ("http://localhost:8080/verify", ["http://localhost:8080/verify -> http://localhost:8080/verify"]),
        ("www.store_front.example.com", ["www.store_front.example.com -> http://www.store_front.example.com"]),
        ("www.example.store_front.com", []),
        ("www.example.com_ next", []),
        ("https://example.com/path?query=1.", ["https://example.com/path?query=1 -> https://example.com/path?query=1"]),
        ("https://example.com/a&hellip;", ["https://example.com/a -> https://example.com/a"]),
        (
            "a.b@c and user@example.co1 and support@example.com- and a@b@example.com",
            ["b@example.com -> mailto:b@example.com"]
        ),
        (
            "[ticket https://example.com/1] then [a] https://example.com/2",
            ["https://example.com/2 -> https://example.com/2"]
        ),
        ("café@example.com", []),
        (
            "ftp://files.example.org/receipts/",
            ["ftp://files.example.org/receipts/ -> ftp://files.example.org/receipts/"]
        ),
        ("https://例え.jp/ストア", ["https://例え.jp/ストア -> https://例え.jp/ストア"]),
        ("Visit:https://example.com", ["https://example.com -> https://example.com"]),
        ("the https://x.com/@team page", ["https://x.com/@team -> https://x.com/@team"]),
        (
            "https://a.example/~u~ and https://a.example/x*y*",
            [
                "https://a.example/~u -> https://a.example/~u", "https://a.example/x*y -> https://a.example/x*y",
            ]
        ),
    ]

    @Test(arguments: cases)
    func addressesInTextAreTheLinksGitHubMakes(_ text: String, _ links: [String]) {
        #expect(Self.links(in: text) == links, "\(text)")
    }

    /// cmark-gfm links `www` alone in `www.` followed by punctuation, to `http://www`: a host
    /// that is not there. The spec asks for a valid domain after `www.`, and so does the site.
    @Test func wwwWithNothingAfterItIsNoLink() {
        #expect(Self.links(in: "www. and www.! and www.\"") == [])
    }

    /// `www.` may start a link only at the start of a run of text, after white space or after
    /// `*`, `_`, `~` or `(`: the run's context says what came before it in its paragraph.
    @Test func wwwAtTheStartOfARunFollowsWhatCameBefore() {
        #expect(Self.links(in: "www.example.com") == ["www.example.com -> http://www.example.com"])
        #expect(Self.links(in: "www.example.com", context: .init(wwwMayStart: false)) == [])
        #expect(Self.links(in: "x~www.example.com") == ["www.example.com -> http://www.example.com"])
        #expect(Self.links(in: "x-www.example.com") == [])
    }

    /// Inside a `[` that is still open, as in `[see https://…]` split across runs by emphasis,
    /// web links wait for the `]`; addresses do not, as with cmark-gfm.
    @Test func openBracketsCarryFromRunToRun() {
        var context = ExtendedAutolink.Context()
        var opening = "[see "
        opening.withUTF8 { #expect(ExtendedAutolink.matches(in: $0, context: &context).isEmpty) }
        #expect(context.openBrackets == 1)
        #expect(
            Self.links(in: " https://example.com and help@example.com", context: context) == [
                "help@example.com -> mailto:help@example.com"
            ])
        #expect(
            Self.links(in: "] https://example.com", context: context) == ["https://example.com -> https://example.com"])
    }

    /// Text shaped to make a scan read the same bytes again at every `www.`, `@` or `)`; the
    /// answers are the rules' answers (and `Benchmarks/run.sh complexity` times such runs).
    @Test func hostileRunsAreReadOnce() {
        let underscores = String(repeating: "www._", count: 40_000)
        #expect(Self.links(in: underscores) == [])
        let signs = String(repeating: "a@", count: 40_000) + "b.example.com"
        #expect(Self.links(in: signs) == ["a@b.example.com -> mailto:a@b.example.com"])
        let closing = "https://example.com/" + String(repeating: ")", count: 40_000)
        #expect(Self.links(in: closing) == ["https://example.com/ -> https://example.com/"])
        let ending = String(repeating: "a@b.example.com ", count: 2)
        #expect(Self.links(in: ending).count == 2)
    }
}
