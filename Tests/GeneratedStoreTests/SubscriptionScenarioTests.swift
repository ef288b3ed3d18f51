import FakeStoreTesting
import Foundation
import Observation
import StoreKit
import Testing

/// What a subscription app builds on the generated store: a status screen that follows the
/// group, offers, the customer-service sheets, StoreKit's own views, the purchase history and
/// the app's original purchase. Each test is what a customer sees, or what the App Store is told.
@Suite(.serialized, .exclusiveFakeStore, .timeLimit(.minutes(1)))
@MainActor
struct SubscriptionScenarioTests {
    let app = TestApp()

    var events: RecordedEvents { app.events }
    var plus: String { ProductID.plusMonthly.rawValue }
    var pro: String { ProductID.proYearly.rawValue }

    init() {
        // The catalogue as App Store Connect holds it: the guide's introductory offers, and a
        // promotional offer for lapsed or unhappy Plus subscribers.
        FakeAppStore.offer(
            FakeProduct(
                id: ProductID.proYearly.rawValue, type: .autoRenewable, price: 59.99, familyShareable: true,
                subscription: FakeSubscription(
                    groupID: "membership", period: .yearly, introductoryOffer: .freeTrial(.weekly), groupLevel: 1)),
            FakeProduct(
                id: ProductID.plusMonthly.rawValue, type: .autoRenewable, price: 4.99,
                subscription: FakeSubscription(
                    groupID: "membership", period: .monthly,
                    introductoryOffer: FakeIntroOffer(
                        paymentMode: .payAsYouGo, price: 1.99, period: .monthly, periodCount: 3),
                    groupLevel: 2,
                    winBackOffers: [FakeSubscriptionOffer(id: "plus-come-back", price: 0.99, period: .monthly)],
                    promotionalOffers: [FakeSubscriptionOffer(id: "plus-half-price", price: 2.49, period: .monthly)])))
    }

    // MARK: The group as a value

    @Test func theGroupShowsWhoIsSubscribedToWhichTier() async throws {
        let store = try await app.launch()
        #expect(store.strideMembership.status == .notSubscribed)
        #expect(!store.strideMembership.isSubscribed)
        #expect(store.strideMembership.currentProduct == nil)
        try await store.plusMonthly.purchase()
        #expect(store.strideMembership.isSubscribed)
        #expect(store.strideMembership.currentProduct == .plusMonthly)
        #expect(store.strideMembership.level == 2)
        let status = store.strideMembership.status
        #expect(status.state == .subscribed)
        #expect(status.product == .plusMonthly)
        #expect(status.willAutoRenew)
        #expect(status.renewsTo == .plusMonthly)
        #expect(status.expirationDate == store.plusMonthly.expirationDate)
        #expect(store.strideMembership.products.map(\.id) == [pro, plus])
    }

    @Test func aSubscriberInAGracePeriodKeepsAccessAndTheScreenSaysSo() async throws {
        FakeAppStore.gracePeriod = 16 * 86_400
        let store = try await app.launch()
        try await store.plusMonthly.purchase()
        let end = try #require(store.plusMonthly.expirationDate)
        FakeAppStore.failRenewals(productID: plus)
        await app.wait(days: 32)
        #expect(store.strideMembership.isSubscribed)
        #expect(store.strideMembership.status.state == .inGracePeriod)
        #expect(store.strideMembership.status.isEntitled)
        #expect(store.strideMembership.status.gracePeriodEnd == end.addingTimeInterval(16 * 86_400))
        #expect(events.log == ["plusMonthly purchased"])
    }

    @Test func billingRetryAfterTheGracePeriodLocks() async throws {
        FakeAppStore.gracePeriod = 6 * 86_400
        let store = try await app.launch()
        try await store.plusMonthly.purchase()
        FakeAppStore.failRenewals(productID: plus)
        await app.wait(days: 40)
        #expect(!store.strideMembership.isSubscribed)
        #expect(store.strideMembership.status.state == .inBillingRetryPeriod)
        #expect(!store.strideMembership.status.isEntitled)
        #expect(store.strideMembership.status.willAutoRenew)
        #expect(events.log == ["plusMonthly purchased", "plusMonthly expired"])
    }

