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

    func restore() async throws {
        try await AppStore.sync()
    }

    /// The paywall offers buying only when the device allows payments.
    var showsBuyButtons: Bool { self.purchasesAllowed }
}
