import IAPYAML
import Testing

@Suite("YAML errors are located and worded for guide authors")
struct YAMLErrorTests {
    @Test("an unclosed quote is reported at the quote that opened it")
    func unclosedQuote() {
        #expect(yamlOutcome("id: gold\nname: \"Gold Pack\nprice: 1") == "error 2:7 unterminated quoted string")
        #expect(yamlOutcome("a: 'it''s\n") == "error 1:4 unterminated quoted string")
    }

    @Test("bad indentation keeps libyaml's explanation and says where the mapping began")
    func badIndentation() {
        #expect(
            yamlOutcome("a:\n  - b\n c: d") == """
                error 3:2 did not find expected key while parsing a block mapping \
                that started at line 1, column 1; check the indentation
                """)
        #expect(
            yamlOutcome("a: b\n c: d") == """
                error 2:3 mapping values are not allowed in this context; \
                check the indentation, or quote text that contains ': '
                """)
    }

    @Test("an unclosed flow list names what is missing and where the list began")
    func unclosedFlow() {
        #expect(
            yamlOutcome("a: [1, 2") == """
                error 1:9 did not find expected ',' or ']' while parsing a flow sequence \
                that started at line 1, column 4
                """)
    }

    @Test("a tab in the indentation is named plainly, at the tab")
    func tabs() {
        let message = "tabs are not allowed for indentation in YAML; use spaces"
        #expect(yamlOutcome("product:\n\tid: gold") == "error 2:1 \(message)")
        #expect(yamlOutcome("a:\n  b: 1\n  \tc: 2") == "error 3:3 \(message)")
        #expect(yamlOutcome("x: 1\r\n\ty: 2") == "error 2:1 \(message)")
    }

    @Test("reserved characters at the start of a value ask for quotes")
    func reservedCharacters() {
        #expect(yamlOutcome("handle: @gold") == "error 1:9 '@' cannot start a value here; put the text in quotes")
    }

    @Test("control characters are refused with their code point")
    func controlCharacters() {
        #expect(yamlOutcome("a: b\u{01}") == "error 1:5 control character U+0001 is not allowed in YAML")
    }

    @Test("a repeated key is refused at the repeat, naming the first line")
    func duplicateKey() {
        #expect(yamlOutcome("id: gold\nname: Gold\nid: silver") == "error 3:1 duplicate key 'id' (first at line 1)")
        #expect(yamlOutcome("{a: 1, b: 2, a: 3}") == "error 1:14 duplicate key 'a' (first at line 1)")
    }

    @Test("a block holds one document; the second is refused where it starts")
    func twoDocuments() {
        #expect(
            yamlOutcome("id: gold\n---\nid: silver")
                == "error 2:1 a config block may hold only one YAML document; found a second one")
    }

    @Test("an explicit empty document is a null, not nothing")
    func emptyDocument() throws {
        let root = try #require(try YAMLReader.parse("---\n"))
        #expect(root.isNull)
    }

    @Test("lists and mappings cannot be keys")
    func complexKeys() {
        #expect(yamlOutcome("? [a, b]\n: x") == "error 1:3 mapping keys must be text; found a list used as a key")
    }

    @Test("parse throws the same error read returns")
    func throwingForm() {
        guard case .failure(let returned) = YAMLReader.read("a: 1\na: 2") else {
            Issue.record("read accepted a repeated key")
            return
        }
        #expect(returned.description == "2:1: duplicate key 'a' (first at line 1)")
        #expect(throws: returned) { try YAMLReader.parse("a: 1\na: 2") }
    }
}
