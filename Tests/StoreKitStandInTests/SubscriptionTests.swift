import Foundation
import StoreKit
import Testing

extension FakeStoreSuite {
    @Suite struct SubscriptionTests {
        init() {
            Catalog.setUp()
        }

        func currentStatus(of product: Product) async throws -> Product.SubscriptionInfo.Status {
            let subscription = try #require(product.subscription)
            let statuses = try await subscription.status
            #expect(statuses.count == 1)
            return try #require(statuses.first)
        }

        @Test func aNewCustomerHasNoStatusAndMayTakeTheIntroOffer() async throws {
            let monthly = try await Catalog.product(Catalog.monthly)
            let subscription = try #require(monthly.subscription)
            #expect(try await subscription.status.isEmpty)
            #expect(await subscription.isEligibleForIntroOffer)
            #expect(await Product.SubscriptionInfo.isEligibleForIntroOffer(for: "pro"))
        }

        @Test func aSubscriberIsSubscribedAndNoLongerEligible() async throws {
            let monthly = try await Catalog.product(Catalog.monthly)
            let transaction = try await buy(monthly)
            let status = try await currentStatus(of: monthly)
            #expect(status.state == .subscribed)
            #expect(try status.transaction.payloadValue == transaction)
            let renewal = try status.renewalInfo.payloadValue
            #expect(renewal.currentProductID == monthly.id)
            #expect(renewal.originalTransactionID == transaction.originalID)
            #expect(renewal.willAutoRenew)
            #expect(renewal.expirationReason == nil)
            #expect(renewal.renewalDate == transaction.expirationDate)
            #expect(await monthly.subscription?.isEligibleForIntroOffer == false)
            #expect(try await Product.SubscriptionInfo.status(for: "pro").count == 1)
        }

        @Test func anExpiredSubscriptionSaysWhy() async throws {
            let monthly = try await Catalog.product(Catalog.monthly)
            _ = try await buy(monthly)
            FakeAppStore.expire(productID: monthly.id, reason: .billingError)
            let status = try await currentStatus(of: monthly)
            #expect(status.state == .expired)
            let renewal = try status.renewalInfo.payloadValue
            #expect(!renewal.willAutoRenew)
            #expect(renewal.expirationReason == .billingError)
        }

        @Test func aRevokedSubscriptionIsRevoked() async throws {
            let monthly = try await Catalog.product(Catalog.monthly)
            _ = try await buy(monthly)
            FakeAppStore.revoke(productID: monthly.id)
            #expect(try await currentStatus(of: monthly).state == .revoked)
            #expect(await entitledProductIDs().isEmpty)
        }

        @Test func aGracePeriodKeepsTheEntitlementButBillingRetryDoesNot() async throws {
            let monthly = try await Catalog.product(Catalog.monthly)
            _ = try await buy(monthly)
            FakeAppStore.setRenewalState(.inGracePeriod, productID: monthly.id)
            #expect(try await currentStatus(of: monthly).state == .inGracePeriod)
            #expect(await entitledProductIDs() == [monthly.id])

            FakeAppStore.setRenewalState(.inBillingRetryPeriod, productID: monthly.id)
            let status = try await currentStatus(of: monthly)
            #expect(status.state == .inBillingRetryPeriod)
            #expect(try status.renewalInfo.payloadValue.isInBillingRetry)
            #expect(await entitledProductIDs().isEmpty)

            FakeAppStore.setRenewalState(nil, productID: monthly.id)
            #expect(try await currentStatus(of: monthly).state == .subscribed)
        }

        @Test func turningOffAutoRenewShowsInTheRenewalInfo() async throws {
            let monthly = try await Catalog.product(Catalog.monthly)
            _ = try await buy(monthly)
            FakeAppStore.setWillAutoRenew(false, productID: monthly.id)
            let renewal = try await currentStatus(of: monthly).renewalInfo.payloadValue
            #expect(!renewal.willAutoRenew)
            #expect(await entitledProductIDs() == [monthly.id])
        }

