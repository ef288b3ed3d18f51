import Foundation
import StoreKit
import Testing

extension FakeStoreSuite {
    @Suite struct PurchaseTests {
        init() {
            Catalog.setUp()
        }

        @Test func aPurchaseSucceedsVerifiedByDefault() async throws {
            let premium = try await Catalog.product(Catalog.premium)
            let result = try await premium.purchase()
            guard case .success(let verification) = result else {
                Issue.record("Expected success, got \(result)")
                return
            }
            let transaction = try verification.payloadValue
            #expect(transaction.id == 1)
            #expect(transaction.originalID == 1)
            #expect(transaction.productID == "com.example.premium")
            #expect(transaction.productType == .nonConsumable)
            #expect(transaction.purchaseDate == FakeAppStore.now)
            #expect(transaction.expirationDate == nil)
            #expect(transaction.revocationDate == nil)
            #expect(transaction.ownershipType == .purchased)
            #expect(transaction.purchasedQuantity == 1)
            #expect(transaction.reason == .purchase)
            #expect(FakeAppStore.purchaseAttempts.map(\.outcome) == [.purchased(transactionID: 1, verified: true)])
        }

        @Test func anUnverifiedPurchaseThrowsOnlyWhenThePayloadIsAskedFor() async throws {
            FakeAppStore.queuePurchaseOutcome(.success(verified: false), for: "com.example.premium")
            let premium = try await Catalog.product(Catalog.premium)
            let result = try await premium.purchase()
            guard case .success(let verification) = result else {
                Issue.record("Expected success, got \(result)")
                return
            }
            guard case .unverified(let transaction, let error) = verification else {
                Issue.record("Expected an unverified transaction")
                return
            }
            #expect(error == .invalidSignature)
            #expect(transaction.productID == "com.example.premium")
            #expect(verification.unsafePayloadValue == transaction)
            #expect(throws: VerificationResult<Transaction>.VerificationError.invalidSignature) {
                _ = try verification.payloadValue
            }
            #expect(FakeAppStore.purchaseAttempts.map(\.outcome) == [.purchased(transactionID: 1, verified: false)])
        }

        @Test func theCustomerCanCancel() async throws {
            FakeAppStore.queuePurchaseOutcome(.userCancelled, for: "com.example.coins")
            let result = try await Catalog.product(Catalog.coins).purchase()
            guard case .userCancelled = result else {
                Issue.record("Expected userCancelled, got \(result)")
                return
            }
            #expect(await transactions(in: Transaction.all).isEmpty)
            #expect(FakeAppStore.purchaseAttempts.map(\.outcome) == [.userCancelled])
        }

        @Test func aPurchaseCanBePending() async throws {
            FakeAppStore.queuePurchaseOutcome(.pending, for: "com.example.premium")
            let result = try await Catalog.product(Catalog.premium).purchase()
            guard case .pending = result else {
                Issue.record("Expected pending, got \(result)")
                return
            }
            #expect(FakeAppStore.pendingProductIDs == ["com.example.premium"])
            #expect(await entitledProductIDs().isEmpty)
            #expect(FakeAppStore.declinePending(productID: "com.example.premium"))
            #expect(FakeAppStore.pendingProductIDs.isEmpty)
            #expect(FakeAppStore.approvePending(productID: "com.example.premium") == nil)
        }

        @Test func askToBuyMakesAPurchasePending() async throws {
            let premium = try await Catalog.product(Catalog.premium)
            let result = try await premium.purchase(options: [.simulatesAskToBuyInSandbox(true)])
            guard case .pending = result else {
                Issue.record("Expected pending, got \(result)")
                return
            }
            #expect(FakeAppStore.purchaseAttempts.first?.simulatesAskToBuy == true)
        }

