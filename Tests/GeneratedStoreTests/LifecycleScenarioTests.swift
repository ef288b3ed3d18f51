import FakeStoreTesting
import Foundation
import StoreKit
import Testing

/// The generated store over StoreKit's whole lifecycle: launches, time passing, one transaction
/// delivered several times at once, renewals, changes of plan, billing trouble, and saves or
/// deliveries that fail. Each test is what a customer sees.
@Suite(.serialized, .exclusiveFakeStore, .timeLimit(.minutes(1)))
@MainActor
struct LifecycleScenarioTests {
    let app = TestApp()

    var events: RecordedEvents { app.events }

    // MARK: Time and launches

    @Test func aSubscriptionThatLapsedWhileTheAppWasClosedIsLockedAtTheNextLaunch() async throws {
        let store = try await app.launch()
        try await store.plusMonthly.purchase()
        #expect(store.plusMonthly.isPurchased)
        FakeAppStore.setWillAutoRenew(false, productID: ProductID.plusMonthly.rawValue)
        app.quit()
        FakeAppStore.advanceClock(by: 40 * 86_400)

        let relaunched = StrideStore(entitlements: app.entitlements, handler: events, clock: FakeAppStoreClock())
        #expect(!relaunched.plusMonthly.isPurchased)
        await FakeAppStore.waitUntilIdle()
        await relaunched.waitForPendingChanges()
        #expect(!relaunched.plusMonthly.isPurchased)
        #expect(!app.entitlements.isEntitled(to: .plusMonthly, at: FakeAppStore.now))
        #expect(events.log == ["plusMonthly purchased", "plusMonthly expired"])
    }

    @Test func aSubscriptionLocksWhenItsEndPassesWhileTheAppRuns() async throws {
        let store = try await app.launch()
        try await store.plusMonthly.purchase()
        FakeAppStore.setWillAutoRenew(false, productID: ProductID.plusMonthly.rawValue)
        await app.wait(days: 20)
        #expect(store.plusMonthly.isPurchased)
        await app.wait(days: 12)
        #expect(!store.plusMonthly.isPurchased)
        #expect(events.log == ["plusMonthly purchased", "plusMonthly expired"])
    }

    @Test func aSubscriptionCancelledOutsideTheAppLocksAfterTheForegroundRefresh() async throws {
        let store = try await app.launch()
        try await store.proYearly.purchase()
        #expect(FakeAppStore.expire(productID: ProductID.proYearly.rawValue) != nil)
        #expect(store.proYearly.isPurchased)
        await app.returnToForeground()
        #expect(!store.proYearly.isPurchased)
        #expect(events.log == ["proYearly purchased", "proYearly expired"])
    }

    @Test func aNonRenewingPassEndsAfterItsDurationAcrossARelaunch() async throws {
        let store = try await app.launch()
        try await store.seasonPass.purchase()
        let bought = FakeAppStore.now
        #expect(store.seasonPass.expirationDate == ProductID.seasonPass.end(ofPurchaseAt: bought))
        let relaunched = try await app.relaunch()
        #expect(relaunched.seasonPass.isPurchased)
        await app.wait(days: 364)
        #expect(relaunched.seasonPass.isPurchased)
        await app.wait(days: 2)
        #expect(!relaunched.seasonPass.isPurchased)
        #expect(events.log == ["seasonPass purchased", "seasonPass expired"])
        let later = try await app.relaunch()
        #expect(!later.seasonPass.isPurchased)
        #expect(events.log == ["seasonPass purchased", "seasonPass expired"])
    }

    @Test func aPassThatEndedWhileTheAppWasClosedIsLockedAtLaunch() async throws {
        let store = try await app.launch()
        try await store.seasonPass.purchase()
        app.quit()
        FakeAppStore.advanceClock(by: 400 * 86_400)
        let relaunched = try await app.launch()
        #expect(!relaunched.seasonPass.isPurchased)
        #expect(events.log == ["seasonPass purchased", "seasonPass expired"])
    }

    @Test func aSecondPassBoughtBeforeTheFirstEndsStartsWhereTheFirstEnds() async throws {
        let store = try await app.launch()
        try await store.seasonPass.purchase()
        let firstEnd = try #require(store.seasonPass.expirationDate)
        await app.wait(days: 100)
        try await store.seasonPass.purchase()
        #expect(store.seasonPass.expirationDate == ProductID.seasonPass.end(ofPurchaseAt: firstEnd))
    }

