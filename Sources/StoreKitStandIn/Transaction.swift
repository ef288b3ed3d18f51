import Foundation

/// A purchase of a product, or a renewal of a subscription.
///
/// The stand-in's transactions are made by the fake store; ids count up from 1 after each
/// `FakeAppStore.reset()`, and dates come from `FakeAppStore.now`.
public struct Transaction: Identifiable, Hashable, Sendable {
    public internal(set) var id: UInt64
    /// The id of the first transaction of this purchase; renewals keep their subscription's.
    public internal(set) var originalID: UInt64
    public internal(set) var productID: String
    public internal(set) var productType: Product.ProductType
    public internal(set) var purchaseDate: Date
    public internal(set) var originalPurchaseDate: Date
    /// When a subscription period ends; `nil` for other products.
    public internal(set) var expirationDate: Date?
    /// When the App Store refunded or revoked the purchase, if it did.
    public internal(set) var revocationDate: Date?
    public internal(set) var revocationReason: Transaction.RevocationReason?
    /// Whether the customer moved to a higher subscription in the same group.
    public internal(set) var isUpgraded: Bool
    public internal(set) var ownershipType: Transaction.OwnershipType
    public internal(set) var appAccountToken: UUID?
    public internal(set) var purchasedQuantity: Int
    /// The subscription group, for auto-renewable subscriptions.
    public internal(set) var subscriptionGroupID: String?
    public internal(set) var reason: Transaction.Reason
    public internal(set) var environment: AppStore.Environment
    public internal(set) var signedDate: Date
    /// The kind of subscription offer the purchase used, if any.
    public internal(set) var offerType: Transaction.OfferType? = nil
    /// The identifier of that offer (promotional, offer code or win-back).
    public internal(set) var offerID: String? = nil

    /// Tells the store the app has delivered what was bought. Until then the transaction stays in
    /// `Transaction.unfinished`. Like StoreKit's, the call suspends: other work on the caller's
    /// actor can run before it returns.
    public func finish() async {
        await Task.yield()
        StoreBackend.shared.finish(self)
    }

    /// The transaction's fields as JSON, in the App Store's field names.
    public var jsonRepresentation: Data { signedPayload }

    /// New transactions and changes to earlier ones (approved Ask to Buy purchases, purchases
    /// made outside the app, renewals, refunds and revocations) while the app runs.
    ///
    /// In the stand-in each iteration is a listener of its own; every listener gets every update
    /// from the moment its iteration starts. Updates that arrive while nobody listens are kept for
    /// the next listener. See `FakeAppStore` for the details.
    public static var updates: Transaction.Transactions {
        Transaction.Transactions(iterator: { FeedIterator(listeningTo: StoreBackend.shared.transactionUpdates) })
    }

    /// The latest transaction for each product the customer is entitled to: non-consumables and
    /// non-renewing subscriptions that were not revoked, and auto-renewable subscriptions that are
    /// subscribed or in their grace period. Consumables never appear.
    public static var currentEntitlements: Transaction.Transactions {
        Transaction.Transactions(iterator: { FeedIterator(list: StoreBackend.shared.currentEntitlements()) })
    }

    /// The current entitlements for one product.
    public static func currentEntitlements(for productID: String) -> Transaction.Transactions {
        Transaction.Transactions(iterator: {
            let entitlements = StoreBackend.shared.currentEntitlements()
            return FeedIterator(list: entitlements.filter { $0.unsafePayloadValue.productID == productID })
        })
    }

    /// Transactions the app has not finished yet.
    public static var unfinished: Transaction.Transactions {
        Transaction.Transactions(iterator: { FeedIterator(list: StoreBackend.shared.unfinishedTransactions()) })
    }

    /// Every transaction of the customer, oldest first.
    public static var all: Transaction.Transactions {
        Transaction.Transactions(iterator: { FeedIterator(list: StoreBackend.shared.allTransactions()) })
    }

    /// The most recent transaction for a product, whatever its state.
    public static func latest(for productID: String) async -> VerificationResult<Transaction>? {
        await Task.yield()
        return StoreBackend.shared.latestTransaction(for: productID)
    }

