import Foundation
import Synchronization

/// The fake store behind the stand-in: one shared state under a lock, and the channels for the
/// endless sequences. `FakeAppStore` is its public face for tests; the Apple-shaped types call in
/// here.
final class StoreBackend: Sendable {
    static let shared = StoreBackend()

    let state = Mutex(StoreState())
    let transactionUpdates = Broadcast<VerificationResult<Transaction>>(holdsWhileUnheard: true)
    let purchaseIntents = Broadcast<PurchaseIntent>(holdsWhileUnheard: true)
    let storefrontUpdates = Broadcast<Storefront>(holdsWhileUnheard: false)
    let statusUpdates = Broadcast<Product.SubscriptionInfo.Status>(holdsWhileUnheard: false)

    func reset() {
        let sleepers = state.withLock { state -> [StoreState.Sleeper] in
            let sleepers = state.sleepers
            state = StoreState()
            return sleepers
        }
        sleepers.forEach { $0.continuation.resume(throwing: CancellationError()) }
        transactionUpdates.reset()
        purchaseIntents.reset()
        storefrontUpdates.reset()
        statusUpdates.reset()
        LegacyBackend.shared.reset()
    }

    /// The app quits and starts again: its listeners end, its sleeping timers are woken with a
    /// cancellation, and every unfinished transaction waits for the first `updates` loop of the
    /// new launch.
    func relaunch() {
        let (sleepers, unfinished) = state.withLock { state -> ([StoreState.Sleeper], [LedgerEntry]) in
            let sleepers = state.sleepers
            state.sleepers.removeAll()
            let unfinished = state.ledger.filter { state.unfinishedIDs.contains($0.transaction.id) }
            return (sleepers, unfinished)
        }
        sleepers.forEach { $0.continuation.resume(throwing: CancellationError()) }
        transactionUpdates.reset()
        transactionUpdates.hold(unfinished.map(\.result))
        purchaseIntents.reset()
        storefrontUpdates.reset()
        statusUpdates.reset()
        LegacyBackend.shared.relaunch()
    }

    /// Publishes changed and new transactions: to `Transaction.updates`, and the new ones as
    /// StoreKit 1 transactions to the payment queue's observers.
    func publish(_ entries: [LedgerEntry], toPaymentQueue: Bool = true) {
        for entry in entries {
            transactionUpdates.publish(entry.result)
        }
        if toPaymentQueue {
            mirror(entries)
        }
        publishStatusChanges()
    }

    /// Publishes to `Product.SubscriptionInfo.Status.updates` the status of each subscription
    /// group that changed since the last one published, as StoreKit does for changes that bring
    /// no transaction too (auto-renew turned off, a grace period that begins or ends).
    func publishStatusChanges() {
        let changed = state.withLock { state -> [Product.SubscriptionInfo.Status] in
            var changed: [Product.SubscriptionInfo.Status] = []
            let groups = Set(state.ledger.compactMap(\.transaction.subscriptionGroupID))
            for group in groups.sorted() {
                guard let latest = state.latestSubscriptionEntry(groupID: group) else { continue }
                // The moment of signing changes every time; it is not a change of status.
                let unsigned = state.status(of: latest, signedAt: .distantPast)
                guard state.publishedStatuses[group] != unsigned else { continue }
                state.publishedStatuses[group] = unsigned
                changed.append(state.status(of: latest))
            }
            return changed
        }
        changed.forEach { statusUpdates.publish($0) }
    }

    /// New transactions reach the payment queue too; changes to old ones do not.
    func mirror(_ entries: [LedgerEntry]) {
        let fresh = entries.filter { $0.transaction.revocationDate == nil && !$0.transaction.isUpgraded }
        LegacyBackend.shared.mirror(fresh.map(\.transaction))
    }

    // MARK: Products and purchases

    func products(for identifiers: [String]) throws -> [Product] {
        try state.withLock { state in
            state.productRequestCount += 1
            if let error = state.productsError {
                throw error
            }
            var seen: Set<String> = []
            return identifiers.compactMap { id in
                guard seen.insert(id).inserted else { return nil }
                return state.products.first { $0.id == id }?.product
            }
        }
    }

