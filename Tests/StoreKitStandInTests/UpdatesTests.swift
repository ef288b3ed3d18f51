import Foundation
import StoreKit
import Testing

extension FakeStoreSuite {
    @Suite struct UpdatesTests {
        init() {
            Catalog.setUp()
        }

        /// A task that reads `count` updates and returns their transactions.
        func listen(for count: Int) -> Task<[Transaction], Never> {
            Task {
                var received: [Transaction] = []
                for await result in Transaction.updates {
                    received.append(result.unsafePayloadValue)
                    if received.count == count { break }
                }
                return received
            }
        }

        @Test func anApprovedAskToBuyPurchaseArrivesAsAnUpdate() async throws {
            let premium = try await Catalog.product(Catalog.premium)
            let listener = listen(for: 1)
            await FakeAppStore.waitForUpdateListeners()
            let result = try await premium.purchase(options: [.simulatesAskToBuyInSandbox(true)])
            guard case .pending = result else {
                Issue.record("Expected pending, got \(result)")
                return
            }
            let approved = try #require(FakeAppStore.approvePending(productID: premium.id))
            let received = await listener.value
            #expect(received == [approved])
            #expect(received.first?.productID == premium.id)
            #expect(await entitledProductIDs() == [premium.id])
            #expect(await transactions(in: Transaction.unfinished).map(\.id) == [approved.id])
        }

        @Test func aRevocationArrivesAsAnUpdate() async throws {
            let purchase = try await buy(try await Catalog.product(Catalog.premium))
            let listener = listen(for: 1)
            FakeAppStore.revoke(productID: purchase.productID)
            let received = await listener.value
            #expect(received.map(\.id) == [purchase.id])
            #expect(received.first?.revocationDate != nil)
        }

        @Test func updatesMadeBeforeAnyoneListensAreHeldForTheFirstListener() async throws {
            FakeAppStore.purchaseOutsideApp(productID: "com.example.coins")
            FakeAppStore.purchaseOutsideApp(productID: "com.example.premium", ownership: .familyShared)
            #expect(FakeAppStore.updateListenerCount == 0)
            let first = await listen(for: 2).value
            #expect(first.map(\.productID) == ["com.example.coins", "com.example.premium"])
            #expect(first.last?.ownershipType == .familyShared)

            // The first listener took them; a later one sees only what comes next.
            let second = listen(for: 1)
            await FakeAppStore.waitForUpdateListeners()
            FakeAppStore.purchaseOutsideApp(productID: "com.example.season")
            #expect(await second.value.map(\.productID) == ["com.example.season"])
        }

        @Test func everyListenerGetsEveryUpdate() async throws {
            let one = listen(for: 2)
            let two = listen(for: 2)
            await FakeAppStore.waitForUpdateListeners(count: 2)
            FakeAppStore.purchaseOutsideApp(productID: "com.example.coins")
            FakeAppStore.purchaseOutsideApp(productID: "com.example.premium")
            let expected = ["com.example.coins", "com.example.premium"]
            #expect(await one.value.map(\.productID) == expected)
            #expect(await two.value.map(\.productID) == expected)
        }

        @Test func cancellingTheListenerEndsItsIteration() async {
            let listener = listen(for: 5)
            await FakeAppStore.waitForUpdateListeners()
            FakeAppStore.purchaseOutsideApp(productID: "com.example.coins")
            await FakeAppStore.waitUntilIdle()
            listener.cancel()
            #expect(await listener.value.map(\.productID) == ["com.example.coins"])
            #expect(FakeAppStore.updateListenerCount == 0)
        }

        @Test func resetEndsEveryIteration() async {
            let listener = listen(for: 5)
            await FakeAppStore.waitForUpdateListeners()
            FakeAppStore.reset()
            #expect(await listener.value.isEmpty)
        }

        @Test func anUnverifiedUpdateStaysUnverified() async throws {
            let listener = Task { () -> VerificationResult<Transaction>? in
                for await result in Transaction.updates {
                    return result
                }
                return nil
            }
            FakeAppStore.purchaseOutsideApp(productID: "com.example.premium", verified: false)
            let result = try #require(await listener.value)
            #expect(throws: VerificationResult<Transaction>.VerificationError.self) {
                _ = try result.payloadValue
            }
        }

        @Test func waitingUntilIdleLetsTheLoopBodyFinish() async throws {
            let listener = Task {
                for await result in Transaction.updates {
                    if case .verified(let transaction) = result {
                        await transaction.finish()
                    }
                }
            }
            FakeAppStore.purchaseOutsideApp(productID: "com.example.coins")
            let renewal = FakeAppStore.purchaseOutsideApp(productID: "com.example.premium")
            await FakeAppStore.waitUntilIdle()
            #expect(FakeAppStore.finishedTransactionIDs == [1, 2])
            #expect(renewal?.id == 2)
            listener.cancel()
            await listener.value
        }

        @Test func aListenerThatStopsEarlyHandsBackWhatItDidNotTake() async {
            FakeAppStore.purchaseOutsideApp(productID: "com.example.coins")
            FakeAppStore.purchaseOutsideApp(productID: "com.example.premium")
            #expect(await listen(for: 1).value.map(\.productID) == ["com.example.coins"])
            #expect(await listen(for: 1).value.map(\.productID) == ["com.example.premium"])
        }
    }
}
