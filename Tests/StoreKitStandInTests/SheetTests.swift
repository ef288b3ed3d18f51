import Foundation
import StoreKit
import Testing

extension FakeStoreSuite {
    /// The sheets an app presents in a scene (refund request, manage subscriptions, offer codes)
    /// and purchases confirmed in one, as the fake store plays them.
    @Suite @MainActor struct SheetTests {
        init() {
            Catalog.setUp()
        }

        func buy(_ fake: FakeProduct) async throws -> Transaction {
            let result = try await Catalog.product(fake).purchase()
            guard case .success(let verification) = result else { throw StoreKitError.unknown }
            return verification.unsafePayloadValue
        }

        @Test func aRefundRequestIsRecordedOncePerTransaction() async throws {
            let transaction = try await buy(Catalog.premium)
            #expect(try await transaction.beginRefundRequest(in: windowScene()) == .success)
            #expect(FakeAppStore.refundRequests == [transaction.id])
            await #expect(throws: Transaction.RefundRequestError.duplicateRequest) {
                try await Transaction.beginRefundRequest(for: transaction.id, in: windowScene())
            }
            // The request is not the refund: the transaction stands until the App Store decides.
            #expect(await Transaction.latest(for: Catalog.premium.id)?.unsafePayloadValue.revocationDate == nil)
        }

        @Test func aDismissedOrImpossibleRefundRequestRecordsNothing() async throws {
            let transaction = try await buy(Catalog.premium)
            FakeAppStore.refundRequestAnswer = .userCancelled
            #expect(try await Transaction.beginRefundRequest(for: transaction.id, in: windowScene()) == .userCancelled)
            await #expect(throws: Transaction.RefundRequestError.failed) {
                try await Transaction.beginRefundRequest(for: 999, in: windowScene())
            }
            #expect(FakeAppStore.refundRequests.isEmpty)
        }

        @Test func theManageSubscriptionsSheetIsRecordedWithItsGroup() async throws {
            try await AppStore.showManageSubscriptions(in: windowScene())
            try await AppStore.showManageSubscriptions(in: windowScene(), subscriptionGroupID: "pro")
            #expect(FakeAppStore.manageSubscriptionsPresentations == [nil, "pro"])
        }

        @Test func aCodeEnteredInTheSheetArrivesAsACodeTransaction() async throws {
            let listener = Task { () -> Transaction? in
                for await update in Transaction.updates { return update.unsafePayloadValue }
                return nil
            }
            await FakeAppStore.waitForUpdateListeners()
            FakeAppStore.enterOfferCode(productID: Catalog.yearly.id, offerID: "SPRING")
            try await AppStore.presentOfferCodeRedeemSheet(in: windowScene())
            let redeemed = try #require(await listener.value)
            #expect(redeemed.productID == Catalog.yearly.id)
            #expect(redeemed.offerType == .code)
            #expect(redeemed.offerID == "SPRING")
            // A sheet dismissed without a code adds nothing.
            try await AppStore.presentOfferCodeRedeemSheet(in: windowScene())
            #expect(FakeAppStore.offerCodeSheetCount == 2)
            #expect(await transactions(in: Transaction.all).count == 1)
        }

        @Test func aPurchaseConfirmedInASceneIsRecordedAsSuch() async throws {
            let product = try await Catalog.product(Catalog.premium)
            let result = try await product.purchase(confirmIn: windowScene())
            guard case .success = result else {
                Issue.record("Expected success, got \(result)")
                return
            }
            #expect(FakeAppStore.purchaseAttempts.map(\.confirmedInScene) == [true])
        }

        @Test func aStoreKit1ApplicationUsernameThatIsAUUIDBecomesTheAccountToken() async throws {
            let account = UUID()
            let observer = QueueRecorder()
            SKPaymentQueue.default().add(observer)
            let payment = SKMutablePayment(product: try await PaymentQueueTests.product(for: Catalog.premium))
            payment.applicationUsername = account.uuidString.lowercased()
            SKPaymentQueue.default().add(payment)
            await FakePaymentQueue.waitUntilIdle()
            let transaction = try #require(await Transaction.latest(for: Catalog.premium.id)?.unsafePayloadValue)
            #expect(transaction.appAccountToken == account)
        }
    }
}