    func purchase(
        _ product: Product, options: Set<Product.PurchaseOption>, confirmedInScene: Bool = false
    ) throws -> Product.PurchaseResult {
        var request = PurchaseRequest(productID: product.id, options: options)
        request.confirmedInScene = confirmedInScene
        let (result, published, booked) = try state.withLock { state in
            do {
                return try state.purchase(request)
            } catch {
                state.attempts.append(request.attempt(.failed(String(describing: error))))
                throw error
            }
        }
        publish(published, toPaymentQueue: false)
        if let booked {
            mirror([booked])
        }
        return result
    }

    func finish(_ transaction: Transaction) {
        let lost = state.withLock { state -> Bool in
            state.finishedIDs.append(transaction.id)
            guard !state.finishesAreLost else { return true }
            state.unfinishedIDs.removeAll { $0 == transaction.id }
            return false
        }
        if !lost {
            LegacyBackend.shared.finishedElsewhere(transactionIdentifier: String(transaction.id))
        }
    }

    var canMakePayments: Bool {
        state.withLock { $0.canMakePayments }
    }

    var finishesAreLost: Bool {
        state.withLock { $0.finishesAreLost }
    }

    var storefront: Storefront? {
        state.withLock { $0.storefront }
    }

    func sync() throws {
        try state.withLock { state in
            state.syncCount += 1
            if let error = state.syncError {
                throw error
            }
            for (product, date) in state.otherDevicePurchases {
                let transaction = state.makeTransaction(for: product, request: nil, ownership: .purchased, at: date)
                state.record(transaction, verificationError: nil, finished: true)
            }
            state.otherDevicePurchases.removeAll()
        }
    }

    // MARK: The payment queue's share of the ledger

    /// A payment the queue completed, booked unfinished; a non-consumable the customer owns is
    /// answered with the purchase they have.
    func bookPaymentQueuePurchase(
        of product: FakeProduct, quantity: Int, applicationUsername: String? = nil
    ) -> LedgerEntry {
        state.withLock { state in
            if let owned = state.ownedNonConsumable(product) { return owned }
            var request = PurchaseRequest(productID: product.id, options: [])
            request.quantity = quantity
            // An `applicationUsername` that is a UUID becomes the transaction's account token.
            request.appAccountToken = applicationUsername.flatMap(UUID.init(uuidString:))
            let upgraded = state.activeSubscription(inGroupOf: product).map { [$0] } ?? []
            let transaction = state.makeTransaction(for: product, request: request, ownership: .purchased)
            return state.record(transaction, verificationError: nil, finished: false, replacing: upgraded)
        }
    }

    /// A purchase made before this launch or on another device: booked, finished or not.
    func bookEarlierPurchase(of product: FakeProduct, finished: Bool) -> LedgerEntry {
        state.withLock { state in
            let transaction = state.makeTransaction(for: product, request: nil, ownership: .purchased)
            return state.record(transaction, verificationError: nil, finished: finished)
        }
    }

    /// `finishTransaction(_:)` finishes the ledger's transaction too (without counting as a
    /// StoreKit 2 `finish()` call).
    func finishedThroughPaymentQueue(_ id: UInt64) {
        state.withLock { state in
            guard !state.finishesAreLost else { return }
            state.unfinishedIDs.removeAll { $0 == id }
        }
    }

    /// Family Sharing stopped for these products: their latest transactions are revoked.
    func revokeForPaymentQueue(_ productIDs: [String]) {
        let revoked = state.withLock { state -> [LedgerEntry] in
            productIDs.compactMap { productID in
                guard let index = state.latestIndex(for: productID, where: { $0.revocationDate == nil }) else {
                    return nil
                }
                state.ledger[index].transaction.revocationDate = state.now
                state.ledger[index].transaction.revocationReason = .other
                state.ledger[index].transaction.signedDate = state.now
                return state.ledger[index]
            }
        }
        revoked.forEach { transactionUpdates.publishIfHeard($0.result) }
    }

