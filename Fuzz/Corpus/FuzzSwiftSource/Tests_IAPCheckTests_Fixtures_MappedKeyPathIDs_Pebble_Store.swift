import StoreKit

@MainActor
final class Store {
    /// The products, each with its ID spelled once; requests map the cases to their IDs.
    enum Item: CaseIterable {
        case gems, pro

        var productID: String {
            switch self {
            case .gems: return "com.example.pebble.gems"
            case .pro: return "com.example.pebble.pro"
            }
        }
    }

    static var productIDs: Set<String> { Set(Item.allCases.map(\.productID)) }
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
        let products = try await Product.products(for: Item.allCases.map(\.productID))
        let missing = Self.productIDs.subtracting(products.map(\.id))
        if !missing.isEmpty { print("Unknown product IDs: \(missing.sorted())") }
        return products
    }

    func restore() async throws {
        try await AppStore.sync()
    }

    /// The paywall offers buying only when the device allows payments.
    var showsBuyButtons: Bool { self.purchasesAllowed }
}
