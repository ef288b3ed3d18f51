import Foundation
import IAPDiagnostics

/// One in-app purchase as a guide defines it: the single source of truth for its product ID.
public struct Product: Sendable, Hashable {
    public var id: Located<String>
    public var type: ProductType
    public var referenceName: Located<String>
    /// The price in the app's base currency, kept exactly as written (`2.99` stays `2.99`).
    public var price: Located<Decimal>?
    public var familyShareable: Bool
    public var clearedForSale: Located<Bool>
    public var localizations: [Localization]
    /// The Swift name for this product's API (`store.removeAds`); derived from the ID when absent.
    public var handler: Located<String>?
    /// Whether the product is promoted on the App Store (needs purchase-intent handling).
    public var promoted: Bool
    /// When the product was created in App Store Connect (`YYYY-MM-DD`), for propagation checks.
    public var createdAt: Located<String>?
    /// How long one purchase of a non-renewing subscription lasts, as an ISO 8601 duration
    /// (`P1Y`): the App Store does not track it, so the generated store ends the entitlement.
    public var duration: Located<String>?
    /// How many units one purchase of a consumable credits (a pack of 10 hints credits 10).
    public var units: Located<Int>?
    public var subscription: Subscription?
    /// Where the product's entry starts in its config block.
    public var location: SourceLocation

    public init(
        id: Located<String>, type: ProductType, referenceName: Located<String>, price: Located<Decimal>?,
        familyShareable: Bool = false, clearedForSale: Located<Bool>, localizations: [Localization] = [],
        handler: Located<String>? = nil, promoted: Bool = false, createdAt: Located<String>? = nil,
        duration: Located<String>? = nil, units: Located<Int>? = nil, subscription: Subscription? = nil,
        location: SourceLocation
    ) {
        self.id = id
        self.type = type
        self.referenceName = referenceName
        self.price = price
        self.familyShareable = familyShareable
        self.clearedForSale = clearedForSale
        self.localizations = localizations
        self.handler = handler
        self.promoted = promoted
        self.createdAt = createdAt
        self.duration = duration
        self.units = units
        self.subscription = subscription
        self.location = location
    }
}

extension Product {
    /// Units one purchase credits: `units`, else 1.
    public var unitsPerPurchase: Int { units?.value ?? 1 }
}

/// The name and description shoppers see in one locale.
public struct Localization: Sendable, Hashable, Codable {
    /// As written in the guide: `en-US` or Xcode's `en_US`.
    public var locale: String
    public var displayName: String
    public var description: String
    public var location: SourceLocation

    public init(locale: String, displayName: String, description: String, location: SourceLocation) {
        self.locale = locale
        self.displayName = displayName
        self.description = description
        self.location = location
    }

    enum CodingKeys: String, CodingKey {
        case locale, displayName, description, file, line, column
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        locale = try container.decode(String.self, forKey: .locale)
        displayName = try container.decode(String.self, forKey: .displayName)
        description = try container.decode(String.self, forKey: .description)
        location = SourceLocation(
            file: try container.decode(String.self, forKey: .file),
            line: try container.decode(Int.self, forKey: .line),
            column: try container.decode(Int.self, forKey: .column))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(locale, forKey: .locale)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(description, forKey: .description)
        try container.encode(location.file, forKey: .file)
        try container.encode(location.line, forKey: .line)
        try container.encode(location.column, forKey: .column)
    }
}

/// What makes a product a subscription.
public struct Subscription: Sendable, Hashable {
    /// The subscription group's reference name; products of one group replace each other.
    public var group: Located<String>?
    /// ISO 8601 duration such as `P1M`.
    public var period: Located<String>?
    /// Service level inside the group, 1 being the highest.
    public var level: Located<Int>?
    public var introductoryOffer: IntroductoryOffer?
    public var location: SourceLocation

    public init(
        group: Located<String>?, period: Located<String>?, level: Located<Int>? = nil,
        introductoryOffer: IntroductoryOffer? = nil, location: SourceLocation
    ) {
        self.group = group
        self.period = period
        self.level = level
        self.introductoryOffer = introductoryOffer
        self.location = location
    }
}

/// A first-time subscriber's offer: a free trial or a reduced price for some periods.
public struct IntroductoryOffer: Sendable, Hashable {
    public var mode: OfferMode
    public var period: Located<String>
    /// How many periods a pay-as-you-go offer lasts.
    public var periods: Located<Int>?
    public var price: Located<Decimal>?
    public var location: SourceLocation

    public init(
        mode: OfferMode, period: Located<String>, periods: Located<Int>? = nil, price: Located<Decimal>? = nil,
        location: SourceLocation
    ) {
        self.mode = mode
        self.period = period
        self.periods = periods
        self.price = price
        self.location = location
    }
}