    /// The transaction that currently entitles the customer to a product, if any.
    public static func currentEntitlement(for productID: String) async -> VerificationResult<Transaction>? {
        StoreBackend.shared.currentEntitlement(for: productID)
    }
}

extension Transaction {
    /// An asynchronous sequence of transactions. Lists (`all`, `currentEntitlements`,
    /// `unfinished`) are read when an iteration starts and then end; `updates` never ends on its
    /// own.
    public struct Transactions: AsyncSequence, Sendable {
        public typealias Element = VerificationResult<Transaction>

        private let makeIterator: @Sendable () -> FeedIterator<Element>

        init(iterator: @escaping @Sendable () -> FeedIterator<Element>) {
            makeIterator = iterator
        }

        public func makeAsyncIterator() -> Transaction.Transactions.AsyncIterator {
            AsyncIterator(feed: makeIterator())
        }

        public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
            public typealias Failure = Never

            private var feed: FeedIterator<Element>

            init(feed: FeedIterator<Element>) {
                self.feed = feed
            }

            public mutating func next() async -> VerificationResult<Transaction>? {
                await feed.next()
            }
        }
    }

    /// Why the App Store revoked a transaction.
    public struct RevocationReason: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int

        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// The App Store refunded because of a problem in the app.
        public static let developerIssue = Transaction.RevocationReason(rawValue: 1)
        /// The App Store refunded or revoked for another reason.
        public static let other = Transaction.RevocationReason(rawValue: 0)
    }

    /// Whether the customer bought the product or has it through Family Sharing.
    public struct OwnershipType: RawRepresentable, Hashable, Sendable {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public static let purchased = Transaction.OwnershipType(rawValue: "PURCHASED")
        public static let familyShared = Transaction.OwnershipType(rawValue: "FAMILY_SHARED")
    }

    /// The kind of offer a subscription purchase used.
    public struct OfferType: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int

        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        public static let introductory = Transaction.OfferType(rawValue: 1)
        public static let promotional = Transaction.OfferType(rawValue: 2)
        public static let code = Transaction.OfferType(rawValue: 3)
        @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
        public static let winBack = Transaction.OfferType(rawValue: 4)
    }

    /// Whether the transaction is a purchase or a renewal.
    public struct Reason: RawRepresentable, Hashable, Sendable {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public static let purchase = Transaction.Reason(rawValue: "PURCHASE")
        public static let renewal = Transaction.Reason(rawValue: "RENEWAL")
    }
}

extension Transaction: StandInSigned {
    var signedPayload: Data {
        var fields: [String: Any] = [
            "transactionId": String(id),
            "originalTransactionId": String(originalID),
            "productId": productID,
            "type": productType.rawValue,
            "purchaseDate": purchaseDate.millisecondsSince1970,
            "originalPurchaseDate": originalPurchaseDate.millisecondsSince1970,
            "isUpgraded": isUpgraded,
            "inAppOwnershipType": ownershipType.rawValue,
            "quantity": purchasedQuantity,
            "transactionReason": reason.rawValue,
            "environment": environment.rawValue,
            "signedDate": signedDate.millisecondsSince1970,
        ]
        fields["expiresDate"] = expirationDate?.millisecondsSince1970
        fields["revocationDate"] = revocationDate?.millisecondsSince1970
        fields["revocationReason"] = revocationReason?.rawValue
        fields["appAccountToken"] = appAccountToken?.uuidString.lowercased()
        fields["subscriptionGroupIdentifier"] = subscriptionGroupID
        fields["offerType"] = offerType?.rawValue
        fields["offerIdentifier"] = offerID
        return JSONPayload.encode(fields)
    }

    var standInSignedDate: Date { signedDate }
}

enum JSONPayload {
    static func encode(_ fields: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data("{}".utf8)
    }
}

extension Date {
    var millisecondsSince1970: Int64 {
        Int64((timeIntervalSince1970 * 1000).rounded())
    }
}
