import IAPDiagnostics
import IAPProject
import Testing

@Suite("Swift source scanner")
struct SwiftSourceScannerTests {
    let path = "Shop/ShopApp.swift"

    func scan() -> SwiftSourceScan {
        SwiftSourceScanner.scan(FixtureFiles.bytes("StoreCode.swift.txt"), path: path)
    }

    @Test("never reports text from comments or strings as identifiers")
    func commentsAndStrings() {
        let scan = scan()
        #expect(scan.occurrences(of: "SKProductsRequest").map(\.location.line) == [19])
        #expect(scan.occurrences(of: "finish").map(\.location.line) == [24])
        #expect(scan.memberAccesses("Transaction", "updates").map(\.location.line) == [24])
        #expect(scan.memberAccesses("AppStore", "sync").map(\.location.line) == [25])
        #expect(scan.occurrences(of: "interpolation").isEmpty)
        #expect(scan.occurrences(of: "quotes").isEmpty)
    }

    @Test("reports attributes and locates identifiers by line and byte column")
    func attributesAndColumns() {
        let scan = scan()
        #expect(scan.occurrences(of: "@main").first?.location == SourceLocation(file: path, line: 6, column: 1))
        #expect(scan.occurrences(of: "SKProductsRequest").first?.location.column == 23)
        #expect(scan.occurrences(of: "request").first?.location == SourceLocation(file: path, line: 19, column: 13))
    }

    @Test("decodes plain, escaped, raw and multi-line literals")
    func literals() {
        let values = scan().strings.map(\.value)
        #expect(values.contains("com.example.app.coins"))
        #expect(values.contains("tab\there \"quoted\" 😀"))
        #expect(values.contains(#"no \(interpolation) here, "quotes" ok"#))
        #expect(values.contains("Line one with \"quotes\"\n  indented line\nTransaction.updates is text here"))
        let raw = scan().strings.first { $0.isRaw }
        #expect(raw?.hasInterpolation == false)
        #expect(raw?.location == SourceLocation(file: path, line: 10, column: 15))
        #expect(scan().strings.first { $0.isMultiline }?.location.line == 12)
    }

    @Test("flags interpolation and still scans the code and strings nested inside it")
    func interpolation() {
        let scan = scan()
        let greeting = scan.strings.first { $0.location.line == 11 && $0.location.column == 20 }
        #expect(greeting?.hasInterpolation == true)
        #expect(greeting?.value == nil)
        #expect(scan.occurrences(of: "user").map(\.location.line) == [11])
        let nested = scan.strings.filter { $0.location.line == 11 }.map(\.value)
        #expect(nested.contains("!"))
        #expect(nested.contains("deep"))
        #expect(scan.strings.first { $0.value == "!" }?.isConcatenated == true)
        let positions = scan.tokens.map { [$0.location.line, $0.location.column] }
        #expect(positions == positions.sorted { $0.lexicographicallyPrecedes($1) }, "tokens in source order")
        let stringPositions = scan.strings.map { [$0.location.line, $0.location.column] }
        #expect(stringPositions == stringPositions.sorted { $0.lexicographicallyPrecedes($1) })
    }

    @Test("flags a literal that is only the prefix of a concatenated ID")
    func concatenation() {
        let prefix = scan().strings.first { $0.value == "com.example." }
        #expect(prefix?.isConcatenated == true)
        #expect(prefix?.constantValue == nil)
        #expect(scan().strings.first { $0.value == "com.example.app.pro" }?.constantValue == "com.example.app.pro")
    }

    @Test(
        "keeps going after unterminated strings and comments",
        arguments: [
            "\"abc\nlet x = 1", "/* open", "#\"raw", "\"\"\"\nnever", "\"\\(", "\"\\u{110000}\"", "`", "@", "#",
        ])
    func unterminated(text: String) {
        let scan = SwiftSourceScanner.scan(text, path: "x.swift")
        #expect(scan.strings.allSatisfy { !$0.isTerminated || $0.value != nil || $0.hasInterpolation })
        if text.hasPrefix("\"abc") {
            #expect(scan.strings.first?.isTerminated == false)
            #expect(scan.occurrences(of: "x").map(\.location.line) == [2])
        }
    }

    @Test("survives deeply nested interpolation and comments")
    func hostile() {
        let deep = String(repeating: "\"\\(", count: 5_000) + String(repeating: ")\"", count: 5_000)
        let scan = SwiftSourceScanner.scan(deep, path: "d.swift")
        #expect(!scan.strings.isEmpty)
        let comments = String(repeating: "/*", count: 10_000) + "x"
        #expect(SwiftSourceScanner.scan(comments, path: "c.swift").tokens.isEmpty)
    }

    @Test("reads backticked names and multi-byte identifiers with byte columns")
    func names() {
        let scan = SwiftSourceScanner.scan("let `default` = 1; let é = café", path: "n.swift")
        #expect(scan.occurrences(of: "default").first?.location.column == 5)
        #expect(scan.occurrences(of: "café").first?.location.column == 29)
    }
}
