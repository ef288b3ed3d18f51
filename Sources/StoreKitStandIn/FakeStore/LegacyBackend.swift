import Foundation

/// The StoreKit 1 side of the fake store: the payment queue's transactions and observers, and
/// products requests. Products, `canMakePayments` and the ledger of transactions come from
/// `StoreBackend`, so both APIs sell the same catalogue to one customer: a payment through the
/// queue is a StoreKit 2 transaction too (its `transactionIdentifier` is that transaction's id),
/// and StoreKit 2 transactions (renewals, purchases made outside the app) reach the queue's
/// observers as purchased transactions. Finishing through either API finishes it for both.
///
/// Callbacks go out the way StoreKit sends them: payment queue callbacks on the main queue,
/// products request answers on a background queue. Each is counted while scheduled, so tests can
/// wait for all of them (`FakePaymentQueue.waitUntilIdle()`).
final class LegacyBackend: @unchecked Sendable {
    static let shared = LegacyBackend()

    private let lock = NSLock()
    private var state = LegacyState()

    func withState<Result>(_ body: (inout LegacyState) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    func reset() {
        // Callbacks already scheduled still run out (doing nothing), so waiters wait for them.
        let waiters = withState { state -> [CheckedContinuation<Void, Never>] in
            let old = state
            state = LegacyState()
            state.generation = old.generation + 1
            state.scheduled = old.scheduled
            guard old.scheduled == 0 else {
                state.idleWaiters = old.idleWaiters
                return []
            }
            return old.idleWaiters
        }
        waiters.forEach { $0.resume() }
    }

    /// The app quits and launches again: observers are forgotten and callbacks already
    /// scheduled for them do nothing; transactions waiting in the queue stay for the next one.
    func relaunch() {
        withState { state in
            state.observers.removeAll()
            state.generation += 1
        }
    }

    // MARK: Scheduling

    /// Runs `work` later on `queue`, unless the fake store is reset first.
    func schedule(on queue: DispatchQueue = .main, _ work: @escaping @Sendable () -> Void) {
        let generation = withState { state -> Int in
            state.scheduled += 1
            return state.generation
        }
        queue.async {
            if self.withState({ $0.generation }) == generation {
                work()
            }
            let waiters = self.withState { state -> [CheckedContinuation<Void, Never>] in
                state.scheduled -= 1
                guard state.scheduled == 0 else { return [] }
                defer { state.idleWaiters.removeAll() }
                return state.idleWaiters
            }
            waiters.forEach { $0.resume() }
        }
    }

    func waitUntilIdle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let idle = withState { state -> Bool in
                if state.scheduled == 0 { return true }
                state.idleWaiters.append(continuation)
                return false
            }
            if idle { continuation.resume() }
        }
    }

    // MARK: Products requests

    func start(_ request: SKProductsRequest) {
        let reference = WeakReference(request)
        let held = withState { state -> Bool in
            state.productRequestCount += 1
            state.running.append(reference)
            if state.holdsProductRequests { state.held.append(reference) }
            return state.holdsProductRequests
        }
        if !held { scheduleAnswer(reference) }
    }

    func cancel(_ request: SKProductsRequest) {
        withState { state in
            state.running.removeAll { $0.object === request }
            state.held.removeAll { $0.object === request }
        }
    }

    func answerHeldRequests() -> Int {
        let held = withState { state -> [WeakReference<SKProductsRequest>] in
            defer { state.held.removeAll() }
            return state.held
        }
        held.forEach(scheduleAnswer)
        return held.count
    }

    /// Answers on a background queue. The request is held weakly: one the app let go of is never
    /// answered, as with StoreKit.
    private func scheduleAnswer(_ reference: WeakReference<SKProductsRequest>) {
        schedule(on: .global()) {
            guard let request = reference.object else {
                self.withState { $0.droppedProductRequestCount += 1 }
                return
            }
            let running = self.withState { state -> Bool in
                let index = state.running.firstIndex { $0.object === request }
                if let index { state.running.remove(at: index) }
                return index != nil
            }
            guard running else { return }
            let answer = Result { try StoreBackend.shared.legacyLookup(request.productIdentifiers) }
            switch answer {
            case .success(let (products, invalid)):
                let response = SKProductsResponse(
                    products: products.map(SKProduct.init(fake:)), invalidProductIdentifiers: invalid)
                (request.delegate as? any SKProductsRequestDelegate)?.productsRequest(request, didReceive: response)
                request.delegate?.requestDidFinish(request)
            case .failure(let error):
                request.delegate?.request(request, didFailWithError: error)
            }
        }
    }

    // MARK: Observers

    /// Adds an observer. Like StoreKit, the queue then tells it of every transaction still
    /// waiting to be finished, such as a purchase an earlier launch never finished.
    func addObserver(_ observer: any SKPaymentTransactionObserver) {
        let waiting = withState { state -> [SKPaymentTransaction] in
            state.observers.removeAll { $0.object == nil || $0.object === observer }
            state.observers.append(WeakObserver(observer))
            return state.unfinished.filter { $0.transactionState != .purchasing }
        }
        guard !waiting.isEmpty else { return }
        let box = Unchecked((WeakObserver(observer), waiting))
        schedule {
            let (reference, transactions) = box.value
            reference.object?.paymentQueue(SKPaymentQueue.default(), updatedTransactions: transactions)
        }
    }

    func removeObserver(_ observer: any SKPaymentTransactionObserver) {
        withState { state in
            state.observers.removeAll { $0.object == nil || $0.object === observer }
            state.observerRemovals += 1
        }
    }

    var observers: [any SKPaymentTransactionObserver] {
        withState { state in state.observers.compactMap(\.object) }
    }

    var unfinishedTransactions: [SKPaymentTransaction] {
        withState { $0.unfinished }
    }

    /// Tells every observer about transactions whose state changed.
    func deliver(_ transactions: [SKPaymentTransaction], queue: SKPaymentQueue) {
        for observer in observers {
            observer.paymentQueue(queue, updatedTransactions: transactions)
        }
    }

    // MARK: Payments

    func add(_ payment: SKPayment, queue: SKPaymentQueue) {
        let transaction = SKPaymentTransaction(payment: payment, state: .purchasing)
        let box = Unchecked((transaction, queue))
        withState { state in
            state.unfinished.append(transaction)
            state.payments.append(payment.productIdentifier)
        }
        schedule {
            let (transaction, queue) = box.value
            self.deliver([transaction], queue: queue)
        }
        schedule {
            let (transaction, queue) = box.value
            self.settle(transaction)
            self.deliver([transaction], queue: queue)
        }
    }

    /// Decides what a purchasing transaction becomes.
    private func settle(_ transaction: SKPaymentTransaction) {
        let productID = transaction.payment.productIdentifier
        let (paymentsAllowed, offered) = StoreBackend.shared.state.withLock { state in
            (state.canMakePayments, state.products.first { $0.id == productID })
        }
        let outcome = withState { state -> FakePaymentOutcome? in
            guard paymentsAllowed else {
                state.fail(transaction, .paymentNotAllowed)
                return nil
            }
            guard offered != nil else {
                state.fail(transaction, .storeProductNotAvailable)
                return nil
            }
            let outcome: FakePaymentOutcome
            if var queued = state.outcomes[productID], !queued.isEmpty {
                outcome = queued.removeFirst()
                state.outcomes[productID] = queued
            } else {
                outcome = transaction.payment.simulatesAskToBuyInSandbox ? .deferred : .purchased
            }
            switch outcome {
            case .purchased:
                return .purchased
            case .cancelled:
                state.fail(transaction, .paymentCancelled)
            case .failed(let code):
                state.fail(transaction, code)
            case .deferred:
                transaction.storedState = .deferred
            }
            return nil
        }
        if outcome == .purchased, let offered {
            complete(transaction, product: offered)
        }
    }

    /// Books a paid payment in the shared ledger (unfinished) and moves its transaction to
    /// purchased; StoreKit 2's listeners hear of it too, while any run.
    private func complete(_ transaction: SKPaymentTransaction, product: FakeProduct) {
        let entry = StoreBackend.shared.bookPaymentQueuePurchase(
            of: product, quantity: transaction.payment.quantity,
            applicationUsername: transaction.payment.applicationUsername)
        withState { state in
            state.complete(transaction, ledger: entry.transaction, product: product)
        }
        StoreBackend.shared.transactionUpdates.publishIfHeard(entry.result)
    }

    func approveDeferred(productID: String) -> Bool {
        let found = withState { state -> SKPaymentTransaction? in
            state.unfinished.first {
                $0.transactionState == .deferred && $0.payment.productIdentifier == productID
            }
        }
        guard let found else { return false }
        let box = Unchecked(found)
        schedule {
            let transaction = box.value
            let product = StoreBackend.shared.state.withLock { state in
                state.products.first { $0.id == productID }
            }
            if let product {
                self.complete(transaction, product: product)
            } else {
                self.withState { state in state.fail(transaction, .storeProductNotAvailable) }
            }
            self.deliver([transaction], queue: SKPaymentQueue.default())
        }
        return true
    }

    func redeliver(transactionIdentifier: String) -> Bool {
        let found = withState { state in
            state.unfinished.first { $0.transactionIdentifier == transactionIdentifier }
        }
        guard let found else { return false }
        let box = Unchecked(found)
        schedule { self.deliver([box.value], queue: SKPaymentQueue.default()) }
        return true
    }

    /// StoreKit 2 transactions made outside the queue (renewals, purchases outside the app,
    /// purchases through `Product.purchase`) reach the queue as purchased transactions, waiting
    /// to be finished.
    func mirror(_ transactions: [Transaction]) {
        guard !transactions.isEmpty else { return }
        let mirrored = withState { state in
            transactions.map { state.mirror($0) }
        }
        let box = Unchecked(mirrored)
        schedule { self.deliver(box.value, queue: SKPaymentQueue.default()) }
    }

    /// A StoreKit 2 `finish()` takes the transaction out of the queue too.
    func finishedElsewhere(transactionIdentifier: String) {
        withState { state in
            state.unfinished.removeAll { $0.transactionIdentifier == transactionIdentifier }
        }
    }

    func finish(_ transaction: SKPaymentTransaction) {
        withState { state in
            state.finished.append(
                FakeFinishedTransaction(
                    productID: transaction.payment.productIdentifier,
                    transactionIdentifier: transaction.transactionIdentifier, state: transaction.transactionState))
            if transaction.transactionState != .purchasing, !StoreBackend.shared.finishesAreLost {
                state.unfinished.removeAll { $0 === transaction }
            }
        }
        if transaction.transactionState == .purchased, let identifier = transaction.transactionIdentifier,
            let id = UInt64(identifier)
        {
            StoreBackend.shared.finishedThroughPaymentQueue(id)
        }
    }

    // MARK: Restoring, promoting, revoking

    func restore(queue: SKPaymentQueue) {
        let box = Unchecked(queue)
        withState { $0.restoreCount += 1 }
        schedule {
            let queue = box.value
            let now = StoreBackend.shared.state.withLock { $0.now }
            let outcome = self.withState { state -> Result<[SKPaymentTransaction], any Error> in
                if let error = state.restoreError { return .failure(error) }
                let restored = state.restorable.map { original in
                    state.makeRestored(original, at: now)
                }
                state.unfinished += restored
                return .success(restored)
            }
            switch outcome {
            case .success(let restored):
                if !restored.isEmpty { self.deliver(restored, queue: queue) }
                for observer in self.observers {
                    observer.paymentQueueRestoreCompletedTransactionsFinished(queue)
                }
            case .failure(let error):
                for observer in self.observers {
                    observer.paymentQueue(queue, restoreCompletedTransactionsFailedWithError: error)
                }
            }
        }
    }

    func promote(_ product: FakeProduct) {
        schedule {
            let queue = SKPaymentQueue.default()
            let storeProduct = SKProduct(fake: product)
            let payment = SKPayment(product: storeProduct)
            var added = false
            for observer in self.observers where !added {
                added = observer.paymentQueue(queue, shouldAddStorePayment: payment, for: storeProduct)
            }
            self.withState { $0.promotions.append(FakePromotion(productID: product.id, added: added)) }
            if added { queue.add(payment) }
        }
    }

    func revoke(_ productIDs: [String]) {
        StoreBackend.shared.revokeForPaymentQueue(productIDs)
        schedule {
            for observer in self.observers {
                observer.paymentQueue(
                    SKPaymentQueue.default(), didRevokeEntitlementsForProductIdentifiers: productIDs)
            }
        }
    }
}

