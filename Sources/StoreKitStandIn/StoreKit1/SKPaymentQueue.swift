import Foundation

/// The queue of payments the App Store processes (StoreKit 1). Its observers hear about every
/// change of every transaction, on the main queue, and must finish each transaction once its
/// content is delivered.
///
/// In the stand-in every queue is a view of the fake store (`FakePaymentQueue`), which holds its
/// observers weakly: keep the observer alive for as long as it should hear anything.
open class SKPaymentQueue: NSObject {
    nonisolated(unsafe) private static let shared = SKPaymentQueue()

    /// The queue the app uses.
    open class func `default`() -> Self {
        unsafeDowncast(shared, to: self)
    }

    /// Whether this device and account may make payments (`FakeAppStore.canMakePayments`).
    open class func canMakePayments() -> Bool {
        StoreBackend.shared.canMakePayments
    }

    /// Adds a payment; its transaction reaches the observers as purchasing, then in its outcome.
    open func add(_ payment: SKPayment) {
        LegacyBackend.shared.add(payment, queue: self)
    }

    open func add(_ observer: any SKPaymentTransactionObserver) {
        LegacyBackend.shared.addObserver(observer)
    }

    open func remove(_ observer: any SKPaymentTransactionObserver) {
        LegacyBackend.shared.removeObserver(observer)
    }

    /// Removes a transaction from the queue. Finishing one that is still purchasing is a mistake
    /// StoreKit answers with an exception; the fake store records it (`FakePaymentQueue.finished`).
    open func finishTransaction(_ transaction: SKPaymentTransaction) {
        LegacyBackend.shared.finish(transaction)
    }

    /// Delivers every completed purchase of non-consumables and subscriptions again, as restored
    /// transactions, then `paymentQueueRestoreCompletedTransactionsFinished(_:)`.
    open func restoreCompletedTransactions() {
        LegacyBackend.shared.restore(queue: self)
    }

    open func restoreCompletedTransactions(withApplicationUsername username: String?) {
        LegacyBackend.shared.restore(queue: self)
    }

    /// The transactions not finished yet.
    open var transactions: [SKPaymentTransaction] {
        LegacyBackend.shared.unfinishedTransactions
    }

    /// The customer's storefront, if known.
    open var storefront: SKStorefront? {
        StoreBackend.shared.storefront.map { SKStorefront(countryCode: $0.countryCode, identifier: $0.id) }
    }
}

/// What the observers of the payment queue hear.
public protocol SKPaymentTransactionObserver: NSObjectProtocol {
    func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction])
    func paymentQueue(_ queue: SKPaymentQueue, removedTransactions transactions: [SKPaymentTransaction])
    func paymentQueue(_ queue: SKPaymentQueue, restoreCompletedTransactionsFailedWithError error: any Error)
    func paymentQueueRestoreCompletedTransactionsFinished(_ queue: SKPaymentQueue)
    func paymentQueue(_ queue: SKPaymentQueue, shouldAddStorePayment payment: SKPayment, for product: SKProduct)
        -> Bool
    func paymentQueue(
        _ queue: SKPaymentQueue, didRevokeEntitlementsForProductIdentifiers productIdentifiers: [String])
}

/// StoreKit's requirements other than `updatedTransactions` are optional; these defaults stand
/// in for an unimplemented method (a promoted payment is then not added).
extension SKPaymentTransactionObserver {
    public func paymentQueue(_ queue: SKPaymentQueue, removedTransactions transactions: [SKPaymentTransaction]) {}
    public func paymentQueue(_ queue: SKPaymentQueue, restoreCompletedTransactionsFailedWithError error: any Error) {}
    public func paymentQueueRestoreCompletedTransactionsFinished(_ queue: SKPaymentQueue) {}
    public func paymentQueue(
        _ queue: SKPaymentQueue, shouldAddStorePayment payment: SKPayment, for product: SKProduct
    ) -> Bool {
        false
    }
    public func paymentQueue(
        _ queue: SKPaymentQueue, didRevokeEntitlementsForProductIdentifiers productIdentifiers: [String]
    ) {}
}

/// The App Store country or region of the customer's account (StoreKit 1).
open class SKStorefront: NSObject {
    /// The three-letter ISO 3166-1 code.
    open private(set) var countryCode: String
    open private(set) var identifier: String

    init(countryCode: String, identifier: String) {
        self.countryCode = countryCode
        self.identifier = identifier
        super.init()
    }
}