        @Test func aScriptedErrorIsThrown() async throws {
            let networkError = StoreKitError.networkError(URLError(.timedOut))
            FakeAppStore.queuePurchaseOutcome(.failure(networkError), for: "com.example.coins")
            let coins = try await Catalog.product(Catalog.coins)
            await #expect {
                _ = try await coins.purchase()
            } throws: { error in
                guard case StoreKitError.networkError(let urlError) = error else { return false }
                return urlError.code == .timedOut
            }
            FakeAppStore.queuePurchaseOutcome(.failure(Product.PurchaseError.ineligibleForOffer), for: coins.id)
            await #expect(throws: Product.PurchaseError.ineligibleForOffer) {
                _ = try await coins.purchase()
            }
            let outcomes = FakeAppStore.purchaseAttempts.map(\.outcome)
            #expect(outcomes.count == 2)
            #expect(outcomes.allSatisfy { if case .failed = $0 { true } else { false } })
        }

        @Test func outcomesAreUsedInOrderThenPurchasesSucceed() async throws {
            FakeAppStore.queuePurchaseOutcomes([.userCancelled, .pending], for: "com.example.coins")
            let coins = try await Catalog.product(Catalog.coins)
            let first = try await coins.purchase()
            let second = try await coins.purchase()
            let third = try await coins.purchase()
            guard case .userCancelled = first, case .pending = second, case .success(.verified) = third else {
                Issue.record("Unexpected results \(first), \(second), \(third)")
                return
            }
        }

        @Test func purchasesAreRefusedWhenPaymentsAreNotAllowed() async throws {
            FakeAppStore.canMakePayments = false
            let premium = try await Catalog.product(Catalog.premium)
            await #expect(throws: Product.PurchaseError.purchaseNotAllowed) {
                _ = try await premium.purchase()
            }
        }

        @Test func aWithdrawnProductIsUnavailable() async throws {
            let premium = try await Catalog.product(Catalog.premium)
            FakeAppStore.withdraw(productID: premium.id)
            await #expect(throws: Product.PurchaseError.productUnavailable) {
                _ = try await premium.purchase()
            }
        }

        @Test func optionsReachTheTransaction() async throws {
            let token = UUID()
            let coins = try await Catalog.product(Catalog.coins)
            let transaction = try await buy(coins, options: [.quantity(3), .appAccountToken(token)])
            #expect(transaction.purchasedQuantity == 3)
            #expect(transaction.appAccountToken == token)
            let attempt = try #require(FakeAppStore.purchaseAttempts.first)
            #expect(attempt.quantity == 3)
            #expect(attempt.appAccountToken == token)
        }

        @Test func quantitiesAreChecked() async throws {
            let coins = try await Catalog.product(Catalog.coins)
            let premium = try await Catalog.product(Catalog.premium)
            await #expect(throws: Product.PurchaseError.invalidQuantity) {
                _ = try await coins.purchase(options: [.quantity(0)])
            }
            await #expect(throws: Product.PurchaseError.invalidQuantity) {
                _ = try await premium.purchase(options: [.quantity(2)])
            }
        }

        @Test func transactionIDsCountUpAndDatesFollowTheClock() async throws {
            let coins = try await Catalog.product(Catalog.coins)
            let first = try await buy(coins)
            FakeAppStore.advanceClock(by: 3600)
            let second = try await buy(coins)
            #expect(first.id == 1)
            #expect(second.id == 2)
            #expect(second.purchaseDate.timeIntervalSince(first.purchaseDate) == 3600)
            #expect(first.purchaseDate == Date(timeIntervalSince1970: 1_767_225_600))
        }

        @Test func aNewSubscriberGetsTheFreeTrialAndThenWholePeriods() async throws {
            let monthly = try await Catalog.product(Catalog.monthly)
            #expect(await monthly.subscription?.isEligibleForIntroOffer == true)
            let transaction = try await buy(monthly)
            #expect(transaction.subscriptionGroupID == "pro")
            #expect(transaction.offerType == .introductory)
            #expect(await monthly.subscription?.isEligibleForIntroOffer == false)
            // The trial is the first period: one week.
            let trialEnd = try #require(transaction.expirationDate)
            #expect(trialEnd.timeIntervalSince(transaction.purchaseDate) == 7 * 86_400)
            FakeAppStore.advanceClock(by: 8 * 86_400)
            let renewal = try #require(await Transaction.latest(for: Catalog.monthly.id)?.unsafePayloadValue)
            #expect(renewal.offerType == nil)
            // 8 January plus one month is 8 February: 31 days.
            let renewalEnd = try #require(renewal.expirationDate)
            #expect(renewalEnd.timeIntervalSince(trialEnd) == 31 * 86_400)
        }

        @Test func aSubscriberWhoHadTheTrialPaysForAWholeFirstPeriod() async throws {
            _ = try await buy(try await Catalog.product(Catalog.yearly))
            #expect(FakeAppStore.expire(productID: Catalog.yearly.id) != nil)
            let transaction = try await buy(try await Catalog.product(Catalog.monthly))
            #expect(transaction.offerType == nil)
            // 1 January plus one month is 1 February: 31 days.
            let end = try #require(transaction.expirationDate)
            #expect(end.timeIntervalSince(transaction.purchaseDate) == 31 * 86_400)
        }
    }
}
