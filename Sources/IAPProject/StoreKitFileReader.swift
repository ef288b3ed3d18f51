import IAPDiagnostics
import IAPJSON

/// Where in a `.storekit` file a product is defined.
public enum StoreKitSection: Hashable, Sendable {
    case products
    case nonRenewingSubscriptions
    /// `subscriptionGroups[].subscriptions`, with the group's `name` when it has one.
    case subscriptionGroup(name: String?)
}

/// One product of a StoreKit configuration file.
public struct StoreKitProduct: Hashable, Sendable {
    /// The product ID, read from `productID` or from a wrongly cased spelling such as
    /// `productId` (which is also reported as a schema problem).
    public var productID: String
    public var section: StoreKitSection
    /// The `type` as written, valid or not.
    public var type: String?
    public var referenceName: String?
    /// Where the product ID's key is written.
    public var location: SourceLocation
}

/// The `version` object of a StoreKit configuration file.
public struct StoreKitFileVersion: Hashable, Sendable {
    public var major: Int
    public var minor: Int

    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }
}

/// A way a hand-written `.storekit` file departs from what Xcode reads.
public struct StoreKitSchemaProblem: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A known key spelt with different letter case, e.g. `productId` for `productID`.
        case wrongKeyCase(found: String, expected: String)
        /// A key Xcode does not read, one or two letters away from one it does, e.g.
        /// `familySharable` for `familyShareable`: Xcode ignores it and uses the default.
        case misspelledKey(found: String, expected: String)
        /// A subscription group whose subscriptions sit under another key, e.g. `products`:
        /// Xcode reads them only from `subscriptions`, so it serves none of them.
        case subscriptionsUnderWrongKey(found: String)
        /// A `type` Xcode does not know, e.g. `AutoRenewableSubscription`.
        case unknownType(String)
        case missingVersion
        case missingProductID
        case missingType
        /// A value of the wrong JSON kind where the reader needs an object, array or string.
        case unexpectedValue(key: String)
    }

    public var kind: Kind
    public var location: SourceLocation

    /// A one-line explanation in the project's wording.
    public var message: String {
        switch kind {
        case .wrongKeyCase(let found, let expected):
            return
                "key \(Diagnostic.quote(found)) should be spelt \(Diagnostic.quote(expected)); keys are case-sensitive"
        case .misspelledKey(let found, let expected):
            return
                "key \(Diagnostic.quote(found)) is not one Xcode reads; it looks like \(Diagnostic.quote(expected)) misspelt"
        case .subscriptionsUnderWrongKey(let found):
            return
                "a subscription group lists its subscriptions under \(Diagnostic.quote(found)); Xcode reads them only from 'subscriptions' and serves none of these"
        case .unknownType(let type):
            var text = "product type \(Diagnostic.quote(type)) is not one Xcode knows"
            if let replacement = StoreKitFileReader.replacement(forType: type) {
                text += "; use \(Diagnostic.quote(replacement))"
            }
            return text
        case .missingVersion: return "the file has no 'version'"
        case .missingProductID: return "a product has no 'productID'"
        case .missingType: return "a product has no 'type'"
        case .unexpectedValue(let key): return "\(Diagnostic.quote(key)) has a value of the wrong kind"
        }
    }

    /// The problem as a diagnostic: every schema problem stops Xcode from serving the product.
    public var diagnostic: Diagnostic { .error(message, at: location) }
}

/// The contents of a `.storekit` file that matter for product availability.
public struct StoreKitFile: Hashable, Sendable {
    public var path: String
    public var version: StoreKitFileVersion?
    /// Every product in written order: `products`, `nonRenewingSubscriptions`, then the
    /// subscriptions of each group, each section in the order the file has them.
    public var products: [StoreKitProduct]
    public var problems: [StoreKitSchemaProblem]

    public var productIDs: [String] { products.map(\.productID) }
}

/// Reads Xcode's StoreKit configuration files (JSON) with positions.
public enum StoreKitFileReader {
    /// The product types Xcode accepts.
    public static let validTypes: Set<String> = [
        "Consumable", "NonConsumable", "NonRenewingSubscription", "RecurringSubscription",
    ]

    static let topLevelKeys = [
        "appPolicies", "identifier", "nonRenewingSubscriptions", "products", "settings", "subscriptionGroups",
        "subscriptionOffersKeyPair", "version",
    ]
    static let productKeys = [
        "adHocOffers", "codeOffers", "displayPrice", "familyShareable", "groupNumber", "internalID",
        "introductoryOffer", "localizations", "productID", "recurringSubscriptionPeriod", "referenceName",
        "subscriptionGroupID", "type", "winbackOffers",
    ]
    static let groupKeys = ["id", "localizations", "name", "subscriptions"]

    /// The valid type meant by a type name seen in guides, if any.
    public static func replacement(forType type: String) -> String? {
        switch type.lowercased() {
        case "autorenewablesubscription", "subscription", "autorenewable", "recurring": return "RecurringSubscription"
        case "nonrenewing", "nonrenewable": return "NonRenewingSubscription"
        default:
            return validTypes.first { $0.lowercased() == type.lowercased() }
        }
    }