    @Test func aRenewalReportsRenewedAndMovesTheEnd() async throws {
        let store = try await app.launch()
        try await store.plusMonthly.purchase()
        let firstEnd = try #require(store.plusMonthly.expirationDate)
        await app.wait(days: 31)
        #expect(store.plusMonthly.isPurchased)
        #expect(try #require(store.plusMonthly.expirationDate) > firstEnd)
        #expect(events.log == ["plusMonthly purchased", "plusMonthly renewed"])
    }

    @Test func renewalsWhileTheAppWasClosedAreReportedAtLaunch() async throws {
        let store = try await app.launch()
        try await store.plusMonthly.purchase()
        app.quit()
        FakeAppStore.advanceClock(by: 65 * 86_400)
        let relaunched = try await app.launch()
        #expect(relaunched.plusMonthly.isPurchased)
        // Both renewals are delivered; only the one whose period still runs grants anything.
        #expect(events.deliveries.count == 3)
        #expect(events.log == ["plusMonthly purchased", "plusMonthly renewed"])
    }

    @Test func anUpgradeFromMonthlyToYearlyReportsNeitherExpiryNorASecondPurchase() async throws {
        let store = try await app.launch()
        try await store.plusMonthly.purchase()
        try await store.proYearly.purchase()
        await app.settle()
        #expect(store.ownedProducts == [.proYearly])
        await app.wait(days: 40)
        await app.returnToForeground()
        #expect(store.ownedProducts == [.proYearly])
        #expect(events.log == ["plusMonthly purchased", "proYearly purchased"])
    }

    @Test func aDowngradeTakesEffectAtTheRenewal() async throws {
        let store = try await app.launch()
        try await store.proYearly.purchase()
        #expect(try await store.plusMonthly.purchase() == .purchased)
        #expect(store.ownedProducts == [.proYearly])
        await app.wait(days: 366)
        #expect(store.ownedProducts == [.plusMonthly])
        #expect(events.log == ["proYearly purchased", "plusMonthly renewed"])
    }

    @Test func aSubscriberInTheGracePeriodKeepsAccessUntilBillingRetryLocks() async throws {
        FakeAppStore.gracePeriod = 16 * 86_400
        let store = try await app.launch()
        try await store.plusMonthly.purchase()
        FakeAppStore.failRenewals(productID: ProductID.plusMonthly.rawValue)
        await app.wait(days: 33)
        #expect(store.plusMonthly.isPurchased)
        await app.wait(days: 1)
        #expect(store.plusMonthly.isPurchased)
        await app.wait(days: 15)
        #expect(!store.plusMonthly.isPurchased)
        #expect(events.log == ["plusMonthly purchased", "plusMonthly expired"])
        FakeAppStore.fixBilling(productID: ProductID.plusMonthly.rawValue)
        await app.settle()
        #expect(store.plusMonthly.isPurchased)
        #expect(events.log == ["plusMonthly purchased", "plusMonthly expired", "plusMonthly renewed"])
    }

    // MARK: One transaction, many deliveries

    @Test func aPurchaseCompletingDuringARefreshIsKept() async throws {
        var losses: [Int] = []
        for round in 0..<200 {
            let app = TestApp()
            let store = try await app.launch()
            let refresh = Task { await store.refreshEntitlements() }
            for _ in 0..<(round % 9) { await Task.yield() }
            if round.isMultiple(of: 2) {
                try await store.removeAds.purchase()
            } else {
                FakeAppStore.purchaseOutsideApp(productID: ProductID.removeAds.rawValue)
            }
            await refresh.value
            await app.settle()
            if !store.removeAds.isPurchased || app.events.log != ["removeAds purchased"]
                || !app.entitlements.isEntitled(to: .removeAds, at: FakeAppStore.now)
            {
                losses.append(round)
            }
        }
        #expect(losses.isEmpty)
    }

    @Test func aRebuyAfterARefundCompletingDuringARefreshIsKept() async throws {
        for round in 0..<20 {
            let app = TestApp()
            let store = try await app.launch()
            try await store.removeAds.purchase()
            FakeAppStore.revoke(productID: ProductID.removeAds.rawValue)
            await app.settle()
            let refresh = Task { await store.refreshEntitlements() }
            for _ in 0..<(round % 5) { await Task.yield() }
            try await store.removeAds.purchase()
            await refresh.value
            await app.settle()
            #expect(store.removeAds.isPurchased)
            #expect(app.events.log == ["removeAds purchased", "removeAds revoked", "removeAds purchased"])
        }
    }

