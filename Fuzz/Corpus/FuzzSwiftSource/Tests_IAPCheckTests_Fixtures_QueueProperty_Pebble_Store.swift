import StoreKit
import UIKit

/// A StoreKit 1 store: it keeps its request, reads the IDs the store does not know, finishes
/// every transaction and answers on the main thread.
@MainActor
final class Store: NSObject, SKProductsRequestDelegate, SKPaymentTransactionObserver {
    private let queue = SKPaymentQueue.default()
    private var request: SKProductsRequest?
    var statusLabel: UILabel?

    override init() {
        super.init()
        queue.add(self)
    }

    var purchasesAllowed: Bool { SKPaymentQueue.canMakePayments() }

    func load() {
        let request = SKProductsRequest(productIdentifiers: ["com.example.pebble.gems", "com.example.pebble.pro"])
        request.delegate = self
        self.request = request
        request.start()
    }

    func buy(_ product: SKProduct) {
        let payment = SKPayment(product: product)
        queue.add(payment)
    }

    func restore() {
        queue.restoreCompletedTransactions()
    }

    nonisolated func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
        let unknown = response.invalidProductIdentifiers
        DispatchQueue.main.async {
            if !unknown.isEmpty { self.statusLabel?.text = "Unknown product IDs: \(unknown)" }
        }
    }

    nonisolated func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
        for transaction in transactions where transaction.transactionState != .purchasing {
            queue.finishTransaction(transaction)
        }
    }

    /// The paywall offers buying only when the device allows payments.
    var showsBuyButtons: Bool { self.purchasesAllowed }
}