    // MARK: Clock

    /// Moves the clock to `date`, renewing on the way every subscription that renews, and wakes
    /// the sleepers whose time has come.
    func advanceClock(to date: Date) {
        let (renewals, woken) = state.withLock { state in state.advance(to: date) }
        publish(renewals)
        woken.forEach { $0.continuation.resume() }
    }

    /// Sets the clock without renewing anything, and wakes the sleepers whose time has come.
    func advanceClockWithoutRenewals(to date: Date) {
        let woken = state.withLock { state -> [StoreState.Sleeper] in
            state.now = date
            let woken = state.sleepers.filter { $0.date <= date }
            state.sleepers.removeAll { $0.date <= date }
            return woken
        }
        publishStatusChanges()
        woken.forEach { $0.continuation.resume() }
    }

    /// Returns once the clock reaches `date`; throws `CancellationError` when the calling task is
    /// cancelled, or at a reset or relaunch.
    func sleep(until date: Date) async throws {
        let token = state.withLock { state -> Int in
            state.nextSleeperToken += 1
            return state.nextSleeperToken
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { state -> Bool? in
                    if state.cancelledSleepers.remove(token) != nil { return false }
                    if state.now >= date { return true }
                    state.sleepers.append(StoreState.Sleeper(token: token, date: date, continuation: continuation))
                    return nil
                }
                switch outcome {
                case true?: continuation.resume()
                case false?: continuation.resume(throwing: CancellationError())
                case nil: break
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> StoreState.Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.token == token }) else {
                    state.cancelledSleepers.insert(token)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    // MARK: Transaction queries

    func allTransactions() -> [VerificationResult<Transaction>] {
        state.withLock { $0.ledger.map(\.result) }
    }

    func unfinishedTransactions() -> [VerificationResult<Transaction>] {
        state.withLock { state in
            state.ledger.filter { state.unfinishedIDs.contains($0.transaction.id) }.map(\.result)
        }
    }

    func currentEntitlements() -> [VerificationResult<Transaction>] {
        state.withLock { $0.entitlements().map(\.result) }
    }

    func currentEntitlement(for productID: String) -> VerificationResult<Transaction>? {
        state.withLock { $0.entitlements().first { $0.transaction.productID == productID }?.result }
    }

    func latestTransaction(for productID: String) -> VerificationResult<Transaction>? {
        state.withLock { $0.ledger.last { $0.transaction.productID == productID }?.result }
    }

    // MARK: Subscriptions

    /// A refund request from the sheet: one per transaction, for transactions of the customer's
    /// that are not refunded yet.
    func requestRefund(transactionID: UInt64) throws -> Transaction.RefundRequestStatus {
        try state.withLock { state in
            guard let entry = state.ledger.first(where: { $0.transaction.id == transactionID }),
                entry.transaction.revocationDate == nil
            else { throw Transaction.RefundRequestError.failed }
            guard !state.refundRequests.contains(transactionID) else {
                throw Transaction.RefundRequestError.duplicateRequest
            }
            if state.refundRequestAnswer == .success { state.refundRequests.append(transactionID) }
            return state.refundRequestAnswer
        }
    }

    func isEligibleForIntroOffer(groupID: String) -> Bool {
        state.withLock { state in
            !state.ledger.contains { $0.transaction.subscriptionGroupID == groupID }
        }
    }

    func statuses(groupID: String) throws -> [Product.SubscriptionInfo.Status] {
        try state.withLock { state in
            if let error = state.statusError {
                throw error
            }
            return state.latestSubscriptionEntry(groupID: groupID).map { [state.status(of: $0)] } ?? []
        }
    }
}

/// One purchase as asked for, with its options read.
struct PurchaseRequest: Sendable {
    let productID: String
    var quantity = 1
    var appAccountToken: UUID?
    var simulatesAskToBuy = false
    var winBackOfferID: String?
    var promotionalOffer: (offerID: String, keyID: String, nonce: UUID, signature: Data, timestamp: Int)?
    var promotionalOfferJWS: (offerID: String, compactJWS: String)?
    var confirmedInScene = false

    init(productID: String, options: Set<Product.PurchaseOption>) {
        self.productID = productID
        for option in options {
            switch option.kind {
            case .quantity(let quantity): self.quantity = quantity
            case .appAccountToken(let token): appAccountToken = token
            case .simulatesAskToBuyInSandbox(let simulates): simulatesAskToBuy = simulates
            case .winBackOffer(let offer): winBackOfferID = offer.id
            case .promotionalOffer(let offerID, let keyID, let nonce, let signature, let timestamp):
                promotionalOffer = (offerID, keyID, nonce, signature, timestamp)
            case .promotionalOfferJWS(let offerID, let compactJWS):
                promotionalOfferJWS = (offerID, compactJWS)
            }
        }
    }

    func attempt(_ outcome: FakePurchaseAttempt.Outcome) -> FakePurchaseAttempt {
        FakePurchaseAttempt(
            productID: productID, quantity: quantity, appAccountToken: appAccountToken,
            simulatesAskToBuy: simulatesAskToBuy, winBackOfferID: winBackOfferID,
            promotionalOfferID: promotionalOffer?.offerID ?? promotionalOfferJWS?.offerID,
            confirmedInScene: confirmedInScene, outcome: outcome
        )
    }

    /// The offer the purchase uses, as the transaction records it.
    var offer: (type: Transaction.OfferType, id: String)? {
        if let promotionalOffer { return (.promotional, promotionalOffer.offerID) }
        if let promotionalOfferJWS { return (.promotional, promotionalOfferJWS.offerID) }
        if let winBackOfferID { return (Transaction.OfferType(rawValue: 4), winBackOfferID) }
        return nil
    }
}

/// A transaction in the fake store's books, with whether it passes verification.
struct LedgerEntry: Sendable {
    var transaction: Transaction
    var verificationError: VerificationResult<Transaction>.VerificationError?

    var result: VerificationResult<Transaction> {
        if let verificationError {
            return .unverified(transaction, verificationError)
        }
        return .verified(transaction)
    }
}

struct StoreState: Sendable {
    /// The fake clock's starting time: 1 January 2026, 00:00 UTC.
    static let startOfClock = Date(timeIntervalSince1970: 1_767_225_600)
    /// How long the App Store keeps trying to collect a failed renewal: 60 days.
    static let billingRetryPeriod: TimeInterval = 60 * 86_400

    /// A task waiting for the clock (`FakeAppStore.sleep(until:)`).
    struct Sleeper: Sendable {
        let token: Int
        let date: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    var products: [FakeProduct] = []
    var canMakePayments = true
    var now = StoreState.startOfClock
    var storefront: Storefront? = Storefront(countryCode: "USA", id: "143441")
    var productsError: (any Error)?
    var productRequestCount = 0
    var outcomes: [String: [FakePurchaseOutcome]] = [:]
    var lastTransactionID: UInt64 = 0
    var ledger: [LedgerEntry] = []
    var unfinishedIDs: [UInt64] = []
    var finishedIDs: [UInt64] = []
    var attempts: [FakePurchaseAttempt] = []
    var pending: [PurchaseRequest] = []
    var interrupted: [PurchaseRequest] = []
    /// Purchases made on another device, with their dates, waiting for the next sync.
    var otherDevicePurchases: [(product: FakeProduct, date: Date)] = []
    /// The last status of each subscription group sent to `Status.updates`, signed at no moment.
    var publishedStatuses: [String: Product.SubscriptionInfo.Status] = [:]
    var syncError: (any Error)?
    var syncCount = 0
    var statusError: (any Error)?
    /// Renewal states set by tests, by product; they win over the state read from the dates.
    var renewalStates: [String: Product.SubscriptionInfo.RenewalState] = [:]
    var autoRenewOff: Set<String> = []
    var expirationReasons: [UInt64: Product.SubscriptionInfo.RenewalInfo.ExpirationReason] = [:]
    /// While true, a successful purchase is also published to `Transaction.updates`.
    var purchasesAlsoThroughUpdates = false
    /// While true, finishing (through either API) is recorded but does not take effect.
    var finishesAreLost = false
    /// The billing grace period the app turned on in App Store Connect, if any.
    var gracePeriod: TimeInterval?
    /// Products whose renewal payments fail, from the date the failure was set.
    var failingRenewals: Set<String> = []
    /// What a subscription group renews into after a downgrade, by group.
    var renewalPreferences: [String: String] = [:]
    var appTransaction: FakeAppTransaction? = FakeAppTransaction()
    /// Refund requests made, by transaction, and what the sheet answers.
    var refundRequests: [UInt64] = []
    var refundRequestAnswer: Transaction.RefundRequestStatus = .success
    /// The subscription group of each manage-subscriptions sheet shown; nil for all groups.
    var manageSubscriptionsPresentations: [String?] = []
    /// The code the customer types into the next offer-code sheet.
    var offerCodeToEnter: (productID: String, offerID: String)?
    var offerCodeSheetCount = 0
    var sleepers: [Sleeper] = []
    var cancelledSleepers: Set<Int> = []
    var nextSleeperToken = 0

    /// The result of a purchase, the entries to publish to `Transaction.updates`, and the new
    /// transaction it booked, if any.
    mutating func purchase(
        _ request: PurchaseRequest
    ) throws -> (Product.PurchaseResult, [LedgerEntry], LedgerEntry?) {
        guard canMakePayments else {
            throw Product.PurchaseError.purchaseNotAllowed
        }
        guard let product = products.first(where: { $0.id == request.productID }) else {
            throw Product.PurchaseError.productUnavailable
        }
        guard (1...10).contains(request.quantity), request.quantity == 1 || product.type == .consumable else {
            throw Product.PurchaseError.invalidQuantity
        }
        if let offerID = request.winBackOfferID,
            !(product.subscription?.winBackOffers ?? []).contains(where: { $0.id == offerID })
        {
            throw Product.PurchaseError.invalidOfferIdentifier
        }
        if let offer = request.promotionalOffer {
            guard (product.subscription?.promotionalOffers ?? []).contains(where: { $0.id == offer.offerID }) else {
                throw Product.PurchaseError.invalidOfferIdentifier
            }
            let expected = FakeAppStore.promotionalOfferSignature(
                productID: product.id, offerID: offer.offerID, keyID: offer.keyID, nonce: offer.nonce,
                timestamp: offer.timestamp, applicationUsername: request.appAccountToken?.uuidString.lowercased() ?? "")
            guard offer.signature == expected else { throw Product.PurchaseError.invalidOfferSignature }
        }
        if let offer = request.promotionalOfferJWS {
            guard (product.subscription?.promotionalOffers ?? []).contains(where: { $0.id == offer.offerID }) else {
                throw Product.PurchaseError.invalidOfferIdentifier
            }
            let expected = FakeAppStore.promotionalOfferJWS(
                productID: product.id, offerID: offer.offerID,
                appAccountToken: request.appAccountToken?.uuidString.lowercased() ?? "")
            guard offer.compactJWS == expected else { throw Product.PurchaseError.invalidOfferSignature }
        }
        let outcome: FakePurchaseOutcome
        if var queued = outcomes[request.productID], !queued.isEmpty {
            outcome = queued.removeFirst()
            outcomes[request.productID] = queued
        } else {
            outcome = request.simulatesAskToBuy ? .pending : .success(verified: true)
        }
        switch outcome {
        case .success(let verified):
            if let owned = ownedNonConsumable(product) {
                // The App Store answers a purchase of what the customer owns with the purchase
                // they already have.
                attempts.append(request.attempt(.purchased(transactionID: owned.transaction.id, verified: true)))
                return (.success(owned.result), [], nil)
            }
            if let kept = subscriptionChange(to: product) {
                attempts.append(request.attempt(.purchased(transactionID: kept.transaction.id, verified: true)))
                return (.success(kept.result), [], nil)
            }
            let error: VerificationResult<Transaction>.VerificationError? = verified ? nil : .invalidSignature
            let upgraded = activeSubscription(inGroupOf: product).map { [$0] } ?? []
            let transaction = makeTransaction(for: product, request: request, ownership: .purchased)
            let entry = record(transaction, verificationError: error, finished: false, replacing: upgraded)
            attempts.append(request.attempt(.purchased(transactionID: transaction.id, verified: verified)))
            let published = upgraded.map { ledger[$0] } + (purchasesAlsoThroughUpdates ? [entry] : [])
            return (.success(entry.result), published, entry)
        case .userCancelled:
            attempts.append(request.attempt(.userCancelled))
            return (.userCancelled, [], nil)
        case .pending:
            pending.append(request)
            attempts.append(request.attempt(.pending))
            return (.pending, [], nil)
        case .interrupted:
            interrupted.append(request)
            throw StoreKitError.unknown
        case .failure(let error):
            throw error
        }
    }

    /// The customer's unrevoked purchase of a non-consumable, if they have one.
    func ownedNonConsumable(_ product: FakeProduct) -> LedgerEntry? {
        guard product.type == .nonConsumable,
            let index = latestIndex(for: product.id, where: { $0.revocationDate == nil })
        else { return nil }
        return ledger[index]
    }

    /// For a subscription the customer already has, or a lower level of the group they are in:
    /// the transaction that stays current. A downgrade takes effect at the next renewal.
    mutating func subscriptionChange(to product: FakeProduct) -> LedgerEntry? {
        guard let index = activeSubscriptionIndex(inGroup: product.subscription?.groupID) else { return nil }
        let current = ledger[index].transaction
        guard let group = current.subscriptionGroupID else { return nil }
        if current.productID == product.id {
            renewalPreferences[group] = nil
            return ledger[index]
        }
        let currentLevel = products.first { $0.id == current.productID }?.subscription?.groupLevel ?? 1
        guard let level = product.subscription?.groupLevel, level > currentLevel else { return nil }
        renewalPreferences[group] = product.id
        return ledger[index]
    }

    /// The ledger index of the subscription a purchase in the product's group replaces at once.
    func activeSubscription(inGroupOf product: FakeProduct) -> Int? {
        activeSubscriptionIndex(inGroup: product.subscription?.groupID)
    }

    func activeSubscriptionIndex(inGroup group: String?) -> Int? {
        guard let group else { return nil }
        guard
            let index = ledger.lastIndex(where: {
                $0.transaction.subscriptionGroupID == group && !$0.transaction.isUpgraded
            })
        else { return nil }
        let state = renewalState(of: ledger[index].transaction)
        return state == .subscribed || state == .inGracePeriod ? index : nil
    }

    /// A new transaction for a product, dated now. A renewal passes the transaction it renews.
    mutating func makeTransaction(
        for product: FakeProduct, request: PurchaseRequest?, ownership: Transaction.OwnershipType,
        renewing previous: Transaction? = nil, at date: Date? = nil, expiring expiration: Date? = nil
    ) -> Transaction {
        lastTransactionID += 1
        let id = lastTransactionID
        let purchaseDate = date ?? now
        var end: Date? =
            product.type == .autoRenewable
            ? expiration ?? (product.subscription?.period ?? .monthly).advance(purchaseDate) : nil
        // A customer new to the group who buys without another offer gets the introductory
        // one: its first period ends after the offer's period (all of a free trial or a
        // pay-up-front offer, the first of a pay-as-you-go one).
        var offer = request?.offer
        if previous == nil, request != nil, offer == nil, expiration == nil,
            let intro = product.subscription?.introductoryOffer, let group = product.subscription?.groupID,
            !ledger.contains(where: { $0.transaction.subscriptionGroupID == group })
        {
            offer = (.introductory, "")
            let count = intro.paymentMode == .payAsYouGo ? 1 : intro.periodCount
            end = intro.period.advance(purchaseDate, count: count)
        }
        return Transaction(
            id: id,
            originalID: previous?.originalID ?? id,
            productID: product.id,
            productType: product.type,
            purchaseDate: purchaseDate,
            originalPurchaseDate: previous?.originalPurchaseDate ?? purchaseDate,
            expirationDate: end,
            revocationDate: nil,
            revocationReason: nil,
            isUpgraded: false,
            ownershipType: ownership,
            appAccountToken: request?.appAccountToken ?? previous?.appAccountToken,
            purchasedQuantity: request?.quantity ?? 1,
            subscriptionGroupID: product.type == .autoRenewable ? product.subscription?.groupID : nil,
            reason: previous == nil ? .purchase : .renewal,
            environment: .xcode,
            signedDate: purchaseDate,
            offerType: offer?.type,
            offerID: offer.flatMap { $0.id.isEmpty ? nil : $0.id }
        )
    }

    /// Books a new transaction. The subscriptions it replaces at once (an upgrade or crossgrade
    /// in its group) are marked upgraded.
    @discardableResult
    mutating func record(
        _ transaction: Transaction, verificationError: VerificationResult<Transaction>.VerificationError?,
        finished: Bool, replacing upgraded: [Int] = []
    ) -> LedgerEntry {
        for index in upgraded {
            ledger[index].transaction.isUpgraded = true
            ledger[index].transaction.signedDate = now
        }
        if let group = transaction.subscriptionGroupID, transaction.reason == .purchase {
            renewalPreferences[group] = nil
        }
        renewalStates[transaction.productID] = nil
        autoRenewOff.remove(transaction.productID)
        let entry = LedgerEntry(transaction: transaction, verificationError: verificationError)
        ledger.append(entry)
        if !finished {
            unfinishedIDs.append(transaction.id)
        }
        return entry
    }

    /// The index of the latest transaction for a product that matches a condition.
    func latestIndex(for productID: String, where condition: (Transaction) -> Bool = { _ in true }) -> Int? {
        ledger.lastIndex { $0.transaction.productID == productID && condition($0.transaction) }
    }

    func renewalState(of transaction: Transaction) -> Product.SubscriptionInfo.RenewalState {
        if transaction.revocationDate != nil {
            return .revoked
        }
        if let state = renewalStates[transaction.productID] {
            return state
        }
        guard let expiration = transaction.expirationDate, expiration <= now else {
            return .subscribed
        }
        if failingRenewals.contains(transaction.productID) {
            if let gracePeriod, now < expiration.addingTimeInterval(gracePeriod) {
                return .inGracePeriod
            }
            if now < expiration.addingTimeInterval(Self.billingRetryPeriod) {
                return .inBillingRetryPeriod
            }
        }
        return .expired
    }

    /// The latest transaction of each product the customer is entitled to, in booking order.
    func entitlements() -> [LedgerEntry] {
        var latestByProduct: [String: Int] = [:]
        for (index, entry) in ledger.enumerated() {
            latestByProduct[entry.transaction.productID] = index
        }
        return latestByProduct.values.sorted().compactMap { index in
            let entry = ledger[index]
            let transaction = entry.transaction
            switch transaction.productType {
            case .nonConsumable, .nonRenewable:
                return transaction.revocationDate == nil ? entry : nil
            case .autoRenewable:
                let state = renewalState(of: transaction)
                let active = state == .subscribed || state == .inGracePeriod
                return active && !transaction.isUpgraded ? entry : nil
            default:
                return nil
            }
        }
    }

    /// Moves the clock to `date`. Each subscription that reaches the end of its period on the
    /// way renews (into the product a downgrade chose), unless auto-renew is off or its payment
    /// fails; renewals are dated at the end of the period they follow.
    mutating func advance(to date: Date) -> (renewals: [LedgerEntry], woken: [Sleeper]) {
        var renewals: [LedgerEntry] = []
        while let (index, end) = nextRenewal(by: date) {
            now = max(now, end)
            let previous = ledger[index].transaction
            let group = previous.subscriptionGroupID ?? ""
            let productID = renewalPreferences[group] ?? previous.productID
            guard let product = products.first(where: { $0.id == productID }) else { break }
            renewalPreferences[group] = nil
            let renewal = makeTransaction(
                for: product, request: nil, ownership: previous.ownershipType, renewing: previous, at: end)
            renewals.append(record(renewal, verificationError: nil, finished: false))
        }
        now = max(now, date)
        let woken = sleepers.filter { $0.date <= now }
        sleepers.removeAll { $0.date <= now }
        return (renewals, woken)
    }

    /// The subscription that renews first by `date`, with the end of its period.
    private func nextRenewal(by date: Date) -> (index: Int, end: Date)? {
        var best: (index: Int, end: Date)?
        for group in Set(ledger.compactMap(\.transaction.subscriptionGroupID)) {
            guard
                let index = ledger.lastIndex(where: {
                    $0.transaction.subscriptionGroupID == group && !$0.transaction.isUpgraded
                })
            else { continue }
            let transaction = ledger[index].transaction
            guard let end = transaction.expirationDate, end <= date, transaction.revocationDate == nil,
                !autoRenewOff.contains(transaction.productID),
                !failingRenewals.contains(transaction.productID), renewalStates[transaction.productID] == nil
            else { continue }
            if best == nil || end < best?.end ?? end {
                best = (index, end)
            }
        }
        return best
    }

    /// The group's latest transaction that was not upgraded away from.
    func latestSubscriptionEntry(groupID: String) -> LedgerEntry? {
        ledger.last { $0.transaction.subscriptionGroupID == groupID && !$0.transaction.isUpgraded }
    }

    func status(of entry: LedgerEntry, signedAt: Date? = nil) -> Product.SubscriptionInfo.Status {
        let transaction = entry.transaction
        let state = renewalState(of: transaction)
        let renews = [.subscribed, .inGracePeriod, .inBillingRetryPeriod].contains(state)
        var expirationReason: Product.SubscriptionInfo.RenewalInfo.ExpirationReason?
        if state == .expired {
            expirationReason =
                expirationReasons[transaction.id]
                ?? (failingRenewals.contains(transaction.productID) ? .billingError : .autoRenewDisabled)
        }
        let group = transaction.subscriptionGroupID ?? ""
        let info = Product.SubscriptionInfo.RenewalInfo(
            originalTransactionID: transaction.originalID,
            currentProductID: transaction.productID,
            willAutoRenew: renews && !autoRenewOff.contains(transaction.productID),
            autoRenewPreference: renewalPreferences[group] ?? transaction.productID,
            expirationReason: expirationReason,
            isInBillingRetry: state == .inBillingRetryPeriod,
            gracePeriodExpirationDate: state == .inGracePeriod
                ? transaction.expirationDate.map { $0.addingTimeInterval(gracePeriod ?? 0) } : nil,
            renewalDate: transaction.expirationDate,
            signedDate: signedAt ?? now,
            // A lapsed subscriber may come back through any of the product's win-back offers.
            winBackOfferIDs: state == .expired
                ? (products.first { $0.id == transaction.productID }?.subscription?.winBackOffers.map(\.id) ?? []) : []
        )
        let renewalInfo: VerificationResult<Product.SubscriptionInfo.RenewalInfo> =
            entry.verificationError.map { .unverified(info, .init(matching: $0)) } ?? .verified(info)
        return Product.SubscriptionInfo.Status(state: state, transaction: entry.result, renewalInfo: renewalInfo)
    }
}

extension VerificationResult.VerificationError {
    /// The same failure for another signed type.
    init<Other>(matching other: VerificationResult<Other>.VerificationError) {
        switch other {
        case .revokedCertificate: self = .revokedCertificate
        case .invalidCertificateChain: self = .invalidCertificateChain
        case .invalidDeviceVerification: self = .invalidDeviceVerification
        case .invalidEncoding: self = .invalidEncoding
        case .invalidSignature: self = .invalidSignature
        case .missingRequiredProperties: self = .missingRequiredProperties
        }
    }
}
