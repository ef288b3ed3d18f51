import Foundation
import StoreKit
import Testing

extension FakeStoreSuite {
    /// The fake store over time: launches, the clock, billing, changes within a subscription
    /// group, one transaction delivered twice, and the one ledger both StoreKit APIs share.
    @Suite struct LifecycleTests {
        init() {
            Catalog.setUp()
        }

        @Test func unfinishedTransactionsAreHeldForTheFirstListenerOfTheNextLaunch() async throws {
            let finished = try await buy(try await Catalog.product(Catalog.premium))
            await finished.finish()
            let unfinished = try await buy(try await Catalog.product(Catalog.coins))
            FakeAppStore.relaunchApp()
            var iterator = Transaction.updates.makeAsyncIterator()
            let first = await iterator.next()
            #expect(first?.unsafePayloadValue.id == unfinished.id)
            #expect(FakeAppStore.unfinishedTransactionIDs == [unfinished.id])
        }

        @Test func aRelaunchEndsTheListenersOfTheOldLaunch() async {
            let listener = Task {
                var count = 0
                for await _ in Transaction.updates { count += 1 }
                return count
            }
            await FakeAppStore.waitForUpdateListeners()
            FakeAppStore.relaunchApp()
            #expect(await listener.value == 0)
        }

        @Test func aPurchaseCanAlsoArriveThroughUpdates() async throws {
            let listener = Task { () -> UInt64? in
                for await update in Transaction.updates { return update.unsafePayloadValue.id }
                return nil
            }
            await FakeAppStore.waitForUpdateListeners()
            FakeAppStore.purchasesAlsoThroughUpdates = true
            let transaction = try await buy(try await Catalog.product(Catalog.coins))
            #expect(await listener.value == transaction.id)
        }

        @Test func aTransactionCanBeDeliveredAgain() async throws {
            let transaction = try await buy(try await Catalog.product(Catalog.coins))
            let listener = Task { () -> UInt64? in
                for await update in Transaction.updates { return update.unsafePayloadValue.id }
                return nil
            }
            await FakeAppStore.waitForUpdateListeners()
            #expect(FakeAppStore.redeliver(transactionID: transaction.id)?.id == transaction.id)
            #expect(FakeAppStore.redeliver(transactionID: 999) == nil)
            #expect(await listener.value == transaction.id)
        }

        @Test func aRenewalIsDatedAtTheEndOfThePeriodAndPublished() async throws {
            let first = try await buy(try await Catalog.product(Catalog.monthly))
            let listener = Task { () -> Transaction? in
                for await update in Transaction.updates { return update.unsafePayloadValue }
                return nil
            }
            await FakeAppStore.waitForUpdateListeners()
            FakeAppStore.advanceClock(by: 40 * 86_400)
            let renewal = try #require(await listener.value)
            #expect(renewal.originalID == first.id)
            #expect(renewal.reason == .renewal)
            #expect(renewal.purchaseDate == first.expirationDate)
            #expect(renewal.productID == first.productID)
        }

        @Test func aFailedRenewalGivesAGracePeriodThenBillingRetryThenExpiry() async throws {
            FakeAppStore.gracePeriod = 16 * 86_400
            let first = try await buy(try await Catalog.product(Catalog.monthly))
            FakeAppStore.failRenewals(productID: first.productID)
            // The free trial's week ends, and its renewal payment fails.
            FakeAppStore.advanceClock(by: 8 * 86_400)
            #expect(try await status(of: "pro") == .inGracePeriod)
            #expect(await entitledProductIDs() == [first.productID])
            FakeAppStore.advanceClock(by: 20 * 86_400)
            #expect(try await status(of: "pro") == .inBillingRetryPeriod)
            #expect(await entitledProductIDs().isEmpty)
            FakeAppStore.advanceClock(by: 60 * 86_400)
            #expect(try await status(of: "pro") == .expired)
            #expect(await transactions(in: Transaction.all).count == 1)
        }

        @Test func fixingBillingRenewsAtOnce() async throws {
            let first = try await buy(try await Catalog.product(Catalog.monthly))
            FakeAppStore.failRenewals(productID: first.productID)
            FakeAppStore.advanceClock(by: 35 * 86_400)
            #expect(try await status(of: "pro") == .inBillingRetryPeriod)
            let renewal = try #require(FakeAppStore.fixBilling(productID: first.productID))
            #expect(renewal.purchaseDate == FakeAppStore.now)
            #expect(try await status(of: "pro") == .subscribed)
        }

        @Test func anUpgradeReplacesTheSubscriptionAtOnce() async throws {
            let monthly = try await buy(try await Catalog.product(Catalog.monthly))
            let listener = Task { () -> Transaction? in
                for await update in Transaction.updates { return update.unsafePayloadValue }
                return nil
            }
            await FakeAppStore.waitForUpdateListeners()
            let yearly = try await buy(try await Catalog.product(Catalog.yearly))
            let upgraded = try #require(await listener.value)
            #expect(upgraded.id == monthly.id)
            #expect(upgraded.isUpgraded)
            #expect(yearly.reason == .purchase)
            #expect(await entitledProductIDs() == [Catalog.yearly.id])
        }

