import FakeStoreTesting
import Foundation
import StoreKit
import Testing

/// The generated store for the Workbook's catalogue, driven through the fake App Store: each test
/// is one situation an app meets, from the first launch to a refund.
@Suite(.serialized, .exclusiveFakeStore, .timeLimit(.minutes(1)))
@MainActor
struct StoreScenarioTests {
    let app = TestApp()

    var events: RecordedEvents { app.events }

    @Test func anUnknownIDIsReportedByNameAndTheOthersLoad() async throws {
        FakeAppStore.withdraw(productID: ProductID.seasonPass.rawValue)
        let store = try await app.launch()
        #expect(store.missingProducts == [.seasonPass])
        #expect(Set(store.products.keys) == Set(ProductID.allCases).subtracting([.seasonPass]))
        #expect(events.log == ["missing com.example.stride.seasonpass2027"])
    }

    @Test func aVerifiedPurchaseGrantsOnceFinishesAndCallsTheHandlerOnce() async throws {
        let store = try await app.launch()
        let outcome = try await store.removeAds.purchase()
        await app.settle()
        #expect(outcome == .purchased)
        #expect(store.removeAds.isPurchased)
        #expect(app.entitlements.isEntitled(to: .removeAds, at: FakeAppStore.now))
        #expect(events.log == ["removeAds purchased"])
        let transactionID = try #require(FakeAppStore.finishedTransactionIDs.first)
        #expect(FakeAppStore.finishCount(transactionID: transactionID) == 1)
        #expect(events.deliveries == [transactionID])
    }

    @Test func anUnverifiedPurchaseGrantsNothingAndIsReported() async throws {
        FakeAppStore.queuePurchaseOutcome(.success(verified: false), for: ProductID.removeAds.rawValue)
        let store = try await app.launch()
        let outcome = try await store.purchase(.removeAds)
        #expect(outcome == .unverified)
        #expect(!store.isPurchased(.removeAds))
        #expect(events.log == ["removeAds failed"])
        #expect(events.deliveries.isEmpty)
    }

    @Test func theCustomerCancels() async throws {
        FakeAppStore.queuePurchaseOutcome(.userCancelled, for: ProductID.proYearly.rawValue)
        let store = try await app.launch()
        #expect(try await store.proYearly.purchase() == .cancelled)
        #expect(!store.proYearly.isPurchased)
        #expect(events.log.isEmpty)
    }

    @Test func anAskToBuyPurchaseIsGrantedWhenAParentApproves() async throws {
        FakeAppStore.queuePurchaseOutcome(.pending, for: ProductID.removeAds.rawValue)
        let store = try await app.launch()
        #expect(try await store.removeAds.purchase() == .pending)
        #expect(!store.removeAds.isPurchased)
        #expect(events.log == ["removeAds deferred"])

        #expect(FakeAppStore.approvePending(productID: ProductID.removeAds.rawValue) != nil)
        await app.settle()
        #expect(store.removeAds.isPurchased)
        #expect(events.log == ["removeAds deferred", "removeAds purchased"])
        #expect(FakeAppStore.finishedTransactionIDs.count == 1)
    }

    @Test func anAskToBuyApprovalWhileTheAppIsClosedIsGrantedAtTheNextLaunch() async throws {
        FakeAppStore.queuePurchaseOutcome(.pending, for: ProductID.removeAds.rawValue)
        let store = try await app.launch()
        #expect(try await store.removeAds.purchase() == .pending)
        app.quit()
        #expect(FakeAppStore.approvePending(productID: ProductID.removeAds.rawValue) != nil)
        let relaunched = try await app.launch()
        #expect(relaunched.removeAds.isPurchased)
        #expect(events.log == ["removeAds deferred", "removeAds purchased"])
    }

    @Test func anInterruptedPurchaseIsGrantedWhenTheCustomerCompletesIt() async throws {
        FakeAppStore.queuePurchaseOutcome(.interrupted, for: ProductID.removeAds.rawValue)
        let store = try await app.launch()
        await #expect(throws: StoreKitError.self) { try await store.removeAds.purchase() }
        #expect(FakeAppStore.resolveInterruptedPurchase(productID: ProductID.removeAds.rawValue) != nil)
        await app.settle()
        #expect(store.removeAds.isPurchased)
        #expect(events.log == ["removeAds failed", "removeAds purchased"])
    }

    @Test func aConsumablePackCreditsItsUnitsPerPurchase() async throws {
        let store = try await app.launch()
        try await store.coachCredits.purchase()
        try await store.coachCredits.purchase(options: [.quantity(2)])
        await app.settle()
        #expect(store.coachCredits.balance == 30)
        #expect(!store.coachCredits.isPurchased)
        #expect(store.consume(.coachCredits))
        #expect(store.balance(of: .coachCredits) == 29)
        #expect(!store.consume(.coachCredits, count: 30))
        let relaunched = try await app.relaunch()
        #expect(relaunched.coachCredits.balance == 29)
    }

    @Test func restoreBringsBackWhatWasBoughtElsewhere() async throws {
        #expect(FakeAppStore.addPurchaseFromAnotherDevice(productID: ProductID.removeAds.rawValue))
        #expect(FakeAppStore.addPurchaseFromAnotherDevice(productID: ProductID.proYearly.rawValue))
        let store = try await app.launch()
        #expect(store.ownedProducts.isEmpty)
        try await store.restorePurchases()
        #expect(FakeAppStore.syncCallCount == 1)
        #expect(store.ownedProducts == [.removeAds, .proYearly])
        #expect(app.entitlements.isEntitled(to: .proYearly, at: FakeAppStore.now))
        #expect(events.log == ["removeAds restored", "proYearly restored"])
    }

