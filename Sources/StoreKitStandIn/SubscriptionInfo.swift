import Foundation

extension Product {
    /// What sets an auto-renewable subscription apart from other products.
    public struct SubscriptionInfo: Hashable, Sendable {
        /// The subscription group the product belongs to.
        public let subscriptionGroupID: String
        /// How long one period of the subscription lasts.
        public let subscriptionPeriod: Product.SubscriptionPeriod
        /// The offer for customers new to the group, if any.
        public let introductoryOffer: Product.SubscriptionOffer?
        /// Promotional offers, which the app gives with a signature from its server.
        public let promotionalOffers: [Product.SubscriptionOffer]
        /// Offers for customers whose subscription in the group lapsed.
        @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
        public var winBackOffers: [Product.SubscriptionOffer] { storedWinBackOffers }
        let storedWinBackOffers: [Product.SubscriptionOffer]
        /// The product's service level in its group; 1 is the highest.
        public let groupLevel: Int

        init(
            subscriptionGroupID: String, subscriptionPeriod: Product.SubscriptionPeriod,
            introductoryOffer: Product.SubscriptionOffer?, groupLevel: Int,
            winBackOffers: [Product.SubscriptionOffer] = [], promotionalOffers: [Product.SubscriptionOffer] = []
        ) {
            self.subscriptionGroupID = subscriptionGroupID
            self.subscriptionPeriod = subscriptionPeriod
            self.introductoryOffer = introductoryOffer
            self.promotionalOffers = promotionalOffers
            self.storedWinBackOffers = winBackOffers
            self.groupLevel = groupLevel
        }

        /// Whether the customer may still take the introductory offer: true until the customer
        /// has had any transaction in the subscription group.
        public var isEligibleForIntroOffer: Bool {
            get async { StoreBackend.shared.isEligibleForIntroOffer(groupID: subscriptionGroupID) }
        }

        /// Whether the customer may still take the introductory offer in a subscription group.
        public static func isEligibleForIntroOffer(for groupID: String) async -> Bool {
            StoreBackend.shared.isEligibleForIntroOffer(groupID: groupID)
        }

        /// The customer's subscription in this group: empty when the customer never subscribed.
        public var status: [Product.SubscriptionInfo.Status] {
            get async throws { try StoreBackend.shared.statuses(groupID: subscriptionGroupID) }
        }

        /// The customer's subscription in a group: empty when the customer never subscribed.
        public static func status(for groupID: String) async throws -> [Product.SubscriptionInfo.Status] {
            try StoreBackend.shared.statuses(groupID: groupID)
        }
    }

    /// The length of a subscription period, or of one period of an offer.
    public struct SubscriptionPeriod: Hashable, Sendable {
        /// How many units make up the period.
        public let value: Int
        public let unit: Product.SubscriptionPeriod.Unit

        init(value: Int, unit: Product.SubscriptionPeriod.Unit) {
            self.value = value
            self.unit = unit
        }

        public enum Unit: Hashable, Sendable {
            case day
            case week
            case month
            case year
        }
    }

    /// A subscription offer.
    public struct SubscriptionOffer: Hashable, Sendable {
        /// The offer identifier; introductory offers have none.
        public let id: String?
        public let type: Product.SubscriptionOffer.OfferType
        public let price: Decimal
        public let displayPrice: String
        /// The length of one period of the offer.
        public let period: Product.SubscriptionPeriod
        /// How many periods the offer lasts.
        public let periodCount: Int
        public let paymentMode: Product.SubscriptionOffer.PaymentMode

        init(
            id: String?, type: Product.SubscriptionOffer.OfferType, price: Decimal, displayPrice: String,
            period: Product.SubscriptionPeriod, periodCount: Int, paymentMode: Product.SubscriptionOffer.PaymentMode
        ) {
            self.id = id
            self.type = type
            self.price = price
            self.displayPrice = displayPrice
            self.period = period
            self.periodCount = periodCount
            self.paymentMode = paymentMode
        }

        public struct OfferType: RawRepresentable, Hashable, Sendable {
            public let rawValue: String

            public init(rawValue: String) {
                self.rawValue = rawValue
            }

            public static let introductory = Product.SubscriptionOffer.OfferType(rawValue: "introductory")
            public static let promotional = Product.SubscriptionOffer.OfferType(rawValue: "promotional")
            public static let winBack = Product.SubscriptionOffer.OfferType(rawValue: "winBack")
        }

        public struct PaymentMode: RawRepresentable, Hashable, Sendable {
            public let rawValue: String

            public init(rawValue: String) {
                self.rawValue = rawValue
            }

