import Foundation
import StoreKit
import Testing

extension FakeStoreSuite {
    /// The StoreKit 1 side of the fake store: products requests and the payment queue.
    @Suite struct PaymentQueueTests {
        let observer = QueueRecorder()

        init() {
            Catalog.setUp()
            SKPaymentQueue.default().add(observer)
        }

        @Test func aProductsRequestAnswersInTheBackgroundWithTheInvalidIDsByName() async throws {
            let delegate = RequestRecorder()
            let request = SKProductsRequest(productIdentifiers: ["com.example.premium", "com.example.typo", "a.b"])
            request.delegate = delegate
            request.start()
            await FakePaymentQueue.waitUntilIdle()
            #expect(delegate.log == ["products com.example.premium invalid a.b com.example.typo", "finished"])
            #expect(delegate.answeredOnMainQueue == false)
            #expect(FakePaymentQueue.productRequestCount == 1)
            withExtendedLifetime(request) {}
        }

        @Test func aRequestTheAppLetsGoOfIsNeverAnswered() async {
            let delegate = RequestRecorder()
            FakePaymentQueue.holdsProductRequests = true
            startAndForget(delegate: delegate)
            #expect(FakePaymentQueue.heldProductRequestCount == 0)
            #expect(FakePaymentQueue.answerHeldProductRequests() == 1)
            await FakePaymentQueue.waitUntilIdle()
            #expect(delegate.log.isEmpty)
            #expect(FakePaymentQueue.droppedProductRequestCount == 1)
        }

        @Test func aFailingRequestTellsTheDelegate() async {
            FakeAppStore.productsError = SKError(.clientInvalid)
            let delegate = RequestRecorder()
            let request = SKProductsRequest(productIdentifiers: ["com.example.premium"])
            request.delegate = delegate
            request.start()
            await FakePaymentQueue.waitUntilIdle()
            #expect(delegate.log == ["failed 1"])
            withExtendedLifetime(request) {}
        }

        @Test func aPaymentIsPurchasingThenPurchased() async throws {
            SKPaymentQueue.default().add(try await Self.payment(for: Catalog.premium))
            await FakePaymentQueue.waitUntilIdle()
            #expect(observer.log == ["com.example.premium purchasing", "com.example.premium purchased 1"])
            #expect(SKPaymentQueue.default().transactions.count == 1)
            let transaction = try #require(SKPaymentQueue.default().transactions.first)
            #expect(transaction.transactionDate == FakeAppStore.now)
            SKPaymentQueue.default().finishTransaction(transaction)
            #expect(SKPaymentQueue.default().transactions.isEmpty)
            #expect(FakePaymentQueue.finished.map(\.state) == [.purchased])
            #expect(observer.calledOnMainQueueOnly)
        }

        @Test func aNewObserverHearsOfTransactionsStillWaitingToBeFinished() async {
            #expect(FakePaymentQueue.addUnfinishedPurchase(productID: "com.example.premium"))
            let latecomer = QueueRecorder()
            SKPaymentQueue.default().add(latecomer)
            await FakePaymentQueue.waitUntilIdle()
            #expect(latecomer.log == ["com.example.premium purchased 1"])
            #expect(observer.log.isEmpty)
            #expect(SKPaymentQueue.default().transactions.count == 1)
        }

        @Test func cancellingFailsWithPaymentCancelled() async throws {
            FakePaymentQueue.queuePaymentOutcome(.cancelled, for: "com.example.coins")
            FakePaymentQueue.queuePaymentOutcome(.failed(.paymentInvalid), for: "com.example.coins")
            let payment = try await Self.payment(for: Catalog.coins)
            SKPaymentQueue.default().add(payment)
            SKPaymentQueue.default().add(payment)
            await FakePaymentQueue.waitUntilIdle()
            #expect(
                observer.log == [
                    "com.example.coins purchasing", "com.example.coins failed 2", "com.example.coins purchasing",
                    "com.example.coins failed 3",
                ])
            let error = try #require(SKPaymentQueue.default().transactions.first?.error)
            var matched = false
            do { throw error } catch SKError.paymentCancelled { matched = true } catch {}
            #expect(matched)
        }

