import Foundation

/// The App Store as a whole.
public enum AppStore {
    /// Whether this device and account may make purchases (`FakeAppStore.canMakePayments`).
    public static var canMakePayments: Bool {
        StoreBackend.shared.canMakePayments
    }

    /// Brings the device's transactions and renewal information up to date with the App Store,
    /// the basis of a "Restore Purchases" button. The fake store then shows purchases made on
    /// other devices (`FakeAppStore.addPurchaseFromAnotherDevice(productID:)`), or throws the
    /// error it was given (`FakeAppStore.syncError`).
    public static func sync() async throws {
        await Task.yield()
        try StoreBackend.shared.sync()
    }

    /// The server environment a transaction comes from.
    public struct Environment: RawRepresentable, Hashable, Sendable {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public static let production = AppStore.Environment(rawValue: "Production")
        public static let sandbox = AppStore.Environment(rawValue: "Sandbox")
        public static let xcode = AppStore.Environment(rawValue: "Xcode")
    }
}

/// Errors StoreKit's functions throw.
public enum StoreKitError: Error {
    case unknown
    case userCancelled
    case networkError(URLError)
    case systemError(any Error)
    case notAvailableInStorefront
    case notEntitled
    case unsupported
}

extension StoreKitError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .unknown: return "An unknown error occurred."
        case .userCancelled: return "The customer cancelled."
        case .networkError(let error): return "A network error occurred (\(error.code.rawValue))."
        case .systemError(let error): return "A system error occurred: \(error.localizedDescription)"
        case .notAvailableInStorefront: return "This is not available in the customer's storefront."
        case .notEntitled: return "The app lacks the entitlement for this."
        case .unsupported: return "This is not supported here."
        }
    }
}

/// The App Store country or region of the customer's account.
public struct Storefront: Identifiable, Hashable, Sendable {
    /// The three-letter ISO 3166-1 code of the country or region.
    public let countryCode: String
    /// The App Store's identifier for the storefront.
    public let id: String

    init(countryCode: String, id: String) {
        self.countryCode = countryCode
        self.id = id
    }

    /// The customer's storefront, or `nil` when it cannot be known (`FakeAppStore.storefront`).
    public static var current: Storefront? {
        get async { StoreBackend.shared.storefront }
    }

    /// Changes of storefront while the app runs. Changes made while nobody listens are not kept.
    public static var updates: Storefront.Storefronts {
        Storefront.Storefronts()
    }

    /// An asynchronous sequence of storefront changes.
    public struct Storefronts: AsyncSequence, Sendable {
        public typealias Element = Storefront

        public func makeAsyncIterator() -> Storefront.Storefronts.AsyncIterator {
            AsyncIterator(feed: FeedIterator(listeningTo: StoreBackend.shared.storefrontUpdates))
        }

        public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
            public typealias Failure = Never

            private var feed: FeedIterator<Storefront>

            init(feed: FeedIterator<Storefront>) {
                self.feed = feed
            }

            public mutating func next() async -> Storefront? {
                await feed.next()
            }
        }
    }
}

/// A purchase the customer started outside the app, such as a promoted In-App Purchase on the
/// App Store. The app decides whether and when to buy `product`.
@available(iOS 16.4, macOS 14.4, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
public struct PurchaseIntent: Identifiable, Hashable, Sendable {
    public let product: Product
    /// The product identifier.
    public let id: Product.ID
    /// The win-back offer the customer redeemed on the App Store, if any: add it to the
    /// purchase's options.
    @available(iOS 18.0, macOS 15.0, *)
    public var offer: Product.SubscriptionOffer? { storedOffer }
    let storedOffer: Product.SubscriptionOffer?

    init(product: Product, offer: Product.SubscriptionOffer? = nil) {
        self.product = product
        self.id = product.id
        self.storedOffer = offer
    }

    /// Purchase intents as the customer makes them. Intents made while nobody listens are kept
    /// for the next listener, as when the App Store launches the app to buy a promoted product.
    public static var intents: PurchaseIntent.PurchaseIntents {
        PurchaseIntent.PurchaseIntents()
    }

    /// An asynchronous sequence of purchase intents.
    public struct PurchaseIntents: AsyncSequence, Sendable {
        public typealias Element = PurchaseIntent

        public func makeAsyncIterator() -> PurchaseIntent.PurchaseIntents.AsyncIterator {
            AsyncIterator(feed: FeedIterator(listeningTo: StoreBackend.shared.purchaseIntents))
        }

        public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
            public typealias Failure = Never

            private var feed: FeedIterator<PurchaseIntent>

            init(feed: FeedIterator<PurchaseIntent>) {
                self.feed = feed
            }

            public mutating func next() async -> PurchaseIntent? {
                await feed.next()
            }
        }
    }
}