    @Test func turningAutoRenewOffShowsInTheRenewalInformation() async throws {
        let store = try await app.launch()
        try await store.proYearly.purchase()
        #expect(store.strideMembership.status.willAutoRenew)
        // The customer turns it off in Settings and comes back to the app.
        FakeAppStore.setWillAutoRenew(false, productID: pro)
        await app.returnToForeground()
        #expect(!store.strideMembership.status.willAutoRenew)
        #expect(store.strideMembership.isSubscribed)
        // After the trial week the subscription ends, for the reason the customer gave.
        await app.wait(days: 8)
        #expect(store.strideMembership.status.state == .expired)
        #expect(store.strideMembership.status.expirationReason == .cancelled)
        #expect(!store.strideMembership.isSubscribed)
    }

    /// StoreKit says so through `Status.updates` when the customer turns auto-renew off in
    /// Settings while the app stays open: no transaction, no return to the foreground.
    @Test func aRenewalChangeWhileTheAppStaysOpenIsSeenAtOnce() async throws {
        let store = try await app.launch()
        try await store.proYearly.purchase()
        await FakeAppStore.waitForStatusListeners()
        var updates = store.strideMembership.statusUpdates().makeAsyncIterator()
        #expect(await updates.next()?.willAutoRenew == true)
        FakeAppStore.setWillAutoRenew(false, productID: pro)
        await app.settle()
        #expect(!store.strideMembership.status.willAutoRenew)
        #expect(await updates.next()?.willAutoRenew == false)
        FakeAppStore.setRenewalState(.inBillingRetryPeriod, productID: pro)
        await app.settle()
        #expect(store.strideMembership.status.state == .inBillingRetryPeriod)
        #expect(!store.strideMembership.status.isEntitled)
    }

    @Test func theStatusStreamFollowsEveryChange() async throws {
        let store = try await app.launch()
        var updates = store.strideMembership.statusUpdates().makeAsyncIterator()
        #expect(await updates.next()?.state == .notSubscribed)
        try await store.plusMonthly.purchase()
        #expect(await updates.next()?.state == .subscribed)
        #expect(FakeAppStore.revoke(productID: plus) != nil)
        await app.settle()
        #expect(await updates.next()?.state == .revoked)
    }

    /// A screen's `for await` over the status must end with the store, not wait for ever.
    @Test func aStatusStreamEndsWhenTheStoreGoesAway() async throws {
        let updates: AsyncStream<SubscriptionStatus>
        do {
            let store = try await app.launch()
            updates = store.strideMembership.statusUpdates()
        }
        app.quit()
        var seen: [SubscriptionStatus.State] = []
        for await status in updates { seen.append(status.state) }
        #expect(seen == [.notSubscribed])
    }

    /// A family member's shared subscription entitles, and says it is shared, so the screen
    /// sends them to the organiser instead of offering to manage or refund it.
    @Test func aSubscriptionSharedByTheFamilySaysSo() async throws {
        let store = try await app.launch()
        _ = FakeAppStore.purchaseOutsideApp(productID: pro, ownership: .familyShared)
        await app.settle()
        #expect(store.strideMembership.status.state == .subscribed)
        #expect(store.strideMembership.status.isFamilyShared)
        #expect(store.strideMembership.isSubscribed)
        #expect(!(await store.canRequestRefund(for: .proYearly)))
    }

    @Test func viewsReadingTheStoreAreToldOfChanges() async throws {
        let store = try await app.launch()
        let membership = ChangeFlag()
        withObservationTracking {
            _ = store.strideMembership.isSubscribed
            _ = store.strideMembership.status
        } onChange: {
            membership.fire()
        }
        try await store.plusMonthly.purchase()
        #expect(membership.fired)
        let balance = ChangeFlag()
        withObservationTracking {
            _ = store.balance(of: .coachCredits)
        } onChange: {
            balance.fire()
        }
        try await store.coachCredits.purchase()
        #expect(balance.fired)
    }

    // MARK: Offers