        @Test func aDeferredPaymentIsPurchasedWhenApproved() async throws {
            FakePaymentQueue.queuePaymentOutcome(.deferred, for: "com.example.premium")
            SKPaymentQueue.default().add(try await Self.payment(for: Catalog.premium))
            await FakePaymentQueue.waitUntilIdle()
            #expect(FakePaymentQueue.approveDeferred(productID: "com.example.premium"))
            #expect(!FakePaymentQueue.approveDeferred(productID: "com.example.coins"))
            await FakePaymentQueue.waitUntilIdle()
            #expect(
                observer.log == [
                    "com.example.premium purchasing", "com.example.premium deferred",
                    "com.example.premium purchased 1",
                ])
        }

        @Test func paymentsNotAllowedFail() async throws {
            let payment = try await Self.payment(for: Catalog.premium)
            FakeAppStore.canMakePayments = false
            #expect(!SKPaymentQueue.canMakePayments())
            SKPaymentQueue.default().add(payment)
            await FakePaymentQueue.waitUntilIdle()
            #expect(observer.log == ["com.example.premium purchasing", "com.example.premium failed 4"])
        }

        @Test func aRestoreBringsBackEveryNonConsumableAndSubscription() async throws {
            #expect(FakePaymentQueue.addRestorablePurchase(productID: "com.example.premium"))
            #expect(FakePaymentQueue.addRestorablePurchase(productID: "com.example.pro.yearly"))
            #expect(!FakePaymentQueue.addRestorablePurchase(productID: "com.example.unknown"))
            SKPaymentQueue.default().restoreCompletedTransactions()
            await FakePaymentQueue.waitUntilIdle()
            #expect(
                observer.log == [
                    "com.example.premium restored 2000000001", "com.example.pro.yearly restored 2000000002",
                    "restore finished",
                ])
            #expect(
                SKPaymentQueue.default().transactions.compactMap(\.original?.transactionIdentifier) == ["1", "2"])
        }

        @Test func aFailedRestoreTellsTheObservers() async {
            FakePaymentQueue.restoreError = SKError(.unknown)
            SKPaymentQueue.default().restoreCompletedTransactions()
            await FakePaymentQueue.waitUntilIdle()
            #expect(observer.log == ["restore failed 0"])
            #expect(FakePaymentQueue.restoreCount == 1)
        }

        @Test func aPromotedPurchaseIsAddedWhenTheObserverSaysYes() async {
            observer.acceptsPromotions = true
            #expect(FakePaymentQueue.promote(productID: "com.example.premium"))
            await FakePaymentQueue.waitUntilIdle()
            #expect(FakePaymentQueue.promotions == [FakePromotion(productID: "com.example.premium", added: true)])
            #expect(observer.log.last == "com.example.premium purchased 1")
        }

        @Test func anObserverWithoutThePromotionMethodDeclines() async {
            SKPaymentQueue.default().remove(observer)
            let silent = SilentObserver()
            SKPaymentQueue.default().add(silent)
            #expect(FakePaymentQueue.promote(productID: "com.example.premium"))
            await FakePaymentQueue.waitUntilIdle()
            #expect(FakePaymentQueue.promotions == [FakePromotion(productID: "com.example.premium", added: false)])
            #expect(FakePaymentQueue.payments.isEmpty)
            withExtendedLifetime(silent) {}
        }

        @Test func observersHearRevocations() async {
            FakePaymentQueue.revokeEntitlements(productIDs: ["com.example.premium"])
            await FakePaymentQueue.waitUntilIdle()
            #expect(observer.log == ["revoked com.example.premium"])
        }

        static func payment(for fake: FakeProduct) async throws -> SKPayment {
            SKPayment(product: try await product(for: fake))
        }

        /// The catalog product as a products request returns it.
        static func product(for fake: FakeProduct) async throws -> SKProduct {
            let request = SKProductsRequest(productIdentifiers: [fake.id])
            let delegate = RequestRecorder()
            request.delegate = delegate
            request.start()
            await FakePaymentQueue.waitUntilIdle()
            let product = try #require(delegate.products.first)
            withExtendedLifetime(request) {}
            return product
        }

        private func startAndForget(delegate: RequestRecorder) {
            let request = SKProductsRequest(productIdentifiers: ["com.example.premium"])
            request.delegate = delegate
            request.start()
        }
    }
}

/// Tells whether code runs on the main queue. (`Thread.isMainThread` cannot: a test process may
/// drain the main queue on another thread.)
enum MainQueue {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}

/// Writes down what a products request delegate heard.
final class RequestRecorder: NSObject, SKProductsRequestDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    private(set) var products: [SKProduct] = []
    private(set) var answeredOnMainQueue: Bool?

    var log: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    private func append(_ entry: String) {
        lock.lock()
        defer { lock.unlock() }
        entries.append(entry)
    }

    func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
        products = response.products
        answeredOnMainQueue = MainQueue.isCurrent
        let found = response.products.map(\.productIdentifier).joined(separator: " ")
        append("products \(found) invalid \(response.invalidProductIdentifiers.joined(separator: " "))")
    }

    func requestDidFinish(_ request: SKRequest) {
        append("finished")
    }

    func request(_ request: SKRequest, didFailWithError error: any Error) {
        append("failed \((error as? SKError)?.code.rawValue ?? -1)")
    }
}

/// Writes down what a payment queue observer heard.
final class QueueRecorder: NSObject, SKPaymentTransactionObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    var acceptsPromotions = false

    var log: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    private func append(_ entry: String) {
        lock.lock()
        defer { lock.unlock() }
        entries.append(entry)
    }

    /// Whether every callback so far came on the main queue, as StoreKit's do.
    private(set) var calledOnMainQueueOnly = true

    func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
        if !MainQueue.isCurrent { calledOnMainQueueOnly = false }
        for transaction in transactions {
            let product = transaction.payment.productIdentifier
            switch transaction.transactionState {
            case .purchasing: append("\(product) purchasing")
            case .purchased: append("\(product) purchased \(transaction.transactionIdentifier ?? "-")")
            case .failed: append("\(product) failed \((transaction.error as? SKError)?.code.rawValue ?? -1)")
            case .restored: append("\(product) restored \(transaction.transactionIdentifier ?? "-")")
            case .deferred: append("\(product) deferred")
            }
        }
    }

    func paymentQueueRestoreCompletedTransactionsFinished(_ queue: SKPaymentQueue) {
        append("restore finished")
    }

    func paymentQueue(_ queue: SKPaymentQueue, restoreCompletedTransactionsFailedWithError error: any Error) {
        append("restore failed \((error as? SKError)?.code.rawValue ?? -1)")
    }

    func paymentQueue(_ queue: SKPaymentQueue, shouldAddStorePayment payment: SKPayment, for product: SKProduct)
        -> Bool
    {
        acceptsPromotions
    }

    func paymentQueue(
        _ queue: SKPaymentQueue, didRevokeEntitlementsForProductIdentifiers productIdentifiers: [String]
    ) {
        append("revoked " + productIdentifiers.joined(separator: " "))
    }
}

/// An observer that implements only the one required method.
final class SilentObserver: NSObject, SKPaymentTransactionObserver {
    func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {}
}
