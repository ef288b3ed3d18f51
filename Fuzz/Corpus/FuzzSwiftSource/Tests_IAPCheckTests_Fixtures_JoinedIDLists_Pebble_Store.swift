import StoreKit

@MainActor
final class Store {
    /// A plan as the paywall shows it: its product ID and its title.
    struct Plan {
        let id: String
        let title: String
    }

    static let pro = Plan(id: "com.example.pebble.pro", title: "Pro")
    static var productIDs: Set<String> { ["com.example.pebble.gems", pro.id] }

    /// The IDs in two lists, asked for together: `+` joins the lists, not pieces of an ID.
    private let consumableIDs = ["com.example.pebble.gems"]
    private let planIDs = [Store.pro.id]
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
        let products = try await Product.products(for: consumableIDs + planIDs)
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
