import Foundation

/// A product on offer in the App Store. The stand-in's products come from the fake store
/// (`FakeAppStore.products`).
public struct Product: Identifiable, Hashable, Sendable {
    /// The product identifier from App Store Connect.
    public let id: String
    /// Consumable, non-consumable, auto-renewable or non-renewing.
    public let type: Product.ProductType
    public let displayName: String
    public let description: String
    public let price: Decimal
    /// The price formatted for the storefront.
    public let displayPrice: String
    public let isFamilyShareable: Bool
    /// Subscription details, for auto-renewable subscriptions only.
    public let subscription: Product.SubscriptionInfo?

    init(
        id: String, type: Product.ProductType, displayName: String, description: String, price: Decimal,
        displayPrice: String, isFamilyShareable: Bool, subscription: Product.SubscriptionInfo?
    ) {
        self.id = id
        self.type = type
        self.displayName = displayName
        self.description = description
        self.price = price
        self.displayPrice = displayPrice
        self.isFamilyShareable = isFamilyShareable
        self.subscription = subscription
    }

    /// The products on offer among the given identifiers. Identifiers the store does not offer
    /// are left out without an error; each product appears once, in the order first asked for.
    public static func products<Identifiers: Collection>(
        for identifiers: Identifiers
    ) async throws -> [Product] where Identifiers.Element == String {
        await Task.yield()
        return try StoreBackend.shared.products(for: Array(identifiers))
    }

    /// Buys the product. Ask to Buy and deferred purchases return `.pending`; their transaction
    /// arrives later in `Transaction.updates`.
    @MainActor
    public func purchase(options: Set<Product.PurchaseOption> = []) async throws -> Product.PurchaseResult {
        await Task.yield()
        return try StoreBackend.shared.purchase(self, options: options)
    }

    /// The latest transaction for this product, if any.
    public var latestTransaction: VerificationResult<Transaction>? {
        get async { StoreBackend.shared.latestTransaction(for: id) }
    }

    /// The transaction that currently entitles the customer to this product, if any.
    public var currentEntitlement: VerificationResult<Transaction>? {
        get async { StoreBackend.shared.currentEntitlement(for: id) }
    }
}

extension Product {
    /// The kind of a product.
    public struct ProductType: RawRepresentable, Hashable, Sendable {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public static let consumable = Product.ProductType(rawValue: "Consumable")
        public static let nonConsumable = Product.ProductType(rawValue: "Non-Consumable")
        public static let autoRenewable = Product.ProductType(rawValue: "Auto-Renewable Subscription")
        public static let nonRenewable = Product.ProductType(rawValue: "Non-Renewing Subscription")
    }

    /// How a purchase ended.
    public enum PurchaseResult: Sendable {
        /// The purchase went through; the transaction may or may not be verified.
        case success(VerificationResult<Transaction>)
        /// The customer cancelled.
        case userCancelled
        /// The purchase awaits approval (Ask to Buy) or another step; its transaction arrives in
        /// `Transaction.updates` if it goes through.
        case pending
    }

    /// An option for a purchase.
    public struct PurchaseOption: Hashable, Sendable {
        enum Kind: Hashable, Sendable {
            case appAccountToken(UUID)
            case quantity(Int)
            case simulatesAskToBuyInSandbox(Bool)
            case winBackOffer(Product.SubscriptionOffer)
            case promotionalOffer(offerID: String, keyID: String, nonce: UUID, signature: Data, timestamp: Int)
            case promotionalOfferJWS(offerID: String, compactJWS: String)
        }

        let kind: Kind

        /// Ties the purchase to an account in the app; it appears in `Transaction.appAccountToken`.
        public static func appAccountToken(_ token: UUID) -> Product.PurchaseOption {
            Product.PurchaseOption(kind: .appAccountToken(token))
        }

        /// How many units of a consumable to buy.
        public static func quantity(_ quantity: Int) -> Product.PurchaseOption {
            Product.PurchaseOption(kind: .quantity(quantity))
        }

        /// Makes the sandbox treat the purchase as needing a parent's approval. The fake store
        /// answers `.pending` when no outcome is queued for the product.
        public static func simulatesAskToBuyInSandbox(_ simulatesAskToBuy: Bool) -> Product.PurchaseOption {
            Product.PurchaseOption(kind: .simulatesAskToBuyInSandbox(simulatesAskToBuy))
        }

        /// Applies a promotional offer, signed by the app's server with its In-App Purchase key.
        /// The fake store accepts the signature `FakeAppStore.promotionalOfferSignature` gives.
        public static func promotionalOffer(
            offerID: String, keyID: String, nonce: UUID, signature: Data, timestamp: Int
        ) -> Product.PurchaseOption {
            Product.PurchaseOption(
                kind: .promotionalOffer(
                    offerID: offerID, keyID: keyID, nonce: nonce, signature: signature, timestamp: timestamp))
        }

        /// Applies a promotional offer whose signature the app's server made as one compact JWS
        /// (back-deployed to every system with StoreKit 2). The fake store accepts the JWS
        /// `FakeAppStore.promotionalOfferJWS` gives.
        public static func promotionalOffer(_ offerID: String, compactJWS: String) -> [Product.PurchaseOption] {
            [Product.PurchaseOption(kind: .promotionalOfferJWS(offerID: offerID, compactJWS: compactJWS))]
        }

        /// Applies a win-back offer to the purchase. The fake store refuses an offer the
        /// product does not have with `Product.PurchaseError.invalidOfferIdentifier`.
        @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
        public static func winBackOffer(_ offer: Product.SubscriptionOffer) -> Product.PurchaseOption {
            Product.PurchaseOption(kind: .winBackOffer(offer))
        }
    }

    /// Errors a purchase can throw.
    public enum PurchaseError: Error, Hashable, Sendable {
        case invalidQuantity
        case productUnavailable
        case purchaseNotAllowed
        case ineligibleForOffer
        case invalidOfferIdentifier
        case invalidOfferPrice
        case invalidOfferSignature
        case missingOfferParameters
    }
}

extension Product.PurchaseError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .invalidQuantity: return "The quantity is not valid for this product."
        case .productUnavailable: return "The product is not available."
        case .purchaseNotAllowed: return "Purchases are not allowed on this device."
        case .ineligibleForOffer: return "The customer is not eligible for the offer."
        case .invalidOfferIdentifier: return "The offer identifier is not valid."
        case .invalidOfferPrice: return "The offer price is not valid."
        case .invalidOfferSignature: return "The offer signature is not valid."
        case .missingOfferParameters: return "The offer lacks required parameters."
        }
    }
}
