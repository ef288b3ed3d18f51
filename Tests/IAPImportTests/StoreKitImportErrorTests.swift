import IAPDiagnostics
import IAPImport
import IAPModel
import Testing

/// Bad files are located errors, every one of them reported; unknown and absent keys are
/// tolerated, with a warning wherever something is left out.
@Suite struct StoreKitImportErrorTests {
    static func diagnostics(_ text: String) -> (imported: Bool, lines: [String]) {
        switch StoreKitImporter.read(Array(text.utf8), path: "Shop.storekit") {
        case .success(let catalogue): return (true, catalogue.warnings.sorted().map(\.description))
        case .failure(let failure): return (false, failure.diagnostics.sorted().map(\.description))
        }
    }

    @Test func textThatIsNotJSONIsAnErrorWhereItStops() {
        let result = Self.diagnostics("{\n  \"products\" : [ },\n}")
        #expect(!result.imported)
        #expect(
            result.lines == [
                "Shop.storekit:2:18: error: not a StoreKit configuration file: unexpected '}'; expected a value"
            ])
    }

    @Test func anEmptyFileAndAListAreNotConfigurations() {
        #expect(
            Self.diagnostics("").lines == [
                "Shop.storekit:1:1: error: not a StoreKit configuration file: unexpected end of input; expected a value"
            ])
        #expect(
            Self.diagnostics("[1]").lines == [
                "Shop.storekit:1:1: error: a StoreKit configuration file holds one JSON object"
            ])
    }

    @Test func invalidUTF8IsAnErrorAtTheBadByte() {
        let bytes: [UInt8] = Array("{\n \"a\" : \"".utf8) + [0xC3, 0x28] + Array("\"}".utf8)
        guard case .failure(let failure) = StoreKitImporter.read(bytes, path: "Shop.storekit") else {
            Issue.record("invalid UTF-8 was imported")
            return
        }
        #expect(
            failure.diagnostics.map(\.description) == [
                "Shop.storekit:2:9: error: not a StoreKit configuration file: the bytes here are not UTF-8"
            ])
    }

    @Test func everyValueOfTheWrongKindIsReported() {
        let result = Self.diagnostics(
            """
            {
              "products" : [
                { "productID" : "a.b", "type" : "Consumable", "referenceName" : 7, "displayPrice" : true,
                  "familyShareable" : "yes", "localizations" : { } },
                { "productID" : "a.c", "type" : "NonConsumable", "referenceName" : "C", "displayPrice" : "1,99" },
                "a.d"
              ],
              "subscriptionGroups" : { }
            }
            """)
        #expect(!result.imported)
        #expect(
            result.lines == [
                "Shop.storekit:3:69: error: 'referenceName' must be a string, found a number",
                "Shop.storekit:3:89: error: 'displayPrice' must be a price such as \"0.99\", found a boolean",
                "Shop.storekit:4:27: error: 'familyShareable' must be true or false, found a string",
                "Shop.storekit:4:52: error: 'localizations' must be a list, found an object",
                "Shop.storekit:5:94: error: 'displayPrice' must be a price such as \"0.99\", found '1,99'",
                "Shop.storekit:6:5: error: a product must be an object, found a string",
                "Shop.storekit:8:26: error: 'subscriptionGroups' must be a list, found an object",
            ])
    }

    @Test func anUnknownProductTypeIsAnErrorAndGuideSpellingsAWarning() {
        let result = Self.diagnostics(
            """
            {
              "products" : [
                { "productID" : "a.b", "type" : "Consumabel", "referenceName" : "B", "displayPrice" : "1" },
                { "productID" : "a.c", "type" : "RecurringSubscription", "referenceName" : "C", "displayPrice" : "1" }
              ],
              "subscriptionGroups" : [
                { "id" : "1", "name" : "G", "subscriptions" : [
                  { "productID" : "a.d", "type" : "Consumable", "referenceName" : "D", "displayPrice" : "1" },
                  { "productID" : "a.e", "type" : "SUBSCRIPTION", "referenceName" : "E", "displayPrice" : "1",
                    "recurringSubscriptionPeriod" : "P1M", "introductoryOffer" : { "paymentMode" : "half" } }
                ] }
              ]
            }
            """)
        #expect(!result.imported)
        #expect(
            result.lines == [
                "Shop.storekit:3:37: error: unknown product type 'Consumabel'; Xcode writes Consumable, NonConsumable, NonRenewingSubscription or RecurringSubscription",
                "Shop.storekit:4:37: error: auto-renewable subscription 'a.c' must sit in a group of 'subscriptionGroups'",
                "Shop.storekit:8:39: error: subscription group 'G' holds 'a.d' of type 'Consumable'; a group holds only RecurringSubscription products",
                "Shop.storekit:9:39: warning: product type 'SUBSCRIPTION' is not one Xcode writes; read as 'RecurringSubscription'",
                "Shop.storekit:10:88: error: unknown payment mode 'half'; Xcode writes free, payAsYouGo or payUpFront",
            ])
    }

    @Test func absentAndUnknownKeysAreToleratedWithWarnings() throws {
        let text = """
            {
              "products" : [ { "productID" : "a.b", "type" : "NonConsumable", "glitter" : [1] } ],
              "subscriptionGroups" : [
                { "id" : "77", "subscriptions" : [
                  { "productID" : "a.c", "type" : "RecurringSubscription", "referenceName" : "C", "displayPrice" : 2,
                    "subscriptionGroupID" : "78", "introductoryOffer" : { "paymentMode" : "payAsYouGo",
                    "subscriptionPeriod" : "P1M" } }
                ] }
              ],
              "version" : { "major" : 5, "minor" : 1 }
            }
            """
        let result = Self.diagnostics(text)
        #expect(result.imported)
        #expect(
            result.lines == [
                "Shop.storekit:2:18: warning: product 'a.b' has no 'displayPrice'; the chapter leaves its price for you to add",
                "Shop.storekit:2:18: warning: product 'a.b' has no reference name; the chapter uses its product ID",
                "Shop.storekit:2:67: warning: 'glitter' of product 'a.b' is not imported; the guide format has no place for it",
                "Shop.storekit:4:5: warning: subscription group '77' has no 'name'; the chapter names it by its 'id'",
                "Shop.storekit:5:7: warning: subscription 'a.c' has no 'recurringSubscriptionPeriod'; the chapter leaves its period for you to add",
                "Shop.storekit:6:33: warning: subscription 'a.c' names group id '78' but sits in group '77'; it is imported into the group it sits in",
                "Shop.storekit:6:61: warning: the introductory offer of 'a.c' has no 'displayPrice'; the chapter leaves its price for you to add",
                "Shop.storekit:10:3: warning: format version 5.1 is newer than 4.0; keys this importer does not know are reported as not imported",
            ])
        guard case .success(let catalogue) = StoreKitImporter.read(Array(text.utf8), path: "Shop.storekit") else {
            return
        }
        let subscription = try #require(catalogue.products.last?.subscription)
        #expect(catalogue.products.map(\.referenceName.value) == ["a.b", "C"])
        #expect(catalogue.products.last?.price?.value == 2)
        #expect(subscription.group?.value == "77")
        #expect(subscription.introductoryOffer?.periods?.value == 1)
        #expect(subscription.period == nil)
    }

    @Test func groupsOfOneNameMergeAndABlankReferenceNameFallsBack() throws {
        let text = """
            {
              "subscriptionGroups" : [
                { "id" : "1", "name" : "Club", "subscriptions" : [
                  { "productID" : "a.b", "type" : "RecurringSubscription", "referenceName" : " ", "displayPrice" : "1",
                    "recurringSubscriptionPeriod" : "P1M" } ] },
                { "id" : "2", "name" : "Club", "subscriptions" : [
                  { "productID" : "a.c", "type" : "RecurringSubscription", "referenceName" : "C", "displayPrice" : "2",
                    "recurringSubscriptionPeriod" : "P1Y" } ] }
              ]
            }
            """
        #expect(
            Self.diagnostics(text).lines == [
                "Shop.storekit:4:7: warning: product 'a.b' has no reference name; the chapter uses its product ID",
                "Shop.storekit:6:28: warning: another subscription group is also named 'Club'; the chapter merges them into one group",
            ])
        guard case .success(let catalogue) = StoreKitImporter.read(Array(text.utf8), path: "Shop.storekit") else {
            Issue.record("the file was not imported")
            return
        }
        #expect(catalogue.products.map(\.referenceName.value) == ["a.b", "C"])
        #expect(catalogue.groupCount == 1)
    }
}
