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

    func reset() {
        state.withLock { $0 = StoreState() }
        transactionUpdates.reset()
        purchaseIntents.reset()
        storefrontUpdates.reset()
        LegacyBackend.shared.reset()
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

    func purchase(_ product: Product, options: Set<Product.PurchaseOption>) throws -> Product.PurchaseResult {
        let request = PurchaseRequest(productID: product.id, options: options)
        return try state.withLock { state in
            do {
                return try state.purchase(request)
            } catch {
                state.attempts.append(request.attempt(.failed(String(describing: error))))
                throw error
            }
        }
    }

    func finish(_ transaction: Transaction) {
        state.withLock { state in
            state.finishedIDs.append(transaction.id)
            state.unfinishedIDs.removeAll { $0 == transaction.id }
        }
    }

    var canMakePayments: Bool {
        state.withLock { $0.canMakePayments }
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
            for product in state.otherDevicePurchases {
                let transaction = state.makeTransaction(for: product, request: nil, ownership: .purchased)
                state.record(transaction, verificationError: nil, finished: true)
            }
            state.otherDevicePurchases.removeAll()
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
            let latest = state.ledger.last {
                $0.transaction.subscriptionGroupID == groupID && !$0.transaction.isUpgraded
            }
            return latest.map { [state.status(of: $0)] } ?? []
        }
    }
}

/// One purchase as asked for, with its options read.
struct PurchaseRequest: Sendable {
    let productID: String
    var quantity = 1
    var appAccountToken: UUID?
    var simulatesAskToBuy = false

    init(productID: String, options: Set<Product.PurchaseOption>) {
        self.productID = productID
        for option in options {
            switch option.kind {
            case .quantity(let quantity): self.quantity = quantity
            case .appAccountToken(let token): appAccountToken = token
            case .simulatesAskToBuyInSandbox(let simulates): simulatesAskToBuy = simulates
            }
        }
    }

    func attempt(_ outcome: FakePurchaseAttempt.Outcome) -> FakePurchaseAttempt {
        FakePurchaseAttempt(
            productID: productID, quantity: quantity, appAccountToken: appAccountToken,
            simulatesAskToBuy: simulatesAskToBuy, outcome: outcome
        )
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
    var otherDevicePurchases: [FakeProduct] = []
    var syncError: (any Error)?
    var syncCount = 0
    var statusError: (any Error)?
    /// Renewal states set by tests, by product; they win over the state read from the dates.
    var renewalStates: [String: Product.SubscriptionInfo.RenewalState] = [:]
    var autoRenewOff: Set<String> = []
    var expirationReasons: [UInt64: Product.SubscriptionInfo.RenewalInfo.ExpirationReason] = [:]

    mutating func purchase(_ request: PurchaseRequest) throws -> Product.PurchaseResult {
        guard canMakePayments else {
            throw Product.PurchaseError.purchaseNotAllowed
        }
        guard let product = products.first(where: { $0.id == request.productID }) else {
            throw Product.PurchaseError.productUnavailable
        }
        guard (1...10).contains(request.quantity), request.quantity == 1 || product.type == .consumable else {
            throw Product.PurchaseError.invalidQuantity
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
            let transaction = makeTransaction(for: product, request: request, ownership: .purchased)
            let error: VerificationResult<Transaction>.VerificationError? = verified ? nil : .invalidSignature
            let entry = record(transaction, verificationError: error, finished: false)
            attempts.append(request.attempt(.purchased(transactionID: transaction.id, verified: verified)))
            return .success(entry.result)
        case .userCancelled:
            attempts.append(request.attempt(.userCancelled))
            return .userCancelled
        case .pending:
            pending.append(request)
            attempts.append(request.attempt(.pending))
            return .pending
        case .failure(let error):
            throw error
        }
    }

    /// A new transaction for a product, dated now. A renewal passes the transaction it renews.
    mutating func makeTransaction(
        for product: FakeProduct, request: PurchaseRequest?, ownership: Transaction.OwnershipType,
        renewing previous: Transaction? = nil
    ) -> Transaction {
        lastTransactionID += 1
        let id = lastTransactionID
        let expiration: Date? =
            product.type == .autoRenewable ? (product.subscription?.period ?? .monthly).advance(now) : nil
        return Transaction(
            id: id,
            originalID: previous?.originalID ?? id,
            productID: product.id,
            productType: product.type,
            purchaseDate: now,
            originalPurchaseDate: previous?.originalPurchaseDate ?? now,
            expirationDate: expiration,
            revocationDate: nil,
            revocationReason: nil,
            isUpgraded: false,
            ownershipType: ownership,
            appAccountToken: request?.appAccountToken ?? previous?.appAccountToken,
            purchasedQuantity: request?.quantity ?? 1,
            subscriptionGroupID: product.type == .autoRenewable ? product.subscription?.groupID : nil,
            reason: previous == nil ? .purchase : .renewal,
            environment: .xcode,
            signedDate: now
        )
    }

    /// Books a new transaction. A new subscription replaces the customer's other active one in
    /// the same group, which is marked upgraded.
    @discardableResult
    mutating func record(
        _ transaction: Transaction, verificationError: VerificationResult<Transaction>.VerificationError?,
        finished: Bool
    ) -> LedgerEntry {
        if let group = transaction.subscriptionGroupID {
            for index in ledger.indices {
                let other = ledger[index].transaction
                if other.subscriptionGroupID == group && other.productID != transaction.productID && !other.isUpgraded {
                    ledger[index].transaction.isUpgraded = true
                }
            }
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
        if let expiration = transaction.expirationDate, expiration <= now {
            return .expired
        }
        return .subscribed
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

    func status(of entry: LedgerEntry) -> Product.SubscriptionInfo.Status {
        let transaction = entry.transaction
        let state = renewalState(of: transaction)
        let renews = [.subscribed, .inGracePeriod, .inBillingRetryPeriod].contains(state)
        var expirationReason: Product.SubscriptionInfo.RenewalInfo.ExpirationReason?
        if state == .expired {
            expirationReason = expirationReasons[transaction.id] ?? .autoRenewDisabled
        }
        let info = Product.SubscriptionInfo.RenewalInfo(
            originalTransactionID: transaction.originalID,
            currentProductID: transaction.productID,
            willAutoRenew: renews && !autoRenewOff.contains(transaction.productID),
            autoRenewPreference: transaction.productID,
            expirationReason: expirationReason,
            isInBillingRetry: state == .inBillingRetryPeriod,
            gracePeriodExpirationDate: state == .inGracePeriod ? transaction.expirationDate : nil,
            renewalDate: transaction.expirationDate,
            signedDate: now
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
