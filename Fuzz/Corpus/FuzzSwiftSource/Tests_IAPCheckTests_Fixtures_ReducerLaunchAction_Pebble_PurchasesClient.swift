import StoreKit

/// The payment queue as closures, so that tests can replace it.
struct PurchasesClient {
    var observe: @Sendable () -> AsyncStream<PurchaseEvent>
}

enum PurchaseEvent {
    case updated(count: Int)
}

extension PurchasesClient {
    static let live = PurchasesClient(
        observe: {
            AsyncStream { continuation in
                let observer = QueueObserver(continuation: continuation)
                SKPaymentQueue.default().add(observer)
                continuation.onTermination = { _ in SKPaymentQueue.default().remove(observer) }
            }
        }
    )
}

final class QueueObserver: NSObject, SKPaymentTransactionObserver {
    let continuation: AsyncStream<PurchaseEvent>.Continuation

    init(continuation: AsyncStream<PurchaseEvent>.Continuation) {
        self.continuation = continuation
    }

    func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
        continuation.yield(.updated(count: transactions.count))
        for transaction in transactions where transaction.transactionState != .purchasing {
            queue.finishTransaction(transaction)
        }
    }
}
