import Foundation
import IAPYAML
import Testing

@Suite("Collecting several errors from one decode")
struct CollectingErrorsTests {
    @Test("each bad field is recorded and the rest still decode")
    func severalFieldErrors() throws {
        let text = """
            price: -1
            rank: "2"
            tags: [a, [b]]
            colour: red
            """
        let outcome = ConfigDecoder().decodeCollectingErrors(ProductDraft.self, from: try yamlTree(text))
        #expect(outcome.value?.price == Decimal(-1))
        #expect(outcome.value?.rank == nil)
        #expect(
            summaries(outcome.errors) == [
                "1:1 id: missing required key 'id'",
                "1:8 price: price must be greater than zero",
                "2:7 rank: expected an integer, found the string '2'; write it without quotes",
                "3:11 tags[1]: expected a string, found a list",
                "4:1 colour: unknown key 'colour'",
            ])
    }

    @Test("the throwing decode stops at the first problem in document order")
    func throwingDecodeReportsFirst() throws {
        let tree = try yamlTree("id: a\nrank: x\nprice: 0")
        #expect(
            throws: ConfigDecodingError(
                "expected an integer, found 'x'", at: ConfigMark(line: 2, column: 7),
                codingPath: ["rank"])
        ) {
            try ConfigDecoder().decode(ProductDraft.self, from: tree)
        }
    }

    @Test("marks of keys and values are available to the model")
    func marks() throws {
        struct Marks: Decodable {
            var key: ConfigMark?
            var value: ConfigMark?
            var absent: ConfigMark?
            enum CodingKeys: String, CodingKey { case name, other }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                key = container.keyMark(forKey: .name)
                value = container.mark(forKey: .name)
                absent = container.mark(forKey: .other)
            }
        }
        let marks = try ConfigDecoder().decode(Marks.self, from: try yamlTree("\n  name:   x"))
        #expect(marks.key == ConfigMark(line: 2, column: 3))
        #expect(marks.value == ConfigMark(line: 2, column: 11))
        #expect(marks.absent == nil)
    }

    @Test("a model can report a problem with its whole mapping, at the mapping")
    func mappingLevelRecording() throws {
        struct Window: Decodable {
            var mark: ConfigMark?
            enum CodingKeys: String, CodingKey { case from, to }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                mark = container.mappingMark
                let start = container.decodeCollecting(Int.self, forKey: .from)
                let end = container.decodeCollecting(Int.self, forKey: .to)
                if let start, let end, start > end {
                    container.recordError("'from' must not come after 'to'")
                }
            }
        }
        let tree = try yamlTree("- {from: 1, to: 2}\n- {from: 5, to: 1}")
        let outcome = ConfigDecoder().decodeCollectingErrors([Window].self, from: tree)
        #expect(outcome.value?.map(\.mark) == [ConfigMark(line: 1, column: 3), ConfigMark(line: 2, column: 3)])
        #expect(summaries(outcome.errors) == ["2:3 [1]: 'from' must not come after 'to'"])
    }

    @Test("a value type can record its own problem at its node")
    func decoderLevelRecording() throws {
        let outcome = ConfigDecoder().decodeCollectingErrors([Period].self, from: try yamlTree("[P1M, P2D]"))
        #expect(outcome.value == [Period(text: "P1M"), Period(text: "P2D")])
        #expect(
            summaries(outcome.errors) == [
                "1:7 [1]: unsupported subscription period 'P2D'; use P1W, P1M or P1Y"
            ])
    }

    @Test("under another decoder the helpers fall back to plain decoding")
    func otherDecoders() throws {
        let json = Data(#"{"id": "a", "rank": "two", "price": 5}"#.utf8)
        let draft = try JSONDecoder().decode(ProductDraft.self, from: json)
        #expect(draft.id == "a")
        #expect(draft.rank == nil)
        let ordered = try JSONDecoder().decode(OrderedMapping<Int>.self, from: Data(#"{"x": 1}"#.utf8))
        #expect(ordered["x"] == 1)
        #expect(ordered.entries.first?.keyMark == nil)
    }
}
