import Foundation
import IAPYAML

/// A catalog shaped like the guides' product blocks, decoded with the plain synthesized
/// `init(from:)` except where a test needs more.
struct Catalog: Decodable {
    var products: [Product]

    enum CodingKeys: String, StrictCodingKey {
        case products
    }
}

struct Product: Decodable {
    enum Kind: String, Decodable, CaseIterable {
        case consumable, nonConsumable, autoRenewable
    }

    var id: String
    var referenceName: String
    var type: Kind
    var price: Decimal
    var familySharable: Bool?
    var subscription: Subscription?
    var localizations: OrderedMapping<Localization>?

    enum CodingKeys: String, StrictCodingKey {
        case id, referenceName, type, price, familySharable, subscription, localizations
    }
}

struct Subscription: Decodable {
    var group: String
    var period: String
    var rank: Int?

    enum CodingKeys: String, StrictCodingKey {
        case group, period, rank
    }
}

struct Localization: Decodable, Equatable {
    var name: String
    var description: String?
}

/// A model that reports every bad field at once, the way the extraction stage's models do.
struct ProductDraft: Decodable {
    var id: String?
    var price: Decimal?
    var rank: Int?
    var tags: [String]?

    enum CodingKeys: String, StrictCodingKey {
        case id, price, rank, tags
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = container.decodeCollecting(String.self, forKey: .id, required: true)
        price = container.decodeCollecting(Decimal.self, forKey: .price)
        rank = container.decodeCollecting(Int.self, forKey: .rank)
        tags = container.decodeCollecting([String].self, forKey: .tags)
        if let price, price <= 0 {
            container.recordError("price must be greater than zero", forKey: .price)
        }
    }
}

/// A value that checks its own text, such as an ISO 8601 subscription period.
struct Period: Decodable, Equatable {
    var text: String

    init(text: String) {
        self.text = text
    }

    init(from decoder: any Decoder) throws {
        text = try decoder.singleValueContainer().decode(String.self)
        if !["P1W", "P1M", "P1Y"].contains(text) {
            decoder.recordConfigError("unsupported subscription period '\(text)'; use P1W, P1M or P1Y")
        }
    }
}
