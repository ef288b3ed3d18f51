import FakeStoreTesting
import Foundation
import StoreKit
import Testing

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
    let entitlements = InMemoryEntitlementStore()

    init() {
        FakeAppStore.reset()
        FakeAppStore.offer(Catalogue.all)
    }

    func makeStore(_ backend: Backend) async throws -> TrailStore {
        let store = TrailStore(entitlements: entitlements, handler: events, usesStoreKit1: backend == .storeKit1)
        if backend == .storeKit2 { await FakeAppStore.waitForUpdateListeners() }
        try await store.loadProducts()
        return store
    }

    /// Waits for whatever the fake store still has to deliver.
    func settle() async {
        await FakeAppStore.waitUntilIdle()
        await FakePaymentQueue.waitUntilIdle()
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
    func aPurchaseGrantsAndReachesTheHandler(_ backend: Backend) async throws {
        let store = try await makeStore(backend)
        #expect(store.offlineMaps.displayName == ProductID.offlineMaps.rawValue)
        #expect(store.offlineMaps.displayPrice == "$4.99")
        #expect(try await store.offlineMaps.purchase() == .purchased)
        await settle()
        #expect(store.offlineMaps.isPurchased)
        #expect(entitlements.isEntitled(to: .offlineMaps))
        #expect(events.log == ["offlineMaps purchased"])
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
    func aConsumableKeepsABalance(_ backend: Backend) async throws {
        let store = try await makeStore(backend)
        try await store.gems.purchase()
        await settle()
        #expect(store.gems.balance == 1)
        #expect(store.consume(.gems))
        #expect(store.balance(of: .gems) == 0)
    }

    @Test(arguments: Backend.allCases)
    func aRestoreBringsPurchasesBack(_ backend: Backend) async throws {
        switch backend {
        case .storeKit2: FakeAppStore.addPurchaseFromAnotherDevice(productID: ProductID.offlineMaps.rawValue)
        case .storeKit1: FakePaymentQueue.addRestorablePurchase(productID: ProductID.offlineMaps.rawValue)
        }
        let store = try await makeStore(backend)
        try await store.restorePurchases()
        await settle()
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
}

/// The Trail catalogue as the fake App Store offers it.
enum Catalogue {
    static let all: [FakeProduct] = [
        FakeProduct(id: ProductID.gems.rawValue, type: .consumable, price: 0.99),
        FakeProduct(id: ProductID.offlineMaps.rawValue, type: .nonConsumable, price: 4.99),
        FakeProduct(
            id: ProductID.guideYearly.rawValue, type: .autoRenewable, price: 19.99,
            subscription: FakeSubscription(groupID: "guide", period: .yearly)),
    ]
}

/// A handler that writes down what it was told, in order, whichever StoreKit is behind the
/// facade.
@MainActor
final class RecordedEvents: TrailStoreHandling {
    private(set) var log: [String] = []

    func offlineMapsPurchased() { log.append("offlineMaps purchased") }
    func offlineMapsRestored() { log.append("offlineMaps restored") }
    func offlineMapsFailed(_ error: any Error) { log.append("offlineMaps failed") }
    func offlineMapsDeferred() { log.append("offlineMaps deferred") }
    func storeDidMissProducts(_ products: [ProductID]) {
        log.append("missing " + products.map(\.rawValue).joined(separator: ", "))
    }
}
