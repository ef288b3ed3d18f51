import Foundation

/// A product as StoreKit 1 describes it.
open class SKProduct: NSObject {
    open private(set) var localizedDescription: String
    open private(set) var localizedTitle: String
    open private(set) var price: NSDecimalNumber
    open private(set) var priceLocale: Locale
    open private(set) var productIdentifier: String
    open private(set) var isFamilyShareable: Bool
    /// The length of one period, for auto-renewable subscriptions.
    open private(set) var subscriptionPeriod: SKProductSubscriptionPeriod?
    open private(set) var introductoryPrice: SKProductDiscount?
    open private(set) var subscriptionGroupIdentifier: String?

    public override init() {
        localizedDescription = ""
        localizedTitle = ""
        price = NSDecimalNumber.zero
        priceLocale = Locale(identifier: "en_US")
        productIdentifier = ""
        isFamilyShareable = false
        super.init()
    }

    init(fake product: FakeProduct) {
        localizedDescription = product.description
        localizedTitle = product.displayName
        price = NSDecimalNumber(decimal: product.price)
        priceLocale = Locale(identifier: "en_US")
        productIdentifier = product.id
        isFamilyShareable = product.familyShareable
        subscriptionPeriod = product.subscription.map { SKProductSubscriptionPeriod(period: $0.period) }
        introductoryPrice = product.subscription?.introductoryOffer.map(SKProductDiscount.init(offer:))
        subscriptionGroupIdentifier = product.subscription?.groupID
        super.init()
    }
}

extension SKProduct {
    /// The unit of a subscription period.
    public enum PeriodUnit: UInt, Sendable {
        case day = 0
        case week = 1
        case month = 2
        case year = 3

        init(_ unit: Product.SubscriptionPeriod.Unit) {
            switch unit {
            case .day: self = .day
            case .week: self = .week
            case .month: self = .month
            case .year: self = .year
            }
        }
    }
}

/// The length of a subscription period.
open class SKProductSubscriptionPeriod: NSObject {
    open private(set) var numberOfUnits: Int
    open private(set) var unit: SKProduct.PeriodUnit

    init(period: FakePeriod) {
        numberOfUnits = period.value
        unit = SKProduct.PeriodUnit(period.unit)
        super.init()
    }
}

/// An introductory or promotional price of a subscription.
open class SKProductDiscount: NSObject {
    /// How the customer pays during the discount.
    public enum PaymentMode: UInt, Sendable {
        case payAsYouGo = 0
        case payUpFront = 1
        case freeTrial = 2
    }

    open private(set) var price: NSDecimalNumber
    open private(set) var priceLocale: Locale
    open private(set) var subscriptionPeriod: SKProductSubscriptionPeriod
    open private(set) var numberOfPeriods: Int
    open private(set) var paymentMode: SKProductDiscount.PaymentMode

    init(offer: FakeIntroOffer) {
        price = NSDecimalNumber(decimal: offer.price)
        priceLocale = Locale(identifier: "en_US")
        subscriptionPeriod = SKProductSubscriptionPeriod(period: offer.period)
        numberOfPeriods = offer.periodCount
        switch offer.paymentMode {
        case .freeTrial: paymentMode = .freeTrial
        case .payUpFront: paymentMode = .payUpFront
        default: paymentMode = .payAsYouGo
        }
        super.init()
    }
}