extension StoreBackend {
    /// The offered products among `identifiers`, and the identifiers not offered, sorted.
    func legacyLookup(_ identifiers: Set<String>) throws -> ([FakeProduct], [String]) {
        try state.withLock { state in
            if let error = state.productsError { throw error }
            let found = state.products.filter { identifiers.contains($0.id) }
            let offered = Set(found.map(\.id))
            return (found, identifiers.filter { !offered.contains($0) }.sorted())
        }
    }
}

struct LegacyState {
    var generation = 0
    var scheduled = 0
    var idleWaiters: [CheckedContinuation<Void, Never>] = []
    var observers: [WeakObserver] = []
    var unfinished: [SKPaymentTransaction] = []
    var finished: [FakeFinishedTransaction] = []
    var payments: [String] = []
    var outcomes: [String: [FakePaymentOutcome]] = [:]
    var lastTransactionNumber = 0
    /// Completed purchases of products that a restore brings back.
    var restorable: [SKPaymentTransaction] = []
    var restoreError: (any Error)?
    var restoreCount = 0
    var promotions: [FakePromotion] = []
    var observerRemovals = 0
    var holdsProductRequests = false
    var running: [WeakReference<SKProductsRequest>] = []
    var held: [WeakReference<SKProductsRequest>] = []
    var productRequestCount = 0
    var droppedProductRequestCount = 0

