import Foundation

/// A request to buy a product, put on the payment queue (StoreKit 1).
open class SKPayment: NSObject {
    var storedProductIdentifier: String
    var storedQuantity: Int
    var storedApplicationUsername: String?
    var storedSimulatesAskToBuy: Bool

    public override init() {
        storedProductIdentifier = ""
        storedQuantity = 1
        storedSimulatesAskToBuy = false
        super.init()
    }

    /// A payment for one unit of the product.
    public convenience init(product: SKProduct) {
        self.init()
        storedProductIdentifier = product.productIdentifier
    }

    open var productIdentifier: String { storedProductIdentifier }
    open var quantity: Int { storedQuantity }
    /// An opaque identifier of the customer's account in the app.
    open var applicationUsername: String? { storedApplicationUsername }
    /// Makes the sandbox ask for a parent's approval; the fake store then defers the payment
    /// when no outcome is queued for the product.
    open var simulatesAskToBuyInSandbox: Bool { storedSimulatesAskToBuy }
}

/// A payment whose details can be changed before it is added to the queue.
open class SKMutablePayment: SKPayment {
    open override var productIdentifier: String {
        get { storedProductIdentifier }
        set { storedProductIdentifier = newValue }
    }

    open override var quantity: Int {
        get { storedQuantity }
        set { storedQuantity = newValue }
    }

    open override var applicationUsername: String? {
        get { storedApplicationUsername }
        set { storedApplicationUsername = newValue }
    }

    open override var simulatesAskToBuyInSandbox: Bool {
        get { storedSimulatesAskToBuy }
        set { storedSimulatesAskToBuy = newValue }
    }
}

/// Where a payment stands.
public enum SKPaymentTransactionState: Int, Sendable {
    /// Being processed: do not finish it yet.
    case purchasing = 0
    /// Paid: deliver the content, then finish.
    case purchased = 1
    /// Not paid; `error` says why. Finish it.
    case failed = 2
    /// Found again by a restore: deliver the content, then finish.
    case restored = 3
    /// Waiting for approval (Ask to Buy): do not finish it; it changes state later.
    case deferred = 4
}

/// A payment in the queue and what became of it.
open class SKPaymentTransaction: NSObject {
    let storedPayment: SKPayment
    var storedState: SKPaymentTransactionState
    var storedIdentifier: String?
    var storedDate: Date?
    var storedOriginal: SKPaymentTransaction?
    var storedError: (any Error)?

    init(
        payment: SKPayment, state: SKPaymentTransactionState, identifier: String? = nil, date: Date? = nil,
        original: SKPaymentTransaction? = nil
    ) {
        storedPayment = payment
        storedState = state
        storedIdentifier = identifier
        storedDate = date
        storedOriginal = original
        super.init()
    }

    open var payment: SKPayment { storedPayment }
    open var transactionState: SKPaymentTransactionState { storedState }
    /// Set once the transaction is purchased or restored.
    open var transactionIdentifier: String? { storedIdentifier }
    open var transactionDate: Date? { storedDate }
    /// For a restored transaction, the purchase it restores.
    open var original: SKPaymentTransaction? { storedOriginal }
    /// Why a failed transaction failed.
    open var error: (any Error)? { storedError }
}
