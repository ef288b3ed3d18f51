import IAPYAML
import Testing

@Suite("JSON errors are located at the offending byte")
struct JSONErrorTests {
    @Test("a trailing comma is reported at the comma")
    func trailingComma() {
        #expect(jsonOutcome("[1, 2,]") == "error 1:6 trailing comma before ']'")
        #expect(jsonOutcome("{\"a\": 1,\n}") == "error 1:8 trailing comma before '}'")
    }

    @Test("a missing comma names what was expected and what was found")
    func missingComma() {
        #expect(jsonOutcome("[1 2]") == "error 1:4 expected ',' or ']' after array element, found '2'")
        #expect(jsonOutcome("{\"a\": 1\n \"b\": 2}") == "error 2:2 expected ',' or '}' after object member, found '\"'")
        #expect(jsonOutcome("{\"a\" 1}") == "error 1:6 expected ':' after object key, found '1'")
    }

    @Test("string problems: bad escapes, lone surrogates, raw control characters, no end")
    func strings() {
        #expect(
            jsonOutcome(#"{"a": "\x"}"#)
                == #"error 1:8 invalid escape '\x' in string; JSON escapes are \" \\ \/ \b \f \n \r \t and \uXXXX"#)
        #expect(jsonOutcome(#""\u12G4""#) == #"error 1:2 invalid escape; \u must be followed by four hex digits"#)
        #expect(
            jsonOutcome(#"["ok", "\uD83D"]"#)
                == #"error 1:9 lone surrogate \uD83D in string; a high surrogate must be followed by a low surrogate escape"#
        )
        #expect(
            jsonOutcome(#""\uDE00""#)
                == #"error 1:2 lone surrogate \uDE00 in string; a low surrogate must follow a high surrogate"#)
        #expect(jsonOutcome("\"a\u{01}\"") == "error 1:3 control character U+0001 must be escaped in a string")
        #expect(jsonOutcome("{\"a\": \"abc") == "error 1:7 unterminated string")
        #expect(
            jsonOutcome("{\"a\": \"ab\nc\"}")
                == #"error 1:7 unterminated string; a JSON string must end on the line it starts (write \n for a line break)"#
        )
    }

    @Test("numbers follow the JSON grammar")
    func numbers() {
        #expect(jsonOutcome("[01]") == "error 1:2 leading zeros are not allowed in JSON numbers")
        #expect(jsonOutcome("[1.]") == "error 1:4 expected a digit after the decimal point")
        #expect(jsonOutcome("[1e]") == "error 1:4 expected a digit in the exponent")
        #expect(jsonOutcome("[1.2.3]") == "error 1:2 invalid number '1.2.3'")
    }

    @Test("YAML and JavaScript habits get a direct answer")
    func habits() {
        let words = "JSON values are strings, numbers, objects, arrays, true, false or null"
        #expect(jsonOutcome("[True]") == "error 1:2 unexpected word 'True'; \(words)")
        #expect(jsonOutcome("{a: 1}") == "error 1:2 unexpected 'a'; object keys must be double-quoted strings")
        #expect(jsonOutcome("{'a': 1}") == "error 1:2 JSON strings must use double quotes")
        #expect(jsonOutcome("// note\n1") == "error 1:1 comments are not allowed in JSON")
    }

    @Test("unfinished or extra input")
    func structure() {
        #expect(jsonOutcome("[") == "error 1:2 unexpected end of input; expected a value")
        #expect(
            jsonOutcome("{\"a\": [1, {\"b\": 2}")
                == "error 1:19 unexpected end of input; the array opened at line 1, column 7 is not closed")
        #expect(jsonOutcome("[1] x") == "error 1:5 unexpected 'x' after the JSON value")
        #expect(jsonOutcome("[1,,2]") == "error 1:4 unexpected ','; expected a value")
    }

    @Test("duplicate keys are refused like in YAML")
    func duplicateKeys() {
        #expect(jsonOutcome("{\"id\": 1,\n \"id\": 2}") == "error 2:2 duplicate key 'id' (first at line 1)")
    }
}
