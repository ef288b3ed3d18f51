import FakeStoreTesting
import Foundation
import StoreKit
import Testing

/// The app as the scenarios run it: a store over entitlements that outlive it, so that a
/// relaunch is a new store over the same saved record, with the fake App Store's clock.
@MainActor
final class TestApp {
    let storage = FakeEntitlementStorage()
    let events = RecordedEvents()
    private(set) var store: StrideStore?

    init() {
        FakeAppStore.reset()
        FakeAppStore.offer(Catalogue.all)
    }

    var entitlements: EntitlementStore { EntitlementStore(storage: storage) }

    /// Starts the app: a store with its listener running, its launch refresh done and its
    /// products loaded.
    @discardableResult
    func launch() async throws -> StrideStore {
        let store = StrideStore(entitlements: entitlements, handler: events, clock: FakeAppStoreClock())
        self.store = store
        await FakeAppStore.waitForUpdateListeners()
        try await store.loadProducts()
        await settle()
        return store
    }

    /// The app quits (its store goes away) and starts again.
    @discardableResult
    func relaunch() async throws -> StrideStore {
        quit()
        return try await launch()
    }

    /// The app quits; StoreKit keeps what is unfinished for the next launch.
    func quit() {
        store = nil
        FakeAppStore.relaunchApp()
    }

    /// Waits until the fake store has handed out everything and the store has applied it.
    func settle() async {
        for _ in 0..<3 {
            await FakeAppStore.waitUntilIdle()
            await store?.waitForPendingChanges()
        }
    }

    /// Lets time pass while the app runs, then waits for the store to react.
    func wait(days: Double) async {
        FakeAppStore.advanceClock(by: days * 86_400)
        await settle()
    }

    /// The app returns to the foreground.
    func returnToForeground() async {
        NotificationCenter.default.post(name: StrideStore.foregroundNotification, object: nil)
        // The observer hands the refresh to the main actor; let it start before waiting.
        for _ in 0..<5 { await Task.yield() }
        await settle()
    }
}

extension FakeAppStoreClock: StoreClock {}

extension FakeEntitlementStorage: EntitlementStore.Storage {}

/// A handler that writes down every event it is told, through its own `handle(_:for:)`, and
/// answers deliveries as a test tells it to.
@MainActor
final class RecordedEvents: StrideStoreHandling {
    private(set) var log: [String] = []
    /// Transactions the store asked to deliver, in order.
    private(set) var deliveries: [UInt64] = []
    /// Answers for the next deliveries, used once each; `.delivered` when none is left.
    var deliveryAnswers: [DeliveryOutcome] = []
    var gate: DeliveryGate?

    func deliver(_ transaction: Transaction, for product: ProductID) async -> DeliveryOutcome {
        deliveries.append(transaction.id)
        await gate?.pass()
        return deliveryAnswers.isEmpty ? .delivered : deliveryAnswers.removeFirst()
    }

    func handle(_ event: StoreEvent, for product: ProductID) {
        let name: String
        switch event {
        case .purchased: name = "purchased"
        case .familyShared: name = "familyShared"
        case .renewed: name = "renewed"
        case .restored: name = "restored"
        case .failed: name = "failed"
        case .deferred: name = "deferred"
        case .revoked: name = "revoked"
        case .expired: name = "expired"
        }
        log.append("\(product.handlerName) \(name)")
    }

    func storeDidMissProducts(_ products: [ProductID]) {
        log.append("missing " + products.map(\.rawValue).joined(separator: ", "))
    }
}

extension ProductID {
    /// The name of the product's property on the store, as in the logs.
    var handlerName: String {
        switch self {
        case .coachCredits: "coachCredits"
        case .removeAds: "removeAds"
        case .seasonPass: "seasonPass"
        case .proYearly: "proYearly"
        case .plusMonthly: "plusMonthly"
        }
    }
}

/// The Workbook's catalogue as the fake App Store offers it.
enum Catalogue {
    static let all: [FakeProduct] = [
        FakeProduct(id: ProductID.coachCredits.rawValue, type: .consumable, price: 2.99),
        FakeProduct(id: ProductID.removeAds.rawValue, type: .nonConsumable, price: 3.99, familyShareable: true),
        FakeProduct(id: ProductID.seasonPass.rawValue, type: .nonRenewable, price: 19.99),
        FakeProduct(
            id: ProductID.proYearly.rawValue, type: .autoRenewable, price: 59.99, familyShareable: true,
            subscription: FakeSubscription(groupID: "membership", period: .yearly, groupLevel: 1)),
        FakeProduct(
            id: ProductID.plusMonthly.rawValue, type: .autoRenewable, price: 4.99,
            subscription: FakeSubscription(
                groupID: "membership", period: .monthly, groupLevel: 2,
                winBackOffers: [FakeSubscriptionOffer(id: "plus-come-back", price: 0.99, period: .monthly)])),
    ]
}
