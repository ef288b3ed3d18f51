import Foundation

/// The controls of the fake store's StoreKit 1 side. Not part of Apple's StoreKit. Products,
/// `canMakePayments` and `productsError` are shared with StoreKit 2 and set on `FakeAppStore`;
/// `FakeAppStore.reset()` resets this side too.
///
/// ## How the queue behaves
/// - `SKProductsRequest.start()` answers on a background queue: the offered products, the other
///   identifiers in `invalidProductIdentifiers` (sorted), then `requestDidFinish(_:)`; or
///   `request(_:didFailWithError:)` with `FakeAppStore.productsError`. The request is held
///   weakly, as by StoreKit: a request the app does not keep alive is never answered
///   (`droppedProductRequestCount`).
/// - `SKPaymentQueue.add(_:)` puts a transaction in the queue; the observers hear it as
///   `.purchasing`, then in its outcome: the next queued outcome for the product
///   (`queuePaymentOutcome(_:for:)`), else deferred for a payment that simulates Ask to Buy,
///   else purchased. It fails with `SKError.paymentNotAllowed` while payments are not allowed,
///   and with `.storeProductNotAvailable` when the product is not offered.
/// - Observer callbacks arrive on the main queue, each in its own turn, like StoreKit's.
///   Observers are held weakly. A new observer first hears of every transaction still waiting
///   to be finished (`addUnfinishedPurchase(productID:)`).
/// - `restoreCompletedTransactions()` delivers a new `.restored` transaction for every
///   completed purchase of a non-consumable or subscription (made through the queue, or added
///   with `addRestorablePurchase(productID:)`), then `paymentQueueRestoreCompletedTransactionsFinished(_:)`;
///   or `restoreCompletedTransactionsFailedWithError` with `restoreError`.
/// - `waitUntilIdle()` returns once every scheduled callback has run.
public enum FakePaymentQueue {
    private static var backend: LegacyBackend { LegacyBackend.shared }

    /// Queues what the next payment for a product does. Outcomes are used once each, in order.
    public static func queuePaymentOutcome(_ outcome: FakePaymentOutcome, for productID: String) {
        backend.withState { $0.outcomes[productID, default: []].append(outcome) }
    }

    /// Moves the oldest deferred transaction of a product to purchased and tells the observers.
    /// Returns `false` when none is deferred.
    @discardableResult
    public static func approveDeferred(productID: String) -> Bool {
        backend.approveDeferred(productID: productID)
    }

    /// A purchase an earlier launch completed but never finished: it waits in the queue, and each
    /// observer hears of it as purchased when it is added. Returns `false` when the product is
    /// not offered.
    @discardableResult
    public static func addUnfinishedPurchase(productID: String) -> Bool {
        guard let product = offered(productID) else { return false }
        let entry = StoreBackend.shared.bookEarlierPurchase(of: product, finished: false)
        backend.withState { $0.addUnfinished(product, ledger: entry.transaction) }
        return true
    }

    /// A purchase made on another device or before a reinstall: the next restore brings it back.
    /// Returns `false` when the product is not offered.
    @discardableResult
    public static func addRestorablePurchase(productID: String) -> Bool {
        guard let product = offered(productID) else { return false }
        let entry = StoreBackend.shared.bookEarlierPurchase(of: product, finished: true)
        backend.withState { $0.addRestorable(product, ledger: entry.transaction) }
        return true
    }

    /// Tells the observers once more of a transaction still waiting in the queue, as StoreKit
    /// sometimes does. Returns `false` when no unfinished transaction has that identifier.
    @discardableResult
    public static func redeliver(transactionIdentifier: String) -> Bool {
        backend.redeliver(transactionIdentifier: transactionIdentifier)
    }

    /// While set, restoring fails with this error.
    public static var restoreError: (any Error)? {
        get { backend.withState { $0.restoreError } }
        set { backend.withState { $0.restoreError = newValue } }
    }

    /// How many times `restoreCompletedTransactions()` was called.
    public static var restoreCount: Int {
        backend.withState { $0.restoreCount }
    }

    /// The customer taps a promoted In-App Purchase on the App Store: the observers are asked
    /// `paymentQueue(_:shouldAddStorePayment:for:)`, and the payment is added when one says yes.
    /// Returns `false` when the product is not offered.
    @discardableResult
    public static func promote(productID: String) -> Bool {
        guard let product = offered(productID) else { return false }
        backend.promote(product)
        return true
    }

    /// Every promoted purchase so far, with whether an observer added its payment.
    public static var promotions: [FakePromotion] {
        backend.withState { $0.promotions }
    }

    /// Tells the observers that the products were refunded or that Family Sharing stopped.
    public static func revokeEntitlements(productIDs: [String]) {
        backend.revoke(productIDs)
    }

    /// The product identifier of every payment added, in order.
    public static var payments: [String] {
        backend.withState { $0.payments }
    }

    /// Every `finishTransaction(_:)` call, in order, with the state the transaction had.
    public static var finished: [FakeFinishedTransaction] {
        backend.withState { $0.finished }
    }

    /// The observers still registered and alive.
    public static var observerCount: Int {
        backend.observers.count
    }

    /// How many times `remove(_:)` was called for an observer.
    public static var observerRemovalCount: Int {
        backend.withState { $0.observerRemovals }
    }

    // MARK: Products requests

    /// While true, products requests wait for `answerHeldProductRequests()` instead of answering.
    public static var holdsProductRequests: Bool {
        get { backend.withState { $0.holdsProductRequests } }
        set { backend.withState { $0.holdsProductRequests = newValue } }
    }

    /// Held requests the app still keeps alive.
    public static var heldProductRequestCount: Int {
        backend.withState { state in state.held.count { $0.object != nil } }
    }

    /// Answers every held request (or drops it, if the app let it go). Returns how many were held.
    @discardableResult
    public static func answerHeldProductRequests() -> Int {
        backend.answerHeldRequests()
    }

    /// How many products requests were started.
    public static var productRequestCount: Int {
        backend.withState { $0.productRequestCount }
    }

    /// Requests that were released by the app before their answer, and so never answered.
    public static var droppedProductRequestCount: Int {
        backend.withState { $0.droppedProductRequestCount }
    }

    /// Returns once every scheduled callback (observers and request delegates) has run.
    public static func waitUntilIdle() async {
        await backend.waitUntilIdle()
    }

    private static func offered(_ productID: String) -> FakeProduct? {
        StoreBackend.shared.state.withLock { state in state.products.first { $0.id == productID } }
    }
}

/// What a StoreKit 1 payment does. Not part of Apple's StoreKit.
public enum FakePaymentOutcome: Hashable, Sendable {
    case purchased
    /// Fails with `SKError.paymentCancelled`.
    case cancelled
    /// Fails with an `SKError` of this code.
    case failed(SKError.Code)
    /// Waits for approval (`FakePaymentQueue.approveDeferred(productID:)`).
    case deferred
}

/// A `finishTransaction(_:)` call as the fake store saw it. Not part of Apple's StoreKit.
public struct FakeFinishedTransaction: Hashable, Sendable {
    public let productID: String
    public let transactionIdentifier: String?
    /// The state when the app finished it; `.purchasing` and `.deferred` are mistakes.
    public let state: SKPaymentTransactionState
}

/// A promoted purchase as the fake store saw it. Not part of Apple's StoreKit.
public struct FakePromotion: Hashable, Sendable {
    public let productID: String
    /// Whether an observer answered yes, so the payment was added.
    public let added: Bool

    public init(productID: String, added: Bool) {
        self.productID = productID
        self.added = added
    }
}
