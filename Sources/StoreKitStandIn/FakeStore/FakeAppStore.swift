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
///   subscription period after its purchase date.
/// - Within a subscription group, buying a product of the same or a higher service level
///   (a lower `groupLevel`) replaces the current subscription at once: the earlier transaction
///   is marked upgraded and published again. Buying a lower level is a downgrade: nothing is
///   bought now, the purchase answers with the current transaction, and the subscription renews
///   into the lower level. Buying the product the customer is subscribed to answers with its
///   current transaction.
/// - Buying a non-consumable the customer owns answers with the purchase they have; no new
///   transaction is made. (The payment queue does the same.)
/// - With `purchasesAlsoThroughUpdates`, a successful purchase is also published to
///   `Transaction.updates`, as real devices sometimes do: the app sees it twice.
///
/// ## Time
/// `advanceClock(by:)` moves the clock the way time passes for the App Store: every
/// subscription that reaches the end of its period renews, dated at that end and published as
/// a new transaction (with `Transaction.Reason.renewal` and the original id), unless the
/// customer turned auto-renew off (`setWillAutoRenew`) or its payment fails
/// (`failRenewals(productID:)`), in which case it enters the grace period (`gracePeriod`), then
/// billing retry, then expires, publishing nothing. `sleep(until:)` lets a test's clock wait
/// for the fake store's.
///
/// ## Launches
/// `relaunchApp()` is the app quitting and starting again: listeners end, and the unfinished
/// transactions wait for the first `updates` loop of the new launch, which gets each of them.
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

    /// The customer resolves the oldest interrupted purchase of a product (agrees to the terms,
    /// fixes the payment method): its transaction, verified and unfinished, is published to
    /// `Transaction.updates`. Returns `nil` when none was interrupted.
    @discardableResult
    public static func resolveInterruptedPurchase(productID: String) -> Transaction? {
        let entry = backend.state.withLock { state -> LedgerEntry? in
            guard let index = state.interrupted.firstIndex(where: { $0.productID == productID }),
                let product = state.products.first(where: { $0.id == productID })
            else { return nil }
            let request = state.interrupted.remove(at: index)
            let transaction = state.makeTransaction(for: product, request: request, ownership: .purchased)
            return state.record(transaction, verificationError: nil, finished: false)
        }
        return publish(entry)
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
        backend.publishStatusChanges()
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
        backend.publishStatusChanges()
    }

    /// While set, reading a subscription's `status` throws this error.
    public static var subscriptionStatusError: (any Error)? {
        get { backend.state.withLock { $0.statusError } }
        set { backend.state.withLock { $0.statusError = newValue } }
    }

    // MARK: Restoring

    /// A purchase the customer makes on another device, dated now. It shows up (finished, not
    /// published) after the next successful `AppStore.sync()`, with that date. Returns `false` when the product is not offered.
    @discardableResult
    public static func addPurchaseFromAnotherDevice(productID: String) -> Bool {
        backend.state.withLock { state in
            guard let product = state.products.first(where: { $0.id == productID }) else { return false }
            state.otherDevicePurchases.append((product, state.now))
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

    /// The customer starts buying a product outside the app (a promoted In-App Purchase, or a
    /// win-back offer redeemed on the App Store): a `PurchaseIntent` is published to
    /// `PurchaseIntent.intents`, carrying the product's win-back offer `winBackOfferID` when one
    /// is given. Returns `false` when the product (or the offer) is not offered.
    @discardableResult
    public static func postPurchaseIntent(productID: String, winBackOfferID: String? = nil) -> Bool {
        guard let product = backend.state.withLock({ $0.products.first { $0.id == productID } }) else {
            return false
        }
        var offer: Product.SubscriptionOffer?
        if let winBackOfferID {
            guard let found = product.subscription?.winBackOffers.first(where: { $0.id == winBackOfferID }) else {
                return false
            }
            offer = found.subscriptionOffer(type: .winBack)
        }
        backend.purchaseIntents.publish(PurchaseIntent(product: product.product, offer: offer))
        return true
    }

    // MARK: Offers

    /// The signature of a promotional offer the fake store accepts, standing in for the one the
    /// app's server makes with its In-App Purchase key from the same fields.
    public static func promotionalOfferSignature(
        productID: String, offerID: String, keyID: String, nonce: UUID, timestamp: Int, applicationUsername: String = ""
    ) -> Data {
        let fields = [productID, offerID, keyID, applicationUsername, nonce.uuidString.lowercased(), String(timestamp)]
        return Data(("signed by the fake key:" + fields.joined(separator: "\u{2063}")).utf8)
    }

    /// The compact JWS of a promotional offer the fake store accepts, standing in for the one the
    /// app's server signs with its In-App Purchase key: three base64url parts, the middle one
    /// naming the product, the offer and the account token (lower-cased, or empty).
    public static func promotionalOfferJWS(productID: String, offerID: String, appAccountToken: String = "") -> String {
        let payload = [productID, offerID, appAccountToken].joined(separator: "\u{2063}")
        return ["{\"alg\":\"ES256\"}", payload, "signed by the fake key"].map { Data($0.utf8).base64URLEncoded }
            .joined(separator: ".")
    }

    /// The customer redeems an offer code for a product outside the app (or in the sheet the
    /// app presents): its transaction, with `offerType` `.code`, is published to
    /// `Transaction.updates`. Returns `nil` when the product is not offered.
    @discardableResult
    public static func redeemOfferCode(productID: String, offerID: String) -> Transaction? {
        let entry = backend.state.withLock { state -> LedgerEntry? in
            guard let product = state.products.first(where: { $0.id == productID }) else { return nil }
            var transaction = state.makeTransaction(for: product, request: nil, ownership: .purchased)
            transaction.offerType = .code
            transaction.offerID = offerID
            let upgraded = state.activeSubscription(inGroupOf: product).map { [$0] } ?? []
            return state.record(transaction, verificationError: nil, finished: false, replacing: upgraded)
        }
        return publish(entry)
    }

    // MARK: Sheets the app presents

    /// The transactions the customer asked to refund through the refund request sheet. The
    /// refund itself is `revoke(productID:reason:)`, as the App Store decides later.
    public static var refundRequests: [UInt64] {
        backend.state.withLock { $0.refundRequests }
    }

    /// What the next refund request sheets answer: `.success` (submitted, the default) or
    /// `.userCancelled`.
    public static var refundRequestAnswer: Transaction.RefundRequestStatus {
        get { backend.state.withLock { $0.refundRequestAnswer } }
        set { backend.state.withLock { $0.refundRequestAnswer = newValue } }
    }

    /// Every manage-subscriptions sheet shown, by the subscription group it was shown for (nil
    /// for all of the customer's subscriptions).
    public static var manageSubscriptionsPresentations: [String?] {
        backend.state.withLock { $0.manageSubscriptionsPresentations }
    }

    /// The offer code the customer enters in the next offer-code sheet, as the product and
    /// offer it redeems; nil dismisses the sheet without a code.
    public static func enterOfferCode(productID: String, offerID: String) {
        backend.state.withLock { $0.offerCodeToEnter = (productID, offerID) }
    }

    /// How many offer-code sheets were shown.
    public static var offerCodeSheetCount: Int {
        backend.state.withLock { $0.offerCodeSheetCount }
    }

    // MARK: The app's own purchase

    /// What `AppTransaction.shared` answers: the version the customer first bought or
    /// downloaded, and when. Nil makes it throw `StoreKitError.unknown`.
    public static var appTransaction: FakeAppTransaction? {
        get { backend.state.withLock { $0.appTransaction } }
        set { backend.state.withLock { $0.appTransaction = newValue } }
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

    /// The fake store's clock, used for every date it makes. Setting it jumps without renewing
    /// anything; `advanceClock(by:)` lets time pass.
    public static var now: Date {
        get { backend.state.withLock { $0.now } }
        set { backend.advanceClockWithoutRenewals(to: newValue) }
    }

    /// Lets time pass: subscriptions renew at the end of each period on the way (or expire, or
    /// enter their grace period or billing retry; see the type's documentation), and sleepers
    /// whose date is reached wake.
    public static func advanceClock(by interval: TimeInterval) {
        backend.advanceClock(to: now.addingTimeInterval(interval))
    }

    /// Returns once the fake store's clock reaches `date`. Throws `CancellationError` when the
    /// calling task is cancelled, and at `reset()` or `relaunchApp()`, the way a launch's timers
    /// end with it. Tests give the store under test a clock built on this.
    public static func sleep(until date: Date) async throws {
        try await backend.sleep(until: date)
    }

    /// How many tasks are waiting in `sleep(until:)`.
    public static var sleeperCount: Int {
        backend.state.withLock { $0.sleepers.count }
    }

    // MARK: Launches and redelivery

    /// The app quits and launches again. Every running `updates`, `intents` and storefront
    /// iteration ends, sleepers are cancelled, and each unfinished transaction is held for the
    /// first `Transaction.updates` loop of the new launch, as StoreKit delivers them once at
    /// launch. On the StoreKit 1 side the observers are forgotten; the next observer hears of
    /// every transaction still waiting in the queue. The ledger, the clock, products and queued
    /// outcomes stay.
    public static func relaunchApp() {
        backend.relaunch()
    }

    /// While true, every successful purchase is published to `Transaction.updates` as well as
    /// returned by `purchase(options:)`, so the app sees one transaction twice, as it can on a
    /// device.
    public static var purchasesAlsoThroughUpdates: Bool {
        get { backend.state.withLock { $0.purchasesAlsoThroughUpdates } }
        set { backend.state.withLock { $0.purchasesAlsoThroughUpdates = newValue } }
    }

    /// While true, `finish()` and `finishTransaction(_:)` are recorded but do not take effect,
    /// as when the app is killed before StoreKit hears them: the transactions stay unfinished,
    /// and a relaunch delivers them again.
    public static var finishesAreLost: Bool {
        get { backend.finishesAreLost }
        set { backend.state.withLock { $0.finishesAreLost = newValue } }
    }

    /// Publishes a transaction to `Transaction.updates` once more, as StoreKit may. Returns
    /// `nil` when there is no transaction with that id.
    @discardableResult
    public static func redeliver(transactionID: UInt64) -> Transaction? {
        let entry = backend.state.withLock { state in state.ledger.first { $0.transaction.id == transactionID } }
        guard let entry else { return nil }
        backend.publish([entry], toPaymentQueue: false)
        return entry.transaction
    }

    /// The ids of the transactions not finished yet, in booking order.
    public static var unfinishedTransactionIDs: [UInt64] {
        backend.state.withLock { $0.unfinishedIDs }
    }

    // MARK: Billing

    /// The billing grace period the app turned on in App Store Connect (3, 16 or 28 days), or
    /// `nil` for none. During it a subscriber whose renewal payment failed stays entitled.
    public static var gracePeriod: TimeInterval? {
        get { backend.state.withLock { $0.gracePeriod } }
        set { backend.state.withLock { $0.gracePeriod = newValue } }
    }

    /// The customer's payment method fails from now on: at the end of its period the
    /// subscription does not renew but enters its grace period, then billing retry (60 days),
    /// then expires. Nothing is published meanwhile.
    public static func failRenewals(productID: String) {
        backend.state.withLock { _ = $0.failingRenewals.insert(productID) }
    }

    /// The customer fixes the payment method: a subscription in its grace period or in billing
    /// retry renews now and the renewal is published (after a grace period the dates carry on
    /// from the missed renewal; after billing retry the new period starts now). Returns the
    /// renewal, or `nil` when none was due.
    @discardableResult
    public static func fixBilling(productID: String) -> Transaction? {
        let entry = backend.state.withLock { state -> LedgerEntry? in
            state.failingRenewals.remove(productID)
            guard let index = state.latestIndex(for: productID, where: { $0.revocationDate == nil }),
                let product = state.products.first(where: { $0.id == productID }),
                let end = state.ledger[index].transaction.expirationDate, end <= state.now
            else { return nil }
            let previous = state.ledger[index].transaction
            let period = product.subscription?.period ?? .monthly
            let inGrace = state.gracePeriod.map { state.now < end.addingTimeInterval($0) } ?? false
            let expiration = inGrace ? period.advance(end) : period.advance(state.now)
            let renewal = state.makeTransaction(
                for: product, request: nil, ownership: previous.ownershipType, renewing: previous, at: state.now,
                expiring: expiration)
            return state.record(renewal, verificationError: nil, finished: false)
        }
        guard let entry else { return nil }
        backend.publish([entry])
        return entry.transaction
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

    /// Returns once at least `count` `Product.SubscriptionInfo.Status.updates` iterations are
    /// running, or when the calling task is cancelled. Status changes are not held either.
    public static func waitForStatusListeners(count: Int = 1) async {
        await backend.statusUpdates.waitForListeners(count: count)
    }

    /// How many `Product.SubscriptionInfo.Status.updates` iterations are running.
    public static var statusListenerCount: Int {
        backend.statusUpdates.listenerCount
    }

    /// Returns once every published update, intent, storefront and status change has been taken and each
    /// listener is waiting for more (see the type's documentation), or when the calling task is
    /// cancelled.
    public static func waitUntilIdle() async {
        let channels: [@Sendable () async -> Void] = [
            { await backend.transactionUpdates.waitUntilIdle() },
            { await backend.purchaseIntents.waitUntilIdle() },
            { await backend.storefrontUpdates.waitUntilIdle() },
            { await backend.statusUpdates.waitUntilIdle() },
        ]
        repeat {
            for wait in channels {
                await wait()
            }
        } while !Task.isCancelled && !isIdle
    }

    private static var isIdle: Bool {
        backend.transactionUpdates.isIdle && backend.purchaseIntents.isIdle && backend.storefrontUpdates.isIdle
            && backend.statusUpdates.isIdle
    }

    private static func publish(_ entry: LedgerEntry?) -> Transaction? {
        guard let entry else { return nil }
        backend.publish([entry])
        return entry.transaction
    }
}
