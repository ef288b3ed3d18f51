import FakeStoreTesting
import Foundation
import StoreKit
import Testing

extension FakeAppStoreClock: StoreClock {}

extension FakeEntitlementStorage: EntitlementStore.Storage {}

/// The generated facade for the Trail guide with `storekit: both`, driven through the fake store
/// once with StoreKit 2 behind it (what Linux, like any recent system, has) and once with
/// StoreKit 1 (what older systems get): the app sees the same results either way.
@Suite(.serialized, .exclusiveFakeStore, .timeLimit(.minutes(1)))
@MainActor
struct FacadeScenarioTests {
    /// The StoreKit API behind the facade.
    enum Backend: String, CaseIterable, Sendable {
        case storeKit2, storeKit1
    }

    let events = RecordedEvents()
    let storage = FakeEntitlementStorage()

    init() {
        FakeAppStore.reset()
        FakeAppStore.offer(Catalogue.all)
    }

    var entitlements: EntitlementStore { EntitlementStore(storage: storage) }

    func makeStore(_ backend: Backend) async throws -> TrailStore {
        let store = TrailStore(
            entitlements: entitlements, handler: events, clock: FakeAppStoreClock(),
            usesStoreKit1: backend == .storeKit1)
        if backend == .storeKit2 { await FakeAppStore.waitForUpdateListeners() }
        try await store.loadProducts()
        await settle(store)
        return store
    }

    /// Waits for whatever the fake store still has to deliver, and for the store to apply it.
    /// (With StoreKit 1 behind the facade nothing listens to `Transaction.updates`, whose
    /// values wait for a listener that never comes.)
    func settle(_ store: TrailStore) async {
        for _ in 0..<3 {
            if store.usesStoreKit2 { await FakeAppStore.waitUntilIdle() }
            await FakePaymentQueue.waitUntilIdle()
            await store.waitForPendingChanges()
        }
    }

    @Test func storeKit2IsPickedWhereTheSystemHasIt() {
        let store = TrailStore(entitlements: entitlements)
        #expect(store.usesStoreKit2)
        #expect(store.storeKit2 != nil)
        #expect(store.storeKit1 == nil)
        #expect(FakePaymentQueue.observerCount == 0)
    }

    @Test func storeKit1CanBeChosen() {
        let store = TrailStore(entitlements: entitlements, usesStoreKit1: true)
        #expect(!store.usesStoreKit2)
        #expect(store.storeKit1 != nil)
        #expect(store.storeKit2 == nil)
        #expect(FakePaymentQueue.observerCount == 1)
    }

    @Test(arguments: Backend.allCases)
    func anUnknownIDIsReportedByName(_ backend: Backend) async throws {
        FakeAppStore.withdraw(productID: ProductID.offlineMaps.rawValue)
        let store = try await makeStore(backend)
        #expect(store.missingProducts == [.offlineMaps])
        #expect(events.log == ["missing com.example.trail.maps"])
    }

    @Test(arguments: Backend.allCases)
    func aPurchaseIsDeliveredGrantedAndReported(_ backend: Backend) async throws {
        let store = try await makeStore(backend)
        #expect(store.offlineMaps.displayName == ProductID.offlineMaps.rawValue)
        #expect(store.offlineMaps.displayPrice == "$4.99")
        #expect(try await store.offlineMaps.purchase() == .purchased)
        await settle(store)
        #expect(store.offlineMaps.isPurchased)
        #expect(entitlements.isEntitled(to: .offlineMaps, at: FakeAppStore.now))
        #expect(events.log == ["offlineMaps purchased"])
        #expect(events.deliveries.map(\.product) == [.offlineMaps])
    }

    @Test(arguments: Backend.allCases)
    func aCancelledPurchaseIsNoFailure(_ backend: Backend) async throws {
        switch backend {
        case .storeKit2: FakeAppStore.queuePurchaseOutcome(.userCancelled, for: ProductID.offlineMaps.rawValue)
        case .storeKit1: FakePaymentQueue.queuePaymentOutcome(.cancelled, for: ProductID.offlineMaps.rawValue)
        }
        let store = try await makeStore(backend)
        #expect(try await store.purchase(.offlineMaps) == .cancelled)
        #expect(events.log.isEmpty)
    }

