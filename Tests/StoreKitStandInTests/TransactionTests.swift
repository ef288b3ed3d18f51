import Foundation
import StoreKit
import Testing

extension FakeStoreSuite {
    @Suite struct TransactionTests {
        init() {
            Catalog.setUp()
        }

        @Test func finishIsRecordedAndEndsUnfinished() async throws {
            let products = try await Catalog.products()
            let coins = try await buy(try #require(products["com.example.coins"]))
            let premium = try await buy(try #require(products["com.example.premium"]))
            #expect(await transactions(in: Transaction.unfinished).map(\.id) == [coins.id, premium.id])

            await premium.finish()
            #expect(FakeAppStore.finishedTransactionIDs == [premium.id])
            #expect(await transactions(in: Transaction.unfinished).map(\.id) == [coins.id])

            await coins.finish()
            await coins.finish()
            #expect(FakeAppStore.finishCount(transactionID: coins.id) == 2)
            #expect(FakeAppStore.finishedTransactionIDs == [premium.id, coins.id, coins.id])
            #expect(await transactions(in: Transaction.unfinished).isEmpty)
            #expect(await transactions(in: Transaction.all).map(\.id) == [coins.id, premium.id])
        }

        @Test func entitlementsHoldWhatIsOwnedButNoConsumables() async throws {
            let products = try await Catalog.products()
            for id in ["com.example.coins", "com.example.premium", "com.example.season", "com.example.pro.monthly"] {
                _ = try await buy(try #require(products[id]))
            }
            #expect(
                await entitledProductIDs() == ["com.example.premium", "com.example.season", "com.example.pro.monthly"])
            #expect(await Transaction.currentEntitlement(for: "com.example.coins") == nil)
            let premium = await Transaction.currentEntitlement(for: "com.example.premium")
            #expect(premium?.unsafePayloadValue.id == 2)
            let forProduct = await transactions(in: Transaction.currentEntitlements(for: "com.example.season"))
            #expect(forProduct.map(\.id) == [3])
            #expect(await products["com.example.premium"]?.currentEntitlement?.unsafePayloadValue.id == 2)
        }

        @Test func unverifiedTransactionsAreEntitlementsToJudge() async throws {
            FakeAppStore.queuePurchaseOutcome(.success(verified: false), for: "com.example.premium")
            _ = try await Catalog.product(Catalog.premium).purchase()
            var results: [VerificationResult<Transaction>] = []
            for await result in Transaction.currentEntitlements {
                results.append(result)
            }
            #expect(results.count == 1)
            guard case .unverified(_, .invalidSignature) = results.first else {
                Issue.record("Expected an unverified entitlement, got \(results)")
                return
            }
        }

        @Test func aRevokedPurchaseLeavesTheEntitlements() async throws {
            let premium = try await buy(try await Catalog.product(Catalog.premium))
            FakeAppStore.advanceClock(by: 60)
            let revoked = try #require(FakeAppStore.revoke(productID: "com.example.premium", reason: .developerIssue))
            #expect(revoked.id == premium.id)
            #expect(revoked.revocationDate == FakeAppStore.now)
            #expect(revoked.revocationReason == .developerIssue)
            #expect(await entitledProductIDs().isEmpty)
            let latest = await Transaction.latest(for: "com.example.premium")
            #expect(latest?.unsafePayloadValue.revocationDate != nil)
            #expect(FakeAppStore.revoke(productID: "com.example.premium") == nil)
        }

        @Test func anExpiredSubscriptionLeavesTheEntitlements() async throws {
            let monthly = try await Catalog.product(Catalog.monthly)
            _ = try await buy(monthly)
            #expect(await entitledProductIDs() == ["com.example.pro.monthly"])

            let expired = try #require(FakeAppStore.expire(productID: monthly.id))
            #expect(try #require(expired.expirationDate) < FakeAppStore.now)
            #expect(await entitledProductIDs().isEmpty)
            #expect(await Transaction.currentEntitlement(for: monthly.id) == nil)
            #expect(FakeAppStore.expire(productID: "com.example.premium") == nil)
        }

        @Test func subscriptionsRenewWhenTheClockPassesTheirEndUntilAutoRenewIsOff() async throws {
            let first = try await buy(try await Catalog.product(Catalog.monthly))
            FakeAppStore.advanceClock(by: 30 * 86_400)
            #expect(await entitledProductIDs() == ["com.example.pro.monthly"])
            FakeAppStore.advanceClock(by: 86_400)
            let renewals = await transactions(in: Transaction.all).filter { $0.reason == .renewal }
            #expect(renewals.map(\.purchaseDate) == [first.expirationDate])
            #expect(await entitledProductIDs() == ["com.example.pro.monthly"])
            FakeAppStore.setWillAutoRenew(false, productID: "com.example.pro.monthly")
            FakeAppStore.advanceClock(by: 31 * 86_400)
            #expect(await entitledProductIDs().isEmpty)
        }

        @Test func aRenewalKeepsTheOriginalTransaction() async throws {
            let first = try await buy(try await Catalog.product(Catalog.monthly))
            FakeAppStore.now = FakeAppStore.now.addingTimeInterval(31 * 86_400)
            let renewal = try #require(FakeAppStore.renew(productID: "com.example.pro.monthly"))
            #expect(renewal.id == first.id + 1)
            #expect(renewal.originalID == first.id)
            #expect(renewal.originalPurchaseDate == first.purchaseDate)
            #expect(renewal.reason == .renewal)
            #expect(await transactions(in: Transaction.currentEntitlements).map(\.id) == [renewal.id])
        }

        @Test func changingSubscriptionInAGroupReplacesTheOldOne() async throws {
            let products = try await Catalog.products()
            _ = try await buy(try #require(products["com.example.pro.monthly"]))
            _ = try await buy(try #require(products["com.example.pro.yearly"]))
            #expect(await entitledProductIDs() == ["com.example.pro.yearly"])
            let monthly = await Transaction.latest(for: "com.example.pro.monthly")
            #expect(monthly?.unsafePayloadValue.isUpgraded == true)
        }

        @Test func theJWSHasThreePartsAndTheTransactionFields() async throws {
            let token = UUID()
            let premium = try await Catalog.product(Catalog.premium)
            let transaction = try await buy(premium, options: [.appAccountToken(token)])
            let verification = try #require(await Transaction.latest(for: transaction.productID))
            let parts = verification.jwsRepresentation.split(separator: ".")
            #expect(parts.count == 3)
            #expect(verification.signedDate == FakeAppStore.now)
            let json = try JSONSerialization.jsonObject(with: transaction.jsonRepresentation) as? [String: Any]
            #expect(json?["productId"] as? String == "com.example.premium")
            #expect(json?["transactionId"] as? String == "1")
            #expect(json?["appAccountToken"] as? String == token.uuidString.lowercased())
        }
    }
}
