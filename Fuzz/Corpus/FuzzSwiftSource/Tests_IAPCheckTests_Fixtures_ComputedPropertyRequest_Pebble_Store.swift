import StoreKit
import UIKit

/// A StoreKit 1 store whose request is a computed property: every read builds a new request,
/// so the one `load()` starts is held by nothing.
@MainActor
final class Store: NSObject, SKProductsRequestDelegate, SKPaymentTransactionObserver {
    private let queue = SKPaymentQueue.default()
    var statusLabel: UILabel?

    override init() {
        super.init()
        queue.add(self)
    }

    var purchasesAllowed: Bool { SKPaymentQueue.canMakePayments() }

    var productsRequest: SKProductsRequest {
        let request = SKProductsRequest(productIdentifiers: ["com.example.pebble.gems", "com.example.pebble.pro"])
        request.delegate = self
        return request
    }

    func load() {
        productsRequest.start()
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