    /// Identifiers for restored transactions, which StoreKit 2 does not see as transactions of
    /// their own; they count from 2,000,000,001, far from the ledger's ids.
    mutating func nextIdentifier() -> String {
        lastTransactionNumber += 1
        return String(2_000_000_000 + lastTransactionNumber)
    }

    /// A purchasing transaction becomes purchased as the ledger's `ledger` transaction.
    mutating func complete(_ transaction: SKPaymentTransaction, ledger: Transaction, product: FakeProduct) {
        transaction.storedState = .purchased
        transaction.storedIdentifier = String(ledger.id)
        transaction.storedDate = ledger.purchaseDate
        if product.type != .consumable { restorable.append(transaction) }
    }

    /// The queue's view of a ledger transaction made elsewhere.
    mutating func mirror(_ ledger: Transaction) -> SKPaymentTransaction {
        let payment = SKMutablePayment()
        payment.productIdentifier = ledger.productID
        payment.quantity = ledger.purchasedQuantity
        let transaction = SKPaymentTransaction(
            payment: payment, state: .purchased, identifier: String(ledger.id), date: ledger.purchaseDate)
        unfinished.append(transaction)
        if ledger.productType != .consumable { restorable.append(transaction) }
        return transaction
    }

    func fail(_ transaction: SKPaymentTransaction, _ code: SKError.Code) {
        transaction.storedState = .failed
        transaction.storedError = SKError(code)
    }

