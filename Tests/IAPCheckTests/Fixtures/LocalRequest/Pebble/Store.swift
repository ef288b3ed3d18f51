import StoreKit

final class Store: NSObject, SKProductsRequestDelegate, SKPaymentTransactionObserver {
    func start() {
        SKPaymentQueue.default().add(self)
    }

    func load() {
        let request = SKProductsRequest(productIdentifiers: ["com.example.pebble.gems", "com.example.pebble.pro"])
        request.delegate = self
        request.start()
    }

    func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
        print(response.products.count)
    }

    func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
        for transaction in transactions where transaction.transactionState == .purchased {
            queue.finishTransaction(transaction)
        }
    }
}
