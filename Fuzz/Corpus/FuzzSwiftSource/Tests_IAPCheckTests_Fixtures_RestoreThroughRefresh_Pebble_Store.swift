import StoreKit

@MainActor
final class Store {
    static let productIDs: Set<String> = ["com.example.pebble.gems", "com.example.pebble.pro"]
    private var updates: Task<Void, Never>?

    init() {
        updates = Task {
            for await update in Transaction.updates {
                if case .verified(let transaction) = update { await transaction.finish() }
            }
        }
    }

    var purchasesAllowed: Bool { AppStore.canMakePayments }

    func load() async throws -> [Product] {
        let products = try await Product.products(for: Self.productIDs)
        let missing = Self.productIDs.subtracting(products.map(\.id))
        if !missing.isEmpty { print("Unknown product IDs: \(missing.sorted())") }
        return products
    }

    /// Restore Purchases that only re-reads what the device holds, without asking the App Store.
    func restore() async throws {
        await refreshEntitlements()
    }

    private(set) var owned: Set<String> = []

    func refreshEntitlements() async {
        var owned: Set<String> = []
        for await result in Transaction.currentEntitlements {
            if case .verified(let transaction) = result { owned.insert(transaction.productID) }
        }
        self.owned = owned
    }

    /// The paywall offers buying only when the device allows payments.
    var showsBuyButtons: Bool { self.purchasesAllowed }
}
