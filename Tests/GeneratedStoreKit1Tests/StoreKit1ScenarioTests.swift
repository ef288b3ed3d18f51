import FakeStoreTesting
import Foundation
import StoreKit
import Testing

/// The generated StoreKit 1 store for the Trail guide, driven through the fake payment queue:
/// each test is one situation an app meets, from loading products to a refund.
@Suite(.serialized, .exclusiveFakeStore, .timeLimit(.minutes(1)))
@MainActor
struct StoreKit1ScenarioTests {
    let events = RecordedEvents()
    let entitlements = InMemoryEntitlementStore()

    init() {
        FakeAppStore.reset()
        FakeAppStore.offer(Catalogue.all)
    }

    /// A store observing the payment queue, with its products loaded.
    func makeStore() async throws -> TrailStore {
        let store = TrailStore(entitlements: entitlements, handler: events)
        try await store.loadProducts()
        return store
    }

    @Test func anUnknownIDIsReportedByNameAndTheOthersLoad() async throws {
        FakeAppStore.withdraw(productID: ProductID.offlineMaps.rawValue)
        let store = try await makeStore()
        #expect(store.missingProducts == [.offlineMaps])
        #expect(Set(store.products.keys) == [.gems, .guideYearly])
        #expect(events.log == ["missing com.example.trail.maps"])
    }

    @Test func theRequestIsKeptAliveUntilItIsAnsweredAndAnswersEveryCaller() async {
        FakePaymentQueue.holdsProductRequests = true
        let store = TrailStore(entitlements: entitlements, handler: events)
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
        #expect(answers == [3, 3])
        #expect(FakePaymentQueue.droppedProductRequestCount == 0)
        #expect(store.gems.product?.localizedTitle == ProductID.gems.rawValue)
    }

    @Test func aFailedRequestReachesTheCompletion() async {
        FakeAppStore.productsError = SKError(.clientInvalid)
        let store = TrailStore(entitlements: entitlements, handler: events)
        await #expect(throws: SKError(.clientInvalid)) { _ = try await store.loadProducts() }
        #expect(store.products.isEmpty)
    }

    @Test func aPurchaseGrantsFinishesNotifiesAndCallsTheHandlerOnce() async throws {
        let store = try await makeStore()
        let notifications = NotificationRecorder(name: TrailStore.purchaseNotification)
        #expect(try await store.offlineMaps.purchase() == .purchased)
        await FakePaymentQueue.waitUntilIdle()
        #expect(store.offlineMaps.isPurchased)
        #expect(entitlements.isEntitled(to: .offlineMaps))
        #expect(events.log == ["offlineMaps purchased"])
        #expect(FakePaymentQueue.finished.map(\.state) == [.purchased])
        #expect(notifications.productIDs == [ProductID.offlineMaps.rawValue])
    }

    @Test func aPurchaseAnEarlierLaunchDidNotFinishIsGrantedAtLaunch() async throws {
        #expect(FakePaymentQueue.addUnfinishedPurchase(productID: ProductID.offlineMaps.rawValue))
        let store = try await makeStore()
        await FakePaymentQueue.waitUntilIdle()
        #expect(store.offlineMaps.isPurchased)
        #expect(events.log == ["offlineMaps purchased"])
        #expect(FakePaymentQueue.finished.map(\.state) == [.purchased])
        #expect(SKPaymentQueue.default().transactions.isEmpty)
    }

    @Test func theCustomerCancelsWhichIsNoFailure() async throws {
        FakePaymentQueue.queuePaymentOutcome(.cancelled, for: ProductID.offlineMaps.rawValue)
        let store = try await makeStore()
        #expect(try await store.offlineMaps.purchase() == .cancelled)
        #expect(!store.offlineMaps.isPurchased)
        #expect(events.log.isEmpty)
        #expect(FakePaymentQueue.finished.map(\.state) == [.failed])
    }

    @Test func aFailedPaymentIsThrownReportedAndFinished() async throws {
        FakePaymentQueue.queuePaymentOutcome(.failed(.paymentInvalid), for: ProductID.offlineMaps.rawValue)
        let store = try await makeStore()
        await #expect(throws: SKError(.paymentInvalid)) { try await store.offlineMaps.purchase() }
        #expect(!store.offlineMaps.isPurchased)
        #expect(events.log == ["offlineMaps failed"])
        #expect(FakePaymentQueue.finished.map(\.state) == [.failed])
    }

    @Test func aDeferredPaymentIsPendingThenPurchasedWhenApproved() async throws {
        FakePaymentQueue.queuePaymentOutcome(.deferred, for: ProductID.offlineMaps.rawValue)
        let store = try await makeStore()
        #expect(try await store.offlineMaps.purchase() == .pending)
        await FakePaymentQueue.waitUntilIdle()
        #expect(!store.offlineMaps.isPurchased)
        #expect(events.log == ["offlineMaps deferred"])
        #expect(FakePaymentQueue.finished.isEmpty)

        #expect(FakePaymentQueue.approveDeferred(productID: ProductID.offlineMaps.rawValue))
        await FakePaymentQueue.waitUntilIdle()
        #expect(store.offlineMaps.isPurchased)
        #expect(events.log == ["offlineMaps deferred", "offlineMaps purchased"])
        #expect(FakePaymentQueue.finished.map(\.state) == [.purchased])
    }

