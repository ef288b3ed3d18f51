import FakeStoreTesting
import Foundation
import StoreKit
import Testing

/// Every test that touches the fake store lives in this suite or a suite nested in it: the fake
/// store is shared state, so these tests run one at a time. The time limit stops a test whose
/// listener never comes from hanging the run.
@Suite(.serialized, .exclusiveFakeStore, .timeLimit(.minutes(1)))
struct FakeStoreSuite {}

/// The products the tests offer.
enum Catalog {
    static let coins = FakeProduct(
        id: "com.example.coins", type: .consumable, displayName: "100 Coins", description: "A pile of coins",
        price: cents(99))
    static let premium = FakeProduct(
        id: "com.example.premium", type: .nonConsumable, displayName: "Premium", price: cents(499),
        familyShareable: true)
    static let season = FakeProduct(id: "com.example.season", type: .nonRenewable, price: cents(1999))
    static let monthly = FakeProduct(
        id: "com.example.pro.monthly", type: .autoRenewable, displayName: "Pro Monthly", price: cents(299),
        subscription: FakeSubscription(
            groupID: "pro", period: .monthly, introductoryOffer: .freeTrial(.weekly), groupLevel: 2))
    static let yearly = FakeProduct(
        id: "com.example.pro.yearly", type: .autoRenewable, displayName: "Pro Yearly", price: cents(2999),
        subscription: FakeSubscription(groupID: "pro", period: .yearly, groupLevel: 1))

    static let all = [coins, premium, season, monthly, yearly]

    static func cents(_ amount: Int) -> Decimal {
        Decimal(amount) / 100
    }

    /// A fresh fake store offering the catalog.
    static func setUp() {
        FakeAppStore.reset()
        FakeAppStore.products = all
    }

    /// The catalog's products as the app sees them.
    static func products() async throws -> [String: Product] {
        let products = try await Product.products(for: all.map(\.id))
        return Dictionary(uniqueKeysWithValues: products.map { ($0.id, $0) })
    }

    /// One catalog product as the app sees it.
    static func product(_ fake: FakeProduct) async throws -> Product {
        try #require(try await Product.products(for: [fake.id]).first)
    }
}

/// Reads a finite sequence of transactions to its end.
func transactions(in sequence: Transaction.Transactions) async -> [Transaction] {
    var result: [Transaction] = []
    for await verification in sequence {
        result.append(verification.unsafePayloadValue)
    }
    return result
}

/// The product ids of the current entitlements.
func entitledProductIDs() async -> [String] {
    await transactions(in: Transaction.currentEntitlements).map(\.productID)
}

/// Buys a product, expecting a verified transaction.
@MainActor
func buy(_ product: Product, options: Set<Product.PurchaseOption> = []) async throws -> Transaction {
    let result = try await product.purchase(options: options)
    guard case .success(.verified(let transaction)) = result else {
        Issue.record("Expected a verified purchase, got \(result)")
        throw UnexpectedResult()
    }
    return transaction
}

struct UnexpectedResult: Error {}