    @Test func aRefundRevokesTheProduct() async throws {
        let store = try await app.launch()
        try await store.removeAds.purchase()
        #expect(FakeAppStore.revoke(productID: ProductID.removeAds.rawValue) != nil)
        await app.settle()
        #expect(!store.removeAds.isPurchased)
        #expect(!app.entitlements.isEntitled(to: .removeAds, at: FakeAppStore.now))
        #expect(events.log == ["removeAds purchased", "removeAds revoked"])
    }

    @Test func aRefundWhileTheAppIsClosedRevokesAtTheNextLaunch() async throws {
        let store = try await app.launch()
        try await store.removeAds.purchase()
        app.quit()
        #expect(FakeAppStore.revoke(productID: ProductID.removeAds.rawValue) != nil)
        let relaunched = try await app.launch()
        #expect(!relaunched.removeAds.isPurchased)
        #expect(events.log == ["removeAds purchased", "removeAds revoked"])
    }

    @Test func aRefundedConsumableTakesBackWhatIsLeftOnce() async throws {
        let store = try await app.launch()
        try await store.coachCredits.purchase()
        #expect(store.consume(.coachCredits, count: 4))
        let refunded = try #require(FakeAppStore.revoke(productID: ProductID.coachCredits.rawValue))
        await app.settle()
        #expect(store.coachCredits.balance == 0)
        FakeAppStore.redeliver(transactionID: refunded.id)
        await app.settle()
        #expect(events.log == ["coachCredits purchased", "coachCredits revoked"])
    }

    @Test func disabledPaymentsRefuseThePurchaseClearly() async throws {
        let store = try await app.launch()
        FakeAppStore.canMakePayments = false
        #expect(!store.canMakePayments)
        await #expect(throws: StoreError.paymentsNotAllowed) { try await store.removeAds.purchase() }
        #expect(FakeAppStore.purchaseAttempts.isEmpty)
        #expect(events.log == ["removeAds failed"])
    }

    @Test func aProductNotLoadedCannotBeBought() async throws {
        let store = StrideStore(entitlements: app.entitlements, handler: events, clock: FakeAppStoreClock())
        await #expect(throws: StoreError.productNotLoaded(.removeAds)) { try await store.removeAds.purchase() }
        // The screen that shows errors through the handler hears it too.
        #expect(events.log == ["removeAds failed"])
        #expect(FakeAppStore.purchaseAttempts.isEmpty)
    }

    @Test func aPurchaseMadeOutsideTheAppArrivesThroughUpdates() async throws {
        let store = try await app.launch()
        #expect(FakeAppStore.purchaseOutsideApp(productID: ProductID.seasonPass.rawValue) != nil)
        await app.settle()
        #expect(store.seasonPass.isPurchased)
        #expect(events.log == ["seasonPass purchased"])
    }

    @Test func aPromotedPurchaseIsBought() async throws {
        let store = try await app.launch()
        await FakeAppStore.waitForPurchaseIntentListeners()
        #expect(FakeAppStore.postPurchaseIntent(productID: ProductID.removeAds.rawValue))
        await app.settle()
        #expect(store.removeAds.isPurchased)
    }

    @Test func aWinBackOfferRedeemedOnTheAppStoreIsApplied() async throws {
        let store = try await app.launch()
        await FakeAppStore.waitForPurchaseIntentListeners()
        #expect(
            FakeAppStore.postPurchaseIntent(productID: ProductID.plusMonthly.rawValue, winBackOfferID: "plus-come-back")
        )
        await app.settle()
        #expect(FakeAppStore.purchaseAttempts.map(\.winBackOfferID) == ["plus-come-back"])
        #expect(store.plusMonthly.isPurchased)
    }

    @Test func entitlementsSavedEarlierShowBeforeStoreKitAnswers() throws {
        try app.entitlements.update { record in
            record.entitlements[ProductID.removeAds.rawValue] = EntitlementStore.Entitlement(
                expirationDate: nil, transactionID: "1", originalTransactionID: "1", purchaseDate: FakeAppStore.now)
        }
        let store = StrideStore(entitlements: app.entitlements, clock: FakeAppStoreClock())
        #expect(store.removeAds.isPurchased)
    }

    @Test func aFamilyMembersSharedPurchaseIsReportedAsShared() async throws {
        let store = try await app.launch()
        FakeAppStore.purchaseOutsideApp(productID: ProductID.removeAds.rawValue, ownership: .familyShared)
        await app.settle()
        #expect(store.removeAds.isPurchased)
        #expect(store.removeAds.isFamilyShared)
        #expect(events.log == ["removeAds familyShared"])
    }

    @Test func aHandlerWithoutItsOwnHandleHearsThroughItsProductMethods() async throws {
        let perProduct = ProductMethodEvents()
        let store = StrideStore(entitlements: app.entitlements, handler: perProduct, clock: FakeAppStoreClock())
        await FakeAppStore.waitForUpdateListeners()
        try await store.loadProducts()
        FakeAppStore.purchaseOutsideApp(productID: ProductID.removeAds.rawValue, ownership: .familyShared)
        FakeAppStore.purchaseOutsideApp(productID: ProductID.coachCredits.rawValue)
        await FakeAppStore.waitUntilIdle()
        await store.waitForPendingChanges()
        #expect(perProduct.log == ["removeAds purchased", "coachCredits purchased"])
        withExtendedLifetime(perProduct) {}
    }
}

/// A handler that implements only product methods, and relies on the default `handle(_:for:)`.
@MainActor
final class ProductMethodEvents: StrideStoreHandling {
    private(set) var log: [String] = []

    func removeAdsPurchased(_ transaction: Transaction) { log.append("removeAds purchased") }
    func coachCreditsPurchased(_ transaction: Transaction) { log.append("coachCredits purchased") }
}