    @Test(arguments: Backend.allCases)
    func aConsumablePackKeepsABalance(_ backend: Backend) async throws {
        let store = try await makeStore(backend)
        try await store.gems.purchase()
        await settle(store)
        #expect(store.gems.balance == 50)
        #expect(store.consume(.gems))
        #expect(store.balance(of: .gems) == 49)
    }

    @Test(arguments: Backend.allCases)
    func aRestoreBringsPurchasesBack(_ backend: Backend) async throws {
        switch backend {
        case .storeKit2: FakeAppStore.addPurchaseFromAnotherDevice(productID: ProductID.offlineMaps.rawValue)
        case .storeKit1: FakePaymentQueue.addRestorablePurchase(productID: ProductID.offlineMaps.rawValue)
        }
        let store = try await makeStore(backend)
        try await store.restorePurchases()
        await settle(store)
        #expect(store.ownedProducts == [.offlineMaps])
        #expect(events.log == ["offlineMaps restored"])
    }

    @Test(arguments: Backend.allCases)
    func disabledPaymentsRefuseThePurchase(_ backend: Backend) async throws {
        let store = try await makeStore(backend)
        FakeAppStore.canMakePayments = false
        #expect(!store.canMakePayments)
        await #expect(throws: StoreError.paymentsNotAllowed) { try await store.offlineMaps.purchase() }
        #expect(events.log == ["offlineMaps failed"])
    }

    @Test(arguments: Backend.allCases)
    func aSubscriptionThatLapsedWhileTheAppWasClosedIsLockedAtTheNextLaunch(_ backend: Backend) async throws {
        var store: TrailStore? = try await makeStore(backend)
        try await store?.guideYearly.purchase()
        FakeAppStore.setWillAutoRenew(false, productID: ProductID.guideYearly.rawValue)
        store = nil
        FakeAppStore.relaunchApp()
        FakeAppStore.advanceClock(by: 400 * 86_400)
        let relaunched = try await makeStore(backend)
        #expect(!relaunched.guideYearly.isPurchased)
        #expect(events.log == ["guideYearly purchased", "guideYearly expired"])
    }

    @Test(arguments: Backend.allCases)
    func aRenewalIsReportedAsRenewed(_ backend: Backend) async throws {
        let store = try await makeStore(backend)
        try await store.guideYearly.purchase()
        FakeAppStore.advanceClock(by: 366 * 86_400)
        await settle(store)
        #expect(store.guideYearly.isPurchased)
        #expect(events.log == ["guideYearly purchased", "guideYearly renewed"])
    }

    @Test(arguments: Backend.allCases)
    func theFacadeRefreshesOnRequest(_ backend: Backend) async throws {
        let store = try await makeStore(backend)
        try await store.offlineMaps.purchase()
        FakeAppStore.revoke(productID: ProductID.offlineMaps.rawValue)
        await store.refreshEntitlements()
        await settle(store)
        #expect(!store.offlineMaps.isPurchased)
        #expect(events.log == ["offlineMaps purchased", "offlineMaps revoked"])
    }

    @Test(arguments: Backend.allCases)
    func aDeliveryTheAppPutsOffComesBack(_ backend: Backend) async throws {
        let store = try await makeStore(backend)
        events.deliveryAnswers = [.retryLater]
        #expect(try await store.offlineMaps.purchase() == .awaitingDelivery)
        #expect(!store.offlineMaps.isPurchased)
        await store.refreshEntitlements()
        await settle(store)
        #expect(store.offlineMaps.isPurchased)
        #expect(events.deliveries.count == 2)
        #expect(Set(events.deliveries.map(\.transactionID)).count == 1)
    }

    @Test(arguments: Backend.allCases)
    func aPurchaseCompletingDuringARefreshIsKept(_ backend: Backend) async throws {
        var losses: [Int] = []
        for round in 0..<200 {
            FakeAppStore.reset()
            FakeAppStore.offer(Catalogue.all)
            let log = RecordedEvents()
            let store = TrailStore(
                entitlements: EntitlementStore(storage: FakeEntitlementStorage()), handler: log,
                clock: FakeAppStoreClock(), usesStoreKit1: backend == .storeKit1)
            if backend == .storeKit2 { await FakeAppStore.waitForUpdateListeners() }
            try await store.loadProducts()
            let refresh = Task { await store.refreshEntitlements() }
            for _ in 0..<(round % 9) { await Task.yield() }
            try await store.offlineMaps.purchase()
            await refresh.value
            await settle(store)
            if !store.offlineMaps.isPurchased || log.log != ["offlineMaps purchased"] { losses.append(round) }
            withExtendedLifetime(log) {}
        }
        #expect(losses.isEmpty)
    }

