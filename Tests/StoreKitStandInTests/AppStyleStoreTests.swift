import Foundation
import StoreKit
import Testing

extension FakeStoreSuite {
    /// Drives the app-style store through the fake store, as the generated code will be driven.
    @Suite @MainActor struct AppStyleStoreTests {
        init() {
            Catalog.setUp()
        }

        /// Runs a test with a store that has loaded its products, and stops its listeners after.
        func withStore(_ body: (AppStyleStore) async throws -> Void) async throws {
            let store = AppStyleStore(productIDs: Catalog.all.map(\.id) + ["com.example.missing"])
            await store.requestProducts()
            do {
                try await body(store)
            } catch {
                await store.stop()
                throw error
            }
            await store.stop()
        }

        @Test func productsAreSortedIntoKinds() async throws {
            try await withStore { store in
                #expect(store.consumables.map(\.id) == ["com.example.coins"])
                #expect(store.nonConsumables.map(\.id) == ["com.example.premium"])
                #expect(store.nonRenewables.map(\.id) == ["com.example.season"])
                #expect(store.subscriptions.map(\.id) == ["com.example.pro.monthly", "com.example.pro.yearly"])
                #expect(store.canMakePayments)
                #expect(await store.storefrontCountry() == "USA")
                let monthly = try #require(store.subscriptions.first)
                #expect(await store.introOfferText(for: monthly) == "1-week free trial")
            }
        }

        @Test func aPurchaseUnlocksAndIsFinished() async throws {
            try await withStore { store in
                let premium = try #require(store.nonConsumables.first)
                let transaction = try #require(try await store.purchase(premium))
                #expect(store.purchasedProductIDs == ["com.example.premium"])
                #expect(FakeAppStore.finishedTransactionIDs == [transaction.id])
                #expect(try await store.isPurchased(premium))
                #expect(await store.hasEntitlement(to: premium.id))
            }
        }

        @Test func consumablesAddUpButAreNeverEntitlements() async throws {
            try await withStore { store in
                let coins = try #require(store.consumables.first)
                _ = try await store.purchase(coins)
                _ = try await store.purchase(coins, quantity: 2, account: UUID())
                #expect(store.coins == 300)
                #expect(store.purchasedProductIDs.isEmpty)
                #expect(FakeAppStore.finishedTransactionIDs == [1, 2])
            }
        }

        @Test func anUnverifiedPurchaseIsRefused() async throws {
            FakeAppStore.queuePurchaseOutcome(.success(verified: false), for: "com.example.premium")
            try await withStore { store in
                let premium = try #require(store.nonConsumables.first)
                await #expect(throws: AppStyleStoreError.failedVerification) {
                    _ = try await store.purchase(premium)
                }
                #expect(FakeAppStore.finishedTransactionIDs.isEmpty)
            }
        }

        @Test func cancelledAndPendingPurchasesReturnNothing() async throws {
            FakeAppStore.queuePurchaseOutcomes([.userCancelled, .pending], for: "com.example.premium")
            try await withStore { store in
                let premium = try #require(store.nonConsumables.first)
                #expect(try await store.purchase(premium) == nil)
                #expect(try await store.purchase(premium) == nil)
                #expect(store.purchasedProductIDs.isEmpty)
            }
        }

        @Test func anApprovedAskToBuyPurchaseIsDeliveredByTheListener() async throws {
            FakeAppStore.queuePurchaseOutcome(.pending, for: "com.example.premium")
            try await withStore { store in
                let premium = try #require(store.nonConsumables.first)
                #expect(try await store.purchase(premium) == nil)
                let approved = try #require(FakeAppStore.approvePending(productID: premium.id))
                await FakeAppStore.waitUntilIdle()
                #expect(store.purchasedProductIDs == [premium.id])
                #expect(FakeAppStore.finishedTransactionIDs == [approved.id])
            }
        }

