import Foundation
import IAPGenerate
import IAPTestSupport
import Testing

/// Regenerating the `.storekit` file keeps what was set in Xcode and takes the rest from the
/// guides.
@Suite struct StoreKitFileMergerTests {
    static let generated =
        (try? String(contentsOf: TestPaths.tests("GeneratedStoreTests/Generated/Stride.storekit"), encoding: .utf8))
        ?? ""

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The generated file as Xcode saves it after a tester's changes: settings turned on, a
    /// code offer and group localizations added, its own identifier, and its own formatting.
    static func editedInXcode() throws -> String {
        var file = try json(generated)
        file["identifier"] = "7A1B2C3D"
        file["settings"] = [
            "_askToBuyEnabled": true, "_failTransactionsEnabled": true, "_timeRate": 6, "_locale": "de_DE",
            "_storeKitErrors": [["current": NSNull(), "enabled": false, "name": "Load Products"]],
        ]
        file["appPolicies"] = ["eula": "", "policies": [["locale": "en_US", "policyText": "", "policyURL": ""]]]
        var groups = try #require(file["subscriptionGroups"] as? [[String: Any]])
        groups[0]["localizations"] = [["description": "", "displayName": "Mitgliedschaft", "locale": "de_DE"]]
        var subscriptions = try #require(groups[0]["subscriptions"] as? [[String: Any]])
        subscriptions[0]["codeOffers"] = [
            [
                "displayPrice": "0.0", "eligibility": ["expired"], "internalID": "C0DE0FF1", "isStackable": true,
                "paymentMode": "free", "referenceName": "Comeback", "subscriptionPeriod": "P1M",
            ]
        ]
        subscriptions[0]["internalID"] = "0000ABCD"
        groups[0]["subscriptions"] = subscriptions
        file["subscriptionGroups"] = groups
        let data = try JSONSerialization.data(withJSONObject: file, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    @Test func aFirstRunWritesTheGeneratedFile() {
        let merged = StoreKitFileMerger.merge(generated: Self.generated, existing: nil, path: "Stride.storekit")
        #expect(merged.text == Self.generated)
        #expect(merged.warnings.isEmpty)
    }

    @Test func settingsMadeInXcodeSurviveRegeneration() throws {
        let edited = try Self.editedInXcode()
        let merged = StoreKitFileMerger.merge(generated: Self.generated, existing: edited, path: "Stride.storekit")
        #expect(merged.warnings.isEmpty)
        // Nothing the guides decide changed, so the file stays exactly as Xcode wrote it.
        #expect(merged.text == edited)
    }

    @Test func aGuideChangeUpdatesItsKeysAndKeepsTheRest() throws {
        let edited = try Self.editedInXcode()
        let repriced = Self.generated.replacingOccurrences(of: "\"59.99\"", with: "\"64.99\"")
        #expect(repriced != Self.generated)
        let merged = StoreKitFileMerger.merge(generated: repriced, existing: edited, path: "Stride.storekit")
        let file = try Self.json(merged.text)
        let settings = try #require(file["settings"] as? [String: Any])
        #expect(settings["_askToBuyEnabled"] as? Bool == true)
        #expect(settings["_timeRate"] as? Int == 6)
        #expect((settings["_storeKitErrors"] as? [Any])?.count == 1)
        #expect(file["identifier"] as? String == "7A1B2C3D")
        #expect(file["appPolicies"] != nil)
        let group = try #require((file["subscriptionGroups"] as? [[String: Any]])?.first)
        #expect((group["localizations"] as? [Any])?.count == 1)
        let yearly = try #require((group["subscriptions"] as? [[String: Any]])?.first)
        #expect(yearly["displayPrice"] as? String == "64.99")
        #expect((yearly["codeOffers"] as? [Any])?.count == 1)
        #expect(yearly["internalID"] as? String == "0000ABCD")
        // Merging again changes nothing.
        let again = StoreKitFileMerger.merge(generated: repriced, existing: merged.text, path: "Stride.storekit")
        #expect(again.text == merged.text)
    }

    @Test func aProductNoGuideDefinesIsLeftOutWithAWarning() throws {
        var file = try Self.json(Self.generated)
        var products = try #require(file["products"] as? [[String: Any]])
        var extra = products[0]
        extra["productID"] = "com.example.stride.added.in.xcode"
        products.append(extra)
        file["products"] = products
        let edited = String(
            decoding: try JSONSerialization.data(withJSONObject: file, options: [.prettyPrinted, .sortedKeys]),
            as: UTF8.self)
        let merged = StoreKitFileMerger.merge(generated: Self.generated, existing: edited, path: "Stride.storekit")
        #expect(
            merged.warnings.map(\.message) == [
                "product 'com.example.stride.added.in.xcode' is in the file but in none of the guides; it is left out (define it in a guide to keep it)"
            ])
        #expect(!merged.text.contains("added.in.xcode"))
    }

    @Test func aFileThatIsNotJSONIsReplacedWithAWarning() {
        let merged = StoreKitFileMerger.merge(
            generated: Self.generated, existing: "{ not json", path: "Stride.storekit")
        #expect(merged.text == Self.generated)
        #expect(merged.warnings.count == 1)
        #expect(merged.warnings.first?.location?.file == "Stride.storekit")
    }
}
