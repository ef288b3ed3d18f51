import Foundation
import IAPModel
import IAPYAML

/// The keys a config block may hold, as Decodable types: unknown keys are reported with a
/// "did you mean" by the decoder (`StrictCodingKey`), and every field is decoded with
/// `decodeCollecting`, so one block reports all its bad fields at once.
///
/// Values keep the mark of where they were written; `ConfigBlockReader` turns marks into
/// locations in the Markdown file and the schema into the model.
struct Marked<Value> {
    var value: Value
    var mark: ConfigMark
}

extension KeyedDecodingContainer {
    func marked<T: Decodable>(_ type: T.Type, _ key: Key, required: Bool = false) -> Marked<T>? {
        guard let value = decodeCollecting(type, forKey: key, required: required) else { return nil }
        return Marked(value: value, mark: mark(forKey: key) ?? mappingMark ?? .start)
    }
}

struct ConfigBlockSchema: Decodable {
    var app: AppSchema?
    var products: [ProductSchema] = []

    enum CodingKeys: String, StrictCodingKey {
        case app, products
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        app = container.decodeCollecting(AppSchema.self, forKey: .app)
        products = container.decodeCollecting([ProductSchema].self, forKey: .products) ?? []
    }
}

struct AppSchema: Decodable {
    var mark: ConfigMark
    var name: Marked<String>?
    var bundleID: Marked<String>?
    var manager: Marked<String>?
    var storekit: StoreKitVersion?
    var platforms: OrderedMapping<String>?
    var accessLevel: AccessLevel?
    var entitlementStore: Marked<EntitlementStoreKind>?
    var objectiveC: Bool?
    var typePrefix: Marked<String>?

    enum CodingKeys: String, StrictCodingKey {
        case name, bundleID, manager, storekit, platforms, accessLevel, entitlementStore, objectiveC, typePrefix
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mark = decoder.configMark ?? .start
        name = container.marked(String.self, .name, required: true)
        bundleID = container.marked(String.self, .bundleID, required: true)
        manager = container.marked(String.self, .manager)
        storekit = container.decodeCollecting(StoreKitVersion.self, forKey: .storekit)
        platforms = container.decodeCollecting(OrderedMapping<String>.self, forKey: .platforms)
        accessLevel = container.decodeCollecting(AccessLevel.self, forKey: .accessLevel)
        entitlementStore = container.marked(EntitlementStoreKind.self, .entitlementStore)
        objectiveC = container.decodeCollecting(Bool.self, forKey: .objectiveC)
        typePrefix = container.marked(String.self, .typePrefix)
    }
}

struct ProductSchema: Decodable {
    var mark: ConfigMark
    var id: Marked<String>?
    var type: ProductType?
    var referenceName: Marked<String>?
    var price: Marked<Decimal>?
    var familyShareable: Bool?
    var clearedForSale: Marked<Bool>?
    var localizations: OrderedMapping<LocalizationSchema>?
    var handler: Marked<String>?
    var promoted: Bool?
    var createdAt: Marked<String>?
    var duration: Marked<String>?
    var units: Marked<Int>?
    var subscription: SubscriptionSchema?

    enum CodingKeys: String, StrictCodingKey {
        case id, type, referenceName, price, familyShareable, clearedForSale, localizations, handler, promoted
        case createdAt, duration, units, subscription
    }

    init(from decoder: any Decoder) throws {
        mark = decoder.configMark ?? .start
        guard let container = try? decoder.container(keyedBy: CodingKeys.self) else {
            decoder.recordConfigError("a product is a mapping with keys such as 'id', 'type' and 'referenceName'")
            return
        }
        id = container.marked(String.self, .id, required: true)
        type = container.decodeCollecting(ProductType.self, forKey: .type, required: true)
        referenceName = container.marked(String.self, .referenceName, required: true)
        price = container.marked(Decimal.self, .price, required: true)
        familyShareable = container.decodeCollecting(Bool.self, forKey: .familyShareable)
        clearedForSale = container.marked(Bool.self, .clearedForSale)
        localizations = container.decodeCollecting(OrderedMapping<LocalizationSchema>.self, forKey: .localizations)
        handler = container.marked(String.self, .handler)
        promoted = container.decodeCollecting(Bool.self, forKey: .promoted)
        createdAt = container.marked(String.self, .createdAt)
        duration = container.marked(String.self, .duration)
        units = container.marked(Int.self, .units)
        subscription = container.decodeCollecting(SubscriptionSchema.self, forKey: .subscription)
    }
}

struct LocalizationSchema: Decodable {
    var mark: ConfigMark
    var displayName: String?
    var description: String?

    enum CodingKeys: String, StrictCodingKey {
        case displayName, description
    }

    init(from decoder: any Decoder) throws {
        mark = decoder.configMark ?? .start
        let container = try decoder.container(keyedBy: CodingKeys.self)
        displayName = container.decodeCollecting(String.self, forKey: .displayName, required: true)
        description = container.decodeCollecting(String.self, forKey: .description, required: true)
    }
}

struct SubscriptionSchema: Decodable {
    var mark: ConfigMark
    var group: Marked<String>?
    var period: Marked<String>?
    var level: Marked<Int>?
    var introductoryOffer: OfferSchema?

    enum CodingKeys: String, StrictCodingKey {
        case group, period, level, introductoryOffer
    }

    init(from decoder: any Decoder) throws {
        mark = decoder.configMark ?? .start
        let container = try decoder.container(keyedBy: CodingKeys.self)
        group = container.marked(String.self, .group)
        period = container.marked(String.self, .period)
        level = container.marked(Int.self, .level)
        introductoryOffer = container.decodeCollecting(OfferSchema.self, forKey: .introductoryOffer)
    }
}

struct OfferSchema: Decodable {
    var mark: ConfigMark
    var mode: OfferMode?
    var period: Marked<String>?
    var periods: Marked<Int>?
    var price: Marked<Decimal>?

    enum CodingKeys: String, StrictCodingKey {
        case mode, period, periods, price
    }

    init(from decoder: any Decoder) throws {
        mark = decoder.configMark ?? .start
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mode = container.decodeCollecting(OfferMode.self, forKey: .mode, required: true)
        period = container.marked(String.self, .period, required: true)
        periods = container.marked(Int.self, .periods)
        price = container.marked(Decimal.self, .price)
    }
}
