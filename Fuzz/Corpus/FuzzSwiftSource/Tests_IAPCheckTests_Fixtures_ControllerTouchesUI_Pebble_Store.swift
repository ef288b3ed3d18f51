import StoreKit
import UIKit

/// A StoreKit 1 tip screen that is its own observer: the transaction callback hides the
/// screen's spinner through its navigation controller, on whatever queue StoreKit chose.
final class Store: UIViewController, SKProductsRequestDelegate, SKPaymentTransactionObserver {
    private let queue = SKPaymentQueue.default()
    private var request: SKProductsRequest?

    init() {
        super.init(nibName: nil, bundle: nil)
        queue.add(self)
    }

    required init?(coder: NSCoder) { nil }

    var purchasesAllowed: Bool { SKPaymentQueue.canMakePayments() }

    func load() {
        let request = SKProductsRequest(productIdentifiers: ["com.example.pebble.gems", "com.example.pebble.pro"])
        request.delegate = self
        self.request = request
        request.start()
    }

    func buy(_ product: SKProduct) {
        queue.add(SKPayment(product: product))
    }

    func restore() {
        queue.restoreCompletedTransactions()
    }

    func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
        let unknown = response.invalidProductIdentifiers
        DispatchQueue.main.async {
            if !unknown.isEmpty { self.title = "Unknown product IDs: \(unknown)" }
        }
    }

    func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
        for transaction in transactions where transaction.transactionState != .purchasing {
            queue.finishTransaction(transaction)
            self.navigationController?.popViewController(animated: true)
        }
    }

    /// The paywall offers buying only when the device allows payments.
    var showsBuyButtons: Bool { self.purchasesAllowed }
}
