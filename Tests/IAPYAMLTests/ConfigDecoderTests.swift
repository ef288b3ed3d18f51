import Foundation
import IAPYAML
import Testing

@Suite("Decoding models from config trees")
struct ConfigDecoderTests {
    static let catalog = """
        products:
          - id: gold.coins
            referenceName: Gold Coins
            type: consumable
            price: 2.99
            localizations:
              en-US: {name: Gold}
              fr-FR: {name: Or, description: "Des pièces"}
          - id: pro.monthly
            referenceName: Pro Monthly
            type: autoRenewable
            price: 9.99
            familySharable: true
            subscription:
              group: pro
              period: P1M
              rank: 1
        """

    @Test("a well-formed catalog decodes field by field")
    func decodesCatalog() throws {
        let catalog = try ConfigDecoder().decode(Catalog.self, from: try yamlTree(Self.catalog))
        #expect(catalog.products.map(\.id) == ["gold.coins", "pro.monthly"])
        #expect(catalog.products[0].type == .consumable)
        #expect(catalog.products[0].familySharable == nil)
        #expect(catalog.products[1].familySharable == true)
        #expect(catalog.products[1].subscription?.period == "P1M")
        #expect(catalog.products[1].subscription?.rank == 1)
    }

    @Test("the same model decodes from JSON")
    func decodesJSON() throws {
        let json = #"{"products": [{"id": "a", "referenceName": "A", "type": "nonConsumable", "price": 0.99}]}"#
        let tree = try #require(try JSONReader.parse(json))
        let catalog = try ConfigDecoder().decode(Catalog.self, from: tree)
        #expect(catalog.products[0].type == .nonConsumable)
        #expect(catalog.products[0].price == Decimal(string: "0.99"))
    }

    @Test("Decimal is read from the text, so prices are exact")
    func exactDecimal() throws {
        let catalog = try ConfigDecoder().decode(Catalog.self, from: try yamlTree(Self.catalog))
        #expect(catalog.products[0].price == Decimal(string: "2.99"))
        #expect("\(catalog.products[0].price)" == "2.99")
        let long = try ConfigDecoder().decode(Decimal.self, from: try yamlTree("12345678901234567890.123456789"))
        #expect("\(long)" == "12345678901234567890.123456789")
    }

    @Test("a plain number read as a string keeps its text exactly")
    func numbersAsStrings() throws {
        let values = try ConfigDecoder().decode([String].self, from: try yamlTree("[2.99, 1.10, 007, true]"))
        #expect(values == ["2.99", "1.10", "007", "true"])
    }

    @Test("localizations keep the order and marks of the document")
    func orderedMapping() throws {
        let catalog = try ConfigDecoder().decode(Catalog.self, from: try yamlTree(Self.catalog))
        let localizations = try #require(catalog.products[0].localizations)
        #expect(localizations.keys == ["en-US", "fr-FR"])
        #expect(localizations["fr-FR"] == Localization(name: "Or", description: "Des pièces"))
        #expect(localizations.entries[1].keyMark == ConfigMark(line: 8, column: 7))
        #expect(localizations.entries[1].valueMark == ConfigMark(line: 8, column: 14))
    }

    @Test("plain dictionaries decode too")
    func dictionaries() throws {
        let prices = try ConfigDecoder().decode([String: Int].self, from: try yamlTree("a: 1\nb: 0x1F\nc: 0o17"))
        #expect(prices == ["a": 1, "b": 31, "c": 15])
    }

    @Test("null and an empty value count as absent for optionals")
    func nullIsAbsent() throws {
        let text = "group: g\nperiod: P1W\nrank: ~"
        let subscription = try ConfigDecoder().decode(Subscription.self, from: try yamlTree(text))
        #expect(subscription.rank == nil)
        let empty = try ConfigDecoder().decode(Subscription.self, from: try yamlTree("group: g\nperiod: P1W\nrank:"))
        #expect(empty.rank == nil)
    }

    @Test("booleans are true or false in any capitalisation")
    func booleans() throws {
        #expect(
            try ConfigDecoder().decode([Bool].self, from: try yamlTree("[true, False, TRUE]")) == [true, false, true])
    }

    @Test("user info reaches the model's decoder")
    func userInfo() throws {
        struct Reader: Decodable {
            var flag: String?
            init(from decoder: any Decoder) throws {
                flag = CodingUserInfoKey(rawValue: "flag").flatMap { decoder.userInfo[$0] } as? String
            }
        }
        var decoder = ConfigDecoder()
        decoder.userInfo[try #require(CodingUserInfoKey(rawValue: "flag"))] = "on"
        #expect(try decoder.decode(Reader.self, from: try yamlTree("{}")).flag == "on")
    }
}
