import Foundation

/// A product the fake store offers. Not part of Apple's StoreKit.
public struct FakeProduct: Hashable, Sendable {
    public var id: String
    public var type: Product.ProductType
    public var displayName: String
    public var description: String
    public var price: Decimal
    /// The price as shown; by default the price in dollars with two decimals, such as `$0.99`.
    public var displayPrice: String
    public var familyShareable: Bool
    /// Subscription details; give them for auto-renewable subscriptions.
    public var subscription: FakeSubscription?

    public init(
        id: String,
        type: Product.ProductType,
        displayName: String = "",
        description: String = "",
        price: Decimal = 0,
        displayPrice: String? = nil,
        familyShareable: Bool = false,
        subscription: FakeSubscription? = nil
    ) {
        self.id = id
        self.type = type
        self.displayName = displayName.isEmpty ? id : displayName
        self.description = description
        self.price = price
        self.displayPrice = displayPrice ?? DisplayPrice.dollars(price)
        self.familyShareable = familyShareable
        self.subscription = subscription
    }

    var product: Product {
        Product(
            id: id, type: type, displayName: displayName, description: description, price: price,
            displayPrice: displayPrice, isFamilyShareable: familyShareable,
            subscription: subscription.map(\.subscriptionInfo)
        )
    }
}

/// The subscription details of a `FakeProduct`. Not part of Apple's StoreKit.
public struct FakeSubscription: Hashable, Sendable {
    public var groupID: String
    public var period: FakePeriod
    public var introductoryOffer: FakeIntroOffer?
    /// The service level in the group; 1 is the highest.
    public var groupLevel: Int
    /// Win-back offers for lapsed subscribers, by offer identifier.
    public var winBackOffers: [FakeSubscriptionOffer]
    /// Promotional offers the app may give with a signature from its server, by identifier.
    public var promotionalOffers: [FakeSubscriptionOffer]

    public init(
        groupID: String, period: FakePeriod, introductoryOffer: FakeIntroOffer? = nil, groupLevel: Int = 1,
        winBackOffers: [FakeSubscriptionOffer] = [], promotionalOffers: [FakeSubscriptionOffer] = []
    ) {
        self.groupID = groupID
        self.period = period
        self.introductoryOffer = introductoryOffer
        self.groupLevel = groupLevel
        self.winBackOffers = winBackOffers
        self.promotionalOffers = promotionalOffers
    }

    var subscriptionInfo: Product.SubscriptionInfo {
        Product.SubscriptionInfo(
            subscriptionGroupID: groupID, subscriptionPeriod: period.subscriptionPeriod,
            introductoryOffer: introductoryOffer?.subscriptionOffer, groupLevel: groupLevel,
            winBackOffers: winBackOffers.map { $0.subscriptionOffer(type: .winBack) },
            promotionalOffers: promotionalOffers.map { $0.subscriptionOffer(type: .promotional) }
        )
    }
}

/// A subscription offer of a `FakeSubscription` with an identifier: a win-back offer for lapsed
/// subscribers, or a promotional one the app signs. Not part of Apple's StoreKit.
public struct FakeSubscriptionOffer: Hashable, Sendable {
    public var id: String
    public var price: Decimal
    /// The length of one period of the offer.
    public var period: FakePeriod
    /// How many periods the offer lasts.
    public var periodCount: Int

    public init(id: String, price: Decimal, period: FakePeriod, periodCount: Int = 1) {
        self.id = id
        self.price = price
        self.period = period
        self.periodCount = periodCount
    }

    func subscriptionOffer(type: Product.SubscriptionOffer.OfferType) -> Product.SubscriptionOffer {
        Product.SubscriptionOffer(
            id: id, type: type, price: price, displayPrice: DisplayPrice.dollars(price),
            period: period.subscriptionPeriod, periodCount: periodCount, paymentMode: .payAsYouGo
        )
    }
}

/// A length of time for the fake store's subscriptions and offers. Not part of Apple's StoreKit.
public struct FakePeriod: Hashable, Sendable {
    public var value: Int
    public var unit: Product.SubscriptionPeriod.Unit

    public init(value: Int, unit: Product.SubscriptionPeriod.Unit) {
        self.value = value
        self.unit = unit
    }

    public static let weekly = FakePeriod(value: 1, unit: .week)
    public static let monthly = FakePeriod(value: 1, unit: .month)
    public static let yearly = FakePeriod(value: 1, unit: .year)

    var subscriptionPeriod: Product.SubscriptionPeriod {
        Product.SubscriptionPeriod(value: value, unit: unit)
    }

