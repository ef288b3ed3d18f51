import Foundation

/// The controls of the fake App Store behind the stand-in. Not part of Apple's StoreKit: tests
/// use it to set up what the store offers and how it answers, and to see what the app did.
///
/// The fake store is one shared state behind a lock, safe to use from any task. Because it is
/// shared, tests that use it must not run at the same time as each other: put them in one
/// serialized suite, and call `reset()` at the start of each test.
///
/// ## How purchases behave
/// - A purchase throws `Product.PurchaseError.purchaseNotAllowed` when `canMakePayments` is false,
///   `.productUnavailable` when the product is no longer offered, and `.invalidQuantity` for a
///   quantity outside 1...10 or above 1 for anything but a consumable.
/// - Otherwise the next queued outcome for the product decides (`queuePurchaseOutcome(_:for:)`);
///   with none queued, a purchase with `simulatesAskToBuyInSandbox(true)` is pending and any
///   other purchase succeeds with a verified transaction.
/// - A successful purchase returns its transaction directly (not through `Transaction.updates`).
///   It stays in `Transaction.unfinished` until the app calls `finish()`.
/// - Transaction ids count up from 1 after each reset. Dates come from `now`, a clock that only
///   moves when a test moves it. An auto-renewable subscription's transaction expires one
///   subscription period after its purchase date; buying another product of the same group
///   marks the earlier subscription upgraded.
///
/// ## Entitlements
/// `Transaction.currentEntitlements` holds the latest transaction of each non-consumable and
/// non-renewing product that was not revoked, and of each auto-renewable product whose state is
/// subscribed or in its grace period and that was not upgraded. Consumables never appear.
/// Unverified transactions appear too, as `.unverified`, the way StoreKit hands them to the app
/// to judge.
///
/// ## Updates, and waiting for them
/// `Transaction.updates`, `PurchaseIntent.intents` and `Storefront.updates` are broadcasts:
/// - Each iteration is a listener of its own, registered when the iteration starts (when its
///   iterator is made). Every listener gets every value published after it registered, in order;
///   any number may listen at once.
/// - A listener's iteration ends when its task is cancelled, when the loop is left, or at `reset()`.
/// - While nobody listens, transaction updates and purchase intents are held, and the next
///   listener to register gets all of them first, the way StoreKit hands unfinished transactions
///   to the first `updates` loop of a launch. A listener that ends without taking everything it
///   was given hands the rest back to be held, if no other listener remains. Storefront changes
///   made while nobody listens are dropped.
/// - `waitUntilIdle()` returns once nothing is held for a future listener and every listener has
///   taken all it was given and is waiting for more, which means the body of its `for await` loop
///   has finished with the previous value. If something is held and nobody listens, it waits for
///   a listener to come. `waitForUpdateListeners(count:)` returns once that many `updates` loops
///   are registered; use it before publishing when more than one listener must see a value.
public enum FakeAppStore {
    private static var backend: StoreBackend { StoreBackend.shared }

    /// Forgets everything: products, queued outcomes, transactions, records, scripted errors and
    /// pending purchases, on the StoreKit 1 side (`FakePaymentQueue`) too, whose observers are
    /// dropped. Ends every running `updates`, `intents` and storefront iteration. The
    /// clock goes back to 1 January 2026, 00:00 UTC; payments are allowed; the storefront is the
    /// United States (`USA`, `143441`).
    public static func reset() {
        backend.reset()
    }

    // MARK: Products

    /// The products on offer, in order.
    public static var products: [FakeProduct] {
        get { backend.state.withLock { $0.products } }
        set { backend.state.withLock { $0.products = newValue } }
    }

    /// Adds products to the offer; a product with the id of one already offered replaces it.
    public static func offer(_ products: FakeProduct...) {
        offer(products)
    }

    /// Adds products to the offer; a product with the id of one already offered replaces it.
    public static func offer(_ products: [FakeProduct]) {
        backend.state.withLock { state in
            for product in products {
                if let index = state.products.firstIndex(where: { $0.id == product.id }) {
                    state.products[index] = product
                } else {
                    state.products.append(product)
                }
            }
        }
    }

