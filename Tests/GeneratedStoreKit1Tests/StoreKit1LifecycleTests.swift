import FakeStoreTesting
import Foundation
import StoreKit
import Testing

/// The generated StoreKit 1 store over time: subscriptions that lapse, restores of lapsed
/// subscriptions on systems with and without StoreKit 2, renewals, relaunches, transactions
/// delivered twice, and deliveries or saves that fail.
@Suite(.serialized, .exclusiveFakeStore, .timeLimit(.minutes(1)))
@MainActor
struct StoreKit1LifecycleTests {
    let app = TestApp()

    var events: RecordedEvents { app.events }

    /// A subscriber whose subscription was bought a year and a day ago, on another device, and
    /// was not renewed.
    func lapsedSubscriber() {
        FakePaymentQueue.addRestorablePurchase(productID: ProductID.guideYearly.rawValue)
        FakeAppStore.setWillAutoRenew(false, productID: ProductID.guideYearly.rawValue)
        FakeAppStore.advanceClock(by: 366 * 86_400)
    }

    @Test func aLapsedSubscriberWhoTapsRestoreGetsNothingWhereTheSystemHasStoreKit2() async throws {
        lapsedSubscriber()
        let store = try await app.launch()
        try await store.restorePurchases()
        #expect(!store.guideYearly.isPurchased)
        #expect(events.log.isEmpty)
    }

    @Test func aLapsedSubscriberWhoTapsRestoreGetsNothingWithoutAValidator() async throws {
        lapsedSubscriber()
        app.decidesWithStoreKit2 = false
        let store = try await app.launch()
        try await store.restorePurchases()
        #expect(!store.guideYearly.isPurchased)
        #expect(events.log.isEmpty)
    }

    @Test func aLapsedSubscriberWhoTapsRestoreGetsNothingWhenTheValidatorSaysSo() async throws {
        lapsedSubscriber()
        app.decidesWithStoreKit2 = false
        var asked: [ProductID] = []
        app.validator = { id in
            asked.append(id)
            return nil
        }
        let store = try await app.launch()
        try await store.restorePurchases()
        #expect(!store.guideYearly.isPurchased)
        #expect(asked == [.guideYearly])
        #expect(events.log.isEmpty)
    }

    @Test func anActiveSubscriptionIsRestoredUntilOnePeriodAfterItsPurchaseWithoutStoreKit2() async throws {
        FakePaymentQueue.addRestorablePurchase(productID: ProductID.guideYearly.rawValue)
        FakeAppStore.setWillAutoRenew(false, productID: ProductID.guideYearly.rawValue)
        let bought = FakeAppStore.now
        app.decidesWithStoreKit2 = false
        let store = try await app.launch()
        try await store.restorePurchases()
        #expect(store.guideYearly.isPurchased)
        #expect(store.guideYearly.expirationDate == ProductID.guideYearly.end(ofPurchaseAt: bought))
        #expect(events.log == ["guideYearly restored"])
        await app.wait(days: 366)
        #expect(!store.guideYearly.isPurchased)
        #expect(events.log == ["guideYearly restored", "guideYearly expired"])
    }

    @Test func aSubscriptionTheValidatorExtendsStaysOwned() async throws {
        app.decidesWithStoreKit2 = false
        let renewedUntil = FakeAppStore.now.addingTimeInterval(800 * 86_400)
        app.validator = { _ in renewedUntil }
        let store = try await app.launch()
        try await store.guideYearly.purchase()
        #expect(store.guideYearly.expirationDate == renewedUntil)
        await app.wait(days: 400)
        #expect(store.guideYearly.isPurchased)
    }

    @Test func aSubscriptionThatLapsedWhileTheAppWasClosedIsLockedAtTheNextLaunch() async throws {
        let store = try await app.launch()
        try await store.guideYearly.purchase()
        FakeAppStore.setWillAutoRenew(false, productID: ProductID.guideYearly.rawValue)
        app.quit()
        FakeAppStore.advanceClock(by: 400 * 86_400)
        let relaunched = app.makeStore()
        #expect(!relaunched.guideYearly.isPurchased)
        let launched = try await app.launch()
        #expect(!launched.guideYearly.isPurchased)
        #expect(events.log == ["guideYearly purchased", "guideYearly expired"])
    }

    @Test func aRenewalReportsRenewed() async throws {
        let store = try await app.launch()
        try await store.guideYearly.purchase()
        let firstEnd = try #require(store.guideYearly.expirationDate)
        await app.wait(days: 366)
        #expect(store.guideYearly.isPurchased)
        #expect(try #require(store.guideYearly.expirationDate) > firstEnd)
        #expect(events.log == ["guideYearly purchased", "guideYearly renewed"])
    }

    @Test func aPurchaseOfWhatTheCustomerOwnsResumesItsCallerWithoutGrantingAgain() async throws {
        let store = try await app.launch()
        #expect(try await store.offlineMaps.purchase() == .purchased)
        #expect(try await store.offlineMaps.purchase() == .purchased)
        await app.settle()
        #expect(events.log == ["offlineMaps purchased"])
        #expect(events.deliveries.count == 1)
    }

