import StoreKit

/// A StoreKit 1 store that does everything right except keeping its products request alive.
@MainActor
final class Store: NSObject, SKProductsRequestDelegate, SKPaymentTransactionObserver {
    override init() {
        super.init()
        SKPaymentQueue.default().add(self)
    }

    var purchasesAllowed: Bool { SKPaymentQueue.canMakePayments() }

    func load() {
        let request = SKProductsRequest(productIdentifiers: ["com.example.pebble.gems", "com.example.pebble.pro"])
        request.delegate = self
        request.start()
    }

    func restore() {
        SKPaymentQueue.default().restoreCompletedTransactions()
    }

    nonisolated func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
        let unknown = response.invalidProductIdentifiers
        DispatchQueue.main.async {
            if !unknown.isEmpty { print("Unknown product IDs: \(unknown)") }
        }
    }

    nonisolated func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
        for transaction in transactions where transaction.transactionState == .purchased {
            queue.finishTransaction(transaction)
        }
    }

    /// The paywall offers buying only when the device allows payments.
    var showsBuyButtons: Bool { self.purchasesAllowed }
}