        @Test func aRefundIsDeliveredByTheListener() async throws {
            try await withStore { store in
                let premium = try #require(store.nonConsumables.first)
                _ = try await store.purchase(premium)
                FakeAppStore.revoke(productID: premium.id)
                await FakeAppStore.waitUntilIdle()
                #expect(store.purchasedProductIDs.isEmpty)
                #expect(try await !store.isPurchased(premium))
            }
        }

        @Test func anUnverifiedUpdateIsReportedNotDelivered() async throws {
            try await withStore { store in
                FakeAppStore.purchaseOutsideApp(productID: "com.example.premium", verified: false)
                await FakeAppStore.waitUntilIdle()
                #expect(store.lastError == "failed verification")
                #expect(store.purchasedProductIDs.isEmpty)
                #expect(FakeAppStore.finishedTransactionIDs.isEmpty)
            }
        }

        @Test func subscriptionStatusFollowsTheStore() async throws {
            try await withStore { store in
                let monthly = try #require(store.subscriptions.first)
                _ = try await store.purchase(monthly)
                #expect(store.subscriptionGroupStatus == .subscribed)
                #expect(await store.subscriptionSummary()?.hasPrefix("Renews") == true)
                #expect(await store.introOfferText(for: monthly) == nil)

                FakeAppStore.expire(productID: monthly.id)
                await store.updateCustomerProductStatus()
                #expect(store.subscriptionGroupStatus == .expired)
                #expect(store.purchasedProductIDs.isEmpty)
                #expect(await store.subscriptionSummary() == "Cancelled")

                FakeAppStore.renew(productID: monthly.id)
                await FakeAppStore.waitUntilIdle()
                #expect(store.purchasedProductIDs == [monthly.id])
            }
        }

        @Test func restoringSyncsOrReportsTheError() async throws {
            try await withStore { store in
                FakeAppStore.syncError = StoreKitError.networkError(URLError(.notConnectedToInternet))
                FakeAppStore.addPurchaseFromAnotherDevice(productID: "com.example.season")
                await store.restorePurchases()
                #expect(store.lastError == "network \(URLError.Code.notConnectedToInternet.rawValue)")
                #expect(store.purchasedProductIDs.isEmpty)

                FakeAppStore.syncError = nil
                await store.restorePurchases()
                #expect(store.purchasedProductIDs == ["com.example.season"])
                #expect(FakeAppStore.syncCallCount == 2)
            }
        }

        @Test func aFailedProductRequestIsReported() async throws {
            FakeAppStore.productsError = StoreKitError.networkError(URLError(.timedOut))
            try await withStore { store in
                #expect(store.nonConsumables.isEmpty)
                #expect(store.lastError == "network \(URLError.Code.timedOut.rawValue)")
            }
        }

        @Test func aPurchaseIntentIsBought() async throws {
            try await withStore { store in
                FakeAppStore.postPurchaseIntent(productID: "com.example.premium")
                await FakeAppStore.waitUntilIdle()
                #expect(store.purchasedProductIDs == ["com.example.premium"])
            }
        }

        @Test func refusedPaymentsAreReported() async throws {
            FakeAppStore.canMakePayments = false
            try await withStore { store in
                #expect(!store.canMakePayments)
                let premium = try #require(store.nonConsumables.first)
                do {
                    _ = try await store.purchase(premium)
                    Issue.record("The purchase should have been refused")
                } catch {
                    store.record(error)
                }
                #expect(store.lastError == "purchase: purchaseNotAllowed")
            }
        }

        @Test func unfinishedTransactionsAreFinishedAtLaunch() async throws {
            let premium = try await Catalog.product(Catalog.premium)
            let earlier = try await buy(premium)
            try await withStore { store in
                await store.finishUnfinishedTransactions()
                #expect(FakeAppStore.finishedTransactionIDs == [earlier.id])
                #expect(await transactions(in: Transaction.unfinished).isEmpty)
            }
        }
    }
}