            public static let freeTrial = Product.SubscriptionOffer.PaymentMode(rawValue: "FreeTrial")
            public static let payAsYouGo = Product.SubscriptionOffer.PaymentMode(rawValue: "PayAsYouGo")
            public static let payUpFront = Product.SubscriptionOffer.PaymentMode(rawValue: "PayUpFront")
        }
    }
}

extension Product.SubscriptionInfo {
    /// The state of the customer's subscription in a group.
    public struct Status: Hashable, Sendable {
        public let state: Product.SubscriptionInfo.RenewalState
        /// The latest transaction of the subscription.
        public let transaction: VerificationResult<Transaction>
        public let renewalInfo: VerificationResult<Product.SubscriptionInfo.RenewalInfo>

        /// The status of a subscription group each time it changes while the app runs: a
        /// renewal, an expiry, auto-renew turned off, a grace period or billing retry that
        /// begins. Changes made while nobody listens are not kept.
        public static var updates: Product.SubscriptionInfo.Status.Statuses {
            Statuses()
        }

        /// An asynchronous sequence of subscription status changes.
        public struct Statuses: AsyncSequence, Sendable {
            public typealias Element = Product.SubscriptionInfo.Status

            public func makeAsyncIterator() -> Product.SubscriptionInfo.Status.Statuses.AsyncIterator {
                AsyncIterator(feed: FeedIterator(listeningTo: StoreBackend.shared.statusUpdates))
            }

            public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
                public typealias Failure = Never

                private var feed: FeedIterator<Product.SubscriptionInfo.Status>

                init(feed: FeedIterator<Product.SubscriptionInfo.Status>) {
                    self.feed = feed
                }

                public mutating func next() async -> Product.SubscriptionInfo.Status? {
                    await feed.next()
                }
            }
        }
    }

    /// Where a subscription stands.
    public struct RenewalState: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int

        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        public static let subscribed = Product.SubscriptionInfo.RenewalState(rawValue: 1)
        public static let expired = Product.SubscriptionInfo.RenewalState(rawValue: 2)
        public static let inBillingRetryPeriod = Product.SubscriptionInfo.RenewalState(rawValue: 3)
        public static let inGracePeriod = Product.SubscriptionInfo.RenewalState(rawValue: 4)
        public static let revoked = Product.SubscriptionInfo.RenewalState(rawValue: 5)
    }

    /// What will happen at the end of the current period.
    public struct RenewalInfo: Hashable, Sendable {
        /// The original transaction of the subscription.
        public let originalTransactionID: UInt64
        /// The product the customer is subscribed to now.
        public let currentProductID: String
        /// Whether the subscription renews at the end of the period.
        public let willAutoRenew: Bool
        /// The product the subscription renews into.
        public let autoRenewPreference: String?
        /// Why the subscription expired; `nil` while it is active.
        public let expirationReason: Product.SubscriptionInfo.RenewalInfo.ExpirationReason?
        /// Whether the App Store is trying to collect a failed renewal payment.
        public let isInBillingRetry: Bool
        /// When the billing grace period ends, while there is one.
        public let gracePeriodExpirationDate: Date?
        /// When the current period ends (or ended).
        public let renewalDate: Date?
        public let signedDate: Date
        /// Held apart from `eligibleWinBackOfferIDs`, which exists from iOS 18 on.
        let winBackOfferIDs: [String]

        /// The win-back offers the customer may redeem now, best first; empty while the
        /// subscription is active.
        @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
        public var eligibleWinBackOfferIDs: [String] { winBackOfferIDs }

        public struct ExpirationReason: RawRepresentable, Hashable, Sendable {
            public let rawValue: Int

            public init(rawValue: Int) {
                self.rawValue = rawValue
            }

            public static let autoRenewDisabled = ExpirationReason(rawValue: 1)
            public static let billingError = ExpirationReason(rawValue: 2)
            public static let didNotConsentToPriceIncrease = ExpirationReason(rawValue: 3)
            public static let productUnavailable = ExpirationReason(rawValue: 4)
            public static let unknown = ExpirationReason(rawValue: 5)
        }
    }
}

extension Product.SubscriptionInfo.RenewalInfo: StandInSigned {
    var signedPayload: Data {
        var fields: [String: Any] = [
            "originalTransactionId": String(originalTransactionID),
            "productId": currentProductID,
            "autoRenewStatus": willAutoRenew ? 1 : 0,
            "isInBillingRetryPeriod": isInBillingRetry,
            "signedDate": signedDate.millisecondsSince1970,
        ]
        fields["autoRenewProductId"] = autoRenewPreference
        fields["expirationIntent"] = expirationReason?.rawValue
        fields["gracePeriodExpiresDate"] = gracePeriodExpirationDate?.millisecondsSince1970
        fields["renewalDate"] = renewalDate?.millisecondsSince1970
        return JSONPayload.encode(fields)
    }

    var standInSignedDate: Date { signedDate }
}
