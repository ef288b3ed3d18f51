import FakeStoreTesting
import Foundation
import StoreKit
import Testing

/// The generated StoreKit 1 store for the Trail guide, driven through the fake payment queue:
/// each test is one situation an app meets, from loading products to a refund.
@Suite(.serialized, .exclusiveFakeStore, .timeLimit(.minutes(1)))
@MainActor
struct StoreKit1ScenarioTests {
    let app = TestApp()

    var events: RecordedEvents { app.events }

    @Test func anUnknownIDIsReportedByNameAndTheOthersLoad() async throws {
        FakeAppStore.withdraw(productID: ProductID.offlineMaps.rawValue)
        let store = try await app.launch()
        #expect(store.missingProducts == [.offlineMaps])
        #expect(Set(store.products.keys) == [.gems, .guideYearly, .guideMonthly, .seasonPass])
        #expect(events.log == ["missing com.example.trail.maps"])
    }

    @Test func theRequestIsKeptAliveUntilItIsAnsweredAndAnswersEveryCaller() async {
        FakePaymentQueue.holdsProductRequests = true
        let store = app.makeStore()
        var answers: [Int] = []
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            store.requestProducts { answers.append((try? $0.get())?.count ?? -1) }
            store.requestProducts { result in
                answers.append((try? result.get())?.count ?? -1)
                continuation.resume()
            }
            #expect(FakePaymentQueue.productRequestCount == 1)
            #expect(FakePaymentQueue.heldProductRequestCount == 1)
            #expect(FakePaymentQueue.answerHeldProductRequests() == 1)
        }
        #expect(answers == [5, 5])
        #expect(FakePaymentQueue.droppedProductRequestCount == 0)
        #expect(store.gems.product?.localizedTitle == ProductID.gems.rawValue)
    }

    @Test func aFailedRequestReachesTheCompletion() async {
        FakeAppStore.productsError = SKError(.clientInvalid)
        let store = app.makeStore()
        await #expect(throws: SKError(.clientInvalid)) { _ = try await store.loadProducts() }
        #expect(store.products.isEmpty)
    }

    @Test func aPurchaseGrantsFinishesNotifiesAndCallsTheHandlerOnce() async throws {
        let store = try await app.launch()
        let notifications = NotificationRecorder(name: TrailStore.purchaseNotification)
        #expect(try await store.offlineMaps.purchase() == .purchased)
        await app.settle()
        #expect(store.offlineMaps.isPurchased)
        #expect(app.entitlements.isEntitled(to: .offlineMaps, at: FakeAppStore.now))
        #expect(events.log == ["offlineMaps purchased"])
        #expect(FakePaymentQueue.finished.map(\.state) == [.purchased])
        #expect(notifications.productIDs == [ProductID.offlineMaps.rawValue])
    }

    @Test func theAccountTokenGoesIntoThePaymentAndReachesTheTransaction() async throws {
        let store = try await app.launch()
        let account = UUID()
        store.appAccountToken = account
        try await store.offlineMaps.purchase()
        try await store.gems.purchase(quantity: 2)
        await app.settle()
        for id in [ProductID.offlineMaps, .gems] {
            let latest = try #require(await Transaction.latest(for: id.rawValue)?.unsafePayloadValue)
            #expect(latest.appAccountToken == account)
        }
    }

    @Test func aPurchaseAnEarlierLaunchDidNotFinishIsGrantedAtLaunch() async throws {
        #expect(FakePaymentQueue.addUnfinishedPurchase(productID: ProductID.offlineMaps.rawValue))
        let store = try await app.launch()
        #expect(store.offlineMaps.isPurchased)
        #expect(events.log == ["offlineMaps purchased"])
        #expect(FakePaymentQueue.finished.map(\.state) == [.purchased])
        #expect(SKPaymentQueue.default().transactions.isEmpty)
    }

    @Test func theCustomerCancelsWhichIsNoFailure() async throws {
        FakePaymentQueue.queuePaymentOutcome(.cancelled, for: ProductID.offlineMaps.rawValue)
        let store = try await app.launch()
        #expect(try await store.offlineMaps.purchase() == .cancelled)
        #expect(!store.offlineMaps.isPurchased)
        #expect(events.log.isEmpty)
        #expect(FakePaymentQueue.finished.map(\.state) == [.failed])
    }

    @Test func aFailedPaymentIsThrownReportedAndFinished() async throws {
        FakePaymentQueue.queuePaymentOutcome(.failed(.paymentInvalid), for: ProductID.offlineMaps.rawValue)
        let store = try await app.launch()
        await #expect(throws: SKError(.paymentInvalid)) { try await store.offlineMaps.purchase() }
        #expect(!store.offlineMaps.isPurchased)
        #expect(events.log == ["offlineMaps failed"])
        #expect(FakePaymentQueue.finished.map(\.state) == [.failed])
    }

    @Test func aDeferredPaymentIsPendingThenPurchasedWhenApproved() async throws {
        FakePaymentQueue.queuePaymentOutcome(.deferred, for: ProductID.offlineMaps.rawValue)
        let store = try await app.launch()
        #expect(try await store.offlineMaps.purchase() == .pending)
        await app.settle()
        #expect(!store.offlineMaps.isPurchased)
        #expect(events.log == ["offlineMaps deferred"])
        #expect(FakePaymentQueue.finished.isEmpty)

        #expect(FakePaymentQueue.approveDeferred(productID: ProductID.offlineMaps.rawValue))
        await app.settle()
        #expect(store.offlineMaps.isPurchased)
        #expect(events.log == ["offlineMaps deferred", "offlineMaps purchased"])
        #expect(FakePaymentQueue.finished.map(\.state) == [.purchased])
    }

    @Test func aConsumablePackCreditsItsUnitsAndKeepsThemAcrossALaunch() async throws {
        let store = try await app.launch()
        try await store.gems.purchase()
        try await store.gems.purchase()
        #expect(store.gems.balance == 100)
        #expect(!store.gems.isPurchased)
        #expect(store.consume(.gems, count: 30))
        #expect(!store.consume(.gems, count: 80))
        let relaunched = try await app.relaunch()
        #expect(relaunched.balance(of: .gems) == 70)
    }

    @Test func aRestoreBringsBackSeveralProducts() async throws {
        #expect(FakePaymentQueue.addRestorablePurchase(productID: ProductID.offlineMaps.rawValue))
        #expect(FakePaymentQueue.addRestorablePurchase(productID: ProductID.guideYearly.rawValue))
        let store = try await app.launch()
        #expect(store.ownedProducts.isEmpty)
        try await store.restorePurchases()
        #expect(FakePaymentQueue.restoreCount == 1)
        #expect(store.ownedProducts == [.offlineMaps, .guideYearly])
        #expect(app.entitlements.isEntitled(to: .guideYearly, at: FakeAppStore.now))
        #expect(events.log == ["offlineMaps restored", "guideYearly restored"])
        #expect(FakePaymentQueue.finished.map(\.state) == [.restored, .restored])
    }

    @Test func aFailedRestoreReachesTheCaller() async throws {
        FakePaymentQueue.restoreError = SKError(.unknown)
        let store = try await app.launch()
        await #expect(throws: SKError(.unknown)) { try await store.restorePurchases() }
        #expect(store.ownedProducts.isEmpty)
        #expect(events.log.isEmpty)
    }

    @Test func aPromotedPurchaseIsAcceptedAndBought() async throws {
        let store = try await app.launch()
        #expect(FakePaymentQueue.promote(productID: ProductID.offlineMaps.rawValue))
        await app.settle()
        #expect(FakePaymentQueue.promotions == [FakePromotion(productID: ProductID.offlineMaps.rawValue, added: true)])
        #expect(store.offlineMaps.isPurchased)
        #expect(events.log == ["offlineMaps purchased"])
    }

    @Test func aPromotedProductTheGuidesDoNotKnowIsDeclined() async throws {
        FakeAppStore.offer(FakeProduct(id: "com.example.trail.unknown", type: .nonConsumable, price: 1))
        let store = try await app.launch()
        #expect(FakePaymentQueue.promote(productID: "com.example.trail.unknown"))
        await app.settle()
        #expect(FakePaymentQueue.promotions.map(\.added) == [false])
        #expect(FakePaymentQueue.payments.isEmpty)
        #expect(store.ownedProducts.isEmpty)
    }

    @Test func disabledPaymentsRefuseThePurchaseClearly() async throws {
        let store = try await app.launch()
        FakeAppStore.canMakePayments = false
        #expect(!store.canMakePayments)
        #expect(throws: StoreError.paymentsNotAllowed) { try store.offlineMaps.buy() }
        #expect(FakePaymentQueue.payments.isEmpty)
        #expect(events.log == ["offlineMaps failed"])
    }

    @Test func aProductNotLoadedCannotBeBought() {
        let store = app.makeStore()
        #expect(throws: StoreError.productNotLoaded(.offlineMaps)) { try store.offlineMaps.buy() }
    }

    @Test func aFamilySharingRevocationRemovesTheEntitlementAndCallsTheHandler() async throws {
        let store = try await app.launch()
        try await store.offlineMaps.purchase()
        FakePaymentQueue.revokeEntitlements(productIDs: [ProductID.offlineMaps.rawValue])
        await app.settle()
        #expect(!store.offlineMaps.isPurchased)
        #expect(!app.entitlements.isEntitled(to: .offlineMaps, at: FakeAppStore.now))
        #expect(events.log == ["offlineMaps purchased", "offlineMaps revoked"])
    }

    @Test func theStoreObservesTheQueueFromItsCreationUntilItGoesAway() {
        var store: TrailStore? = app.makeStore()
        #expect(FakePaymentQueue.observerCount == 1)
        store?.stopObserving()
        #expect(FakePaymentQueue.observerCount == 0)
        store = app.makeStore()
        #expect(FakePaymentQueue.observerCount == 1)
        store = nil
        #expect(FakePaymentQueue.observerRemovalCount == 3)
    }

    @Test func entitlementsSavedEarlierShowBeforeStoreKitAnswers() throws {
        try app.entitlements.update { record in
            record.entitlements[ProductID.offlineMaps.rawValue] = EntitlementStore.Entitlement(
                expirationDate: nil, transactionID: "1", originalTransactionID: "1", purchaseDate: FakeAppStore.now)
        }
        #expect(app.makeStore().offlineMaps.isPurchased)
    }
}
