import FakeStoreTesting
import Foundation
import StoreKit
import Testing

extension FakeAppStoreClock: StoreClock {}

extension FakeEntitlementStorage: EntitlementStore.Storage {}

/// The app as the StoreKit 1 scenarios run it: a store over entitlements that outlive it, with
/// the fake App Store's clock.
@MainActor
final class TestApp {
    let storage = FakeEntitlementStorage()
    let events = RecordedEvents()
    private(set) var store: TrailStore?
    /// How the next store learns when subscriptions end.
    var validator: TrailStore.SubscriptionValidator?
    var decidesWithStoreKit2 = true

    init() {
        FakeAppStore.reset()
        FakeAppStore.offer(Catalogue.all)
    }

    var entitlements: EntitlementStore { EntitlementStore(storage: storage) }

    func makeStore() -> TrailStore {
        TrailStore(
            entitlements: entitlements, handler: events, clock: FakeAppStoreClock(), validator: validator,
            decidesWithStoreKit2: decidesWithStoreKit2)
    }

    /// Starts the app: a store observing the queue, its launch refresh done and its products
    /// loaded.
    @discardableResult
    func launch() async throws -> TrailStore {
        let store = makeStore()
        self.store = store
        try await store.loadProducts()
        await settle()
        return store
    }

    @discardableResult
    func relaunch() async throws -> TrailStore {
        quit()
        return try await launch()
    }

    func quit() {
        store = nil
        FakeAppStore.relaunchApp()
    }

    func settle() async {
        for _ in 0..<3 {
            await FakePaymentQueue.waitUntilIdle()
            await store?.waitForPendingChanges()
        }
    }

    func wait(days: Double) async {
        FakeAppStore.advanceClock(by: days * 86_400)
        await settle()
    }

    func returnToForeground() async {
        NotificationCenter.default.post(name: TrailStore.foregroundNotification, object: nil)
        for _ in 0..<5 { await Task.yield() }
        await settle()
    }
}

/// A handler that writes down every event through its own `handle(_:for:)`, and answers
/// deliveries as a test tells it to.
@MainActor
final class RecordedEvents: TrailStoreHandling {
    private(set) var log: [String] = []
    private(set) var deliveries: [String] = []
    var deliveryAnswers: [DeliveryOutcome] = []
    var gate: DeliveryGate?

    func deliver(_ transaction: SKPaymentTransaction, for product: ProductID) async -> DeliveryOutcome {
        deliveries.append(transaction.transactionIdentifier ?? "")
        await gate?.pass()
        return deliveryAnswers.isEmpty ? .delivered : deliveryAnswers.removeFirst()
    }

    func handle(_ event: TrailStore.Event, for product: ProductID) {
        let name: String
        switch event {
        case .purchased: name = "purchased"
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
    var handlerName: String {
        switch self {
        case .gems: "gems"
        case .offlineMaps: "offlineMaps"
        case .guideYearly: "guideYearly"
        case .guideMonthly: "guideMonthly"
        case .seasonPass: "seasonPass"
        }
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