    @Test func aConsumableRedeliveredAfterARelaunchCreditsNothing() async throws {
        let store = try await app.launch()
        FakeAppStore.finishesAreLost = true
        try await store.gems.purchase()
        #expect(store.gems.balance == 50)
        FakeAppStore.finishesAreLost = false
        #expect(SKPaymentQueue.default().transactions.count == 1)
        let relaunched = try await app.relaunch()
        #expect(relaunched.gems.balance == 50)
        #expect(events.log == ["gems purchased"])
        #expect(SKPaymentQueue.default().transactions.isEmpty)
    }

    @Test func aFailedKeychainWriteLeavesTheTransactionUnfinishedAndItIsDeliveredAgain() async throws {
        let store = try await app.launch()
        app.storage.failsToSave = true
        #expect(try await store.gems.purchase() == .awaitingDelivery)
        #expect(store.gems.balance == 0)
        #expect(events.log == ["gems failed"])
        #expect(SKPaymentQueue.default().transactions.count == 1)
        app.storage.failsToSave = false
        await app.returnToForeground()
        #expect(store.gems.balance == 50)
        #expect(events.log == ["gems failed", "gems purchased"])
        #expect(SKPaymentQueue.default().transactions.isEmpty)
    }

    @Test func anAppThatAsksToRetryLaterGetsTheTransactionAgain() async throws {
        let store = try await app.launch()
        events.deliveryAnswers = [.retryLater]
        #expect(try await store.offlineMaps.purchase() == .awaitingDelivery)
        #expect(!store.offlineMaps.isPurchased)
        #expect(SKPaymentQueue.default().transactions.count == 1)
        let relaunched = try await app.relaunch()
        #expect(relaunched.offlineMaps.isPurchased)
        #expect(events.deliveries.count == 2)
        #expect(events.log == ["offlineMaps purchased"])
        #expect(SKPaymentQueue.default().transactions.isEmpty)
    }

    @Test func aRefundLocksTheProductAtTheNextRefreshWhereTheSystemHasStoreKit2() async throws {
        let store = try await app.launch()
        try await store.offlineMaps.purchase()
        FakeAppStore.revoke(productID: ProductID.offlineMaps.rawValue)
        await app.returnToForeground()
        #expect(!store.offlineMaps.isPurchased)
        #expect(events.log == ["offlineMaps purchased", "offlineMaps revoked"])
    }

    @Test func aPurchaseCompletingDuringARefreshIsKept() async throws {
        var losses: [Int] = []
        for round in 0..<200 {
            let app = TestApp()
            let store = try await app.launch()
            let refresh = Task { await store.refreshEntitlements() }
            for _ in 0..<(round % 9) { await Task.yield() }
            try await store.offlineMaps.purchase()
            await refresh.value
            await app.settle()
            if !store.offlineMaps.isPurchased || app.events.log != ["offlineMaps purchased"] {
                losses.append(round)
            }
        }
        #expect(losses.isEmpty)
    }

    @Test func oneConsumableTransactionDeliveredThreeTimesOverlappingCreditsOnce() async throws {
        let store = try await app.launch()
        let gate = DeliveryGate()
        events.gate = gate
        let purchase = Task { try await store.gems.purchase() }
        while gate.arrivals == 0 { await Task.yield() }
        let identifier = try #require(events.deliveries.first)
        #expect(FakePaymentQueue.redeliver(transactionIdentifier: identifier))
        #expect(FakePaymentQueue.redeliver(transactionIdentifier: identifier))
        await FakePaymentQueue.waitUntilIdle()
        gate.open()
        #expect(try await purchase.value == .purchased)
        await app.settle()
        #expect(store.gems.balance == 50)
        #expect(events.deliveries == [identifier])
        #expect(events.log == ["gems purchased"])
    }

    @Test func aPassEndsAfterItsDurationAcrossARelaunch() async throws {
        let store = try await app.launch()
        try await store.seasonPass.purchase()
        let relaunched = try await app.relaunch()
        #expect(relaunched.seasonPass.isPurchased)
        await app.wait(days: 175)
        #expect(relaunched.seasonPass.isPurchased)
        await app.wait(days: 10)
        #expect(!relaunched.seasonPass.isPurchased)
        #expect(events.log == ["seasonPass purchased", "seasonPass expired"])
    }

    @Test func anUpgradeFromMonthlyToYearlyReportsNeitherExpiryNorASecondPurchase() async throws {
        let store = try await app.launch()
        try await store.guideMonthly.purchase()
        try await store.guideYearly.purchase()
        await app.settle()
        #expect(store.ownedProducts == [.guideYearly])
        await app.wait(days: 40)
        await app.returnToForeground()
        #expect(store.ownedProducts == [.guideYearly])
        #expect(events.log == ["guideMonthly purchased", "guideYearly purchased"])
    }
}