    /// Takes a product off the offer. Products already fetched stay usable values, but buying
    /// one throws `Product.PurchaseError.productUnavailable`.
    public static func withdraw(productID: String) {
        backend.state.withLock { $0.products.removeAll { $0.id == productID } }
    }

    /// While set, `Product.products(for:)` throws this error, such as
    /// `StoreKitError.networkError(URLError(.notConnectedToInternet))`.
    public static var productsError: (any Error)? {
        get { backend.state.withLock { $0.productsError } }
        set { backend.state.withLock { $0.productsError = newValue } }
    }

    /// How many times `Product.products(for:)` was called, failed calls included.
    public static var productRequestCount: Int {
        backend.state.withLock { $0.productRequestCount }
    }

    // MARK: Purchases

    /// What `AppStore.canMakePayments` answers; while false, purchases throw
    /// `Product.PurchaseError.purchaseNotAllowed`.
    public static var canMakePayments: Bool {
        get { backend.state.withLock { $0.canMakePayments } }
        set { backend.state.withLock { $0.canMakePayments = newValue } }
    }

    /// Queues what the next purchase of a product does. Outcomes are used once each, in order.
    public static func queuePurchaseOutcome(_ outcome: FakePurchaseOutcome, for productID: String) {
        queuePurchaseOutcomes([outcome], for: productID)
    }

    /// Queues what the next purchases of a product do. Outcomes are used once each, in order.
    public static func queuePurchaseOutcomes(_ outcomes: [FakePurchaseOutcome], for productID: String) {
        backend.state.withLock { $0.outcomes[productID, default: []] += outcomes }
    }

    /// Every call of `Product.purchase(options:)`, in order.
    public static var purchaseAttempts: [FakePurchaseAttempt] {
        backend.state.withLock { $0.attempts }
    }

    /// The products of pending purchases not yet approved or declined, in order.
    public static var pendingProductIDs: [String] {
        backend.state.withLock { $0.pending.map(\.productID) }
    }

    /// Approves the oldest pending purchase of a product (Ask to Buy): its transaction, verified
    /// and unfinished, is published to `Transaction.updates`. Returns `nil` when none is pending.
    @discardableResult
    public static func approvePending(productID: String) -> Transaction? {
        let entry = backend.state.withLock { state -> LedgerEntry? in
            guard let index = state.pending.firstIndex(where: { $0.productID == productID }),
                let product = state.products.first(where: { $0.id == productID })
            else { return nil }
            let request = state.pending.remove(at: index)
            let transaction = state.makeTransaction(for: product, request: request, ownership: .purchased)
            return state.record(transaction, verificationError: nil, finished: false)
        }
        return publish(entry)
    }

    /// Declines the oldest pending purchase of a product: it is dropped and nothing is published,
    /// as with StoreKit. Returns whether one was pending.
    @discardableResult
    public static func declinePending(productID: String) -> Bool {
        backend.state.withLock { state in
            guard let index = state.pending.firstIndex(where: { $0.productID == productID }) else { return false }
            state.pending.remove(at: index)
            return true
        }
    }

    /// A purchase made outside the app, such as a redeemed offer code, an interrupted purchase
    /// completed in Settings, or a family member sharing a product. Its transaction (unfinished)
    /// is published to `Transaction.updates`. Returns `nil` when the product is not offered.
    @discardableResult
    public static func purchaseOutsideApp(
        productID: String, verified: Bool = true, ownership: Transaction.OwnershipType = .purchased
    ) -> Transaction? {
        let entry = backend.state.withLock { state -> LedgerEntry? in
            guard let product = state.products.first(where: { $0.id == productID }) else { return nil }
            let transaction = state.makeTransaction(for: product, request: nil, ownership: ownership)
            return state.record(transaction, verificationError: verified ? nil : .invalidSignature, finished: false)
        }
        return publish(entry)
    }

    // MARK: Transactions

    /// The id of the transaction of every `finish()` call, in order; finishing twice shows twice.
    public static var finishedTransactionIDs: [UInt64] {
        backend.state.withLock { $0.finishedIDs }
    }

