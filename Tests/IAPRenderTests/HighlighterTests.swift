import Testing

@testable import IAPRender

/// Each tokenizer, shown as `kind:text` for the runs it marks; plain runs are left out.
@Suite struct HighlighterTests {
    static func marked(_ code: String, _ language: String) -> [String] {
        guard let language = SyntaxHighlighter.language(named: language) else { return ["unknown language"] }
        let tokens = SyntaxHighlighter.tokens(code, language: language)
        #expect(tokens.map(\.text).joined() == code, "tokens must cover the code exactly")
        return tokens.compactMap { token in token.kind.map { "\($0.rawValue):\(token.text)" } }
    }

    @Test func swift() {
        let code = """
            @MainActor final class Store { // the manager
                let ids = ["a.b", #"raw"#]; /* a /* nested */ comment */
                func load() async throws -> Int { 0x1F }
            }
            """
        #expect(
            Self.marked(code, "swift") == [
                "attribute:@MainActor", "keyword:final", "keyword:class", "type:Store", "comment:// the manager",
                "keyword:let", "string:\"a.b\"", "string:\"raw\"",
                "comment:/* a /* nested */ comment */",
                "keyword:func", "keyword:async", "keyword:throws", "type:Int", "number:0x1F",
            ])
    }

    @Test func swiftMultilineString() {
        #expect(
            Self.marked("let s = \"\"\"\n  \"quoted\"\n  \"\"\"", "swift") == [
                "keyword:let", "string:\"\"\"\n  \"quoted\"\n  \"\"\"",
            ])
    }

    @Test func objectiveC() {
        let code = """
            #import <StoreKit/StoreKit.h>
            @interface Store : NSObject <SKPaymentTransactionObserver>
            - (void)buy:(NSString *)identifier { self.name = @"Pro"; char c = 'x'; }
            """
        #expect(
            Self.marked(code, "objc") == [
                "directive:#import", "type:StoreKit", "type:StoreKit", "attribute:@interface", "type:Store",
                "type:NSObject", "type:SKPaymentTransactionObserver", "keyword:void", "type:NSString",
                "keyword:self", "string:@\"Pro\"", "keyword:char", "string:'x'",
            ])
    }

    @Test func yaml() {
        let code = """
            # catalogue
            products:
              - id: com.example.pro   # permanent
                price: 2.99
                familyShareable: true
                referenceName: "Pro: yearly"
                tags: [a, b]
            """
        #expect(
            Self.marked(code, "yaml") == [
                "comment:# catalogue", "key:products", "key:id", "comment:# permanent", "key:price", "number:2.99",
                "key:familyShareable", "literal:true", "key:referenceName", "string:\"Pro: yearly\"", "key:tags",
            ])
    }

    @Test func json() {
        #expect(
            Self.marked(#"{"id": "a\"b", "price": -1.5e2, "ok": true, "none": null}"#, "json") == [
                #"key:"id""#, #"string:"a\"b""#, #"key:"price""#, "number:-1.5e2", #"key:"ok""#, "literal:true",
                #"key:"none""#, "literal:null",
            ])
    }

    @Test func shell() {
        let code = """
            $ export PATH="/opt/swift/usr/bin:$PATH"  # toolchain
            if [ -n "${CI:-}" ]; then swift test --filter 'Render'; fi
            """
        #expect(
            Self.marked(code, "sh") == [
                "directive:$", "keyword:export", "string:\"/opt/swift/usr/bin:$PATH\"", "comment:# toolchain",
                "keyword:if", "string:\"${CI:-}\"", "keyword:then", "string:'Render'", "keyword:fi",
            ])
    }

    @Test func everythingIsEscapedAndUnknownLanguagesStayPlain() {
        #expect(
            SyntaxHighlighter.html("let a = \"<b>&\"", language: "swift")
                == "<span class=\"hl-keyword\">let</span> a = <span class=\"hl-string\">&quot;&lt;b&gt;&amp;&quot;</span>"
        )
        #expect(SyntaxHighlighter.html("<script>", language: "brainfuck") == "&lt;script&gt;")
        #expect(
            SyntaxHighlighter.html("\"unterminated \\", language: "json")
                == "<span class=\"hl-string\">&quot;unterminated \\</span>")
    }

    @Test func nonASCIITextSurvivesEveryTokenizer() {
        let code = "// café \"naïve\\é\" 'ü' # ß: $é ¥\n"
        for language in ["swift", "objc", "yaml", "json", "sh"] {
            _ = Self.marked(code, language)
        }
    }
}