    public static func read(_ bytes: [UInt8], path: String) throws(ProjectReadError) -> StoreKitFile {
        let root: LocatedJSON
        do {
            root = try LocatedJSONParser.parse(bytes)
        } catch {
            throw ProjectReadError(
                "not a readable StoreKit configuration: \(error.message)",
                at: SourceLocation(file: path, line: error.line, column: error.column))
        }
        guard root.members != nil else {
            throw ProjectReadError(
                "a StoreKit configuration must be a JSON object",
                at: SourceLocation(file: path, line: root.line, column: root.column))
        }
        var reader = Walk(path: path)
        return reader.file(root)
    }

    /// The walk over the parsed file, collecting products and problems.
    private struct Walk {
        let path: String
        var products: [StoreKitProduct] = []
        var problems: [StoreKitSchemaProblem] = []

        init(path: String) { self.path = path }

        func location(_ line: Int, _ column: Int) -> SourceLocation {
            SourceLocation(file: path, line: line, column: column)
        }

        mutating func report(_ kind: StoreKitSchemaProblem.Kind, _ line: Int, _ column: Int) {
            problems.append(StoreKitSchemaProblem(kind: kind, location: location(line, column)))
        }

        /// The member for `key`, accepting a wrongly cased spelling and reporting it.
        func member(_ key: String, in object: LocatedJSON) -> LocatedJSON.Member? {
            if let exact = object.member(key) { return exact }
            return object.members?.first { $0.key.lowercased() == key.lowercased() }
        }

        mutating func checkKeyCase(_ object: LocatedJSON, known: [String]) {
            for member in object.members ?? [] where !known.contains(member.key) {
                if let expected = known.first(where: { $0.lowercased() == member.key.lowercased() }) {
                    report(.wrongKeyCase(found: member.key, expected: expected), member.keyLine, member.keyColumn)
                } else if member.key.count >= 6,
                    let expected = known.first(where: { Suggestion.editDistance(Array($0), Array(member.key)) <= 2 })
                {
                    report(.misspelledKey(found: member.key, expected: expected), member.keyLine, member.keyColumn)
                }
            }
        }

        mutating func array(_ key: String, in object: LocatedJSON) -> [LocatedJSON] {
            guard let member = member(key, in: object) else { return [] }
            guard let elements = member.value.elements else {
                if case .null = member.value.value { return [] }
                report(.unexpectedValue(key: member.key), member.keyLine, member.keyColumn)
                return []
            }
            return elements
        }

        mutating func file(_ root: LocatedJSON) -> StoreKitFile {
            checkKeyCase(root, known: StoreKitFileReader.topLevelKeys)
            var version: StoreKitFileVersion?
            if let member = member("version", in: root) {
                let major = member.value.member("major").flatMap { Self.integer($0.value) }
                let minor = member.value.member("minor").flatMap { Self.integer($0.value) }
                if let major {
                    version = StoreKitFileVersion(major: major, minor: minor ?? 0)
                } else {
                    report(.unexpectedValue(key: member.key), member.keyLine, member.keyColumn)
                }
            } else {
                report(.missingVersion, root.line, root.column)
            }
            for product in array("products", in: root) { self.product(product, section: .products) }
            for product in array("nonRenewingSubscriptions", in: root) {
                self.product(product, section: .nonRenewingSubscriptions)
            }
            for group in array("subscriptionGroups", in: root) {
                guard group.members != nil else {
                    report(.unexpectedValue(key: "subscriptionGroups"), group.line, group.column)
                    continue
                }
                checkKeyCase(group, known: StoreKitFileReader.groupKeys)
                let name = member("name", in: group)?.value.string
                if member("subscriptions", in: group) == nil,
                    let misplaced = group.members?.first(where: {
                        $0.value.elements != nil && $0.key != "localizations"
                    })
                {
                    report(.subscriptionsUnderWrongKey(found: misplaced.key), misplaced.keyLine, misplaced.keyColumn)
                }
                for subscription in array("subscriptions", in: group) {
                    product(subscription, section: .subscriptionGroup(name: name))
                }
            }
            return StoreKitFile(path: path, version: version, products: products, problems: problems)
        }

        mutating func product(_ object: LocatedJSON, section: StoreKitSection) {
            guard object.members != nil else {
                report(.unexpectedValue(key: "product"), object.line, object.column)
                return
            }
            checkKeyCase(object, known: StoreKitFileReader.productKeys)
            let type = member("type", in: object)
            if let type {
                if let name = type.value.string {
                    if !StoreKitFileReader.validTypes.contains(name) {
                        report(.unknownType(name), type.value.line, type.value.column)
                    }
                } else {
                    report(.unexpectedValue(key: type.key), type.keyLine, type.keyColumn)
                }
            } else {
                report(.missingType, object.line, object.column)
            }
            guard let identifier = member("productID", in: object) else {
                report(.missingProductID, object.line, object.column)
                return
            }
            guard let productID = identifier.value.string else {
                report(.unexpectedValue(key: identifier.key), identifier.keyLine, identifier.keyColumn)
                return
            }
            products.append(
                StoreKitProduct(
                    productID: productID, section: section, type: type?.value.string,
                    referenceName: member("referenceName", in: object)?.value.string,
                    location: location(identifier.keyLine, identifier.keyColumn)))
        }

        static func integer(_ value: LocatedJSON) -> Int? {
            switch value.value {
            case .number(let text): return Int(text) ?? Double(text).flatMap { $0.isFinite ? Int(exactly: $0) : nil }
            case .string(let text): return Int(text)
            default: return nil
            }
        }
    }
}