    @Test(arguments: Backend.allCases)
    func aConsumableRedeliveredAfterARelaunchCreditsNothing(_ backend: Backend) async throws {
        var store: TrailStore? = try await makeStore(backend)
        FakeAppStore.finishesAreLost = true
        try await store?.gems.purchase()
        FakeAppStore.finishesAreLost = false
        store = nil
        FakeAppStore.relaunchApp()
        let relaunched = try await makeStore(backend)
        #expect(relaunched.gems.balance == 50)
        #expect(FakeAppStore.unfinishedTransactionIDs.isEmpty)
        #expect(events.deliveries.count == 1)
    }

    @Test(arguments: Backend.allCases)
    func aPassEndsAfterItsDurationAcrossARelaunch(_ backend: Backend) async throws {
        var store: TrailStore? = try await makeStore(backend)
        try await store?.seasonPass.purchase()
        store = nil
        FakeAppStore.relaunchApp()
        let relaunched = try await makeStore(backend)
        #expect(relaunched.seasonPass.isPurchased)
        FakeAppStore.advanceClock(by: 184 * 86_400)
        await settle(relaunched)
        #expect(!relaunched.seasonPass.isPurchased)
        #expect(events.log == ["seasonPass purchased", "seasonPass expired"])
    }

    @Test(arguments: Backend.allCases)
    func anUpgradeFromMonthlyToYearlyReportsNeitherExpiryNorASecondPurchase(_ backend: Backend) async throws {
        let store = try await makeStore(backend)
        try await store.guideMonthly.purchase()
        try await store.guideYearly.purchase()
        await settle(store)
        await store.refreshEntitlements()
        await settle(store)
        #expect(store.ownedProducts == [.guideYearly])
        #expect(events.log == ["guideMonthly purchased", "guideYearly purchased"])
    }

    @Test(arguments: Backend.allCases)
    func aFailedKeychainWriteLeavesTheTransactionUnfinishedAndItIsDeliveredAgain(_ backend: Backend) async throws {
        let store = try await makeStore(backend)
        storage.failsToSave = true
        #expect(try await store.offlineMaps.purchase() == .awaitingDelivery)
        #expect(!store.offlineMaps.isPurchased)
        #expect(FakeAppStore.unfinishedTransactionIDs.count == 1)
        storage.failsToSave = false
        await store.refreshEntitlements()
        await settle(store)
        #expect(store.offlineMaps.isPurchased)
        #expect(FakeAppStore.unfinishedTransactionIDs.isEmpty)
        #expect(events.log == ["offlineMaps failed", "offlineMaps purchased"])
    }

    @Test(arguments: Backend.allCases)
    func aLapsedSubscriberWhoTapsRestoreGetsNothing(_ backend: Backend) async throws {
        switch backend {
        case .storeKit2: FakeAppStore.addPurchaseFromAnotherDevice(productID: ProductID.guideYearly.rawValue)
        case .storeKit1: FakePaymentQueue.addRestorablePurchase(productID: ProductID.guideYearly.rawValue)
        }
        FakeAppStore.setWillAutoRenew(false, productID: ProductID.guideYearly.rawValue)
        FakeAppStore.advanceClock(by: 366 * 86_400)
        let store = try await makeStore(backend)
        try await store.restorePurchases()
        await settle(store)
        #expect(!store.guideYearly.isPurchased)
        #expect(events.log.isEmpty)
    }