    mutating func makeRestored(_ original: SKPaymentTransaction, at now: Date) -> SKPaymentTransaction {
        SKPaymentTransaction(
            payment: original.payment, state: .restored, identifier: nextIdentifier(), date: now, original: original)
    }

    /// A purchase an earlier launch completed but never finished: it waits in the queue.
    mutating func addUnfinished(_ product: FakeProduct, ledger: Transaction) {
        let payment = SKMutablePayment()
        payment.productIdentifier = product.id
        let transaction = SKPaymentTransaction(payment: payment, state: .purchasing)
        complete(transaction, ledger: ledger, product: product)
        unfinished.append(transaction)
        payments.append(product.id)
    }

    /// A purchase made before this launch or on another device, ready to be restored.
    mutating func addRestorable(_ product: FakeProduct, ledger: Transaction) {
        let payment = SKMutablePayment()
        payment.productIdentifier = product.id
        let original = SKPaymentTransaction(
            payment: payment, state: .purchased, identifier: String(ledger.id), date: ledger.purchaseDate)
        restorable.append(original)
    }
}

/// A reference that does not keep its object alive.
final class WeakReference<Object: AnyObject>: @unchecked Sendable {
    weak var object: Object?

    init(_ object: Object) {
        self.object = object
    }
}

/// An observer of the payment queue, held weakly.
struct WeakObserver {
    weak var object: (any SKPaymentTransactionObserver)?

    init(_ object: any SKPaymentTransactionObserver) {
        self.object = object
    }
}

/// Carries values StoreKit 1 passes between threads; its objects are used by one thread at a
/// time, the way StoreKit hands them over.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
