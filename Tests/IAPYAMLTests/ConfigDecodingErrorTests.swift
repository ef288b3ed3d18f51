import Foundation
import IAPYAML
import Testing

@Suite("Decoding errors name the problem, the place and the path")
struct ConfigDecodingErrorTests {
    @Test("an unknown key is recorded with a suggestion, and decoding carries on")
    func unknownKey() throws {
        let text = """
            products:
              - id: a
                referenceName: A
                type: consumable
                price: 1
                familySharabel: true
            """
        let outcome = ConfigDecoder().decodeCollectingErrors(Catalog.self, from: try yamlTree(text))
        #expect(outcome.value?.products.first?.id == "a")
        #expect(
            summaries(outcome.errors) == [
                "6:5 products[0].familySharabel: unknown key 'familySharabel' in products[0]; did you mean 'familySharable'?"
            ])
        #expect(throws: outcome.errors[0]) {
            try ConfigDecoder().decode(Catalog.self, from: try yamlTree(text))
        }
    }

    @Test("a misspelt required key gives both the unknown key and the missing one")
    func misspeltRequiredKey() throws {
        let text = "products:\n  - id: a\n    referenceNmae: A\n    type: consumable\n    price: 1"
        #expect(
            try collectedErrors(Catalog.self, from: text) == [
                "2:5 products[0].referenceName: missing required key 'referenceName'",
                "3:5 products[0].referenceNmae: unknown key 'referenceNmae' in products[0]; did you mean 'referenceName'?",
            ])
    }

    @Test("an unknown key at the top level has no place name, and no far-fetched suggestion")
    func unknownTopLevelKey() throws {
        #expect(
            try collectedErrors(Catalog.self, from: "products: []\nzebra: 1") == [
                "2:1 zebra: unknown key 'zebra'"
            ])
    }

    @Test("wrong types are reported at the value, with what was found")
    func wrongTypes() throws {
        #expect(
            try collectedErrors(Subscription.self, from: "group: {a: 1}\nperiod: P1M") == [
                "1:8 group: expected a string, found a mapping"
            ])
        #expect(
            try collectedErrors(Subscription.self, from: "group: g\nperiod: P1M\nrank: abc") == [
                "3:7 rank: expected an integer, found 'abc'"
            ])
        #expect(
            try collectedErrors(Product.self, from: "id: a\nreferenceName: A\ntype: consumable\nprice: abc") == [
                "4:8 price: expected a number, found 'abc'"
            ])
        #expect(
            try collectedErrors(Subscription.self, from: "group: [a]\nperiod: P1M") == [
                "1:8 group: expected a string, found a list"
            ])
    }

    @Test("a quoted number is a string, and asking for a number says to drop the quotes")
    func quotedNumber() throws {
        #expect(
            try collectedErrors(Subscription.self, from: "group: g\nperiod: P1M\nrank: \"1\"") == [
                "3:7 rank: expected an integer, found the string '1'; write it without quotes"
            ])
    }

    @Test("YAML 1.1 booleans are refused with the accepted spelling")
    func yesIsNotABool() throws {
        #expect(
            try collectedErrors(Bool.self, from: "yes") == [
                "1:1 : expected true or false, found 'yes'"
            ])
    }

    @Test("null where a value is required is a type error, not an empty string")
    func nullForString() throws {
        #expect(
            try collectedErrors(Subscription.self, from: "group: ~\nperiod: P1M") == [
                "1:8 group: expected a string, found null"
            ])
    }

    @Test("a missing required key is reported at the mapping that lacks it")
    func missingKey() throws {
        #expect(
            try collectedErrors(Subscription.self, from: "# subscription\ngroup: g") == [
                "2:1 period: missing required key 'period'"
            ])
    }

    @Test("the key path reaches through lists and nested mappings")
    func keyPath() throws {
        let text = """
            products:
              - {id: a, referenceName: A, type: consumable, price: 1}
              - id: b
                referenceName: B
                type: autoRenewable
                price: 2
                subscription:
                  group: g
                  period: {months: 1}
            """
        let outcome = ConfigDecoder().decodeCollectingErrors(Catalog.self, from: try yamlTree(text))
        let error = try #require(outcome.errors.first)
        #expect(error.keyPathDescription == "products[1].subscription.period")
        #expect(error.codingPath == ["products", "[1]", "subscription", "period"])
        #expect(error.mark == ConfigMark(line: 9, column: 15))
        #expect(error.message == "expected a string, found a mapping")
    }

    @Test("an enum value outside its cases lists the choices and suggests the closest")
    func enumChoices() throws {
        #expect(
            try collectedErrors(Product.self, from: "id: a\nreferenceName: A\ntype: consumabel\nprice: 1") == [
                "3:7 type: expected one of 'consumable', 'nonConsumable', 'autoRenewable', found 'consumabel'; did you mean 'consumable'?"
            ])
    }

    @Test("integers must fit their type")
    func integerRange() throws {
        #expect(
            try collectedErrors([Int8].self, from: "[1, 300]") == [
                "1:5 [1]: expected an integer from -128 to 127, found '300'"
            ])
        #expect(try collectedErrors(Int.self, from: "2.5") == ["1:1 : expected an integer, found '2.5'"])
    }

    @Test("errors thrown by a model's own init(from:) are located by their coding path")
    func modelThrownErrors() throws {
        struct Checked: Decodable {
            enum CodingKeys: String, CodingKey { case code }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                throw DecodingError.dataCorruptedError(forKey: .code, in: container, debugDescription: "bad code")
            }
        }
        #expect(try collectedErrors([Checked].self, from: "- code: 1\n- code: 2") == ["1:9 [0].code: bad code"])
    }
}
