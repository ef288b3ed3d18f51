import FakeStoreTesting
import Foundation
import StoreKit
import Testing

/// The generated store for the Workbook's catalogue, driven through the fake App Store: each test
/// is one situation an app meets, from the first launch to a refund.
@Suite(.serialized, .exclusiveFakeStore, .timeLimit(.minutes(1)))
@MainActor
struct StoreScenarioTests {
    let events = RecordedEvents()
    let entitlements = InMemoryEntitlementStore()

    init() {
        FakeAppStore.reset()
        FakeAppStore.offer(Catalogue.all)
    }

    /// A store with its listener running, and its products loaded.
    func makeStore() async throws -> StrideStore {
        let store = StrideStore(entitlements: entitlements, handler: events)
        await FakeAppStore.waitForUpdateListeners()
        try await store.loadProducts()
        return store
    }

    @Test func anUnknownIDIsReportedByNameAndTheOthersLoad() async throws {
        FakeAppStore.withdraw(productID: ProductID.seasonPass.rawValue)
        let store = try await makeStore()
        #expect(store.missingProducts == [.seasonPass])
        #expect(Set(store.products.keys) == Set(ProductID.allCases).subtracting([.seasonPass]))
        #expect(events.log == ["missing com.example.stride.seasonpass2027"])
    }

    @Test func aVerifiedPurchaseGrantsOnceFinishesAndCallsTheHandlerOnce() async throws {
        let store = try await makeStore()
        let outcome = try await store.removeAds.purchase()
        await FakeAppStore.waitUntilIdle()
        #expect(outcome == .purchased)
        #expect(store.removeAds.isPurchased)
        #expect(entitlements.isEntitled(to: .removeAds))
        #expect(events.log == ["removeAds purchased"])
        let transactionID = try #require(FakeAppStore.finishedTransactionIDs.first)
        #expect(FakeAppStore.finishCount(transactionID: transactionID) == 1)
    }

    @Test func anUnverifiedPurchaseGrantsNothingAndIsReported() async throws {
        FakeAppStore.queuePurchaseOutcome(.success(verified: false), for: ProductID.removeAds.rawValue)
        let store = try await makeStore()
        let outcome = try await store.purchase(.removeAds)
        #expect(outcome == .unverified)
        #expect(!store.isPurchased(.removeAds))
        #expect(!entitlements.isEntitled(to: .removeAds))
        #expect(events.log == ["removeAds failed"])
    }

    @Test func theCustomerCancels() async throws {
        FakeAppStore.queuePurchaseOutcome(.userCancelled, for: ProductID.proYearly.rawValue)
        let store = try await makeStore()
        #expect(try await store.proYearly.purchase() == .cancelled)
        #expect(!store.proYearly.isPurchased)
        #expect(events.log.isEmpty)
    }

    @Test func aPendingPurchaseIsApprovedLaterThroughUpdates() async throws {
        FakeAppStore.queuePurchaseOutcome(.pending, for: ProductID.removeAds.rawValue)
        let store = try await makeStore()
        #expect(try await store.removeAds.purchase() == .pending)
        #expect(!store.removeAds.isPurchased)
        #expect(events.log == ["removeAds deferred"])

        #expect(FakeAppStore.approvePending(productID: ProductID.removeAds.rawValue) != nil)
        await FakeAppStore.waitUntilIdle()
        #expect(store.removeAds.isPurchased)
        #expect(events.log == ["removeAds deferred", "removeAds purchased"])
        #expect(FakeAppStore.finishedTransactionIDs.count == 1)
    }

    @Test func aConsumableBoughtTwiceHasBalanceTwo() async throws {
        let store = try await makeStore()
        try await store.coachCredits.purchase()
        try await store.coachCredits.purchase()
        await FakeAppStore.waitUntilIdle()
        #expect(store.coachCredits.balance == 2)
        #expect(!store.coachCredits.isPurchased)
        #expect(store.consume(.coachCredits))
        #expect(store.balance(of: .coachCredits) == 1)
        #expect(!store.consume(.coachCredits, count: 5))
    }

    @Test func restoreRebuildsEntitlements() async throws {
        #expect(FakeAppStore.addPurchaseFromAnotherDevice(productID: ProductID.removeAds.rawValue))
        #expect(FakeAppStore.addPurchaseFromAnotherDevice(productID: ProductID.proYearly.rawValue))
        let store = try await makeStore()
        #expect(store.ownedProducts.isEmpty)
        try await store.restorePurchases()
        #expect(FakeAppStore.syncCallCount == 1)
        #expect(store.ownedProducts == [.removeAds, .proYearly])
        #expect(entitlements.isEntitled(to: .proYearly))
        #expect(events.log == ["removeAds restored", "proYearly restored"])
    }

