import FakeStoreTesting
import Foundation
import StoreKit
import Testing

/// What the facade offers a subscription app, whichever StoreKit is behind it: the products as
/// loaded, where the customer stands in the group, the account token on every purchase, and
/// offers where StoreKit 2 can give them.
@Suite(.serialized, .exclusiveFakeStore, .timeLimit(.minutes(1)))
@MainActor
struct FacadeSubscriptionTests {
    let scenarios = FacadeScenarioTests()

    @Test(arguments: FacadeScenarioTests.Backend.allCases)
    func theProductsAreExposedWithTheirPrices(_ backend: FacadeScenarioTests.Backend) async throws {
        let store = try await scenarios.makeStore(backend)
        #expect(Set(store.products.keys) == Set(ProductID.allCases))
        #expect(store.products[.offlineMaps]?.displayPrice == "$4.99")
        #expect(store.products[.guideYearly]?.displayPrice == "$19.99")
        #expect(store.products[.guideYearly]?.displayName == ProductID.guideYearly.rawValue)
        #expect(store.products[.gems]?.id == .gems)
    }

    @Test(arguments: FacadeScenarioTests.Backend.allCases)
    func theGroupStatusFollowsTheSubscription(_ backend: FacadeScenarioTests.Backend) async throws {
        let store = try await scenarios.makeStore(backend)
        #expect(store.subscriptionStatus(of: .trailGuide) == .notSubscribed)
        #expect(!store.isSubscribed(to: .trailGuide))
        try await store.guideMonthly.purchase()
        await scenarios.settle(store)
        let status = store.subscriptionStatus(of: .trailGuide)
        #expect(status.state == .subscribed)
        #expect(status.product == .guideMonthly)
        #expect(status.level == 2)
        #expect(status.expirationDate == store.expirationDate(of: .guideMonthly))
        #expect(store.isSubscribed(to: .trailGuide))
    }

    @Test func storeKit2TellsOfTheGracePeriodThroughTheFacade() async throws {
        FakeAppStore.gracePeriod = 16 * 86_400
        let store = try await scenarios.makeStore(.storeKit2)
        try await store.guideMonthly.purchase()
        FakeAppStore.failRenewals(productID: ProductID.guideMonthly.rawValue)
        FakeAppStore.advanceClock(by: 32 * 86_400)
        await scenarios.settle(store)
        #expect(store.subscriptionStatus(of: .trailGuide).state == .inGracePeriod)
        #expect(store.isSubscribed(to: .trailGuide))
    }

    @Test(arguments: FacadeScenarioTests.Backend.allCases)
    func theAccountTokenReachesTheTransaction(_ backend: FacadeScenarioTests.Backend) async throws {
        let store = try await scenarios.makeStore(backend)
        let account = UUID()
        store.appAccountToken = account
        #expect(store.appAccountToken == account)
        try await store.offlineMaps.purchase()
        await scenarios.settle(store)
        // StoreKit 1's `applicationUsername` becomes the transaction's `appAccountToken`.
        let latest = try #require(await Transaction.latest(for: ProductID.offlineMaps.rawValue)?.unsafePayloadValue)
        #expect(latest.appAccountToken == account)
    }

    @Test func anOfferNeedsStoreKit2() async throws {
        let store = try await scenarios.makeStore(.storeKit1)
        await #expect(throws: StoreError.offerUnavailable(.guideYearly, offerID: "guide-winter")) {
            try await store.purchase(.guideYearly, offer: .promotional(offerID: "guide-winter"))
        }
        #expect(!store.guideYearly.isPurchased)
        #expect(FakePaymentQueue.payments.isEmpty)
    }

    @Test(arguments: FacadeScenarioTests.Backend.allCases)
    func aPurchaseCanBeConfirmedInAScene(_ backend: FacadeScenarioTests.Backend) async throws {
        let store = try await scenarios.makeStore(backend)
        #expect(try await store.purchase(.offlineMaps, confirmIn: windowScene()) == .purchased)
        await scenarios.settle(store)
        #expect(store.offlineMaps.isPurchased)
    }
}