    /// An app running both stores at once (the StoreKit 1 one for its Objective-C screens, say)
    /// hears of every transaction twice: through `Transaction.updates` and through the payment
    /// queue. One of them delivers it; the other leaves it alone.
    @Test func twoStoresInOneAppDeliverOneTransactionOnce() async throws {
        let storeKit1Events = StoreKit1Events()
        let storeKit2 = TrailStoreStoreKit2(entitlements: entitlements, handler: nil, clock: FakeAppStoreClock())
        let storeKit1 = TrailStoreStoreKit1(
            entitlements: entitlements, handler: storeKit1Events, clock: FakeAppStoreClock())
        let storeKit2Events = StoreKit2Events()
        storeKit2.handler = storeKit2Events
        await FakeAppStore.waitForUpdateListeners()
        try await storeKit2.loadProducts()
        FakeAppStore.purchaseOutsideApp(productID: ProductID.gems.rawValue)
        for _ in 0..<3 {
            await FakeAppStore.waitUntilIdle()
            await FakePaymentQueue.waitUntilIdle()
            await storeKit2.waitForPendingChanges()
            await storeKit1.waitForPendingChanges()
        }
        #expect(storeKit1Events.deliveries + storeKit2Events.deliveries == 1)
        #expect(storeKit2.balance(of: .gems) == 50)
        #expect(storeKit1.balance(of: .gems) == 50)
        #expect(FakeAppStore.unfinishedTransactionIDs.isEmpty)
        withExtendedLifetime((storeKit1Events, storeKit2Events)) {}
    }
}

/// The Trail catalogue as the fake App Store offers it.
enum Catalogue {
    static let all: [FakeProduct] = [
        FakeProduct(id: ProductID.gems.rawValue, type: .consumable, price: 0.99),
        FakeProduct(id: ProductID.offlineMaps.rawValue, type: .nonConsumable, price: 4.99),
        FakeProduct(
            id: ProductID.guideYearly.rawValue, type: .autoRenewable, price: 19.99,
            subscription: FakeSubscription(groupID: "guide", period: .yearly, groupLevel: 1)),
        FakeProduct(
            id: ProductID.guideMonthly.rawValue, type: .autoRenewable, price: 2.49,
            subscription: FakeSubscription(groupID: "guide", period: .monthly, groupLevel: 2)),
        FakeProduct(id: ProductID.seasonPass.rawValue, type: .nonRenewable, price: 7.99),
    ]
}

/// A handler that writes down what it was told, in order, whichever StoreKit is behind the
/// facade; it relies on the default `handle(_:for:)`.
@MainActor
final class RecordedEvents: TrailStoreHandling {
    private(set) var log: [String] = []
    private(set) var deliveries: [PurchaseDelivery] = []
    var deliveryAnswers: [DeliveryOutcome] = []

    func deliver(_ delivery: PurchaseDelivery) async -> DeliveryOutcome {
        deliveries.append(delivery)
        return deliveryAnswers.isEmpty ? .delivered : deliveryAnswers.removeFirst()
    }

    func offlineMapsPurchased() { log.append("offlineMaps purchased") }
    func offlineMapsRestored() { log.append("offlineMaps restored") }
    func offlineMapsFailed(_ error: any Error) { log.append("offlineMaps failed") }
    func offlineMapsDeferred() { log.append("offlineMaps deferred") }
    func offlineMapsRevoked() { log.append("offlineMaps revoked") }
    func guideYearlyPurchased() { log.append("guideYearly purchased") }
    func guideMonthlyPurchased() { log.append("guideMonthly purchased") }
    func guideMonthlyExpired() { log.append("guideMonthly expired") }
    func gemsPurchased() { log.append("gems purchased") }
    func seasonPassPurchased() { log.append("seasonPass purchased") }
    func seasonPassExpired() { log.append("seasonPass expired") }
    func guideYearlyRenewed() { log.append("guideYearly renewed") }
    func guideYearlyExpired() { log.append("guideYearly expired") }
    func storeDidMissProducts(_ products: [ProductID]) {
        log.append("missing " + products.map(\.rawValue).joined(separator: ", "))
    }
}

/// Counts the deliveries the StoreKit 1 store makes.
@MainActor
final class StoreKit1Events: TrailStoreStoreKit1Handling {
    private(set) var deliveries = 0

    func deliver(_ transaction: SKPaymentTransaction, for product: ProductID) async -> DeliveryOutcome {
        deliveries += 1
        return .delivered
    }
}

/// Counts the deliveries the StoreKit 2 store makes.
@MainActor
final class StoreKit2Events: TrailStoreStoreKit2Handling {
    private(set) var deliveries = 0

    func deliver(_ transaction: Transaction, for product: ProductID) async -> DeliveryOutcome {
        deliveries += 1
        return .delivered
    }
}
