import IAPYAML
import Testing

@Suite("Reading JSON into the same tree")
struct JSONReaderTests {
    @Test("strings are double-quoted scalars; numbers and literals are plain and keep their text")
    func scalars() {
        #expect(
            jsonOutcome("{\"é\": [\"😀\", 1e+2, -0.5, true, false, null]}")
                == lines(
                    "mapping@1:1",
                    "  key \"é\"@1:2: sequence@1:8",
                    "    scalar(doubleQuoted) \"😀\"@1:9",
                    "    scalar(plain) \"1e+2\"@1:17",
                    "    scalar(plain) \"-0.5\"@1:23",
                    "    scalar(plain) \"true\"@1:29",
                    "    scalar(plain) \"false\"@1:35",
                    "    scalar(plain) \"null\"@1:42"))
    }

    @Test("JSON text read as YAML gives the identical tree, marks included")
    func sameTreeAsYAML() {
        let text = "{\"id\": \"gold\", \"price\": 2.99, \"tags\": [\"a\", null, true], \"nested\": {\"n\": -1}}"
        #expect(jsonOutcome(text) == yamlOutcome(text))
    }

    @Test("a block-style YAML document and its JSON twin have the same shape")
    func sameShapeAsBlockYAML() throws {
        let yaml = """
            id: "gold"
            price: 2.99
            tags:
              - "a"
              - null
            """
        let json = """
            {
              "id": "gold",
              "price": 2.99,
              "tags": ["a", null]
            }
            """
        let fromYAML = try #require(try YAMLReader.parse(yaml))
        let fromJSON = try #require(try JSONReader.parse(json))
        #expect(fromJSON.dump(marks: false) == fromYAML.dump(marks: false))
        #expect(fromJSON["tags"]?.mark == ConfigMark(line: 4, column: 11))
    }

    @Test("escapes decode, including a surrogate pair written as two escapes")
    func escapes() {
        #expect(
            jsonOutcome(#"["\u0041\n\/\t", "\uD83D\uDE00 ok"]"#)
                == lines(
                    "sequence@1:1",
                    "  scalar(doubleQuoted) \"A\\n/\\t\"@1:2",
                    "  scalar(doubleQuoted) \"😀 ok\"@1:18"))
    }

    @Test("empty or blank text holds nothing")
    func empty() {
        #expect(jsonOutcome("") == "nothing")
        #expect(jsonOutcome(" \n\t ") == "nothing")
    }

    @Test("10,000 nested arrays fail at the 257th bracket instead of crashing")
    func deepArrays() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(jsonOutcome(text) == "error 1:257 nesting deeper than 256 levels is not allowed")
    }

    @Test("the node limit applies to JSON too")
    func nodeLimit() {
        #expect(
            jsonOutcome("[1, 2, 3]", limits: ConfigLimits(maxExpandedNodes: 3))
                == "error 1:8 the document has more than 3 nodes")
    }
}