    /// The date `count` periods after `date`, by the Gregorian calendar in UTC.
    func advance(_ date: Date, count: Int = 1) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        var step = DateComponents()
        let amount = value * count
        switch unit {
        case .day: step.day = amount
        case .week: step.day = amount * 7
        case .month: step.month = amount
        case .year: step.year = amount
        }
        return calendar.date(byAdding: step, to: date) ?? date.addingTimeInterval(Double(amount) * 86_400)
    }
}

/// The introductory offer of a `FakeSubscription`. Not part of Apple's StoreKit.
public struct FakeIntroOffer: Hashable, Sendable {
    public var paymentMode: Product.SubscriptionOffer.PaymentMode
    public var price: Decimal
    public var displayPrice: String
    /// The length of one period of the offer.
    public var period: FakePeriod
    /// How many periods the offer lasts.
    public var periodCount: Int

    public init(
        paymentMode: Product.SubscriptionOffer.PaymentMode,
        price: Decimal = 0,
        displayPrice: String? = nil,
        period: FakePeriod,
        periodCount: Int = 1
    ) {
        self.paymentMode = paymentMode
        self.price = price
        self.displayPrice = displayPrice ?? DisplayPrice.dollars(price)
        self.period = period
        self.periodCount = periodCount
    }

    /// A free trial lasting `count` periods.
    public static func freeTrial(_ period: FakePeriod, count: Int = 1) -> FakeIntroOffer {
        FakeIntroOffer(paymentMode: .freeTrial, period: period, periodCount: count)
    }

    var subscriptionOffer: Product.SubscriptionOffer {
        Product.SubscriptionOffer(
            id: nil, type: .introductory, price: price, displayPrice: displayPrice,
            period: period.subscriptionPeriod, periodCount: periodCount, paymentMode: paymentMode
        )
    }
}

/// What the fake store does with one purchase of a product. Not part of Apple's StoreKit.
public enum FakePurchaseOutcome: Sendable {
    /// The purchase goes through. An unverified transaction fails with `.invalidSignature`.
    case success(verified: Bool = true)
    /// The customer cancels: `purchase` returns `.userCancelled`.
    case userCancelled
    /// The purchase waits for approval: `purchase` returns `.pending`, and
    /// `FakeAppStore.approvePending(productID:)` or `declinePending(productID:)` settles it.
    case pending
    /// The purchase is interrupted (the customer must first agree to new terms or update a
    /// payment method): `purchase` throws `StoreKitError.unknown`, and
    /// `FakeAppStore.resolveInterruptedPurchase(productID:)` completes it later through
    /// `Transaction.updates`.
    case interrupted
    /// `purchase` throws the error.
    case failure(any Error)
}

/// A call of `Product.purchase(options:)` as the fake store saw it. Not part of Apple's StoreKit.
public struct FakePurchaseAttempt: Hashable, Sendable {
    public enum Outcome: Hashable, Sendable {
        case purchased(transactionID: UInt64, verified: Bool)
        case pending
        case userCancelled
        /// The purchase threw; the text describes the error.
        case failed(String)
    }

    public let productID: String
    public let quantity: Int
    public let appAccountToken: UUID?
    public let simulatesAskToBuy: Bool
    /// The win-back offer applied, if any.
    public let winBackOfferID: String?
    /// The promotional offer applied, if any.
    public let promotionalOfferID: String?
    /// Whether the purchase was confirmed in a scene (`purchase(confirmIn:options:)`).
    public let confirmedInScene: Bool
    public let outcome: FakePurchaseAttempt.Outcome
}

enum DisplayPrice {
    /// `$` and the amount rounded to cents, such as `$0.99` or `$10.00`.
    static func dollars(_ price: Decimal) -> String {
        var value = price
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 2, .plain)
        var text = "\(rounded)"
        if let point = text.firstIndex(of: ".") {
            let decimals = text.distance(from: point, to: text.endIndex) - 1
            text += String(repeating: "0", count: max(0, 2 - decimals))
        } else {
            text += ".00"
        }
        return "$" + text
    }
}

/// The app's own purchase, as `AppTransaction.shared` reports it. Not part of Apple's StoreKit.
public struct FakeAppTransaction: Hashable, Sendable {
    /// The app version the customer first bought or downloaded (`CFBundleVersion`).
    public var originalAppVersion: String
    public var originalPurchaseDate: Date
    /// The version running now.
    public var appVersion: String

    public init(
        originalAppVersion: String = "1", originalPurchaseDate: Date = Date(timeIntervalSince1970: 1_735_689_600),
        appVersion: String = "1"
    ) {
        self.originalAppVersion = originalAppVersion
        self.originalPurchaseDate = originalPurchaseDate
        self.appVersion = appVersion
    }
}