    @Test func anEligibleCustomerSeesTheIntroOfferAndLosesItByUsingIt() async throws {
        let store = try await app.launch()
        #expect(await store.strideMembership.isEligibleForIntroOffer)
        let trial = try #require(await store.introductoryOffer(for: .proYearly))
        #expect(trial.paymentMode == .freeTrial)
        let bought = FakeAppStore.now
        try await store.proYearly.purchase()
        #expect(!(await store.strideMembership.isEligibleForIntroOffer))
        #expect(await store.introductoryOffer(for: .plusMonthly) == nil)
        // The trial is the first period: a week, not a year.
        #expect(store.proYearly.expirationDate == bought.addingTimeInterval(7 * 86_400))
        let history = await store.purchaseHistory()
        #expect(history.count == 1)
    }

    @Test func aPromotionalOfferIsBoughtWithTheSignatureTheAppsServerGives() async throws {
        let store = try await app.launch()
        let account = UUID()
        store.appAccountToken = account
        var asked: [PromotionalOfferRequest] = []
        store.promotionalOfferSigner = { request in
            asked.append(request)
            let nonce = UUID()
            let signature = FakeAppStore.promotionalOfferSignature(
                productID: request.product.rawValue, offerID: request.offerID, keyID: "KEY1", nonce: nonce,
                timestamp: 1_767_225_600_000, applicationUsername: request.signedAccountToken)
            return PromotionalOfferSignature(
                keyID: "KEY1", nonce: nonce, signature: signature, timestamp: 1_767_225_600_000)
        }
        #expect(store.promotionalOffers(for: .plusMonthly).map(\.id) == ["plus-half-price"])
        #expect(try await store.purchase(.plusMonthly, offer: .promotional(offerID: "plus-half-price")) == .purchased)
        #expect(
            asked == [
                PromotionalOfferRequest(product: .plusMonthly, offerID: "plus-half-price", appAccountToken: account)
            ])
        #expect(asked.first?.signedAccountToken == account.uuidString.lowercased())
        #expect(FakeAppStore.purchaseAttempts.map(\.promotionalOfferID) == ["plus-half-price"])
        let latest = try #require(await Transaction.latest(for: plus)?.unsafePayloadValue)
        #expect(latest.offerType == .promotional)
        #expect(latest.appAccountToken == account)
        #expect(store.plusMonthly.isPurchased)
    }

    /// The App Store Server Library signs offers as one compact JWS; the store hands it to
    /// StoreKit as such, with the account token the JWS covers.
    @Test func aPromotionalOfferSignedAsACompactJWSIsBought() async throws {
        let store = try await app.launch()
        let account = UUID()
        store.appAccountToken = account
        // A JWS signed for another account is refused, and nothing is granted.
        store.promotionalOfferSigner = { request in
            PromotionalOfferSignature(
                compactJWS: FakeAppStore.promotionalOfferJWS(
                    productID: request.product.rawValue, offerID: request.offerID,
                    appAccountToken: UUID().uuidString.lowercased()))
        }
        await #expect(throws: Product.PurchaseError.invalidOfferSignature) {
            try await store.purchase(.plusMonthly, offer: .promotional(offerID: "plus-half-price"))
        }
        #expect(!store.plusMonthly.isPurchased)
        store.promotionalOfferSigner = { request in
            PromotionalOfferSignature(
                compactJWS: FakeAppStore.promotionalOfferJWS(
                    productID: request.product.rawValue, offerID: request.offerID,
                    appAccountToken: request.signedAccountToken))
        }
        #expect(try await store.purchase(.plusMonthly, offer: .promotional(offerID: "plus-half-price")) == .purchased)
        let latest = try #require(await Transaction.latest(for: plus)?.unsafePayloadValue)
        #expect(latest.offerType == .promotional)
        #expect(latest.appAccountToken == account)
        #expect(store.plusMonthly.isPurchased)
    }

    @Test func aBadSignatureOrNoSignerFailsAndGrantsNothing() async throws {
        let store = try await app.launch()
        await #expect(throws: StoreError.offerNotSigned(.plusMonthly)) {
            try await store.purchase(.plusMonthly, offer: .promotional(offerID: "plus-half-price"))
        }
        store.promotionalOfferSigner = { _ in
            PromotionalOfferSignature(keyID: "KEY1", nonce: UUID(), signature: Data("forged".utf8), timestamp: 0)
        }
        await #expect(throws: Product.PurchaseError.invalidOfferSignature) {
            try await store.purchase(.plusMonthly, offer: .promotional(offerID: "plus-half-price"))
        }
        await #expect(throws: StoreError.offerUnavailable(.plusMonthly, offerID: "no-such-offer")) {
            try await store.purchase(.plusMonthly, offer: .promotional(offerID: "no-such-offer"))
        }
        #expect(!store.plusMonthly.isPurchased)
        #expect(events.log == ["plusMonthly failed", "plusMonthly failed", "plusMonthly failed"])
    }

    @Test func aLapsedSubscriberBuysTheWinBackOffer() async throws {
        let store = try await app.launch()
        #expect(await store.eligibleWinBackOffers(for: .plusMonthly).isEmpty)
        try await store.plusMonthly.purchase()
        // A current subscriber is offered nothing to come back with.
        #expect(await store.eligibleWinBackOffers(for: .plusMonthly).isEmpty)
        _ = FakeAppStore.expire(productID: plus)
        await app.returnToForeground()
        #expect(store.winBackOffers(for: .plusMonthly).map(\.id) == ["plus-come-back"])
        #expect(await store.eligibleWinBackOffers(for: .plusMonthly).map(\.id) == ["plus-come-back"])
        #expect(try await store.purchase(.plusMonthly, offer: .winBack(offerID: "plus-come-back")) == .purchased)
        #expect(FakeAppStore.purchaseAttempts.last?.winBackOfferID == "plus-come-back")
        #expect(store.strideMembership.isSubscribed)
    }

    @Test func anOfferCodeRedeemedInTheSheetIsGrantedOnce() async throws {
        let store = try await app.launch()
        FakeAppStore.enterOfferCode(productID: pro, offerID: "RUNNERS2027")
        try await store.presentOfferCodeRedeemSheet(in: windowScene())
        await app.settle()
        #expect(FakeAppStore.offerCodeSheetCount == 1)
        #expect(store.proYearly.isPurchased)
        #expect(store.strideMembership.status.state == .subscribed)
        #expect(events.log == ["proYearly purchased"])
        let latest = try #require(await Transaction.latest(for: pro)?.unsafePayloadValue)
        #expect(latest.offerType == .code)
        #expect(FakeAppStore.finishCount(transactionID: latest.id) == 1)
    }

    @Test func anOfferCodeRedeemedOutsideTheAppIsGrantedToo() async throws {
        let store = try await app.launch()
        #expect(FakeAppStore.redeemOfferCode(productID: plus, offerID: "FRIENDS") != nil)
        await app.settle()
        #expect(store.plusMonthly.isPurchased)
        #expect(events.log == ["plusMonthly purchased"])
    }

    @Test func theAccountTokenGoesWithEveryPurchasePath() async throws {
        let store = try await app.launch()
        let account = UUID()
        store.appAccountToken = account
        try await store.removeAds.purchase()
        try await store.purchase(.coachCredits)
        try await store.plusMonthly.purchase(confirmIn: windowScene())
        await FakeAppStore.waitForPurchaseIntentListeners()
        #expect(FakeAppStore.postPurchaseIntent(productID: pro))
        await app.settle()
        #expect(FakeAppStore.purchaseAttempts.map(\.appAccountToken) == [account, account, account, account])
        #expect(FakeAppStore.purchaseAttempts.map(\.confirmedInScene) == [false, false, true, false])
    }

    // MARK: Customer service

    @Test func aRefundIsOfferedOnlyForAProductWithATransaction() async throws {
        let store = try await app.launch()
        #expect(!(await store.canRequestRefund(for: .removeAds)))
        #expect(try await store.requestRefund(for: .removeAds, in: windowScene()) == nil)
        #expect(FakeAppStore.refundRequests.isEmpty)
        try await store.removeAds.purchase()
        #expect(await store.removeAds.canRequestRefund)
        let transactionID = try #require(await store.refundableTransactionID(for: .removeAds))
        #expect(try await store.requestRefund(for: .removeAds, in: windowScene()) == .success)
        #expect(FakeAppStore.refundRequests == [transactionID])
        // Apple grants it later; the store takes the entitlement back then.
        #expect(FakeAppStore.revoke(productID: ProductID.removeAds.rawValue) != nil)
        await app.settle()
        #expect(!store.removeAds.isPurchased)
        #expect(!(await store.canRequestRefund(for: .removeAds)))
        #expect(events.log == ["removeAds purchased", "removeAds revoked"])
    }

    @Test func aFamilyMembersPurchaseIsNotOfferedForRefund() async throws {
        let store = try await app.launch()
        _ = FakeAppStore.purchaseOutsideApp(productID: ProductID.removeAds.rawValue, ownership: .familyShared)
        await app.settle()
        #expect(store.removeAds.isPurchased)
        #expect(!(await store.canRequestRefund(for: .removeAds)))
    }

    @Test func theManageSubscriptionsSheetOpensOnTheGroupAndChangesAreSeenAfterIt() async throws {
        let store = try await app.launch()
        try await store.plusMonthly.purchase()
        FakeAppStore.setWillAutoRenew(false, productID: plus)
        try await store.showManageSubscriptions(in: windowScene(), group: .strideMembership)
        try await store.showManageSubscriptions(in: windowScene())
        #expect(FakeAppStore.manageSubscriptionsPresentations == ["membership", nil])
        #expect(!store.strideMembership.status.willAutoRenew)
    }

    @Test func theHistoryListsEveryTransactionNewestFirst() async throws {
        let store = try await app.launch()
        try await store.removeAds.purchase()
        await app.wait(days: 1)
        try await store.plusMonthly.purchase()
        await app.wait(days: 31)
        let history = await store.purchaseHistory()
        #expect(history.map(\.product) == [.plusMonthly, .plusMonthly, .removeAds])
        #expect(history.map(\.isRenewal) == [true, false, false])
        #expect(history.allSatisfy { $0.revocationDate == nil && !$0.isFamilyShared })
    }

    @Test func theOriginalPurchaseOfTheAppIsKnownForPaidToFreeMoves() async throws {
        let store = try await app.launch()
        let bought = Date(timeIntervalSince1970: 1_600_000_000)
        FakeAppStore.appTransaction = FakeAppTransaction(originalAppVersion: "42", originalPurchaseDate: bought)
        #expect(try await store.appPurchase() == AppPurchase(originalAppVersion: "42", originalPurchaseDate: bought))
        FakeAppStore.appTransaction = nil
        await #expect(throws: StoreKitError.self) { try await store.appPurchase() }
    }

    @Test func aStorefrontChangeReloadsThePrices() async throws {
        let store = try await app.launch()
        #expect(store.products[.removeAds]?.displayPrice == "$3.99")
        await FakeAppStore.waitForStorefrontListeners()
        let requests = FakeAppStore.productRequestCount
        FakeAppStore.offer(FakeProduct(id: ProductID.removeAds.rawValue, type: .nonConsumable, price: 4.49))
        FakeAppStore.setStorefront(countryCode: "GBR", id: "143444")
        await app.settle()
        #expect(FakeAppStore.productRequestCount == requests + 1)
        #expect(store.products[.removeAds]?.displayPrice == "$4.49")
    }

    // MARK: StoreKit's views

    @Test func aPurchaseMadeInAStoreViewReachesTheHandlerOnce() async throws {
        let store = try await app.launch()
        // StoreKit hands the view's purchase to `Transaction.updates` as well.
        FakeAppStore.purchasesAlsoThroughUpdates = true
        let product = try #require(store.products[.proYearly])
        // What `SubscriptionStoreView` or `onInAppPurchaseCompletion` hands the app.
        let result = try await product.purchase()
        #expect(await store.handle(result, for: .proYearly) == .purchased)
        await app.settle()
        #expect(events.log == ["proYearly purchased"])
        #expect(events.deliveries.count == 1)
        #expect(store.strideMembership.isSubscribed)
        let latest = try #require(await Transaction.latest(for: pro)?.unsafePayloadValue)
        #expect(FakeAppStore.finishCount(transactionID: latest.id) == 1)
    }

    @Test func aCancelledOrPendingViewPurchaseGrantsNothing() async throws {
        let store = try await app.launch()
        #expect(await store.handle(.userCancelled, for: .removeAds) == .cancelled)
        #expect(await store.handle(.pending, for: .removeAds) == .pending)
        #expect(!store.removeAds.isPurchased)
        #expect(events.log == ["removeAds deferred"])
    }
}

/// Set by an observation's change handler, which may run on any thread.
final class ChangeFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var fired: Bool { lock.withLock { value } }

    func fire() { lock.withLock { value = true } }
}
