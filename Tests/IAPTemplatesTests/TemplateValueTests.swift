import Foundation
import IAPDiagnostics
import IAPTemplates
import Testing

@Suite("Template values read from JSON")
struct TemplateValueTests {
    @Test("objects, lists and scalars become the matching cases")
    func shapes() throws {
        let value = try TemplateValue(json: #"{"name": "Gold", "price": 2.99, "tags": ["a", true, null], "meta": {}}"#)
        let expected: TemplateValue = [
            "name": "Gold", "price": 2.99, "tags": ["a", true, nil], "meta": [:],
        ]
        #expect(value == expected)
    }

    @Test("bytes and Data read the same as a string")
    func bytesAndData() throws {
        let text = #"[1, "two"]"#
        #expect(try TemplateValue(json: Data(text.utf8)) == [1, "two"])
        #expect(try TemplateValue(json: Array(text.utf8)) == [1, "two"])
    }

    @Test(
        "numbers print as templates expect",
        arguments: [
            ("3", "3"), ("3.0", "3"), ("-42", "-42"), ("1.5", "1.5"), ("2.990", "2.99"), ("-0.25", "-0.25"),
            ("1e3", "1000"), ("2.5E-3", "0.0025"), ("0", "0"), ("-0", "0"), ("9007199254740992", "9007199254740992"),
            ("1e300", "1e+300"),
        ])
    func numberText(json: String, printed: String) throws {
        let template = try Template(source: "{{n}}", name: "t")
        #expect(try template.render(TemplateValue(json: #"{"n": \#(json)}"#)) == printed)
    }

    @Test("string escapes decode, including surrogate pairs")
    func escapes() throws {
        let value = try TemplateValue(json: #""a\"b\\c\/d\n\t\r\b\f \u00e9 \ud83d\ude00""#)
        #expect(value == .string("a\"b\\c/d\n\t\r\u{8}\u{C} é 😀"))
    }

    @Test("a byte order mark before the JSON is ignored")
    func byteOrderMark() throws {
        #expect(try TemplateValue(json: [0xEF, 0xBB, 0xBF] + Array("[]".utf8)) == [])
    }

    @Test("nesting up to the limit reads; one level more is an error")
    func depthLimit() throws {
        let limit = 256
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(throws: Never.self) { try TemplateValue(json: deepest) }
        let tooDeep = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        #expect(throws: TemplateError("nesting deeper than 256 levels is not allowed", at: at(1, 257))) {
            try TemplateValue(json: tooDeep, name: "data.json")
        }
    }

    @Test(
        "malformed JSON is reported with the exact place",
        arguments: [
            (#"{"a": 1,}"#, "trailing comma before '}'", 1, 8),
            ("[1 2]", "expected ',' or ']' after array element, found '2'", 1, 4),
            (#"{"a" 1}"#, "expected ':' after object key, found '1'", 1, 6),
            (#"{"a": 1 "b": 2}"#, "expected ',' or '}' after object member, found '\"'", 1, 9),
            (#"{"a": 1, "a": 2}"#, "duplicate key 'a'", 1, 10),
            (#""abc"#, "unterminated string", 1, 1),
            (#"["\q"]"#, #"invalid escape '\q' in string; JSON escapes are \" \\ \/ \b \f \n \r \t and \uXXXX"#, 1, 3),
            (
                #""\ud800""#,
                #"lone surrogate \uD800 in string; a high surrogate must be followed by a low surrogate escape"#, 1, 2
            ),
            (
                #""\udc00\u0041""#, #"lone surrogate \uDC00 in string; a low surrogate must follow a high surrogate"#,
                1, 2
            ),
            (#""\u12""#, #"invalid escape; \u must be followed by four hex digits"#, 1, 2),
            ("\"a\tb\"", "control character U+0009 must be escaped in a string", 1, 3),
            ("01", "leading zeros are not allowed in JSON numbers", 1, 1),
            ("-", "expected a digit after '-'", 1, 2),
            ("1.", "expected a digit after the decimal point", 1, 3),
            ("1e+", "expected a digit in the exponent", 1, 4),
            ("1e999", "the number 1e999 is too large", 1, 1),
            (
                "tru", "unexpected word 'tru'; JSON values are strings, numbers, objects, arrays, true, false or null",
                1, 1
            ),
            ("", "unexpected end of input; expected a value", 1, 1),
            ("[1,", "unexpected end of input; expected a value", 1, 4),
            (
                "{\n  \"a\": [1,\n    x]\n}",
                "unexpected word 'x'; JSON values are strings, numbers, objects, arrays, true, false or null", 3, 5
            ),
            ("[\"é\", ü]", "unexpected 'ü'; expected a value", 1, 8),
        ])
    func errors(json: String, message: String, line: Int, column: Int) {
        #expect(throws: TemplateError(message, at: at(line, column))) {
            try TemplateValue(json: json, name: "data.json")
        }
    }

    @Test("bytes that are not UTF-8 are rejected where they occur")
    func invalidUTF8() {
        let bytes: [UInt8] = Array("[\"ok\",\n \"".utf8) + [0xFF] + Array("\"]".utf8)
        #expect(throws: TemplateError("the JSON is not valid UTF-8", at: at(2, 3))) {
            try TemplateValue(json: bytes, name: "data.json")
        }
    }

    @Test("errors print in the compiler format")
    func description() {
        do {
            _ = try TemplateValue(json: "[1 2]", name: "context.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "context.json:1:4: error: expected ',' or ']' after array element, found '2'")
            #expect(error.diagnostic == .error(error.message, at: error.location))
        }
    }

    private func at(_ line: Int, _ column: Int) -> IAPDiagnostics.SourceLocation {
        IAPDiagnostics.SourceLocation(file: "data.json", line: line, column: column)
    }
}
