import IAPYAML
import Testing

@Suite("Reading YAML into a located tree")
struct YAMLTreeTests {
    @Test("block mappings and lists keep document order, styles and marks")
    func blockStyle() {
        let text = """
            id: gold
            price: 2.99
            tags:
              - "quoted"
              - 'single'
              - plain
            """
        #expect(
            yamlOutcome(text)
                == lines(
                    "mapping@1:1",
                    "  key \"id\"@1:1: scalar(plain) \"gold\"@1:5",
                    "  key \"price\"@2:1: scalar(plain) \"2.99\"@2:8",
                    "  key \"tags\"@3:1: sequence@4:3",
                    "    scalar(doubleQuoted) \"quoted\"@4:5",
                    "    scalar(singleQuoted) \"single\"@5:5",
                    "    scalar(plain) \"plain\"@6:5"))
    }

    @Test("flow collections give the same shape as block ones")
    func flowStyle() {
        #expect(
            yamlOutcome("{id: gold, tags: [a, \"b\"]}")
                == lines(
                    "mapping@1:1",
                    "  key \"id\"@1:2: scalar(plain) \"gold\"@1:6",
                    "  key \"tags\"@1:12: sequence@1:18",
                    "    scalar(plain) \"a\"@1:19",
                    "    scalar(doubleQuoted) \"b\"@1:22"))
    }

    @Test("null, ~ and an empty value are plain scalars the decoder reads as null")
    func nulls() throws {
        let text = "a: null\nb: ~\nc:\nd: 'null'\n"
        let root = try #require(try YAMLReader.parse(text))
        #expect(root["a"]?.isNull == true)
        #expect(root["b"]?.isNull == true)
        #expect(root["c"]?.isNull == true)
        #expect(root["c"]?.scalarText == "")
        #expect(root["d"]?.isNull == false)
    }

    @Test("comments disappear and a block of only comments holds nothing")
    func comments() {
        #expect(yamlOutcome("# just a note\n\n   # another\n") == "nothing")
        #expect(yamlOutcome("") == "nothing")
        #expect(
            yamlOutcome("a: 1 # trailing\n# own line\nb: 2")
                == lines(
                    "mapping@1:1",
                    "  key \"a\"@1:1: scalar(plain) \"1\"@1:4",
                    "  key \"b\"@3:1: scalar(plain) \"2\"@3:4"))
    }

    @Test("literal and folded block scalars keep their text and style")
    func multilineStrings() {
        let text = """
            literal: |
              line one
              line two
            folded: >
              joined
              together
            """
        #expect(
            yamlOutcome(text)
                == lines(
                    "mapping@1:1",
                    "  key \"literal\"@1:1: scalar(literal) \"line one\\nline two\\n\"@1:10",
                    "  key \"folded\"@4:1: scalar(folded) \"joined together\"@4:9"))
    }

    @Test("columns count UTF-8 bytes, so text after emoji and accents is placed exactly")
    func byteColumns() {
        // "é" is 2 bytes and "😀" 4, so the second value starts at byte 13, character 10.
        #expect(
            yamlOutcome("é: [😀, x]\nnote: \"ü\"")
                == lines(
                    "mapping@1:1",
                    "  key \"é\"@1:1: sequence@1:5",
                    "    scalar(plain) \"😀\"@1:6",
                    "    scalar(plain) \"x\"@1:12",
                    "  key \"note\"@2:1: scalar(doubleQuoted) \"ü\"@2:7"))
    }

    @Test("CR LF line ends count as one break")
    func crlf() {
        #expect(
            yamlOutcome("a: 1\r\nb: 2\r\n")
                == lines(
                    "mapping@1:1",
                    "  key \"a\"@1:1: scalar(plain) \"1\"@1:4",
                    "  key \"b\"@2:1: scalar(plain) \"2\"@2:4"))
    }

    @Test("explicit tags are kept in their resolved form")
    func tags() {
        #expect(
            yamlOutcome("a: !!str 12\nb: !custom x")
                == lines(
                    "mapping@1:1",
                    "  key \"a\"@1:1: scalar(plain) \"12\"@1:4 !!str",
                    "  key \"b\"@2:1: scalar(plain) \"x\"@2:4 !custom"))
    }
}
