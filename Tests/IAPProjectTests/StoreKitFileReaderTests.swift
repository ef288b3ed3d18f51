import IAPDiagnostics
import IAPProject
import Testing

@Suite(".storekit reader")
struct StoreKitFileReaderTests {
    func read(_ name: String) throws -> StoreKitFile {
        try StoreKitFileReader.read(FixtureFiles.bytes(name), path: name)
    }

    @Test("reads products from all three sections with their types, version and key lines")
    func good() throws {
        let file = try read("Good.storekit")
        #expect(file.version == StoreKitFileVersion(major: 3, minor: 0))
        #expect(file.problems.isEmpty)
        #expect(
            file.productIDs == [
                "com.example.app.coins", "com.example.app.pro", "com.example.app.season", "com.example.app.monthly",
            ])
        #expect(
            file.products.map(\.section) == [
                .products, .products, .nonRenewingSubscriptions, .subscriptionGroup(name: "Premium"),
            ])
        #expect(
            file.products.map(\.type) == [
                "Consumable", "NonConsumable", "NonRenewingSubscription", "RecurringSubscription",
            ])
        #expect(file.products.first?.referenceName == "Coins")
        #expect(file.products.first?.location == SourceLocation(file: "Good.storekit", line: 32, column: 7))
        #expect(file.products.last?.location == SourceLocation(file: "Good.storekit", line: 64, column: 11))
    }

    @Test("reports a wrongly cased productID key and a type name from guides, but keeps the product")
    func wrongCase() throws {
        let file = try read("WrongCase.storekit")
        #expect(file.productIDs == ["com.example.app.coins", "com.example.app.yearly"])
        #expect(
            file.problems.map(\.kind) == [
                .wrongKeyCase(found: "productId", expected: "productID"), .unknownType("AutoRenewableSubscription"),
            ])
        #expect(file.problems.map(\.location.line) == [5, 15])
        #expect(file.problems.last?.message.contains("'RecurringSubscription'") == true)
        #expect(file.problems.first?.diagnostic.severity == .error)
    }

    /// A hand-written file with its subscriptions under the group's `products` and a key one
    /// letter off (`familySharable`): Xcode serves none of those subscriptions, and ignores the
    /// misspelt key.
    @Test("reports subscriptions under another key and a misspelt key, and keeps none of those subscriptions")
    func handWrittenGroup() throws {
        let text = """
            {
              "products" : [
                { "familySharable" : false, "productID" : "com.example.app.coins", "type" : "Consumable" }
              ],
              "subscriptionGroups" : [
                {
                  "id" : "A1B2C3D4",
                  "localizations" : [],
                  "name" : "Plus",
                  "products" : [
                    { "productID" : "com.example.app.monthly", "type" : "RecurringSubscription" }
                  ]
                }
              ],
              "version" : { "major" : 3, "minor" : 0 }
            }
            """
        let file = try StoreKitFileReader.read(Array(text.utf8), path: "Hand.storekit")
        #expect(file.productIDs == ["com.example.app.coins"])
        #expect(
            file.problems.map(\.kind) == [
                .misspelledKey(found: "familySharable", expected: "familyShareable"),
                .subscriptionsUnderWrongKey(found: "products"),
            ])
        #expect(file.problems.map(\.location.line) == [3, 10])
        #expect(file.problems.last?.message.contains("reads them only from 'subscriptions'") == true)
        // Keys Xcode may add later, far from every known one, are tolerated.
        let newer = text.replacingOccurrences(of: "\"familySharable\" : false, ", with: "\"_storeKitFutureFlag\" : 1, ")
            .replacingOccurrences(
                of: "\"products\" : [\n        { \"productID\" : \"com.example.app.monthly\"",
                with: "\"subscriptions\" : [\n        { \"productID\" : \"com.example.app.monthly\"")
        let tolerated = try StoreKitFileReader.read(Array(newer.utf8), path: "Newer.storekit")
        #expect(tolerated.problems.isEmpty, "\(tolerated.problems.map(\.message))")
        #expect(tolerated.productIDs == ["com.example.app.coins", "com.example.app.monthly"])
    }

    @Test("reports a missing version at the top of the file")
    func noVersion() throws {
        let file = try read("NoVersion.storekit")
        #expect(file.version == nil)
        #expect(file.problems.map(\.kind) == [.missingVersion])
        #expect(file.problems.first?.location == SourceLocation(file: "NoVersion.storekit", line: 1, column: 1))
        #expect(file.productIDs == ["com.example.app.pro"])
    }

    @Test("reports products without an ID or type, and values of the wrong kind")
    func incomplete() throws {
        let text =
            #"{"version":{"major":1},"products":[{"referenceName":"x"},{"productID":7,"type":"Consumable"},3],"subscriptionGroups":{}}"#
        let file = try StoreKitFileReader.read(Array(text.utf8), path: "s")
        #expect(file.version == StoreKitFileVersion(major: 1, minor: 0))
        #expect(file.products.isEmpty)
        #expect(
            file.problems.map(\.kind) == [
                .missingType, .missingProductID, .unexpectedValue(key: "productID"), .unexpectedValue(key: "product"),
                .unexpectedValue(key: "subscriptionGroups"),
            ])
    }

    @Test(
        "rejects invalid JSON with the line and column of the fault",
        arguments: [
            ("{\n  \"products\" : [\n    {,\n", 3, 6),
            ("", 1, 1),
            ("{\"a\": tru}", 1, 7),
            ("{\"a\": \"\\q\"}", 1, 8),
            ("[1, 2]", 1, 1),
            ("{} x", 1, 4),
        ])
    func invalid(text: String, line: Int, column: Int) {
        #expect {
            try StoreKitFileReader.read(Array(text.utf8), path: "Bad.storekit")
        } throws: { error in
            (error as? ProjectReadError)?.location == SourceLocation(file: "Bad.storekit", line: line, column: column)
        }
    }

    @Test("survives deep nesting and strange escapes")
    func hostile() throws {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: ProjectReadError.self) { try StoreKitFileReader.read(Array(deep.utf8), path: "d") }
        let escaped =
            #"{"version":{"major":1,"minor":0},"products":[{"productID":"a\u00e9\ud83d\ude00\ud800","type":"Consumable"}]}"#
        let paired =
            #"{"version":{"major":1,"minor":0},"products":[{"productID":"a\u00e9\ud83d\ude00","type":"Consumable"}]}"#
        let file = try StoreKitFileReader.read(Array(paired.utf8), path: "e")
        #expect(file.productIDs == ["aé😀"])
        // A lone surrogate is no text: the file is refused at the escape, as every JSON is.
        #expect {
            try StoreKitFileReader.read(Array(escaped.utf8), path: "e")
        } throws: { error in
            (error as? ProjectReadError)?.location == SourceLocation(file: "e", line: 1, column: 79)
        }
    }
}