        @Test func aDowngradeTakesEffectAtTheNextRenewal() async throws {
            let yearly = try await buy(try await Catalog.product(Catalog.yearly))
            let answer = try await buy(try await Catalog.product(Catalog.monthly))
            #expect(answer.id == yearly.id)
            #expect(await entitledProductIDs() == [Catalog.yearly.id])
            FakeAppStore.advanceClock(by: 366 * 86_400)
            let renewal = try #require(await transactions(in: Transaction.all).last)
            #expect(renewal.productID == Catalog.monthly.id)
            #expect(renewal.reason == .renewal)
            #expect(renewal.originalID == yearly.id)
            #expect(await entitledProductIDs() == [Catalog.monthly.id])
        }

        @Test func anInterruptedPurchaseFailsThenArrivesThroughUpdates() async throws {
            FakeAppStore.queuePurchaseOutcome(.interrupted, for: Catalog.premium.id)
            let product = try await Catalog.product(Catalog.premium)
            await #expect(throws: StoreKitError.self) { try await product.purchase() }
            let listener = Task { () -> Transaction? in
                for await update in Transaction.updates { return update.unsafePayloadValue }
                return nil
            }
            await FakeAppStore.waitForUpdateListeners()
            #expect(FakeAppStore.resolveInterruptedPurchase(productID: Catalog.premium.id) != nil)
            #expect(await listener.value?.productID == Catalog.premium.id)
        }

        @Test func aSleeperWakesWhenTheClockReachesItsDate() async throws {
            let wake = FakeAppStore.now.addingTimeInterval(3600)
            let sleeper = Task { try await FakeAppStore.sleep(until: wake) }
            while FakeAppStore.sleeperCount == 0 { await Task.yield() }
            FakeAppStore.advanceClock(by: 1800)
            #expect(FakeAppStore.sleeperCount == 1)
            FakeAppStore.advanceClock(by: 1800)
            try await sleeper.value
            #expect(FakeAppStore.sleeperCount == 0)
        }

        @Test func aRelaunchCancelsSleepers() async {
            let sleeper = Task { try await FakeAppStore.sleep(until: .distantFuture) }
            while FakeAppStore.sleeperCount == 0 { await Task.yield() }
            FakeAppStore.relaunchApp()
            await #expect(throws: CancellationError.self) { try await sleeper.value }
        }

        @Test func aPaymentThroughTheQueueIsAStoreKit2TransactionToo() async throws {
            let observer = QueueRecorder()
            SKPaymentQueue.default().add(observer)
            let product = try #require(await Self.skProduct(Catalog.premium))
            SKPaymentQueue.default().add(SKPayment(product: product))
            await FakePaymentQueue.waitUntilIdle()
            let ledger = try #require(await transactions(in: Transaction.unfinished).first)
            let queued = try #require(SKPaymentQueue.default().transactions.first)
            #expect(queued.transactionIdentifier == String(ledger.id))
            await ledger.finish()
            #expect(SKPaymentQueue.default().transactions.isEmpty)
            withExtendedLifetime(observer) {}
        }

        @Test func aStoreKit2PurchaseReachesThePaymentQueueObservers() async throws {
            let observer = QueueRecorder()
            SKPaymentQueue.default().add(observer)
            let transaction = try await buy(try await Catalog.product(Catalog.premium))
            await FakePaymentQueue.waitUntilIdle()
            #expect(observer.log == ["com.example.premium purchased \(transaction.id)"])
            SKPaymentQueue.default().finishTransaction(try #require(SKPaymentQueue.default().transactions.first))
            #expect(FakeAppStore.unfinishedTransactionIDs.isEmpty)
        }

        @Test func aWinBackOfferTheProductHasIsApplied() async throws {
            var monthly = Catalog.monthly
            monthly.subscription?.winBackOffers = [
                FakeSubscriptionOffer(id: "come-back", price: 0.99, period: .monthly)
            ]
            FakeAppStore.offer(monthly)
            let product = try await Catalog.product(monthly)
            let offer = try #require(product.subscription?.winBackOffers.first)
            _ = try await buy(product, options: [.winBackOffer(offer)])
            #expect(FakeAppStore.purchaseAttempts.map(\.winBackOfferID) == ["come-back"])
        }

        private func status(of group: String) async throws -> Product.SubscriptionInfo.RenewalState? {
            try await Product.SubscriptionInfo.status(for: group).first?.state
        }

        private static func skProduct(_ fake: FakeProduct) async -> SKProduct? {
            let delegate = RequestRecorder()
            let request = SKProductsRequest(productIdentifiers: [fake.id])
            request.delegate = delegate
            request.start()
            await FakePaymentQueue.waitUntilIdle()
            return withExtendedLifetime(request) { delegate.products.first }
        }
    }
}