    @Test func aRevocationRemovesTheEntitlementAndCallsTheHandler() async throws {
        let store = try await makeStore()
        try await store.removeAds.purchase()
        #expect(FakeAppStore.revoke(productID: ProductID.removeAds.rawValue) != nil)
        await FakeAppStore.waitUntilIdle()
        #expect(!store.removeAds.isPurchased)
        #expect(!entitlements.isEntitled(to: .removeAds))
        #expect(events.log == ["removeAds purchased", "removeAds revoked"])
    }

    @Test func aSubscriptionExpires() async throws {
        let store = try await makeStore()
        try await store.plusMonthly.purchase()
        await store.refreshEntitlements()
        #expect(store.plusMonthly.isPurchased)
        #expect(FakeAppStore.expire(productID: ProductID.plusMonthly.rawValue) != nil)
        await store.refreshEntitlements()
        #expect(!store.plusMonthly.isPurchased)
        #expect(!entitlements.isEntitled(to: .plusMonthly))
        #expect(events.log == ["plusMonthly purchased", "plusMonthly expired"])
    }

    @Test func disabledPaymentsRefuseThePurchaseClearly() async throws {
        let store = try await makeStore()
        FakeAppStore.canMakePayments = false
        #expect(!store.canMakePayments)
        await #expect(throws: StoreError.paymentsNotAllowed) { try await store.removeAds.purchase() }
        #expect(FakeAppStore.purchaseAttempts.isEmpty)
        #expect(events.log == ["removeAds failed"])
    }

    @Test func aProductNotLoadedCannotBeBought() async throws {
        let store = StrideStore(entitlements: entitlements, handler: events)
        await #expect(throws: StoreError.productNotLoaded(.removeAds)) { try await store.removeAds.purchase() }
    }

    @Test func aPurchaseMadeOutsideTheAppArrivesThroughUpdates() async throws {
        let store = try await makeStore()
        #expect(FakeAppStore.purchaseOutsideApp(productID: ProductID.seasonPass.rawValue) != nil)
        await FakeAppStore.waitUntilIdle()
        #expect(store.seasonPass.isPurchased)
        #expect(events.log == ["seasonPass purchased"])
    }

    @Test func aPromotedPurchaseIsBought() async throws {
        let store = try await makeStore()
        await FakeAppStore.waitForPurchaseIntentListeners()
        #expect(FakeAppStore.postPurchaseIntent(productID: ProductID.removeAds.rawValue))
        await FakeAppStore.waitUntilIdle()
        #expect(store.removeAds.isPurchased)
    }

    @Test func entitlementsSavedEarlierShowBeforeStoreKitAnswers() {
        entitlements.setEntitled(true, to: .removeAds)
        let store = StrideStore(entitlements: entitlements)
        #expect(store.removeAds.isPurchased)
    }
}

/// The Workbook's catalogue as the fake App Store offers it.
enum Catalogue {
    static let all: [FakeProduct] = [
        FakeProduct(id: ProductID.coachCredits.rawValue, type: .consumable, price: 2.99),
        FakeProduct(id: ProductID.removeAds.rawValue, type: .nonConsumable, price: 3.99, familyShareable: true),
        FakeProduct(id: ProductID.seasonPass.rawValue, type: .nonRenewable, price: 19.99),
        FakeProduct(
            id: ProductID.proYearly.rawValue, type: .autoRenewable, price: 59.99,
            subscription: FakeSubscription(groupID: "membership", period: .yearly, groupLevel: 1)),
        FakeProduct(
            id: ProductID.plusMonthly.rawValue, type: .autoRenewable, price: 4.99,
            subscription: FakeSubscription(groupID: "membership", period: .monthly, groupLevel: 2)),
    ]
}

/// A handler that writes down what it was told, in order.
@MainActor
final class RecordedEvents: StrideStoreHandling {
    private(set) var log: [String] = []

    func removeAdsPurchased(_ transaction: Transaction) { log.append("removeAds purchased") }
    func removeAdsRestored() { log.append("removeAds restored") }
    func removeAdsFailed(_ error: any Error) { log.append("removeAds failed") }
    func removeAdsDeferred() { log.append("removeAds deferred") }
    func removeAdsRevoked() { log.append("removeAds revoked") }
    func seasonPassPurchased(_ transaction: Transaction) { log.append("seasonPass purchased") }
    func proYearlyRestored() { log.append("proYearly restored") }
    func plusMonthlyPurchased(_ transaction: Transaction) { log.append("plusMonthly purchased") }
    func plusMonthlyExpired() { log.append("plusMonthly expired") }
    func storeDidMissProducts(_ products: [ProductID]) {
        log.append("missing " + products.map(\.rawValue).joined(separator: ", "))
    }
}