    /// How many times `finish()` was called on a transaction.
    public static func finishCount(transactionID: UInt64) -> Int {
        backend.state.withLock { $0.finishedIDs.count { $0 == transactionID } }
    }

    /// Refunds or revokes the latest transaction of a product that is not revoked yet: it gets a
    /// revocation date (now) and reason, leaves the current entitlements, and the changed
    /// transaction is published to `Transaction.updates`. Returns `nil` when there is none.
    @discardableResult
    public static func revoke(
        productID: String, reason: Transaction.RevocationReason = .other
    ) -> Transaction? {
        let entry = backend.state.withLock { state -> LedgerEntry? in
            guard let index = state.latestIndex(for: productID, where: { $0.revocationDate == nil }) else {
                return nil
            }
            state.ledger[index].transaction.revocationDate = state.now
            state.ledger[index].transaction.revocationReason = reason
            state.ledger[index].transaction.signedDate = state.now
            return state.ledger[index]
        }
        return publish(entry)
    }

    /// Ends an auto-renewable subscription now: its latest transaction's expiration date moves to
    /// one second before `now`, it leaves the current entitlements, and its status becomes
    /// expired, with the given reason. Nothing is published, as with StoreKit. Returns `nil` when
    /// the product has no subscription transaction that is not revoked.
    @discardableResult
    public static func expire(
        productID: String,
        reason: Product.SubscriptionInfo.RenewalInfo.ExpirationReason = .autoRenewDisabled
    ) -> Transaction? {
        backend.state.withLock { state -> Transaction? in
            guard
                let index = state.latestIndex(
                    for: productID, where: { $0.revocationDate == nil && $0.productType == .autoRenewable })
            else { return nil }
            state.ledger[index].transaction.expirationDate = state.now.addingTimeInterval(-1)
            state.renewalStates[productID] = nil
            state.autoRenewOff.insert(productID)
            state.expirationReasons[state.ledger[index].transaction.id] = reason
            return state.ledger[index].transaction
        }
    }

    /// Renews an auto-renewable subscription: a new transaction with the same original id, dated
    /// now and lasting one more period, is published to `Transaction.updates`. Returns `nil` when
    /// the product is not offered or has never been bought.
    @discardableResult
    public static func renew(productID: String) -> Transaction? {
        let entry = backend.state.withLock { state -> LedgerEntry? in
            guard let product = state.products.first(where: { $0.id == productID }),
                product.type == .autoRenewable,
                let index = state.latestIndex(for: productID)
            else { return nil }
            let previous = state.ledger[index]
            let transaction = state.makeTransaction(
                for: product, request: nil, ownership: previous.transaction.ownershipType,
                renewing: previous.transaction)
            return state.record(transaction, verificationError: nil, finished: false)
        }
        return publish(entry)
    }

    // MARK: Subscriptions

    /// Sets the renewal state of a product's subscription, such as `.inGracePeriod` or
    /// `.inBillingRetryPeriod`, over the state its dates give; `nil` goes back to the dates. A
    /// revoked subscription stays revoked. A new transaction of the product clears the setting.
    public static func setRenewalState(_ state: Product.SubscriptionInfo.RenewalState?, productID: String) {
        backend.state.withLock { $0.renewalStates[productID] = state }
    }

    /// Whether a product's subscription renews at the end of its period (its `RenewalInfo`).
    public static func setWillAutoRenew(_ willAutoRenew: Bool, productID: String) {
        backend.state.withLock { state in
            if willAutoRenew {
                state.autoRenewOff.remove(productID)
            } else {
                state.autoRenewOff.insert(productID)
            }
        }
    }

    /// While set, reading a subscription's `status` throws this error.
    public static var subscriptionStatusError: (any Error)? {
        get { backend.state.withLock { $0.statusError } }
        set { backend.state.withLock { $0.statusError = newValue } }
    }

    // MARK: Restoring

    /// A purchase the customer made on another device. It shows up (finished, not published)
    /// after the next successful `AppStore.sync()`. Returns `false` when the product is not offered.
    @discardableResult
    public static func addPurchaseFromAnotherDevice(productID: String) -> Bool {
        backend.state.withLock { state in
            guard let product = state.products.first(where: { $0.id == productID }) else { return false }
            state.otherDevicePurchases.append(product)
            return true
        }
    }