        @Test func theStatusFollowsAnUpgrade() async throws {
            let products = try await Catalog.products()
            let monthly = try #require(products["com.example.pro.monthly"])
            _ = try await buy(monthly)
            _ = try await buy(try #require(products["com.example.pro.yearly"]))
            let status = try await currentStatus(of: monthly)
            #expect(try status.renewalInfo.payloadValue.currentProductID == "com.example.pro.yearly")
        }

        @Test func anUnverifiedSubscriptionHasUnverifiedRenewalInfo() async throws {
            FakeAppStore.queuePurchaseOutcome(.success(verified: false), for: "com.example.pro.monthly")
            let monthly = try await Catalog.product(Catalog.monthly)
            _ = try await monthly.purchase()
            let status = try await currentStatus(of: monthly)
            guard case .unverified(_, .invalidSignature) = status.renewalInfo else {
                Issue.record("Expected unverified renewal info, got \(status.renewalInfo)")
                return
            }
        }

        @Test func aScriptedErrorFailsTheStatus() async throws {
            let monthly = try await Catalog.product(Catalog.monthly)
            FakeAppStore.subscriptionStatusError = StoreKitError.networkError(URLError(.networkConnectionLost))
            await #expect(throws: StoreKitError.self) {
                _ = try await monthly.subscription?.status
            }
        }
    }

    @Suite struct RestoreTests {
        init() {
            Catalog.setUp()
        }

        @Test func syncShowsPurchasesFromOtherDevices() async throws {
            #expect(FakeAppStore.addPurchaseFromAnotherDevice(productID: "com.example.premium"))
            #expect(!FakeAppStore.addPurchaseFromAnotherDevice(productID: "com.example.missing"))
            #expect(await entitledProductIDs().isEmpty)
            try await AppStore.sync()
            #expect(await entitledProductIDs() == ["com.example.premium"])
            #expect(await transactions(in: Transaction.unfinished).isEmpty)
            #expect(FakeAppStore.syncCallCount == 1)
        }

        @Test func syncCanFail() async throws {
            FakeAppStore.addPurchaseFromAnotherDevice(productID: "com.example.premium")
            FakeAppStore.syncError = StoreKitError.userCancelled
            await #expect {
                try await AppStore.sync()
            } throws: { error in
                guard case StoreKitError.userCancelled = error else { return false }
                return true
            }
            #expect(await entitledProductIDs().isEmpty)
            FakeAppStore.syncError = nil
            try await AppStore.sync()
            #expect(await entitledProductIDs() == ["com.example.premium"])
            #expect(FakeAppStore.syncCallCount == 2)
        }
    }

    @Suite struct IntentAndStorefrontTests {
        init() {
            Catalog.setUp()
        }

        @Test func aPromotedPurchaseArrivesAsAnIntent() async throws {
            let listener = Task { () -> PurchaseIntent? in
                for await intent in PurchaseIntent.intents {
                    return intent
                }
                return nil
            }
            await FakeAppStore.waitForPurchaseIntentListeners()
            #expect(FakeAppStore.purchaseIntentListenerCount == 1)
            #expect(FakeAppStore.postPurchaseIntent(productID: "com.example.premium"))
            let intent = try #require(await listener.value)
            #expect(intent.id == "com.example.premium")
            #expect(intent.product.displayName == "Premium")
            _ = try await buy(intent.product)
            #expect(await entitledProductIDs() == ["com.example.premium"])
        }

        @Test func anIntentPostedBeforeListeningIsHeld() async {
            #expect(!FakeAppStore.postPurchaseIntent(productID: "com.example.missing"))
            FakeAppStore.postPurchaseIntent(productID: "com.example.coins")
            let listener = Task { () -> String? in
                for await intent in PurchaseIntent.intents {
                    return intent.product.id
                }
                return nil
            }
            #expect(await listener.value == "com.example.coins")
        }

        @Test func storefrontChangesReachListenersButAreNotHeld() async {
            FakeAppStore.setStorefront(countryCode: "GBR", id: "143444")
            let listener = Task { () -> Storefront? in
                for await storefront in Storefront.updates {
                    return storefront
                }
                return nil
            }
            await FakeAppStore.waitForStorefrontListeners()
            FakeAppStore.setStorefront(countryCode: "DEU", id: "143443")
            #expect(await listener.value?.countryCode == "DEU")
            #expect(await Storefront.current?.id == "143443")
        }
    }
}
