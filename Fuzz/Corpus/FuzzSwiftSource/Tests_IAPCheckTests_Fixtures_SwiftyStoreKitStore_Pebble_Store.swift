import StoreKit
import SwiftyStoreKit

/// A store on SwiftyStoreKit: it completes transactions from launch and names unknown IDs.
@MainActor
final class Store {
    static let productIDs: Set<String> = ["com.example.pebble.gems", "com.example.pebble.pro"]

    init() {
        SwiftyStoreKit.completeTransactions(atomically: true) { purchases in
            print("Completed \(purchases.count) transactions")
        }
    }

    var purchasesAllowed: Bool { SwiftyStoreKit.canMakePayments }

    func load() {
        SwiftyStoreKit.retrieveProductsInfo(Self.productIDs) { result in
            if !result.invalidProductIDs.isEmpty { print("Unknown product IDs: \(result.invalidProductIDs)") }
        }
    }

    func restore() {
        SwiftyStoreKit.restorePurchases(atomically: true) { results in
            print("Restored \(results.restoredPurchases.count)")
        }
    }

    /// The paywall offers buying only when the device allows payments.
    var showsBuyButtons: Bool { self.purchasesAllowed }
}