    /// While set, `AppStore.sync()` throws this error, such as `StoreKitError.userCancelled`.
    public static var syncError: (any Error)? {
        get { backend.state.withLock { $0.syncError } }
        set { backend.state.withLock { $0.syncError = newValue } }
    }

    /// How many times `AppStore.sync()` was called, failed calls included.
    public static var syncCallCount: Int {
        backend.state.withLock { $0.syncCount }
    }

    // MARK: Purchase intents and storefront

    /// The customer starts buying a product outside the app (a promoted In-App Purchase): a
    /// `PurchaseIntent` is published to `PurchaseIntent.intents`. Returns `false` when the product
    /// is not offered.
    @discardableResult
    public static func postPurchaseIntent(productID: String) -> Bool {
        guard let product = backend.state.withLock({ $0.products.first { $0.id == productID } }) else {
            return false
        }
        backend.purchaseIntents.publish(PurchaseIntent(product: product.product))
        return true
    }

    /// Moves the customer to another storefront and publishes it to `Storefront.updates`.
    public static func setStorefront(countryCode: String, id: String) {
        let storefront = Storefront(countryCode: countryCode, id: id)
        backend.state.withLock { $0.storefront = storefront }
        backend.storefrontUpdates.publish(storefront)
    }

    /// Makes the storefront unknown: `Storefront.current` answers `nil`.
    public static func clearStorefront() {
        backend.state.withLock { $0.storefront = nil }
    }

    // MARK: Clock

    /// The fake store's clock, used for every date it makes.
    public static var now: Date {
        get { backend.state.withLock { $0.now } }
        set { backend.state.withLock { $0.now = newValue } }
    }

    /// Moves the clock forward; subscriptions whose expiration date is reached expire.
    public static func advanceClock(by interval: TimeInterval) {
        backend.state.withLock { $0.now.addTimeInterval(interval) }
    }

    // MARK: Waiting

    /// How many `Transaction.updates` iterations are running.
    public static var updateListenerCount: Int {
        backend.transactionUpdates.listenerCount
    }

    /// How many `PurchaseIntent.intents` iterations are running.
    public static var purchaseIntentListenerCount: Int {
        backend.purchaseIntents.listenerCount
    }

    /// Returns once at least `count` `Transaction.updates` iterations are running, or when the
    /// calling task is cancelled.
    public static func waitForUpdateListeners(count: Int = 1) async {
        await backend.transactionUpdates.waitForListeners(count: count)
    }

    /// Returns once at least `count` `PurchaseIntent.intents` iterations are running, or when the
    /// calling task is cancelled.
    public static func waitForPurchaseIntentListeners(count: Int = 1) async {
        await backend.purchaseIntents.waitForListeners(count: count)
    }

    /// Returns once at least `count` `Storefront.updates` iterations are running, or when the
    /// calling task is cancelled. Storefront changes are not held, so wait before making one.
    public static func waitForStorefrontListeners(count: Int = 1) async {
        await backend.storefrontUpdates.waitForListeners(count: count)
    }

    /// Returns once every published update, intent and storefront change has been taken and each
    /// listener is waiting for more (see the type's documentation), or when the calling task is
    /// cancelled.
    public static func waitUntilIdle() async {
        let channels: [@Sendable () async -> Void] = [
            { await backend.transactionUpdates.waitUntilIdle() },
            { await backend.purchaseIntents.waitUntilIdle() },
            { await backend.storefrontUpdates.waitUntilIdle() },
        ]
        repeat {
            for wait in channels {
                await wait()
            }
        } while !Task.isCancelled && !isIdle
    }

    private static var isIdle: Bool {
        backend.transactionUpdates.isIdle && backend.purchaseIntents.isIdle && backend.storefrontUpdates.isIdle
    }

    private static func publish(_ entry: LedgerEntry?) -> Transaction? {
        guard let entry else { return nil }
        backend.transactionUpdates.publish(entry.result)
        return entry.transaction
    }
}