    @Test func aConsumableBoughtTwiceHasBalanceTwo() async throws {
        let store = try await makeStore()
        try await store.gems.purchase()
        try await store.gems.purchase()
        #expect(store.gems.balance == 2)
        #expect(!store.gems.isPurchased)
        #expect(store.consume(.gems))
        #expect(store.balance(of: .gems) == 1)
        #expect(!store.consume(.gems, count: 5))
    }

    @Test func aRestoreBringsBackSeveralProducts() async throws {
        #expect(FakePaymentQueue.addRestorablePurchase(productID: ProductID.offlineMaps.rawValue))
        #expect(FakePaymentQueue.addRestorablePurchase(productID: ProductID.guideYearly.rawValue))
        let store = try await makeStore()
        #expect(store.ownedProducts.isEmpty)
        try await store.restorePurchases()
        #expect(FakePaymentQueue.restoreCount == 1)
        #expect(store.ownedProducts == [.offlineMaps, .guideYearly])
        #expect(entitlements.isEntitled(to: .guideYearly))
        #expect(events.log == ["offlineMaps restored", "guideYearly restored"])
        #expect(FakePaymentQueue.finished.map(\.state) == [.restored, .restored])
    }

    @Test func aFailedRestoreReachesTheCaller() async throws {
        FakePaymentQueue.restoreError = SKError(.unknown)
        let store = try await makeStore()
        await #expect(throws: SKError(.unknown)) { try await store.restorePurchases() }
        #expect(store.ownedProducts.isEmpty)
        #expect(events.log.isEmpty)
    }

    @Test func aPromotedPurchaseIsAcceptedAndBought() async throws {
        let store = try await makeStore()
        #expect(FakePaymentQueue.promote(productID: ProductID.offlineMaps.rawValue))
        await FakePaymentQueue.waitUntilIdle()
        #expect(FakePaymentQueue.promotions == [FakePromotion(productID: ProductID.offlineMaps.rawValue, added: true)])
        #expect(store.offlineMaps.isPurchased)
        #expect(events.log == ["offlineMaps purchased"])
    }

    @Test func aPromotedProductTheGuidesDoNotKnowIsDeclined() async throws {
        FakeAppStore.offer(FakeProduct(id: "com.example.trail.unknown", type: .nonConsumable, price: 1))
        let store = try await makeStore()
        #expect(FakePaymentQueue.promote(productID: "com.example.trail.unknown"))
        await FakePaymentQueue.waitUntilIdle()
        #expect(FakePaymentQueue.promotions.map(\.added) == [false])
        #expect(FakePaymentQueue.payments.isEmpty)
        #expect(store.ownedProducts.isEmpty)
    }

    @Test func disabledPaymentsRefuseThePurchaseClearly() async throws {
        let store = try await makeStore()
        FakeAppStore.canMakePayments = false
        #expect(!store.canMakePayments)
        #expect(throws: StoreError.paymentsNotAllowed) { try store.offlineMaps.buy() }
        #expect(FakePaymentQueue.payments.isEmpty)
        #expect(events.log == ["offlineMaps failed"])
    }

    @Test func aProductNotLoadedCannotBeBought() {
        let store = TrailStore(entitlements: entitlements, handler: events)
        #expect(throws: StoreError.productNotLoaded(.offlineMaps)) { try store.offlineMaps.buy() }
    }

    @Test func aRevocationRemovesTheEntitlementAndCallsTheHandler() async throws {
        let store = try await makeStore()
        try await store.offlineMaps.purchase()
        FakePaymentQueue.revokeEntitlements(productIDs: [ProductID.offlineMaps.rawValue])
        await FakePaymentQueue.waitUntilIdle()
        #expect(!store.offlineMaps.isPurchased)
        #expect(!entitlements.isEntitled(to: .offlineMaps))
        #expect(events.log == ["offlineMaps purchased", "offlineMaps revoked"])
    }

    @Test func theStoreObservesTheQueueFromItsCreation() {
        let store = TrailStore(entitlements: entitlements)
        #expect(FakePaymentQueue.observerCount == 1)
        store.stopObserving()
        #expect(FakePaymentQueue.observerCount == 0)
    }

    @Test func entitlementsSavedEarlierShowBeforeStoreKitAnswers() {
        entitlements.setEntitled(true, to: .offlineMaps)
        let store = TrailStore(entitlements: entitlements)
        #expect(store.offlineMaps.isPurchased)
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

/// A handler that writes down what it was told, in order.
@MainActor
final class RecordedEvents: TrailStoreHandling {
    private(set) var log: [String] = []

    func offlineMapsPurchased(_ transaction: SKPaymentTransaction) { log.append("offlineMaps purchased") }
    func offlineMapsRestored() { log.append("offlineMaps restored") }
    func offlineMapsFailed(_ error: any Error) { log.append("offlineMaps failed") }
    func offlineMapsDeferred() { log.append("offlineMaps deferred") }
    func offlineMapsRevoked() { log.append("offlineMaps revoked") }
    func guideYearlyRestored() { log.append("guideYearly restored") }
    func storeDidMissProducts(_ products: [ProductID]) {
        log.append("missing " + products.map(\.rawValue).joined(separator: ", "))
    }
}

/// Collects the product IDs of a notification as it is posted.
final class NotificationRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var received: [String] = []
    private var token: (any NSObjectProtocol)?

    init(name: Notification.Name) {
        token = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] note in
            self?.append(note.userInfo?["productID"] as? String ?? "")
        }
    }

    deinit {
        if let token { NotificationCenter.default.removeObserver(token) }
    }

    private func append(_ productID: String) {
        lock.lock()
        defer { lock.unlock() }
        received.append(productID)
    }

    var productIDs: [String] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }
}