    @Test func oneConsumableTransactionDeliveredThreeTimesOverlappingCreditsOnce() async throws {
        let store = try await app.launch()
        let gate = DeliveryGate()
        events.gate = gate
        FakeAppStore.purchasesAlsoThroughUpdates = true
        let purchase = Task { try await store.coachCredits.purchase() }
        while gate.arrivals == 0 { await Task.yield() }
        let transactionID = try #require(events.deliveries.first)
        FakeAppStore.redeliver(transactionID: transactionID)
        for _ in 0..<10 { await Task.yield() }
        gate.open()
        #expect(try await purchase.value == .purchased)
        await app.settle()
        #expect(store.coachCredits.balance == 10)
        #expect(events.deliveries == [transactionID])
        #expect(events.log == ["coachCredits purchased"])
        #expect(FakeAppStore.unfinishedTransactionIDs.isEmpty)
    }

    @Test func aConsumableRedeliveredAfterARelaunchCreditsNothing() async throws {
        let store = try await app.launch()
        try await store.coachCredits.purchase()
        let transactionID = try #require(FakeAppStore.finishedTransactionIDs.first)
        let relaunched = try await app.relaunch()
        FakeAppStore.redeliver(transactionID: transactionID)
        await app.settle()
        #expect(relaunched.coachCredits.balance == 10)
        #expect(events.log == ["coachCredits purchased"])
    }

    @Test func aPurchaseSeenAsAResultAndAsAnUpdateIsReportedOnce() async throws {
        FakeAppStore.purchasesAlsoThroughUpdates = true
        let store = try await app.launch()
        #expect(try await store.removeAds.purchase() == .purchased)
        await app.settle()
        #expect(events.log == ["removeAds purchased"])
    }

    // MARK: Deliveries that fail

    @Test func aFailedKeychainWriteLeavesTheTransactionUnfinishedAndItIsDeliveredAgain() async throws {
        let store = try await app.launch()
        app.storage.failsToSave = true
        #expect(try await store.coachCredits.purchase() == .awaitingDelivery)
        #expect(store.coachCredits.balance == 0)
        #expect(events.log == ["coachCredits failed"])
        #expect(FakeAppStore.unfinishedTransactionIDs.count == 1)
        #expect(FakeAppStore.finishedTransactionIDs.isEmpty)

        app.storage.failsToSave = false
        await app.returnToForeground()
        #expect(store.coachCredits.balance == 10)
        #expect(events.log == ["coachCredits failed", "coachCredits purchased"])
        #expect(FakeAppStore.unfinishedTransactionIDs.isEmpty)
    }

    @Test func aFailedWriteIsDeliveredAgainAtTheNextLaunch() async throws {
        let store = try await app.launch()
        app.storage.failsToSave = true
        #expect(try await store.removeAds.purchase() == .awaitingDelivery)
        app.storage.failsToSave = false
        let relaunched = try await app.relaunch()
        #expect(relaunched.removeAds.isPurchased)
        #expect(events.log == ["removeAds failed", "removeAds purchased"])
        #expect(FakeAppStore.unfinishedTransactionIDs.isEmpty)
    }

    @Test func anAppThatAsksToRetryLaterGetsTheTransactionAgain() async throws {
        let store = try await app.launch()
        events.deliveryAnswers = [.retryLater]
        #expect(try await store.removeAds.purchase() == .awaitingDelivery)
        #expect(!store.removeAds.isPurchased)
        #expect(events.log.isEmpty)
        let transactionID = try #require(events.deliveries.first)
        #expect(FakeAppStore.unfinishedTransactionIDs == [transactionID])

        let relaunched = try await app.relaunch()
        #expect(relaunched.removeAds.isPurchased)
        #expect(events.deliveries == [transactionID, transactionID])
        #expect(events.log == ["removeAds purchased"])
        #expect(FakeAppStore.unfinishedTransactionIDs.isEmpty)
    }

    @Test func aDeliveryRetriedOnTheNextForegroundIsGrantedOnce() async throws {
        let store = try await app.launch()
        events.deliveryAnswers = [.retryLater, .retryLater]
        #expect(try await store.coachCredits.purchase() == .awaitingDelivery)
        await app.returnToForeground()
        #expect(store.coachCredits.balance == 0)
        await app.returnToForeground()
        #expect(store.coachCredits.balance == 10)
        #expect(events.deliveries.count == 3)
        #expect(events.log == ["coachCredits purchased"])
    }
}
