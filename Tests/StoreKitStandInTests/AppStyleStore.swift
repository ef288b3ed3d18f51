import Foundation
import Observation
import StoreKit

// A store written the way apps and Apple's StoreKit 2 sample code write one, brought to Swift 6:
// a main-actor observable model, a detached task that listens to `Transaction.updates`, a switch
// over the purchase result, `finish()` after delivering, and the current entitlements read again
// after every change. That it compiles here is the point: code written for the real StoreKit
// compiles against the stand-in unchanged. It uses nothing of the fake store.

enum AppStyleStoreError: Error {
    case failedVerification
}

@MainActor
@Observable
final class AppStyleStore {
    private(set) var consumables: [Product] = []
    private(set) var nonConsumables: [Product] = []
    private(set) var nonRenewables: [Product] = []
    private(set) var subscriptions: [Product] = []
    private(set) var purchasedProductIDs: Set<String> = []
    private(set) var subscriptionGroupStatus: Product.SubscriptionInfo.RenewalState?
    private(set) var coins = 0
    private(set) var lastError: String?

    @ObservationIgnored private let productIDs: [String]
    @ObservationIgnored private var updateListenerTask: Task<Void, Never>?
    @ObservationIgnored private var intentListenerTask: Task<Void, Never>?

    init(productIDs: [String]) {
        self.productIDs = productIDs
        updateListenerTask = listenForTransactions()
        if #available(iOS 16.4, macOS 14.4, *) {
            intentListenerTask = listenForPurchaseIntents()
        }
    }

    deinit {
        updateListenerTask?.cancel()
        intentListenerTask?.cancel()
    }

    /// Stops listening and waits until the listeners have ended.
    func stop() async {
        updateListenerTask?.cancel()
        intentListenerTask?.cancel()
        await updateListenerTask?.value
        await intentListenerTask?.value
    }

    var canMakePayments: Bool {
        AppStore.canMakePayments
    }

    func listenForTransactions() -> Task<Void, Never> {
        Task.detached { [weak self] in
            // Purchases that happen outside `purchase(_:)`: approved Ask to Buy, other devices,
            // renewals, refunds.
            for await result in Transaction.updates {
                guard let self else { return }
                do {
                    let transaction = try self.checkVerified(result)
                    await self.deliver(transaction)
                    await self.updateCustomerProductStatus()
                    await transaction.finish()
                } catch {
                    await self.record(error)
                }
            }
        }
    }

    @available(iOS 16.4, macOS 14.4, *)
    func listenForPurchaseIntents() -> Task<Void, Never> {
        Task { [weak self] in
            for await intent in PurchaseIntent.intents {
                guard let self else { return }
                do {
                    _ = try await self.purchase(intent.product)
                } catch {
                    self.record(error)
                }
            }
        }
    }

    func requestProducts() async {
        do {
            let storeProducts = try await Product.products(for: productIDs)
            var newConsumables: [Product] = []
            var newNonConsumables: [Product] = []
            var newNonRenewables: [Product] = []
            var newSubscriptions: [Product] = []
            for product in storeProducts {
                switch product.type {
                case .consumable: newConsumables.append(product)
                case .nonConsumable: newNonConsumables.append(product)
                case .nonRenewable: newNonRenewables.append(product)
                case .autoRenewable: newSubscriptions.append(product)
                default: print("Unknown product type \(product.type.rawValue)")
                }
            }
            consumables = sortByPrice(newConsumables)
            nonConsumables = sortByPrice(newNonConsumables)
            nonRenewables = sortByPrice(newNonRenewables)
            subscriptions = sortByPrice(newSubscriptions)
        } catch {
            record(error)
        }
    }

    func purchase(_ product: Product) async throws -> Transaction? {
        let result = try await product.purchase()
        switch result {
        case .success(let verification):
            let transaction = try checkVerified(verification)
            deliver(transaction)
            await updateCustomerProductStatus()
            await transaction.finish()
            return transaction
        case .userCancelled, .pending:
            return nil
        @unknown default:
            return nil
        }
    }

    func purchase(_ product: Product, quantity: Int, account: UUID) async throws -> Transaction? {
        let options: Set<Product.PurchaseOption> = [.quantity(quantity), .appAccountToken(account)]
        guard case .success(.verified(let transaction)) = try await product.purchase(options: options) else {
            return nil
        }
        deliver(transaction)
        await transaction.finish()
        return transaction
    }

    func isPurchased(_ product: Product) async throws -> Bool {
        guard let result = await Transaction.latest(for: product.id) else {
            return false
        }
        let transaction = try checkVerified(result)
        return transaction.revocationDate == nil && !transaction.isUpgraded
    }

    func hasEntitlement(to productID: String) async -> Bool {
        guard case .verified(let transaction) = await Transaction.currentEntitlement(for: productID) else {
            return false
        }
        return transaction.revocationDate == nil
    }

    nonisolated func checkVerified<T>(_ result: VerificationResult<T>) throws -> T {
        switch result {
        case .unverified:
            throw AppStyleStoreError.failedVerification
        case .verified(let safe):
            return safe
        }
    }

    func updateCustomerProductStatus() async {
        var purchased: Set<String> = []
        for await result in Transaction.currentEntitlements {
            do {
                let transaction = try checkVerified(result)
                switch transaction.productType {
                case .nonConsumable, .nonRenewable, .autoRenewable:
                    purchased.insert(transaction.productID)
                default:
                    break
                }
            } catch {
                print("Skipping an unverified entitlement")
            }
        }
        purchasedProductIDs = purchased
        subscriptionGroupStatus = try? await subscriptions.first?.subscription?.status.max { lhs, rhs in
            lhs.state.rawValue < rhs.state.rawValue
        }?.state
    }

    /// Handles transactions left unfinished by an earlier launch.
    func finishUnfinishedTransactions() async {
        for await result in Transaction.unfinished {
            guard case .verified(let transaction) = result else { continue }
            deliver(transaction)
            await transaction.finish()
        }
    }

    func restorePurchases() async {
        do {
            try await AppStore.sync()
        } catch {
            record(error)
        }
        await updateCustomerProductStatus()
    }

    func subscriptionSummary() async -> String? {
        guard let subscription = subscriptions.first?.subscription,
            let statuses = try? await subscription.status
        else { return nil }
        for status in statuses {
            guard case .verified(let renewalInfo) = status.renewalInfo,
                case .verified(let transaction) = status.transaction
            else { continue }
            switch status.state {
            case .subscribed, .inGracePeriod:
                let end = transaction.expirationDate.map { "\($0)" } ?? "never"
                return renewalInfo.willAutoRenew ? "Renews \(end)" : "Ends \(end)"
            case .inBillingRetryPeriod:
                return "Payment problem"
            case .expired:
                return renewalInfo.expirationReason == .autoRenewDisabled ? "Cancelled" : "Expired"
            case .revoked:
                return "Refunded"
            default:
                return nil
            }
        }
        return nil
    }

    func introOfferText(for product: Product) async -> String? {
        guard let subscription = product.subscription, let offer = subscription.introductoryOffer,
            await subscription.isEligibleForIntroOffer
        else { return nil }
        let unit: String
        switch offer.period.unit {
        case .day: unit = "day"
        case .week: unit = "week"
        case .month: unit = "month"
        case .year: unit = "year"
        @unknown default: unit = "period"
        }
        switch offer.paymentMode {
        case .freeTrial: return "\(offer.period.value * offer.periodCount)-\(unit) free trial"
        case .payAsYouGo, .payUpFront: return "\(offer.displayPrice) for \(offer.periodCount) \(unit)s"
        default: return nil
        }
    }

    func storefrontCountry() async -> String {
        await Storefront.current?.countryCode ?? "unknown"
    }

    func record(_ error: any Error) {
        switch error {
        case StoreKitError.networkError(let urlError):
            lastError = "network \(urlError.code.rawValue)"
        case StoreKitError.userCancelled:
            lastError = "cancelled"
        case let error as Product.PurchaseError:
            lastError = "purchase: \(error)"
        case let error as VerificationResult<Transaction>.VerificationError:
            lastError = "verification: \(error)"
        case AppStyleStoreError.failedVerification:
            lastError = "failed verification"
        default:
            lastError = error.localizedDescription
        }
    }

    private func deliver(_ transaction: Transaction) {
        if transaction.productType == .consumable {
            if transaction.revocationDate == nil {
                coins += 100 * transaction.purchasedQuantity
            }
        }
    }

    private func sortByPrice(_ products: [Product]) -> [Product] {
        products.sorted { $0.price < $1.price }
    }
}
