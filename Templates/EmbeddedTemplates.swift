// Written from the .mustache files beside it and the Workbook's troubleshooting chapters by
// `RECORD=1 swift test --filter EmbeddedTemplatesTests`: edit those instead.

extension BuiltInTemplates {
    /// Changes whenever a name or a source below changes.
    public static let digest = "f67f8f081684afb9"

    /// Each built-in template's source, by name (`StoreKit2/StoreManager.swift`).
    public static let sources: [String: String] = [
        "Facade/HandlersScaffold.swift": #"""
// {{fileName}}
// Created once by `iapkit generate`. This file is yours: iapkit never changes it again.

/// What the app does when a product is bought, restored or taken back, whichever StoreKit does
/// the work. Hand an instance to the store: `{{manager}}(handler: events)`, and keep it alive
/// (the store holds it weakly).
@MainActor
final class {{manager}}Events: {{handlerProtocol}} {
{{#products}}
    func {{on.purchased}}() {
        // Unlock {{comment}}.
    }

{{/products}}
    func storeDidMissProducts(_ products: [{{typePrefix}}ProductID]) {
        // The App Store returned none of these; the debug console names them.
    }
}

"""#,
        "Facade/Store.swift": #"""
{{> header}}

import Foundation
import StoreKit

{{#usesObservation}}
import Observation
{{/usesObservation}}
{{#usesCombine}}
#if canImport(Combine)
    import Combine
#endif
{{/usesCombine}}
#if canImport(UIKit)
    import UIKit
#endif

/// The store the app talks to, on systems with and without StoreKit 2. Behind it works
/// `{{storeKit2Manager}}` (StoreKit 2) where the system has StoreKit 2 (iOS 15, macOS 12,
/// tvOS 15, watchOS 8 and later), whose entitlements then decide what the customer owns, and
/// `{{storeKit1Manager}}` (StoreKit 1) elsewhere; only one of them exists, so transactions are
/// never handled twice.
///
/// Create one as the app launches and keep it for the app's lifetime: the store behind it
/// starts listening for transactions at once, and keeps entitlements current at launch, on
/// every return to the foreground and when a subscription or pass ends.
///
/// Views follow it like the store behind it: every change of what it reports is published
/// ({{#usesObservation}}`@Observable`{{/usesObservation}}{{#usesCombine}}`ObservableObject`{{/usesCombine}}).
@MainActor
{{#usesObservation}}
@Observable
{{/usesObservation}}
{{access}}final class {{manager}} {
    /// Told about every purchase, renewal, restore, failure, deferral, revocation and expiry,
    /// and asked to deliver each purchase.
    {{ignored}}{{access}}weak var handler: (any {{handlerProtocol}})?

    /// Where ownership and consumable balances are kept between launches.
    {{ignored}}{{access}}let entitlements: {{typePrefix}}EntitlementStore

    {{ignored}}private let backend: any FacadeBackend
    /// Held here because the stores behind the facade hold their handler weakly.
    {{ignored}}private let forwarder: EventForwarder
    /// Bumped whenever the store behind the facade changes, so that views reading the facade's
    /// values are told.
    private var revision = 0{{#usesCombine}} {
        willSet {
            #if canImport(Combine)
                objectWillChange.send()
            #endif
        }
    }{{/usesCombine}}

    /// `validator` tells the StoreKit 1 store when a subscription ends on systems without
    /// StoreKit 2 (see `{{storeKit1Manager}}`). `usesStoreKit1` picks StoreKit 1 even where
    /// StoreKit 2 exists, for testing that path.
    {{access}}init(
        entitlements: {{typePrefix}}EntitlementStore = {{typePrefix}}EntitlementStore.makeDefault(),
        handler: (any {{handlerProtocol}})? = nil,
        clock: any {{typePrefix}}StoreClock = {{typePrefix}}SystemStoreClock(),
        validator: {{storeKit1Manager}}.SubscriptionValidator? = nil,
        usesStoreKit1: Bool = false
    ) {
        self.entitlements = entitlements
        self.handler = handler
        let forwarder = EventForwarder()
        self.forwarder = forwarder
        if #available({{storeKit2AvailabilityCheck}}), !usesStoreKit1 {
            backend = {{storeKit2Manager}}(entitlements: entitlements, handler: forwarder, clock: clock)
        } else {
            backend = {{storeKit1Manager}}(
                entitlements: entitlements, handler: forwarder, clock: clock, validator: validator)
        }
        forwarder.store = self
        backend.onChange = { [weak self] in self?.revision &+= 1 }
    }

    /// Whether StoreKit 2 does the work.
    {{access}}var usesStoreKit2: Bool { !(backend is {{storeKit1Manager}}) }

    /// The StoreKit 1 store behind the facade, when StoreKit 1 does the work.
    {{access}}var storeKit1: {{storeKit1Manager}}? { backend as? {{storeKit1Manager}} }

    /// The StoreKit 2 store behind the facade, when StoreKit 2 does the work.
{{#needsStoreKit2Attribute}}
    {{storeKit2AvailabilityAttribute}}
{{/needsStoreKit2Attribute}}
    {{access}}var storeKit2: {{storeKit2Manager}}? { backend as? {{storeKit2Manager}} }

    /// Whether this device may pay at all; offer purchases only when it may.
    {{access}}var canMakePayments: Bool { backend.canMakePayments }

    /// The products the App Store returned, by ID, whichever StoreKit loaded them.
    {{access}}var products: [{{typePrefix}}ProductID: {{typePrefix}}StoreProduct] { observed { backend.facadeProducts } }

    /// Products the guides define but the App Store did not return.
    {{access}}var missingProducts: [{{typePrefix}}ProductID] { observed { backend.missingProducts } }

    /// Non-consumables, subscriptions and passes the customer owns now.
    {{access}}var ownedProducts: Set<{{typePrefix}}ProductID> { observed { backend.ownedProducts } }

    /// Ties every purchase to the customer's account in the app: the transaction's
    /// `appAccountToken` with StoreKit 2, the payment's `applicationUsername` with StoreKit 1.
    {{access}}var appAccountToken: UUID? {
        get { backend.appAccountToken }
        set { backend.appAccountToken = newValue }
    }

    /// Where the customer stands in a subscription group: StoreKit 2's status and renewal
    /// information where it works; with StoreKit 1, what the saved entitlements say
    /// (subscribed until the end date, else not subscribed).
    {{access}}func subscriptionStatus(of group: {{typePrefix}}SubscriptionGroup) -> {{typePrefix}}SubscriptionStatus {
        observed { backend.facadeStatus(of: group) }
    }

    /// Whether the customer may use what a subscription group unlocks now (subscribed, or in a
    /// billing grace period).
    {{access}}func isSubscribed(to group: {{typePrefix}}SubscriptionGroup) -> Bool {
        observed { group.products.contains { backend.isPurchased($0) } }
    }

    /// Asks the App Store for every product of the guides; see `missingProducts` afterwards.
    {{access}}func loadProducts() async throws {
        try await backend.facadeLoad()
    }

    #if !os(visionOS)
        /// Buys a product: purchased, awaiting delivery, pending (Ask to Buy) or cancelled;
        /// failures are thrown after the handler has heard of them. Offers need StoreKit 2;
        /// with StoreKit 1 a purchase with one throws `StoreError.offerUnavailable`.
        @discardableResult
        {{access}}func purchase(
            _ id: {{typePrefix}}ProductID, offer: {{typePrefix}}SubscriptionOfferChoice? = nil
        ) async throws -> {{typePrefix}}PurchaseOutcome {
            try await backend.facadePurchase(id, offer: offer)
        }
    #endif

    #if canImport(UIKit) && !os(watchOS)
        /// Buys a product, confirming in `scene`: the way on visionOS.
        @available(iOS 17.0, tvOS 17.0, visionOS 1.0, *)
        @discardableResult
        {{access}}func purchase(
            _ id: {{typePrefix}}ProductID, confirmIn scene: UIScene, offer: {{typePrefix}}SubscriptionOfferChoice? = nil
        ) async throws -> {{typePrefix}}PurchaseOutcome {
            try await backend.facadePurchase(id, confirmIn: scene, offer: offer)
        }
    #endif

    /// Restores purchases made on other devices or before a reinstall.
    {{access}}func restorePurchases() async throws {
        try await backend.restorePurchases()
    }

    /// Brings ownership up to date with the App Store, and retries deliveries left unfinished.
    /// The store behind the facade does this by itself at launch, on every return to the
    /// foreground and when a subscription or pass ends.
    {{access}}func refreshEntitlements() async {
        await backend.refreshEntitlements()
    }

    /// Whether the customer owns a non-consumable, an active subscription or a pass, now.
    {{access}}func isPurchased(_ id: {{typePrefix}}ProductID) -> Bool { observed { backend.isPurchased(id) } }

    /// When the customer's subscription or pass ends; nil for purchases that last and for
    /// products the customer does not own.
    {{access}}func expirationDate(of id: {{typePrefix}}ProductID) -> Date? { observed { backend.expirationDate(of: id) } }

    /// Units of a consumable the customer has bought and not yet used.
    {{access}}func balance(of id: {{typePrefix}}ProductID) -> Int { observed { backend.balance(of: id) } }

    /// Uses up `count` units of a consumable; false when the balance is too low.
    @discardableResult
    {{access}}func consume(_ id: {{typePrefix}}ProductID, count: Int = 1) -> Bool { backend.consume(id, count: count) }

    /// The product's name as the App Store returned it; nil until loaded.
    {{access}}func displayName(of id: {{typePrefix}}ProductID) -> String? { products[id]?.displayName }

    /// The product's price, formatted for the customer's storefront; nil until loaded.
    {{access}}func displayPrice(of id: {{typePrefix}}ProductID) -> String? { products[id]?.displayPrice }

    /// Returns once every change the store behind the facade has started is applied. For tests
    /// and previews.
    {{access}}func waitForPendingChanges() async {
        await backend.waitForPendingChanges()
    }

    /// A value of the store behind the facade, read so that a view reading it is told when it
    /// changes.
    private func observed<Value>(_ read: () -> Value) -> Value {
        _ = revision
        return read()
    }
}
{{#usesCombine}}

#if canImport(Combine)
    extension {{manager}}: ObservableObject {}
#endif
{{/usesCombine}}

/// What the facade needs from the store behind it.
@MainActor
private protocol FacadeBackend: AnyObject {
    var canMakePayments: Bool { get }
    var missingProducts: [{{typePrefix}}ProductID] { get }
    var ownedProducts: Set<{{typePrefix}}ProductID> { get }
    var appAccountToken: UUID? { get set }
    var onChange: (@MainActor () -> Void)? { get set }
    var facadeProducts: [{{typePrefix}}ProductID: {{typePrefix}}StoreProduct] { get }
    func facadeStatus(of group: {{typePrefix}}SubscriptionGroup) -> {{typePrefix}}SubscriptionStatus
    func facadeLoad() async throws
    #if !os(visionOS)
        func facadePurchase(
            _ id: {{typePrefix}}ProductID, offer: {{typePrefix}}SubscriptionOfferChoice?
        ) async throws -> {{typePrefix}}PurchaseOutcome
    #endif
    #if canImport(UIKit) && !os(watchOS)
        @available(iOS 17.0, tvOS 17.0, visionOS 1.0, *)
        func facadePurchase(
            _ id: {{typePrefix}}ProductID, confirmIn scene: UIScene, offer: {{typePrefix}}SubscriptionOfferChoice?
        ) async throws -> {{typePrefix}}PurchaseOutcome
    #endif
    func restorePurchases() async throws
    func refreshEntitlements() async
    func isPurchased(_ id: {{typePrefix}}ProductID) -> Bool
    func expirationDate(of id: {{typePrefix}}ProductID) -> Date?
    func balance(of id: {{typePrefix}}ProductID) -> Int
    func consume(_ id: {{typePrefix}}ProductID, count: Int) -> Bool
    func waitForPendingChanges() async
}

{{#needsStoreKit2Attribute}}
{{storeKit2AvailabilityAttribute}}
{{/needsStoreKit2Attribute}}
extension {{storeKit2Manager}}: FacadeBackend {
    fileprivate func facadeLoad() async throws {
        try await loadProducts()
    }

    #if !os(visionOS)
        fileprivate func facadePurchase(
            _ id: {{typePrefix}}ProductID, offer: {{typePrefix}}SubscriptionOfferChoice?
        ) async throws -> {{typePrefix}}PurchaseOutcome {
            try await purchase(id, offer: offer)
        }
    #endif

    #if canImport(UIKit) && !os(watchOS)
        @available(iOS 17.0, tvOS 17.0, visionOS 1.0, *)
        fileprivate func facadePurchase(
            _ id: {{typePrefix}}ProductID, confirmIn scene: UIScene, offer: {{typePrefix}}SubscriptionOfferChoice?
        ) async throws -> {{typePrefix}}PurchaseOutcome {
            try await purchase(id, confirmIn: scene, offer: offer)
        }
    #endif

    fileprivate var facadeProducts: [{{typePrefix}}ProductID: {{typePrefix}}StoreProduct] {
        var loaded: [{{typePrefix}}ProductID: {{typePrefix}}StoreProduct] = [:]
        for (id, product) in products {
            loaded[id] = {{typePrefix}}StoreProduct(
                id: id, displayName: product.displayName, description: product.description, price: product.price,
                displayPrice: product.displayPrice)
        }
        return loaded
    }

    fileprivate func facadeStatus(of group: {{typePrefix}}SubscriptionGroup) -> {{typePrefix}}SubscriptionStatus {
        subscriptionStatuses[group] ?? .notSubscribed
    }
}

extension {{storeKit1Manager}}: FacadeBackend {
    fileprivate func facadeLoad() async throws {
        try await loadProducts()
    }

    fileprivate func facadePurchase(
        _ id: {{typePrefix}}ProductID, offer: {{typePrefix}}SubscriptionOfferChoice?
    ) async throws -> {{typePrefix}}PurchaseOutcome {
        if let offer {
            // Promotional and win-back offers are bought through StoreKit 2 only.
            let offerID: String
            switch offer {
            case .promotional(let id), .winBack(let id): offerID = id
            }
            throw {{typePrefix}}StoreError.offerUnavailable(id, offerID: offerID)
        }
        return try await purchase(id)
    }

    #if canImport(UIKit) && !os(watchOS)
        @available(iOS 17.0, tvOS 17.0, visionOS 1.0, *)
        fileprivate func facadePurchase(
            _ id: {{typePrefix}}ProductID, confirmIn scene: UIScene, offer: {{typePrefix}}SubscriptionOfferChoice?
        ) async throws -> {{typePrefix}}PurchaseOutcome {
            try await facadePurchase(id, offer: offer)
        }
    #endif

    fileprivate var facadeProducts: [{{typePrefix}}ProductID: {{typePrefix}}StoreProduct] {
        var loaded: [{{typePrefix}}ProductID: {{typePrefix}}StoreProduct] = [:]
        for (id, product) in products {
            let formatter = NumberFormatter()
            formatter.numberStyle = .currency
            formatter.locale = product.priceLocale
            loaded[id] = {{typePrefix}}StoreProduct(
                id: id, displayName: product.localizedTitle, description: product.localizedDescription,
                price: product.price.decimalValue, displayPrice: formatter.string(from: product.price) ?? "\(product.price)")
        }
        return loaded
    }

    /// StoreKit 1 has no subscription status: the saved entitlements tell whether the customer
    /// is subscribed, and until when.
    fileprivate func facadeStatus(of group: {{typePrefix}}SubscriptionGroup) -> {{typePrefix}}SubscriptionStatus {
        guard let current = group.products.first(where: { isPurchased($0) }) else { return .notSubscribed }
        return {{typePrefix}}SubscriptionStatus(
            state: .subscribed, product: current, level: current.level, expirationDate: expirationDate(of: current))
    }
}

/// Passes the events of the store behind the facade on to the facade's handler, without
/// StoreKit's types.
@MainActor
private final class EventForwarder: {{storeKit1HandlerProtocol}} {
    weak var store: {{manager}}?

    private var handler: (any {{handlerProtocol}})? { store?.handler }

    func deliver(_ transaction: SKPaymentTransaction, for product: {{typePrefix}}ProductID) async -> {{typePrefix}}DeliveryOutcome {
        guard let handler else { return .delivered }
        let delivery = {{typePrefix}}PurchaseDelivery(
            product: product, transactionID: transaction.transactionIdentifier ?? "",
            quantity: transaction.payment.quantity, purchaseDate: transaction.transactionDate ?? Date())
        return await handler.deliver(delivery)
    }

    func handle(_ event: {{storeKit1Manager}}.Event, for product: {{typePrefix}}ProductID) {
        let forwarded: {{manager}}.Event
        switch event {
        case .purchased: forwarded = .purchased
        case .renewed: forwarded = .renewed
        case .restored: forwarded = .restored
        case .failed(let error): forwarded = .failed(error)
        case .deferred: forwarded = .deferred
        case .revoked: forwarded = .revoked
        case .expired: forwarded = .expired
        }
        handler?.handle(forwarded, for: product)
    }

    func storeDidMissProducts(_ products: [{{typePrefix}}ProductID]) { handler?.storeDidMissProducts(products) }

    // Both stores' handler protocols name these alike, so the forwarder implements them itself;
    // events reach the facade's handler through `handle(_:for:)` instead.
{{#products}}
    func {{on.failed}}(_ error: any Error) {}
    func {{on.deferred}}() {}
{{#isDurable}}
    func {{on.restored}}() {}
    func {{on.revoked}}() {}
{{/isDurable}}
{{#hasExpiry}}
    func {{on.expired}}() {}
{{/hasExpiry}}
{{/products}}
}

{{#needsStoreKit2Attribute}}
{{storeKit2AvailabilityAttribute}}
{{/needsStoreKit2Attribute}}
extension EventForwarder: {{storeKit2HandlerProtocol}} {
    func deliver(_ transaction: StoreKit.Transaction, for product: {{typePrefix}}ProductID) async -> {{typePrefix}}DeliveryOutcome {
        guard let handler else { return .delivered }
        let delivery = {{typePrefix}}PurchaseDelivery(
            product: product, transactionID: String(transaction.id), quantity: transaction.purchasedQuantity,
            purchaseDate: transaction.purchaseDate)
        return await handler.deliver(delivery)
    }

    func handle(_ event: {{typePrefix}}StoreEvent, for product: {{typePrefix}}ProductID) {
        let forwarded: {{manager}}.Event
        switch event {
        case .purchased: forwarded = .purchased
        case .familyShared: forwarded = .familyShared
        case .renewed: forwarded = .renewed
        case .restored: forwarded = .restored
        case .failed(let error): forwarded = .failed(error)
        case .deferred: forwarded = .deferred
        case .revoked: forwarded = .revoked
        case .expired: forwarded = .expired
        }
        handler?.handle(forwarded, for: product)
    }
}

"""#,
        "Facade/StoreHandlers.swift": #"""
{{> header}}

import Foundation

/// A purchase to deliver, whichever StoreKit reported it.
{{access}}struct {{typePrefix}}PurchaseDelivery: Sendable, Equatable {
    {{access}}let product: {{typePrefix}}ProductID
    /// The App Store's transaction identifier: the same for both StoreKit APIs.
    {{access}}let transactionID: String
    {{access}}let quantity: Int
    {{access}}let purchaseDate: Date
}

/// Callbacks for each product of the guides, whichever StoreKit does the work. Every method has
/// a default, so a conforming type implements only what it needs; `{{scaffoldFile}}` holds
/// yours. Methods exist only for what can happen to a product.
@MainActor
{{access}}protocol {{handlerProtocol}}: AnyObject {
    /// Delivers a purchase before the store saves the entitlement and finishes the transaction:
    /// credit your server here, for example. Answer `.retryLater` when that cannot happen now;
    /// the transaction then stays unfinished and comes back. The default delivers at once.
    func deliver(_ delivery: {{typePrefix}}PurchaseDelivery) async -> {{typePrefix}}DeliveryOutcome
    /// Every event of every product. The default calls the product's own method below
    /// (`dispatch(_:for:)`); implement it to see all events in one place.
    func handle(_ event: {{manager}}.Event, for product: {{typePrefix}}ProductID)
{{#products}}
    /// {{comment}}: bought and delivered.
    func {{on.purchased}}()
{{#isFamilyShareable}}
    /// {{comment}}: shared by a family member (told by StoreKit 2 only); the default calls
    /// `{{on.purchased}}()`.
    func {{on.familyShared}}()
{{/isFamilyShareable}}
{{#isAutoRenewable}}
    /// {{comment}}: renewed for another period.
    func {{on.renewed}}()
{{/isAutoRenewable}}
{{#isDurable}}
    /// {{comment}}: found again by a restore.
    func {{on.restored}}()
{{/isDurable}}
    /// {{comment}}: the purchase failed (a cancellation is not a failure) or could not be saved.
    func {{on.failed}}(_ error: any Error)
    /// {{comment}}: waiting for approval.
    func {{on.deferred}}()
    /// {{comment}}: refunded, or no longer shared by the family.
    func {{on.revoked}}()
{{#hasExpiry}}
    /// {{comment}}: ran out.
    func {{on.expired}}()
{{/hasExpiry}}
{{/products}}
    /// The App Store returned none of these products; see the troubleshooting checklist.
    func storeDidMissProducts(_ products: [{{typePrefix}}ProductID])
}

extension {{handlerProtocol}} {
    {{access}}func deliver(_ delivery: {{typePrefix}}PurchaseDelivery) async -> {{typePrefix}}DeliveryOutcome {
        .delivered
    }

    {{access}}func handle(_ event: {{manager}}.Event, for product: {{typePrefix}}ProductID) {
        dispatch(event, for: product)
    }

{{#products}}
    {{access}}func {{on.purchased}}() {}
{{#isFamilyShareable}}
    {{access}}func {{on.familyShared}}() { {{on.purchased}}() }
{{/isFamilyShareable}}
{{#isAutoRenewable}}
    {{access}}func {{on.renewed}}() {}
{{/isAutoRenewable}}
{{#isDurable}}
    {{access}}func {{on.restored}}() {}
{{/isDurable}}
    {{access}}func {{on.failed}}(_ error: any Error) {}
    {{access}}func {{on.deferred}}() {}
    {{access}}func {{on.revoked}}() {}
{{#hasExpiry}}
    {{access}}func {{on.expired}}() {}
{{/hasExpiry}}
{{/products}}
    {{access}}func storeDidMissProducts(_ products: [{{typePrefix}}ProductID]) {}

    /// Calls the method of `product` for `event`; what cannot happen to the product is ignored.
    {{access}}func dispatch(_ event: {{manager}}.Event, for product: {{typePrefix}}ProductID) {
        switch product {
{{#products}}
        case .{{caseName}}:
            switch event {
{{#isFamilyShareable}}
            case .purchased: {{on.purchased}}()
            case .familyShared: {{on.familyShared}}()
{{/isFamilyShareable}}
{{^isFamilyShareable}}
            case .purchased, .familyShared: {{on.purchased}}()
{{/isFamilyShareable}}
{{#isAutoRenewable}}
            case .renewed: {{on.renewed}}()
{{/isAutoRenewable}}
{{#isDurable}}
            case .restored: {{on.restored}}()
{{/isDurable}}
            case .failed(let error): {{on.failed}}(error)
            case .deferred: {{on.deferred}}()
            case .revoked: {{on.revoked}}()
{{#hasExpiry}}
            case .expired: {{on.expired}}()
{{/hasExpiry}}
{{^handlesEveryEvent}}
            default: break
{{/handlesEveryEvent}}
            }
{{/products}}
        }
    }
}

extension {{manager}} {
    /// What happened to one product, for the handler, whichever StoreKit reported it.
    {{access}}enum Event {
        case purchased
        /// Shared by a family member (told by StoreKit 2 only).
        case familyShared
        case renewed
        case restored
        case failed(any Error)
        case deferred
        case revoked
        case expired
    }

    /// One product's part of the store: `store.{{firstHandler}}.purchase()`.
    @MainActor
    {{access}}struct ProductHandle {
        {{access}}let id: {{typePrefix}}ProductID
        private let store: {{manager}}

        init(id: {{typePrefix}}ProductID, store: {{manager}}) {
            self.id = id
            self.store = store
        }

        /// Whether the customer owns it now (non-consumables, active subscriptions and passes).
        {{access}}var isPurchased: Bool { store.isPurchased(id) }

        /// When the subscription or pass ends; nil for what lasts and for what is not owned.
        {{access}}var expirationDate: Date? { store.expirationDate(of: id) }

        /// Units left, for a consumable.
        {{access}}var balance: Int { store.balance(of: id) }

        /// The name shoppers see; nil until loaded.
        {{access}}var displayName: String? { store.displayName(of: id) }

        /// The price shoppers see; nil until loaded.
        {{access}}var displayPrice: String? { store.displayPrice(of: id) }

        #if !os(visionOS)
            /// Buys it, with a subscription offer if one is given (StoreKit 2 only).
            @discardableResult
            {{access}}func purchase(offer: {{typePrefix}}SubscriptionOfferChoice? = nil) async throws -> {{typePrefix}}PurchaseOutcome {
                try await store.purchase(id, offer: offer)
            }
        #endif
    }

{{#products}}
    /// {{comment}}
    {{access}}var {{handler}}: ProductHandle { ProductHandle(id: .{{caseName}}, store: self) }
{{/products}}
}

"""#,
        "Facade/header": #"""
// {{fileName}}
// Generated by iapkit from {{sourceDescription}}. Do not edit: change the guides and run
// `iapkit generate` again.

"""#,
        "ObjectiveC/Manager.h": #"""
{{> header}}
//
// A StoreKit 1 store manager for Objective-C apps, which cannot call StoreKit 2. Create it early,
// in application:didFinishLaunchingWithOptions:, by asking for +sharedStore: it starts observing
// the payment queue at once, so purchases finished while the app was closed are not lost.
//
// What the customer owns is saved in the same record, and in the same place, as the Swift store
// generated beside it keeps, and the two never deliver one transaction twice: an app may run both.

#import <Foundation/Foundation.h>
#import <StoreKit/StoreKit.h>

NS_ASSUME_NONNULL_BEGIN

// Every product of the guides, by its App Store Connect identifier.

{{#products}}
// {{comment}}
FOUNDATION_EXPORT NSString *const {{constant}};
{{/products}}

// Posted on the main queue after a product was purchased or restored. The object is the store;
// the user info holds the product identifier under {{productKey}}.
FOUNDATION_EXPORT NSNotificationName const {{notificationName}};
FOUNDATION_EXPORT NSString *const {{productKey}};

// The domain of the errors the store itself reports.
FOUNDATION_EXPORT NSErrorDomain const {{errorDomain}};
typedef NS_ERROR_ENUM({{errorDomain}}, {{className}}ErrorCode){
    // What the customer paid for could not be saved; the transaction stays unfinished and is
    // delivered again.
    {{className}}ErrorEntitlementNotSaved = 1,
};

// Callbacks for each product of the guides, all optional and all called on the main queue.
@protocol {{handlerProtocol}} <NSObject>
@optional
// Delivers what a transaction paid for (credit your server, say) before the store saves and
// finishes it. Call completion with YES once delivered, or NO to leave the transaction
// unfinished: it comes back at the next launch. Without this method every purchase counts as
// delivered at once.
- (void)deliverTransaction:(SKPaymentTransaction *)transaction
                forProduct:(NSString *)productIdentifier
                completion:(void (^)(BOOL delivered))completion;
{{#products}}
{{#isDurable}}
// {{comment}}: bought; the store also remembers it (see -isPurchased:).
{{/isDurable}}
{{^isDurable}}
// {{comment}}: bought; deliver it here, the store keeps no count.
{{/isDurable}}
- (void){{on.purchased}}:(SKPaymentTransaction *)transaction;
{{#isAutoRenewable}}
// {{comment}}: renewed for another period.
- (void){{on.renewed}}:(SKPaymentTransaction *)transaction;
{{/isAutoRenewable}}
{{#isDurable}}
// {{comment}}: found again by a restore.
- (void){{on.restored}}:(SKPaymentTransaction *)transaction;
{{/isDurable}}
// {{comment}}: the purchase failed, or could not be saved (a cancelled purchase is reported
// by -storeDidCancelPurchaseOfProduct: instead).
- (void){{on.failed}}:(NSError *)error;
// {{comment}}: waiting for approval (Ask to Buy); the outcome arrives later.
- (void){{on.deferred}};
{{#isDurable}}
// {{comment}}: no longer shared by the family.
- (void){{on.revoked}};
{{/isDurable}}
{{#hasExpiry}}
// {{comment}}: ran out.
- (void){{on.expired}};
{{/hasExpiry}}
{{/products}}
// The customer closed the payment sheet.
- (void)storeDidCancelPurchaseOfProduct:(NSString *)productIdentifier;
// The App Store did not return these products; debug builds also log each one.
- (void)storeDidMissProducts:(NSArray<NSString *> *)productIdentifiers;
// The product request failed, usually for lack of a network connection.
- (void)storeDidFailLoadingProductsWithError:(NSError *)error;
// Every restorable purchase has been delivered through the ...Restored: callbacks.
- (void)storeDidFinishRestoring;
// The restore stopped, for instance because the customer did not sign in.
- (void)storeDidFailRestoringWithError:(NSError *)error;
@end

// Answers when the customer's subscription to a product ends, or nil when they are not
// subscribed, from the app's server or the App Store receipt; call completion on any queue.
typedef void (^{{className}}SubscriptionValidator)(NSString *productIdentifier,
                                                    void (^completion)(NSDate *_Nullable endDate));

// Loads the guides' products, sells and restores them, and remembers what the customer owns,
// until when: StoreKit 1 does not say when a subscription ends, so the store asks
// subscriptionValidator, and without one counts a subscription as owned until one period after
// its latest purchase, renewal or restored transaction. Passes end after their duration.
@interface {{className}} : NSObject <SKProductsRequestDelegate, SKPaymentTransactionObserver>

// The one store of the app; it observes the payment queue from its first use.
@property (class, nonatomic, readonly) {{className}} *sharedStore;

// Every product identifier of the guides, in the guides' order.
@property (class, nonatomic, readonly, copy) NSArray<NSString *> *allProductIdentifiers;

// Whether this device may pay at all; offer purchases only when it may.
@property (class, nonatomic, readonly) BOOL canMakePayments;

// Told about every purchase, renewal, restore, failure, deferral, revocation and expiry; weak,
// so keep your handler alive.
@property (nonatomic, weak, nullable) id<{{handlerProtocol}}> handler;

// Ties every payment to the customer's account in the app. Set it to a UUID string (the
// account's, for instance) and StoreKit 2 and the App Store Server API report it as the
// transaction's appAccountToken.
@property (nonatomic, copy, nullable) NSString *applicationUsername;

// Tells the store when subscriptions end; see above.
@property (nonatomic, copy, nullable) {{className}}SubscriptionValidator subscriptionValidator;

// The products the App Store returned, by identifier; empty until -loadProducts has answered.
@property (nonatomic, readonly, copy) NSDictionary<NSString *, SKProduct *> *products;

// Identifiers the guides define but the App Store did not return: the only sign that something
// in App Store Connect or the project is set up wrong.
@property (nonatomic, readonly, copy) NSArray<NSString *> *missingProducts;

// Non-consumables, subscriptions and passes the customer owns now.
@property (nonatomic, readonly, copy) NSSet<NSString *> *ownedProducts;

// Asks the App Store for every product of the guides.
- (void)loadProducts;

// Starts buying a loaded product; the outcome reaches the handler. Returns NO, and buys nothing,
// when the product has not been loaded or when payments are not allowed (the handler then also
// hears of a failure with SKErrorPaymentNotAllowed).
- (BOOL)purchaseProduct:(NSString *)productIdentifier;

// Restores purchases made on other devices or before a reinstall. App Review expects a button
// that calls this. A subscription that has lapsed is not restored.
- (void)restorePurchases;

// Ends what has run out (asking subscriptionValidator again, when there is one). The store does
// this by itself at launch, when the app returns to the foreground and when a subscription or
// pass reaches its end.
- (void)refreshEntitlements;

// Whether the customer owns a non-consumable, an active subscription or a pass, now.
- (BOOL)isPurchased:(NSString *)productIdentifier;

// When the customer's subscription or pass ends; nil for what lasts and for what is not owned.
- (nullable NSDate *)expirationDateOfProduct:(NSString *)productIdentifier;

@end

NS_ASSUME_NONNULL_END

"""#,
        "ObjectiveC/Manager.m": #"""
{{> header}}

#import "{{headerFile}}"
{{#usesKeychain}}
#import <Security/Security.h>
{{/usesKeychain}}
#if __has_include(<UIKit/UIKit.h>)
#import <UIKit/UIKit.h>
#elif __has_include(<AppKit/AppKit.h>)
#import <AppKit/AppKit.h>
#endif

#if !__has_feature(objc_arc)
#error "{{headerFile}} expects ARC (-fobjc-arc)."
#endif

{{#products}}
NSString *const {{constant}} = {{idLiteral}};
{{/products}}

NSNotificationName const {{notificationName}} = @"{{notificationName}}";
NSString *const {{productKey}} = @"{{productKey}}";
NSErrorDomain const {{errorDomain}} = @"{{errorDomain}}";

// Shared with the Swift store of the same guides: where the record is saved, the notification
// posted after a save, and the main thread's list of transactions being delivered.
static NSString *const {{className}}RecordKey = {{recordKeyLiteral}};
static NSString *const {{className}}KeychainService = {{keychainServiceLiteral}};
static NSString *const {{className}}ChangedNotification = {{changedNotificationLiteral}};
static NSString *const {{className}}DeliveriesKey = {{deliveriesKeyLiteral}};
// How many delivered transactions the record remembers.
static const NSUInteger {{className}}DeliveredLimit = 1000;

@interface {{className}} ()
@property (nonatomic, copy) NSDictionary<NSString *, SKProduct *> *products;
@property (nonatomic, copy) NSArray<NSString *> *missingProducts;
@property (nonatomic, copy) NSSet<NSString *> *ownedProducts;
// Held until its delegate answers: StoreKit keeps no strong reference, and a request that is
// released early never calls back.
@property (nonatomic, strong, nullable) SKProductsRequest *productsRequest;
// The record, when the guides keep it in memory only (entitlementStore: none).
@property (nonatomic, copy, nullable) NSData *memoryRecord;
// Products a restore under way has reported, so that each is reported once.
@property (nonatomic, strong) NSMutableSet<NSString *> *restoredThisTime;
// Counts expiry timers, so that only the latest one acts.
@property (nonatomic) NSUInteger expiryGeneration;
// The notification observers to remove when the store goes away.
@property (nonatomic, strong) NSMutableArray<id> *observers;
@end

@implementation {{className}}

+ ({{className}} *)sharedStore {
    static {{className}} *shared;
    static dispatch_once_t once;
    dispatch_once(&once, ^{
        shared = [[{{className}} alloc] init];
    });
    return shared;
}

+ (NSArray<NSString *> *)allProductIdentifiers {
    return @[
{{#products}}
        {{constant}},
{{/products}}
    ];
}

// Products whose promotion on the App Store the guides mark; others still go ahead, with a note
// in debug builds.
+ (NSSet<NSString *> *)promotedProductIdentifiers {
    return [NSSet setWithArray:@[
{{#products}}
{{#isPromoted}}
        {{constant}},
{{/isPromoted}}
{{/products}}
    ]];
}

// Products that stay bought: everything but consumables.
+ (NSSet<NSString *> *)durableProductIdentifiers {
    return [NSSet setWithArray:@[
{{#products}}
{{#isDurable}}
        {{constant}},
{{/isDurable}}
{{/products}}
    ]];
}

// Auto-renewable subscriptions.
+ (NSSet<NSString *> *)subscriptionIdentifiers {
    return [NSSet setWithArray:@[
{{#products}}
{{#isAutoRenewable}}
        {{constant}},
{{/isAutoRenewable}}
{{/products}}
    ]];
}

// How long one purchase lasts: a subscription's period, a pass's duration; nil for the rest.
+ (nullable NSDateComponents *)termOfProduct:(NSString *)productIdentifier {
{{#products}}
{{#hasTerm}}
    if ([productIdentifier isEqualToString:{{constant}}]) {
        NSDateComponents *term = [[NSDateComponents alloc] init];
        term.year = {{termYears}};
        term.month = {{termMonths}};
        term.day = {{termDays}};
        return term;
    }
{{/hasTerm}}
{{/products}}
    return nil;
}

+ (BOOL)canMakePayments {
    return [SKPaymentQueue canMakePayments];
}

- (instancetype)init {
    self = [super init];
    if (self) {
        _products = @{};
        _missingProducts = @[];
        _restoredThisTime = [NSMutableSet set];
        _observers = [NSMutableArray array];
        _ownedProducts = [self ownedProductsIn:[self loadRecordOrEmpty]];
        __weak {{className}} *weakSelf = self;
        id changes = [[NSNotificationCenter defaultCenter]
            addObserverForName:{{className}}ChangedNotification
                        object:nil
                         queue:[NSOperationQueue mainQueue]
                    usingBlock:^(NSNotification *notification) {
                        {{className}} *store = weakSelf;
                        if (store != nil && notification.object != store) {
                            store.ownedProducts = [store ownedProductsIn:[store loadRecordOrEmpty]];
                        }
                    }];
        [_observers addObject:changes];
#if __has_include(<UIKit/UIKit.h>) && !TARGET_OS_WATCH
        NSNotificationName foreground = UIApplicationWillEnterForegroundNotification;
#elif __has_include(<AppKit/AppKit.h>)
        NSNotificationName foreground = NSApplicationWillBecomeActiveNotification;
#else
        NSNotificationName foreground = nil;
#endif
        if (foreground != nil) {
            id returns = [[NSNotificationCenter defaultCenter] addObserverForName:foreground
                                                                          object:nil
                                                                           queue:[NSOperationQueue mainQueue]
                                                                      usingBlock:^(NSNotification *notification) {
                                                                          (void)notification;
                                                                          [weakSelf refreshEntitlements];
                                                                      }];
            [_observers addObject:returns];
        }
        [[SKPaymentQueue defaultQueue] addTransactionObserver:self];
        [self onMainQueue:^{
            [weakSelf refreshEntitlements];
        }];
    }
    return self;
}

- (void)dealloc {
    [[SKPaymentQueue defaultQueue] removeTransactionObserver:self];
    for (id observer in _observers) {
        [[NSNotificationCenter defaultCenter] removeObserver:observer];
    }
}

#pragma mark - Products

- (void)loadProducts {
    [self.productsRequest cancel];
    NSSet<NSString *> *identifiers = [NSSet setWithArray:[{{className}} allProductIdentifiers]];
    SKProductsRequest *request = [[SKProductsRequest alloc] initWithProductIdentifiers:identifiers];
    request.delegate = self;
    self.productsRequest = request;
    [request start];
}

- (void)productsRequest:(SKProductsRequest *)request didReceiveResponse:(SKProductsResponse *)response {
    [self onMainQueue:^{
        if (request != self.productsRequest) {
            return;
        }
        self.productsRequest = nil;
        NSMutableDictionary<NSString *, SKProduct *> *found = [NSMutableDictionary dictionary];
        for (SKProduct *product in response.products) {
            found[product.productIdentifier] = product;
        }
        NSMutableArray<NSString *> *missing = [NSMutableArray array];
        for (NSString *identifier in [{{className}} allProductIdentifiers]) {
            if (found[identifier] == nil) {
                [missing addObject:identifier];
            }
        }
        self.products = found;
        self.missingProducts = missing;
#if DEBUG
        // The App Store answers unknown identifiers with silence in the app; name each one.
        for (NSString *identifier in response.invalidProductIdentifiers) {
            NSLog(@"%@: the App Store does not know the product %@. See %@.", @"{{className}}", identifier,
                  {{troubleshootingLiteral}});
        }
#endif
        if (missing.count > 0) {
            id<{{handlerProtocol}}> handler = self.handler;
            if ([handler respondsToSelector:@selector(storeDidMissProducts:)]) {
                [handler storeDidMissProducts:missing];
            }
        }
    }];
}

- (void)request:(SKRequest *)request didFailWithError:(NSError *)error {
    [self onMainQueue:^{
        if (request != self.productsRequest) {
            return;
        }
        self.productsRequest = nil;
        id<{{handlerProtocol}}> handler = self.handler;
        if ([handler respondsToSelector:@selector(storeDidFailLoadingProductsWithError:)]) {
            [handler storeDidFailLoadingProductsWithError:error];
        }
    }];
}

#pragma mark - Purchasing

- (BOOL)purchaseProduct:(NSString *)productIdentifier {
    if (![SKPaymentQueue canMakePayments]) {
        NSError *error = [NSError errorWithDomain:SKErrorDomain code:SKErrorPaymentNotAllowed userInfo:nil];
        [self tellHandlerFailed:error product:productIdentifier];
        return NO;
    }
    SKProduct *product = self.products[productIdentifier];
    if (product == nil) {
        return NO;
    }
    SKMutablePayment *payment = [SKMutablePayment paymentWithProduct:product];
    payment.applicationUsername = self.applicationUsername;
    [[SKPaymentQueue defaultQueue] addPayment:payment];
    return YES;
}

- (void)restorePurchases {
    [self.restoredThisTime removeAllObjects];
    [[SKPaymentQueue defaultQueue] restoreCompletedTransactions];
}

- (BOOL)isPurchased:(NSString *)productIdentifier {
    if (![self.ownedProducts containsObject:productIdentifier]) {
        return NO;
    }
    NSDate *end = [self expirationDateOfProduct:productIdentifier];
    return end == nil || [end compare:[NSDate date]] == NSOrderedDescending;
}

- (nullable NSDate *)expirationDateOfProduct:(NSString *)productIdentifier {
    NSDictionary *entitlement = [self entitlementsIn:[self loadRecordOrEmpty]][productIdentifier];
    NSNumber *seconds = [entitlement[@"expirationDate"] isKindOfClass:[NSNumber class]] ? entitlement[@"expirationDate"] : nil;
    return seconds == nil ? nil : [NSDate dateWithTimeIntervalSince1970:seconds.doubleValue];
}

#pragma mark - SKPaymentTransactionObserver

- (void)paymentQueue:(SKPaymentQueue *)queue updatedTransactions:(NSArray<SKPaymentTransaction *> *)transactions {
    [self onMainQueue:^{
        for (SKPaymentTransaction *transaction in transactions) {
            [self process:transaction inQueue:queue];
        }
    }];
}

// Each state once: a transaction that is finished too early is lost, one never finished is
// delivered again at every launch.
- (void)process:(SKPaymentTransaction *)transaction inQueue:(SKPaymentQueue *)queue {
    NSString *identifier = transaction.payment.productIdentifier;
    switch (transaction.transactionState) {
        case SKPaymentTransactionStatePurchasing:
            // Still on the payment sheet: nothing to do, and nothing to finish yet.
            break;
        case SKPaymentTransactionStatePurchased:
        case SKPaymentTransactionStateRestored:
            [self deliver:transaction product:identifier inQueue:queue];
            break;
        case SKPaymentTransactionStateFailed: {
            NSError *error = transaction.error;
            if (error == nil) {
                error = [NSError errorWithDomain:SKErrorDomain code:SKErrorUnknown userInfo:nil];
            }
            if ([error.domain isEqualToString:SKErrorDomain] && error.code == SKErrorPaymentCancelled) {
                id<{{handlerProtocol}}> handler = self.handler;
                if ([handler respondsToSelector:@selector(storeDidCancelPurchaseOfProduct:)]) {
                    [handler storeDidCancelPurchaseOfProduct:identifier];
                }
            } else {
                [self tellHandlerFailed:error product:identifier];
            }
            [queue finishTransaction:transaction];
            break;
        }
        case SKPaymentTransactionStateDeferred:
            // Ask to Buy: the approved or declined transaction arrives later; do not finish this one.
            [self tellHandlerDeferred:identifier];
            break;
    }
}

// Delivers a paid or restored transaction once. A restored transaction counts as the purchase
// it restores. A transaction another store of the app is delivering is left to it, and one
// delivered before (by another store, or an earlier launch) is only finished.
- (void)deliver:(SKPaymentTransaction *)transaction product:(NSString *)identifier inQueue:(SKPaymentQueue *)queue {
    NSString *key = transaction.originalTransaction.transactionIdentifier ?: transaction.transactionIdentifier;
    BOOL restoring = transaction.transactionState == SKPaymentTransactionStateRestored;
    if (key == nil || ![[{{className}} allProductIdentifiers] containsObject:identifier]) {
        [queue finishTransaction:transaction];
        return;
    }
    NSMutableSet<NSString *> *claims = [self deliveryClaims];
    if ([claims containsObject:key]) {
        return;
    }
    BOOL delivered = [[self deliveredIn:[self loadRecordOrEmpty]] containsObject:key];
    if (delivered && !restoring) {
        [queue finishTransaction:transaction];
        return;
    }
    [claims addObject:key];
    id<{{handlerProtocol}}> handler = self.handler;
    void (^afterDelivery)(BOOL) = ^(BOOL deliveredNow) {
        [self onMainQueue:^{
            if (!deliveredNow) {
                [[self deliveryClaims] removeObject:key];
                return;
            }
            NSDate *start = transaction.originalTransaction.transactionDate ?: transaction.transactionDate ?: [NSDate date];
            [self endOfProduct:identifier purchasedAt:start completion:^(NSDate *_Nullable end, BOOL lapsed) {
                [self grant:transaction product:identifier key:key end:end lapsed:lapsed restoring:restoring inQueue:queue];
            }];
        }];
    };
    if (!delivered && [handler respondsToSelector:@selector(deliverTransaction:forProduct:completion:)]) {
        [handler deliverTransaction:transaction forProduct:identifier completion:afterDelivery];
    } else {
        afterDelivery(YES);
    }
}

// Saves the entitlement (unless what was bought has already run out), tells the handler, and
// only then finishes the transaction.
- (void)grant:(SKPaymentTransaction *)transaction
      product:(NSString *)identifier
          key:(NSString *)key
          end:(nullable NSDate *)end
       lapsed:(BOOL)lapsed
    restoring:(BOOL)restoring
      inQueue:(SKPaymentQueue *)queue {
    BOOL durable = [[{{className}} durableProductIdentifiers] containsObject:identifier];
    BOOL renews = !restoring && [[{{className}} subscriptionIdentifiers] containsObject:identifier] &&
                  [self.ownedProducts containsObject:identifier];
    NSError *error = nil;
    BOOL saved = [self updateRecord:^(NSMutableDictionary *record) {
        if (durable && !lapsed) {
            NSMutableDictionary *entitlements = [self entitlementsIn:record];
            NSMutableDictionary *entitlement = [NSMutableDictionary dictionary];
            entitlement[@"transactionID"] = key;
            entitlement[@"originalTransactionID"] = key;
            NSDate *purchaseDate = transaction.originalTransaction.transactionDate ?: transaction.transactionDate ?: [NSDate date];
            entitlement[@"purchaseDate"] = @(purchaseDate.timeIntervalSince1970);
            entitlement[@"isFamilyShared"] = @NO;
            entitlement[@"isInGracePeriod"] = @NO;
            NSDictionary *previous = entitlements[identifier];
            NSNumber *previousEnd =
                [previous[@"expirationDate"] isKindOfClass:[NSNumber class]] ? previous[@"expirationDate"] : nil;
            // An older transaction (a restore brings back every renewal) does not shorten what a
            // newer one granted.
            if (end != nil && previousEnd != nil && previousEnd.doubleValue > end.timeIntervalSince1970) {
                entitlement = [previous mutableCopy];
            } else if (end != nil) {
                entitlement[@"expirationDate"] = @(end.timeIntervalSince1970);
            }
            entitlements[identifier] = entitlement;
            record[@"entitlements"] = entitlements;
        }
        NSMutableArray *deliveredList = [[self deliveredIn:record] mutableCopy];
        if (![deliveredList containsObject:key]) {
            [deliveredList addObject:key];
        }
        while (deliveredList.count > {{className}}DeliveredLimit) {
            [deliveredList removeObjectAtIndex:0];
        }
        record[@"deliveredTransactions"] = deliveredList;
    } error:&error];
    [[self deliveryClaims] removeObject:key];
    if (!saved) {
        NSDictionary *info = error == nil ? nil : @{ @"NSUnderlyingError" : error };
        [self tellHandlerFailed:[NSError errorWithDomain:{{errorDomain}} code:{{className}}ErrorEntitlementNotSaved userInfo:info]
                        product:identifier];
        return;
    }
    if (!lapsed) {
        if (restoring) {
            if (![self.restoredThisTime containsObject:identifier]) {
                [self.restoredThisTime addObject:identifier];
                [self tellHandlerRestored:transaction product:identifier];
                [self postPurchaseNotification:identifier];
            }
        } else if (renews) {
            [self tellHandlerRenewed:transaction product:identifier];
        } else {
            [self tellHandlerPurchased:transaction product:identifier];
            [self postPurchaseNotification:identifier];
        }
    }
    [queue finishTransaction:transaction];
    [self scheduleExpiryCheck];
}

// When what was bought at `date` ends: a subscription by the validator, else one period later;
// a pass after its duration; other products never. `lapsed` is YES when it has already ended.
- (void)endOfProduct:(NSString *)identifier
         purchasedAt:(NSDate *)date
          completion:(void (^)(NSDate *_Nullable end, BOOL lapsed))completion {
    {{className}}SubscriptionValidator validator = self.subscriptionValidator;
    if (validator != nil && [[{{className}} subscriptionIdentifiers] containsObject:identifier]) {
        validator(identifier, ^(NSDate *_Nullable end) {
            [self onMainQueue:^{
                completion(end, end == nil || [end compare:[NSDate date]] != NSOrderedDescending);
            }];
        });
        return;
    }
    NSDateComponents *term = [{{className}} termOfProduct:identifier];
    if (term == nil) {
        completion(nil, NO);
        return;
    }
    NSCalendar *calendar = [[NSCalendar alloc] initWithCalendarIdentifier:NSCalendarIdentifierGregorian];
    calendar.timeZone = [NSTimeZone timeZoneForSecondsFromGMT:0];
    NSDate *end = [calendar dateByAddingComponents:term toDate:date options:0];
    completion(end, end == nil || [end compare:[NSDate date]] != NSOrderedDescending);
}

- (void)paymentQueueRestoreCompletedTransactionsFinished:(SKPaymentQueue *)queue {
    [self onMainQueue:^{
        id<{{handlerProtocol}}> handler = self.handler;
        if ([handler respondsToSelector:@selector(storeDidFinishRestoring)]) {
            [handler storeDidFinishRestoring];
        }
    }];
}

- (void)paymentQueue:(SKPaymentQueue *)queue restoreCompletedTransactionsFailedWithError:(NSError *)error {
    [self onMainQueue:^{
        id<{{handlerProtocol}}> handler = self.handler;
        if ([handler respondsToSelector:@selector(storeDidFailRestoringWithError:)]) {
            [handler storeDidFailRestoringWithError:error];
        }
    }];
}

// A purchase the customer started from the App Store's product page. Every product of the
// guides may go ahead, as with the Swift store; debug builds point at a missing promoted mark.
- (BOOL)paymentQueue:(SKPaymentQueue *)queue shouldAddStorePayment:(SKPayment *)payment forProduct:(SKProduct *)product {
    NSString *identifier = product.productIdentifier;
    if (![[{{className}} allProductIdentifiers] containsObject:identifier]) {
        return NO;
    }
#if DEBUG
    if (![[{{className}} promotedProductIdentifiers] containsObject:identifier]) {
        NSLog(@"%@: a promoted purchase of %@, which the guides do not mark promoted.", @"{{className}}", identifier);
    }
#endif
    [self onMainQueue:^{
        NSMutableDictionary<NSString *, SKProduct *> *products = [self.products mutableCopy];
        products[identifier] = product;
        self.products = products;
    }];
    return [SKPaymentQueue canMakePayments];
}

- (void)paymentQueue:(SKPaymentQueue *)queue didRevokeEntitlementsForProductIdentifiers:(NSArray<NSString *> *)productIdentifiers {
    [self onMainQueue:^{
        for (NSString *identifier in productIdentifiers) {
            if (![[{{className}} durableProductIdentifiers] containsObject:identifier]) {
                continue;
            }
            BOOL saved = [self updateRecord:^(NSMutableDictionary *record) {
                NSMutableDictionary *entitlements = [self entitlementsIn:record];
                [entitlements removeObjectForKey:identifier];
                record[@"entitlements"] = entitlements;
            } error:NULL];
            if (saved) {
                [self tellHandlerRevoked:identifier];
            }
        }
    }];
}

#pragma mark - Ending what ran out

- (void)refreshEntitlements {
    {{className}}SubscriptionValidator validator = self.subscriptionValidator;
    NSSet<NSString *> *owned = self.ownedProducts;
    if (validator == nil) {
        [self endWhatRanOut];
        return;
    }
    for (NSString *identifier in owned) {
        if (![[{{className}} subscriptionIdentifiers] containsObject:identifier]) {
            continue;
        }
        validator(identifier, ^(NSDate *_Nullable end) {
            [self onMainQueue:^{
                [self updateRecord:^(NSMutableDictionary *record) {
                    NSMutableDictionary *entitlements = [self entitlementsIn:record];
                    NSMutableDictionary *entitlement = [entitlements[identifier] mutableCopy];
                    if (entitlement == nil) {
                        return;
                    }
                    // Not subscribed any more: the end is now, and the check below ends it.
                    NSDate *answer = end ?: [NSDate date];
                    entitlement[@"expirationDate"] = @(answer.timeIntervalSince1970);
                    entitlements[identifier] = entitlement;
                    record[@"entitlements"] = entitlements;
                } error:NULL];
                [self endWhatRanOut];
            }];
        });
    }
    [self endWhatRanOut];
}

// Removes every entitlement whose end has passed and tells the handler; then waits for the
// next end.
- (void)endWhatRanOut {
    NSMutableArray<NSString *> *ended = [NSMutableArray array];
    NSTimeInterval now = [NSDate date].timeIntervalSince1970;
    BOOL saved = [self updateRecord:^(NSMutableDictionary *record) {
        NSMutableDictionary *entitlements = [self entitlementsIn:record];
        for (NSString *identifier in [entitlements.allKeys copy]) {
            NSDictionary *entitlement = [entitlements[identifier] isKindOfClass:[NSDictionary class]] ? entitlements[identifier] : nil;
            NSNumber *end = [entitlement[@"expirationDate"] isKindOfClass:[NSNumber class]] ? entitlement[@"expirationDate"] : nil;
            if (end != nil && end.doubleValue <= now) {
                [entitlements removeObjectForKey:identifier];
                [ended addObject:identifier];
            }
        }
        record[@"entitlements"] = entitlements;
    } error:NULL];
    if (saved) {
        for (NSString *identifier in ended) {
            [self tellHandlerExpired:identifier];
        }
    }
    [self scheduleExpiryCheck];
}

- (void)scheduleExpiryCheck {
    NSTimeInterval now = [NSDate date].timeIntervalSince1970;
    NSTimeInterval next = 0;
    NSDictionary *entitlements = [self entitlementsIn:[self loadRecordOrEmpty]];
    for (NSString *identifier in entitlements) {
        NSDictionary *entitlement = [entitlements[identifier] isKindOfClass:[NSDictionary class]] ? entitlements[identifier] : nil;
        NSNumber *end = [entitlement[@"expirationDate"] isKindOfClass:[NSNumber class]] ? entitlement[@"expirationDate"] : nil;
        if (end != nil && end.doubleValue > now && (next == 0 || end.doubleValue < next)) {
            next = end.doubleValue;
        }
    }
    NSUInteger generation = ++self.expiryGeneration;
    if (next == 0) {
        return;
    }
    __weak {{className}} *weakSelf = self;
    dispatch_after(dispatch_time(DISPATCH_TIME_NOW, (int64_t)((next - now + 1) * NSEC_PER_SEC)), dispatch_get_main_queue(), ^{
        {{className}} *store = weakSelf;
        if (store != nil && store.expiryGeneration == generation) {
            [store endWhatRanOut];
        }
    });
}

#pragma mark - The saved record

// The record, in the Swift store's format: `entitlements` by product (end, transaction and
// purchase dates in seconds since 1970), `balances`, and `deliveredTransactions`.
- (nullable NSMutableDictionary *)loadRecord:(NSError **)error {
    NSError *failure = nil;
    NSData *data = [self loadRecordData:&failure];
    if (failure != nil) {
        if (error != NULL) {
            *error = failure;
        }
        return nil;
    }
    if (data == nil) {
        return [NSMutableDictionary dictionary];
    }
    id object = [NSJSONSerialization JSONObjectWithData:data options:NSJSONReadingMutableContainers error:error];
    return [object isKindOfClass:[NSMutableDictionary class]] ? object : nil;
}

- (NSMutableDictionary *)loadRecordOrEmpty {
    return [self loadRecord:NULL] ?: [NSMutableDictionary dictionary];
}

// Applies a change to what is saved (read again, not remembered, so nothing another store of the
// app saved is lost) and saves it. NO, with nothing changed, when the record cannot be read or
// written.
- (BOOL)updateRecord:(void (^)(NSMutableDictionary *record))change error:(NSError **)error {
    NSMutableDictionary *record = [self loadRecord:error];
    if (record == nil) {
        return NO;
    }
    change(record);
    NSData *data = [NSJSONSerialization dataWithJSONObject:record options:NSJSONWritingSortedKeys error:error];
    if (data == nil || ![self saveRecordData:data error:error]) {
        return NO;
    }
    self.ownedProducts = [self ownedProductsIn:record];
    [[NSNotificationCenter defaultCenter] postNotificationName:{{className}}ChangedNotification object:self userInfo:nil];
    return YES;
}

- (NSMutableDictionary *)entitlementsIn:(NSDictionary *)record {
    id entitlements = record[@"entitlements"];
    return [entitlements isKindOfClass:[NSDictionary class]] ? [entitlements mutableCopy] : [NSMutableDictionary dictionary];
}

- (NSArray *)deliveredIn:(NSDictionary *)record {
    id delivered = record[@"deliveredTransactions"];
    return [delivered isKindOfClass:[NSArray class]] ? delivered : @[];
}

- (NSSet<NSString *> *)ownedProductsIn:(NSDictionary *)record {
    NSMutableSet<NSString *> *owned = [NSMutableSet set];
    NSTimeInterval now = [NSDate date].timeIntervalSince1970;
    NSDictionary *entitlements = [self entitlementsIn:record];
    for (NSString *identifier in entitlements) {
        NSDictionary *entitlement = [entitlements[identifier] isKindOfClass:[NSDictionary class]] ? entitlements[identifier] : nil;
        NSNumber *end = [entitlement[@"expirationDate"] isKindOfClass:[NSNumber class]] ? entitlement[@"expirationDate"] : nil;
        if ([[{{className}} durableProductIdentifiers] containsObject:identifier] && (end == nil || end.doubleValue > now)) {
            [owned addObject:identifier];
        }
    }
    return owned;
}

// The transactions some store of the app is delivering right now, shared with the Swift stores.
- (NSMutableSet<NSString *> *)deliveryClaims {
    NSMutableDictionary *dictionary = [NSThread mainThread].threadDictionary;
    NSMutableSet<NSString *> *claims = dictionary[{{className}}DeliveriesKey];
    if (![claims isKindOfClass:[NSMutableSet class]]) {
        claims = [NSMutableSet set];
        dictionary[{{className}}DeliveriesKey] = claims;
    }
    return claims;
}

{{#usesKeychain}}
// The record is one keychain item, where other apps cannot read or change it and where it
// survives a reinstall. Every call's result is checked.
- (NSMutableDictionary *)keychainQuery {
    NSMutableDictionary *query = [NSMutableDictionary dictionary];
    query[(__bridge id)kSecClass] = (__bridge id)kSecClassGenericPassword;
    query[(__bridge id)kSecAttrService] = {{className}}KeychainService;
    query[(__bridge id)kSecAttrAccount] = @"entitlements";
    return query;
}

- (nullable NSData *)loadRecordData:(NSError **)error {
    NSMutableDictionary *query = [self keychainQuery];
    query[(__bridge id)kSecReturnData] = @YES;
    query[(__bridge id)kSecMatchLimit] = (__bridge id)kSecMatchLimitOne;
    CFTypeRef item = NULL;
    OSStatus status = SecItemCopyMatching((__bridge CFDictionaryRef)query, &item);
    if (status == errSecItemNotFound) {
        return nil;
    }
    if (status != errSecSuccess) {
        if (error != NULL) {
            *error = [NSError errorWithDomain:NSOSStatusErrorDomain code:status userInfo:nil];
        }
        return nil;
    }
    id data = CFBridgingRelease(item);
    return [data isKindOfClass:[NSData class]] ? data : nil;
}

- (BOOL)saveRecordData:(NSData *)data error:(NSError **)error {
    NSMutableDictionary *query = [self keychainQuery];
    NSDictionary *changes = @{ (__bridge id)kSecValueData : data };
    OSStatus status = SecItemUpdate((__bridge CFDictionaryRef)query, (__bridge CFDictionaryRef)changes);
    if (status == errSecItemNotFound) {
        query[(__bridge id)kSecValueData] = data;
        query[(__bridge id)kSecAttrAccessible] = (__bridge id)kSecAttrAccessibleAfterFirstUnlock;
        status = SecItemAdd((__bridge CFDictionaryRef)query, NULL);
    }
    if (status != errSecSuccess) {
        if (error != NULL) {
            *error = [NSError errorWithDomain:NSOSStatusErrorDomain code:status userInfo:nil];
        }
        return NO;
    }
    return YES;
}
{{/usesKeychain}}
{{#usesUserDefaults}}
// The record is one value in the user defaults: anyone with access to the device can edit it.
- (nullable NSData *)loadRecordData:(NSError **)error {
    return [[NSUserDefaults standardUserDefaults] dataForKey:{{className}}RecordKey];
}

- (BOOL)saveRecordData:(NSData *)data error:(NSError **)error {
    [[NSUserDefaults standardUserDefaults] setObject:data forKey:{{className}}RecordKey];
    return YES;
}
{{/usesUserDefaults}}
{{#usesNone}}
// The guides chose no entitlement store: ownership lasts until the app quits, and a restore
// brings it back.
- (nullable NSData *)loadRecordData:(NSError **)error {
    return self.memoryRecord;
}

- (BOOL)saveRecordData:(NSData *)data error:(NSError **)error {
    self.memoryRecord = data;
    return YES;
}
{{/usesNone}}

#pragma mark - Handler

- (void)postPurchaseNotification:(NSString *)productIdentifier {
    [[NSNotificationCenter defaultCenter] postNotificationName:{{notificationName}}
                                                        object:self
                                                      userInfo:@{ {{productKey}} : productIdentifier }];
}

- (void)tellHandlerPurchased:(SKPaymentTransaction *)transaction product:(NSString *)productIdentifier {
{{#products}}
    if ([productIdentifier isEqualToString:{{constant}}] &&
        [self.handler respondsToSelector:@selector({{on.purchased}}:)]) {
        [self.handler {{on.purchased}}:transaction];
    }
{{/products}}
}

- (void)tellHandlerRenewed:(SKPaymentTransaction *)transaction product:(NSString *)productIdentifier {
{{#products}}
{{#isAutoRenewable}}
    if ([productIdentifier isEqualToString:{{constant}}] &&
        [self.handler respondsToSelector:@selector({{on.renewed}}:)]) {
        [self.handler {{on.renewed}}:transaction];
    }
{{/isAutoRenewable}}
{{/products}}
}

- (void)tellHandlerRestored:(SKPaymentTransaction *)transaction product:(NSString *)productIdentifier {
{{#products}}
{{#isDurable}}
    if ([productIdentifier isEqualToString:{{constant}}] &&
        [self.handler respondsToSelector:@selector({{on.restored}}:)]) {
        [self.handler {{on.restored}}:transaction];
    }
{{/isDurable}}
{{/products}}
}

- (void)tellHandlerFailed:(NSError *)error product:(NSString *)productIdentifier {
{{#products}}
    if ([productIdentifier isEqualToString:{{constant}}] &&
        [self.handler respondsToSelector:@selector({{on.failed}}:)]) {
        [self.handler {{on.failed}}:error];
    }
{{/products}}
}

- (void)tellHandlerDeferred:(NSString *)productIdentifier {
{{#products}}
    if ([productIdentifier isEqualToString:{{constant}}] &&
        [self.handler respondsToSelector:@selector({{on.deferred}})]) {
        [self.handler {{on.deferred}}];
    }
{{/products}}
}

- (void)tellHandlerRevoked:(NSString *)productIdentifier {
{{#products}}
{{#isDurable}}
    if ([productIdentifier isEqualToString:{{constant}}] &&
        [self.handler respondsToSelector:@selector({{on.revoked}})]) {
        [self.handler {{on.revoked}}];
    }
{{/isDurable}}
{{/products}}
}

- (void)tellHandlerExpired:(NSString *)productIdentifier {
{{#products}}
{{#hasExpiry}}
    if ([productIdentifier isEqualToString:{{constant}}] &&
        [self.handler respondsToSelector:@selector({{on.expired}})]) {
        [self.handler {{on.expired}}];
    }
{{/hasExpiry}}
{{/products}}
}

// StoreKit may call its delegates on any thread; the handler and the properties are used on the
// main queue only.
- (void)onMainQueue:(dispatch_block_t)block {
    if ([NSThread isMainThread]) {
        block();
    } else {
        dispatch_async(dispatch_get_main_queue(), block);
    }
}

@end

"""#,
        "ObjectiveC/header": #"""
// {{fileName}}
// Generated by iapkit from {{sourceDescription}}. Do not edit: change the guides and run
// `iapkit generate` again.

"""#,
        "StoreKit1/HandlersScaffold.swift": #"""
// {{fileName}}
// Created once by `iapkit generate`. This file is yours: iapkit never changes it again.

import StoreKit

/// What the app does when a product is bought, restored or taken back. Hand an instance to the
/// store: `{{manager}}(handler: events)`, and keep it alive (the store holds it weakly). The
/// store itself records what the customer owns and keeps consumable balances.
@MainActor
final class {{manager}}Events: {{handlerProtocol}} {
    // To credit a server of your own before a transaction is finished:
    // func deliver(_ transaction: SKPaymentTransaction, for product: {{typePrefix}}ProductID) async -> {{typePrefix}}DeliveryOutcome {
    //     await myServer.credit(transaction) ? .delivered : .retryLater
    // }

{{#products}}
    func {{on.purchased}}(_ transaction: SKPaymentTransaction) {
        // Unlock {{comment}}.
    }

{{/products}}
    func storeDidMissProducts(_ products: [{{typePrefix}}ProductID]) {
        // The App Store returned none of these; the debug console names them.
    }
}

"""#,
        "StoreKit1/ProductHandlers.swift": #"""
{{> header}}

import Foundation
import StoreKit

/// Callbacks for each product of the guides. Every method has a default, so a conforming type
/// implements only what it needs; `{{scaffoldFile}}` holds yours. The names are those of the
/// StoreKit 2 output; only the transaction's type differs, and StoreKit 1 cannot tell a
/// purchase shared by the family from one the customer made.
@MainActor
{{access}}protocol {{handlerProtocol}}: AnyObject {
    /// Delivers what a transaction paid for, before the store saves the entitlement and
    /// finishes the transaction: credit your server here, for example. Answer `.retryLater`
    /// when that cannot happen now; the transaction then stays in the payment queue and comes
    /// back (on the next return to the foreground, or at the next launch). The default delivers
    /// at once.
    func deliver(_ transaction: SKPaymentTransaction, for product: {{typePrefix}}ProductID) async -> {{typePrefix}}DeliveryOutcome
    /// Every event of every product. The default calls the product's own method below
    /// (`dispatch(_:for:)`); implement it to see all events in one place.
    func handle(_ event: {{manager}}.Event, for product: {{typePrefix}}ProductID)
{{#products}}
    /// {{comment}}: bought and delivered.
    func {{on.purchased}}(_ transaction: SKPaymentTransaction)
{{#isAutoRenewable}}
    /// {{comment}}: renewed for another period.
    func {{on.renewed}}(_ transaction: SKPaymentTransaction)
{{/isAutoRenewable}}
{{#isDurable}}
    /// {{comment}}: found again by a restore.
    func {{on.restored}}()
{{/isDurable}}
    /// {{comment}}: the purchase failed (a cancellation is not a failure) or could not be saved.
    func {{on.failed}}(_ error: any Error)
    /// {{comment}}: waiting for approval.
    func {{on.deferred}}()
{{#isDurable}}
    /// {{comment}}: no longer shared by the family.
    func {{on.revoked}}()
{{/isDurable}}
{{#hasExpiry}}
    /// {{comment}}: ran out.
    func {{on.expired}}()
{{/hasExpiry}}
{{/products}}
    /// The App Store returned none of these products; see the troubleshooting checklist.
    func storeDidMissProducts(_ products: [{{typePrefix}}ProductID])
}

extension {{handlerProtocol}} {
    {{access}}func deliver(_ transaction: SKPaymentTransaction, for product: {{typePrefix}}ProductID) async -> {{typePrefix}}DeliveryOutcome {
        .delivered
    }

    {{access}}func handle(_ event: {{manager}}.Event, for product: {{typePrefix}}ProductID) {
        dispatch(event, for: product)
    }

{{#products}}
    {{access}}func {{on.purchased}}(_ transaction: SKPaymentTransaction) {}
{{#isAutoRenewable}}
    {{access}}func {{on.renewed}}(_ transaction: SKPaymentTransaction) {}
{{/isAutoRenewable}}
{{#isDurable}}
    {{access}}func {{on.restored}}() {}
{{/isDurable}}
    {{access}}func {{on.failed}}(_ error: any Error) {}
    {{access}}func {{on.deferred}}() {}
{{#isDurable}}
    {{access}}func {{on.revoked}}() {}
{{/isDurable}}
{{#hasExpiry}}
    {{access}}func {{on.expired}}() {}
{{/hasExpiry}}
{{/products}}
    {{access}}func storeDidMissProducts(_ products: [{{typePrefix}}ProductID]) {}

    /// Calls the method of `product` for `event`; what cannot happen to the product is ignored.
    {{access}}func dispatch(_ event: {{manager}}.Event, for product: {{typePrefix}}ProductID) {
        switch product {
{{#products}}
        case .{{caseName}}:
            switch event {
            case .purchased(let transaction): {{on.purchased}}(transaction)
{{#isAutoRenewable}}
            case .renewed(let transaction): {{on.renewed}}(transaction)
{{/isAutoRenewable}}
{{#isDurable}}
            case .restored: {{on.restored}}()
            case .revoked: {{on.revoked}}()
{{/isDurable}}
            case .failed(let error): {{on.failed}}(error)
            case .deferred: {{on.deferred}}()
{{#hasExpiry}}
            case .expired: {{on.expired}}()
{{/hasExpiry}}
{{^handlesEveryEvent}}
            default: break
{{/handlesEveryEvent}}
            }
{{/products}}
        }
    }
}

extension {{manager}} {
    /// What happened to one product, for the handler.
    {{access}}enum Event {
        /// Bought and delivered.
        case purchased(SKPaymentTransaction)
        /// A subscription renewed for another period.
        case renewed(SKPaymentTransaction)
        /// Found again by a restore.
        case restored
        case failed(any Error)
        /// Waiting for approval (Ask to Buy).
        case deferred
        /// No longer shared by the family.
        case revoked
        /// A subscription or pass ran out.
        case expired
    }

    /// One product's part of the store: `store.{{firstHandler}}.purchase()`.
    @MainActor
    {{access}}struct ProductHandle {
        {{access}}let id: {{typePrefix}}ProductID
        private let store: {{manager}}

        init(id: {{typePrefix}}ProductID, store: {{manager}}) {
            self.id = id
            self.store = store
        }

        /// The product as the App Store returned it; nil until `requestProducts` found it.
        {{access}}var product: SKProduct? { store.products[id] }

        /// Whether the customer owns it now (non-consumables, active subscriptions and passes).
        {{access}}var isPurchased: Bool { store.isPurchased(id) }

        /// When the subscription or pass ends; nil for what lasts and for what is not owned.
        {{access}}var expirationDate: Date? { store.expirationDate(of: id) }

        /// Units left, for a consumable.
        {{access}}var balance: Int { store.balance(of: id) }

        /// Starts a purchase; the outcome reaches the handler.
        {{access}}func buy(quantity: Int = 1) throws {
            try store.buy(id, quantity: quantity)
        }

        @discardableResult
        {{access}}func purchase(quantity: Int = 1) async throws -> {{typePrefix}}PurchaseOutcome {
            try await store.purchase(id, quantity: quantity)
        }
    }

{{#products}}
    /// {{comment}}
    {{access}}var {{handler}}: ProductHandle { ProductHandle(id: .{{caseName}}, store: self) }
{{/products}}
}

"""#,
        "StoreKit1/StoreManager.swift": #"""
{{> header}}

import Foundation
import StoreKit

#if canImport(Combine)
    import Combine
#endif

/// Loads the guides' products through StoreKit 1 (`SKProductsRequest`), sells and restores them
/// through the payment queue, and keeps what the customer owns current: at launch, whenever the
/// app returns to the foreground, and when a subscription or pass reaches its end.
///
/// Create one as the app launches and keep it for the app's lifetime, for example as a property
/// of the app delegate set in `application(_:didFinishLaunchingWithOptions:)`. Its initialiser
/// adds it as an observer of the payment queue, so it hears of transactions left unfinished by
/// an earlier launch and of Ask to Buy approvals at once, and of promoted purchases, which
/// StoreKit offers only to an observer that is there when the app starts. StoreKit 1 calls back
/// on threads of its choosing: the store moves every callback to the main actor before touching
/// its state, the handler or a completion.
///
/// StoreKit 1 does not say when a subscription ends. Where the system has StoreKit 2 (iOS 15,
/// macOS 12, tvOS 15, watchOS 8) the store asks StoreKit 2's current entitlements, which know
/// the queue's transactions; before that it asks `validator` (your server, or the receipt), and
/// without one it counts a subscription as owned until one period after the latest purchase,
/// renewal or restored transaction it saw, which may end access early or late.
@MainActor
{{access}}final class {{manager}}: NSObject {
    /// Answers when the customer's subscription to a product ends, or nil when they are not
    /// subscribed, from your server or the App Store receipt; used where the system has no
    /// StoreKit 2. Throwing leaves what the store knew.
    {{access}}typealias SubscriptionValidator = @MainActor ({{typePrefix}}ProductID) async throws -> Date?

    /// Posted on the main actor when a product was purchased or restored. The object is the
    /// store; `userInfo["productID"]` holds the product ID.
    {{access}}nonisolated static let purchaseNotification = Notification.Name("{{manager}}.purchase")

    /// Posted when the app returns to the foreground; the store refreshes its entitlements then.
    {{access}}static var foregroundNotification: Notification.Name { {{typePrefix}}StoreLifecycle.foregroundNotification }

    /// The products the App Store returned, by ID.
    {{access}}private(set) var products: [{{typePrefix}}ProductID: SKProduct] = [:] {
        willSet { notifyChange() }
    }

    /// Products the guides define but the App Store did not return (its
    /// `invalidProductIdentifiers`).
    {{access}}private(set) var missingProducts: [{{typePrefix}}ProductID] = [] {
        willSet { notifyChange() }
    }

    /// Non-consumables, subscriptions and passes the customer owns now.
    {{access}}private(set) var ownedProducts: Set<{{typePrefix}}ProductID> = [] {
        willSet { notifyChange() }
    }

    /// Told about every purchase, renewal, restore, failure, deferral, revocation and expiry,
    /// and asked to deliver each purchase.
    {{access}}weak var handler: (any {{handlerProtocol}})?

    /// Where ownership and consumable balances are kept between launches.
    {{access}}let entitlements: {{typePrefix}}EntitlementStore

    /// The time the store goes by.
    {{access}}let clock: any {{typePrefix}}StoreClock

    /// Ties every payment to the customer's account in the app: it goes into each payment's
    /// `applicationUsername`, which StoreKit 2 and the App Store Server API report as the
    /// transaction's `appAccountToken`.
    {{access}}var appAccountToken: UUID?

    /// Told of every change, for a type in front of the store (the facade of `storekit: both`).
    var onChange: (@MainActor () -> Void)?

    private let queue: SKPaymentQueue
    private let validator: SubscriptionValidator?
    private let decidesWithStoreKit2: Bool
    /// The running products request. StoreKit holds a request only weakly: one released before
    /// its delegate is called never answers, so the store keeps it until the answer.
    private var productsRequest: SKProductsRequest?
    private var productsCompletions: [@MainActor (Result<[{{typePrefix}}ProductID: SKProduct], any Error>) -> Void] = []
    private var restoreCompletions: [@MainActor ((any Error)?) -> Void] = []
    /// Products a restore under way found, reported when it ends.
    private var restoredProducts: [{{typePrefix}}ProductID] = []
    /// Callers of `purchase(_:)` waiting for their payment's outcome, oldest first per product.
    private var purchaseWaiters: [{{typePrefix}}ProductID: [CheckedContinuation<{{typePrefix}}PurchaseOutcome, any Error>]] = [:]
    /// Deliveries under way, by the transaction they deliver.
    private var deliveries: [String: Task<{{typePrefix}}PurchaseOutcome, Never>] = [:]
    private let refreshes = {{typePrefix}}RefreshQueue()
    private let listeners = {{typePrefix}}StoreListeners()
    /// Wakes the store at the next end of a subscription or pass it knows of.
    private let expiry: {{typePrefix}}ExpiryTimer
    private let paymentQueueObservation = PaymentQueueObservation()
    private var changeCount = 0
    private var lastChange: [{{typePrefix}}ProductID: Int] = [:]

    /// `decidesWithStoreKit2: false` uses the validator, or the one-period rule, even where the
    /// system has StoreKit 2, for trying the older systems' path.
    {{access}}init(
        entitlements: {{typePrefix}}EntitlementStore = {{typePrefix}}EntitlementStore.makeDefault(),
        handler: (any {{handlerProtocol}})? = nil,
        queue: SKPaymentQueue = SKPaymentQueue.default(),
        clock: any {{typePrefix}}StoreClock = {{typePrefix}}SystemStoreClock(),
        validator: SubscriptionValidator? = nil,
        decidesWithStoreKit2: Bool = true
    ) {
        self.entitlements = entitlements
        self.handler = handler
        self.queue = queue
        self.clock = clock
        self.validator = validator
        self.decidesWithStoreKit2 = decidesWithStoreKit2
        expiry = {{typePrefix}}ExpiryTimer(clock: clock, listeners: listeners)
        super.init()
        // What was saved counts until StoreKit answers, but never past its end.
        ownedProducts = entitlements.ownedProducts(at: clock.now, trustingGracePeriods: false)
        queue.add(self)
        paymentQueueObservation.queue = queue
        listeners.observe(Self.foregroundNotification) { [weak self] in
            Task { @MainActor in self?.scheduleRefresh() }
        }
        scheduleRefresh()
    }

    deinit {
        paymentQueueObservation.stop(self)
        listeners.cancelAll()
    }

    /// Stops observing the payment queue, for a store that is replaced while the app runs.
    {{access}}func stopObserving() {
        queue.remove(self)
    }

    /// Whether this device may pay at all; offer purchases only when it may.
    {{access}}var canMakePayments: Bool { SKPaymentQueue.canMakePayments() }

    /// Asks the App Store for every product of the guides. `completion` runs on the main actor
    /// with the products found; identifiers the App Store does not know are listed in
    /// `missingProducts`, printed in debug builds and passed to the handler. Calls made while a
    /// request runs share its answer.
    {{access}}func requestProducts(
        completion: @escaping @MainActor (Result<[{{typePrefix}}ProductID: SKProduct], any Error>) -> Void
    ) {
        productsCompletions.append(completion)
        guard productsRequest == nil else { return }
        productsRequest = SKProductsRequest(productIdentifiers: Set({{typePrefix}}ProductID.allCases.map(\.rawValue)))
        productsRequest?.delegate = self
        productsRequest?.start()
    }

    /// `requestProducts(completion:)` for async code.
    @discardableResult
    {{access}}func loadProducts() async throws -> [{{typePrefix}}ProductID: SKProduct] {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            requestProducts { result in continuation.resume(with: result.map { _ in () }) }
        }
        return products
    }

    /// Puts a payment for the product on the queue; the outcome reaches the handler. Throws when
    /// payments are not allowed or the product was not loaded.
    {{access}}func buy(_ id: {{typePrefix}}ProductID, quantity: Int = 1) throws {
        guard SKPaymentQueue.canMakePayments() else {
            handler?.handle(.failed({{typePrefix}}StoreError.paymentsNotAllowed), for: id)
            throw {{typePrefix}}StoreError.paymentsNotAllowed
        }
        guard let product = products[id] else { throw {{typePrefix}}StoreError.productNotLoaded(id) }
        let payment = SKMutablePayment(product: product)
        payment.quantity = quantity
        payment.applicationUsername = appAccountToken?.uuidString.lowercased()
        queue.add(payment)
    }

    /// Buys a product and waits for the outcome: purchased, awaiting delivery, pending (Ask to
    /// Buy) or cancelled. Other failures are thrown after the handler has heard of them.
    @discardableResult
    {{access}}func purchase(_ id: {{typePrefix}}ProductID, quantity: Int = 1) async throws -> {{typePrefix}}PurchaseOutcome {
        try buy(id, quantity: quantity)
        return try await withCheckedThrowingContinuation { continuation in
            purchaseWaiters[id, default: []].append(continuation)
        }
    }

    /// Restores purchases made on other devices or before a reinstall; App Review expects a
    /// button that calls this. Each product the customer still owns reaches the handler as
    /// restored (a subscription that has lapsed does not), then `completion` runs with nil, or
    /// with the error when restoring failed.
    {{access}}func restorePurchases(completion: @escaping @MainActor ((any Error)?) -> Void) {
        restoreCompletions.append(completion)
        guard restoreCompletions.count == 1 else { return }
        restoredProducts.removeAll()
        queue.restoreCompletedTransactions()
    }

    /// `restorePurchases(completion:)` for async code.
    {{access}}func restorePurchases() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            restorePurchases { error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume()
                }
            }
        }
    }

    /// Brings ownership up to date: what StoreKit 2 says where the system has it, else the
    /// validator, else the saved end dates; and gives transactions left unfinished in the queue
    /// another delivery. The store does this by itself at launch, on every return to the
    /// foreground and when a subscription or pass ends.
    {{access}}func refreshEntitlements() async {
        await scheduleRefresh().value
    }

    /// Whether the customer owns a non-consumable, an active subscription or a pass, now.
    {{access}}func isPurchased(_ id: {{typePrefix}}ProductID) -> Bool {
        ownedProducts.contains(id) && entitlements.isEntitled(to: id, at: clock.now)
    }

    /// When the customer's subscription or pass ends; nil for purchases that last and for
    /// products the customer does not own.
    {{access}}func expirationDate(of id: {{typePrefix}}ProductID) -> Date? {
        entitlements.entitlement(for: id)?.expirationDate
    }

    /// Units of a consumable the customer has bought and not yet used.
    {{access}}func balance(of id: {{typePrefix}}ProductID) -> Int { entitlements.balance(of: id) }

    /// Uses up `count` units of a consumable; false when the balance is too low or the change
    /// could not be saved.
    @discardableResult
    {{access}}func consume(_ id: {{typePrefix}}ProductID, count: Int = 1) -> Bool {
        guard id.kind == .consumable else { return false }
        notifyChange()
        return (try? entitlements.spend(count, of: id)) ?? false
    }

    /// Returns once every change the store has started is applied: deliveries under way, a
    /// refresh, and an end of subscription or pass that is due. For tests and previews.
    {{access}}func waitForPendingChanges() async {
        while !Task.isCancelled {
            if let delivery = deliveries.values.first {
                _ = await delivery.value
            } else if expiry.isDue {
                await expiry.waitIfDue()
            } else {
                await refreshes.waitUntilDone()
                if deliveries.isEmpty && !expiry.isDue { return }
            }
        }
    }

    // MARK: Answers, on the main actor

    private func receive(_ request: SKProductsRequest, found: [SKProduct], invalid: [String]) {
        guard request === productsRequest else { return }
        productsRequest = nil
        var loaded: [{{typePrefix}}ProductID: SKProduct] = [:]
        for product in found {
            if let id = {{typePrefix}}ProductID(rawValue: product.productIdentifier) { loaded[id] = product }
        }
        products = loaded
        missingProducts = {{typePrefix}}ProductID.allCases.filter { loaded[$0] == nil }
        if !missingProducts.isEmpty {
            for name in invalid.isEmpty ? missingProducts.map(\.rawValue) : invalid {
                {{typePrefix}}StoreLog.debug(
                    "{{manager}}: the App Store returned no product for \(name). See \({{troubleshootingLiteral}}), checklist items product-id-mismatch, bundle-id-mismatch, agreements, metadata-missing, cleared-for-sale and propagation-delay."
                )
            }
            handler?.storeDidMissProducts(missingProducts)
        }
        answerProductRequests(with: .success(loaded))
    }

    private func fail(_ request: SKRequest, with error: any Error) {
        guard request === productsRequest else { return }
        productsRequest = nil
        answerProductRequests(with: .failure(error))
    }

    private func answerProductRequests(with result: Result<[{{typePrefix}}ProductID: SKProduct], any Error>) {
        let completions = productsCompletions
        productsCompletions.removeAll()
        for completion in completions { completion(result) }
    }

    /// Handles each transaction by the state StoreKit reported (the object itself may have moved
    /// on by the time the main actor runs). A transaction is finished once its content is
    /// delivered and saved or its failure reported, never while it is purchasing or deferred:
    /// those change state later and come back.
    private func update(_ updates: [(transaction: SKPaymentTransaction, state: SKPaymentTransactionState)]) {
        for (transaction, state) in updates {
            let id = {{typePrefix}}ProductID(rawValue: transaction.payment.productIdentifier)
            switch state {
            case .purchasing:
                break
            case .deferred:
                if let id {
                    handler?.handle(.deferred, for: id)
                    resumeWaiter(for: id, with: .success(.pending))
                }
            case .purchased, .restored:
                guard let id else {
                    queue.finishTransaction(transaction)
                    continue
                }
                startDelivery(transaction, of: id, restoring: state == .restored)
            case .failed:
                if let id { reportFailure(of: id, error: transaction.error) }
                queue.finishTransaction(transaction)
            @unknown default:
                break
            }
        }
    }

    /// The transaction a delivery is counted by: a restored transaction counts as the purchase
    /// it restores.
    private func deliveryKey(of transaction: SKPaymentTransaction) -> String? {
        transaction.original?.transactionIdentifier ?? transaction.transactionIdentifier
    }

    /// Claims the transaction before any suspension and delivers it; a transaction already
    /// being delivered, here or by another store of the app, is left to that delivery.
    @discardableResult
    private func startDelivery(
        _ transaction: SKPaymentTransaction, of id: {{typePrefix}}ProductID, restoring: Bool
    ) -> Task<{{typePrefix}}PurchaseOutcome, Never>? {
        let key = deliveryKey(of: transaction) ?? UUID().uuidString
        let claimKey = transaction.transactionIdentifier ?? key
        if let running = deliveries[claimKey] {
            if !restoring { resumeWaiter(after: running, for: id) }
            return running
        }
        guard {{typePrefix}}DeliveryClaims.claim(key) else {
            let store = self
            Task {
                await {{typePrefix}}DeliveryClaims.waitForRelease(key)
                let delivered = store.entitlements.hasDelivered(transactionID: key)
                if !restoring { store.resumeWaiter(for: id, with: .success(delivered ? .purchased : .awaitingDelivery)) }
            }
            return nil
        }
        let delivery = Task { await self.settle(transaction, of: id, key: key, restoring: restoring) }
        deliveries[claimKey] = delivery
        if !restoring { resumeWaiter(after: delivery, for: id) }
        return delivery
    }

    /// Lets the handler deliver, saves the entitlement, tells the handler, and only then
    /// finishes the transaction.
    private func settle(
        _ transaction: SKPaymentTransaction, of id: {{typePrefix}}ProductID, key: String, restoring: Bool
    ) async -> {{typePrefix}}PurchaseOutcome {
        let claimKey = transaction.transactionIdentifier ?? key
        defer {
            deliveries[claimKey] = nil
            {{typePrefix}}DeliveryClaims.release(key)
        }
        let alreadyDelivered = entitlements.hasDelivered(transactionID: key)
        if alreadyDelivered && (id.kind == .consumable || !restoring) {
            // Delivered before, by another path or an earlier launch: nothing more to do.
            queue.finishTransaction(transaction)
            return .purchased
        }
        if id.kind == .consumable && restoring {
            queue.finishTransaction(transaction)
            return .purchased
        }
        let saved = entitlements.entitlement(for: id)
        let purchaseDate = transaction.original?.transactionDate ?? transaction.transactionDate ?? clock.now
        let subscriptionEnd = id.kind == .autoRenewable ? await end(ofSubscription: id, boughtAt: purchaseDate) : nil
        var entitlement = {{typePrefix}}EntitlementStore.Entitlement.granted(
            to: id, transactionID: key, originalTransactionID: key, purchaseDate: purchaseDate,
            subscriptionEnd: subscriptionEnd, isFamilyShared: false, running: saved)
        if let saved, let savedEnd = saved.expirationDate, let end = entitlement.expirationDate, savedEnd > end,
            id.kind == .autoRenewable
        {
            // An older transaction of a subscription (a restore brings back every renewal) does
            // not shorten what a newer one granted.
            entitlement = saved
        }
        if !alreadyDelivered, let handler, await handler.deliver(transaction, for: id) == .retryLater {
            return .awaitingDelivery
        }
        // A subscription StoreKit 2 or the validator no longer knows has nothing to grant.
        let lapsed =
            id.kind == .autoRenewable
            ? subscriptionEnd.map { $0 <= clock.now } ?? true
            : entitlement.expirationDate.map { $0 <= clock.now } ?? false
        do {
            if id.kind == .consumable {
                let units = id.unitsPerPurchase * max(1, transaction.payment.quantity)
                try entitlements.credit(units, of: id, transactionID: key)
            } else if lapsed {
                try entitlements.update { $0.noteDelivered(key) }
            } else {
                try entitlements.grant(entitlement, to: id, transactionID: key)
            }
        } catch {
            handler?.handle(.failed({{typePrefix}}StoreError.entitlementNotSaved(id)), for: id)
            return .awaitingDelivery
        }
        changeCount += 1
        lastChange[id] = changeCount
        recomputeOwnership()
        if id.kind == .consumable { notifyChange() }
        if restoring {
            if !lapsed, !restoredProducts.contains(id) { restoredProducts.append(id) }
        } else if !lapsed {
            let renews = id.kind == .autoRenewable && saved != nil && saved?.transactionID != key
            handler?.handle(renews ? .renewed(transaction) : .purchased(transaction), for: id)
            NotificationCenter.default.post(name: Self.purchaseNotification, object: self, userInfo: ["productID": id.rawValue])
        }
        queue.finishTransaction(transaction)
        return .purchased
    }

    /// When a subscription bought (or last renewed) at `date` ends: StoreKit 2's current
    /// entitlements where the system has them, else the validator, else one period later.
    private func end(ofSubscription id: {{typePrefix}}ProductID, boughtAt date: Date) async -> Date? {
        if decidesWithStoreKit2, #available({{storeKit2AvailabilityCheck}}) {
            for await result in StoreKit.Transaction.currentEntitlements {
                if case .verified(let transaction) = result, transaction.productID == id.rawValue,
                    transaction.revocationDate == nil
                {
                    return transaction.expirationDate
                }
            }
            return nil
        }
        if let validator, let answer = try? await validator(id) {
            return answer
        }
        return id.end(ofPurchaseAt: date)
    }

    /// A cancelled payment is the customer's choice, not an error: it reaches neither the
    /// handler nor a thrown error.
    private func reportFailure(of id: {{typePrefix}}ProductID, error: (any Error)?) {
        if let error = error as? SKError, error.code == .paymentCancelled {
            resumeWaiter(for: id, with: .success(.cancelled))
            return
        }
        let failure = error ?? SKError(.unknown)
        handler?.handle(.failed(failure), for: id)
        resumeWaiter(for: id, with: .failure(failure))
    }

    /// Resumes the oldest caller waiting for a purchase of `id` once its delivery ends, with the
    /// delivery's outcome.
    private func resumeWaiter(after delivery: Task<{{typePrefix}}PurchaseOutcome, Never>, for id: {{typePrefix}}ProductID) {
        guard var waiters = purchaseWaiters[id], !waiters.isEmpty else { return }
        let waiter = waiters.removeFirst()
        purchaseWaiters[id] = waiters.isEmpty ? nil : waiters
        Task { waiter.resume(returning: await delivery.value) }
    }

    private func resumeWaiter(for id: {{typePrefix}}ProductID, with result: Result<{{typePrefix}}PurchaseOutcome, any Error>) {
        guard var waiters = purchaseWaiters[id], !waiters.isEmpty else { return }
        let waiter = waiters.removeFirst()
        purchaseWaiters[id] = waiters.isEmpty ? nil : waiters
        waiter.resume(with: result)
    }

    private func finishRestore(error: (any Error)?) {
        Task {
            // Restored transactions are delivered first, so that the restore reports them.
            while let delivery = deliveries.values.first { _ = await delivery.value }
            let restored = error == nil ? restoredProducts : []
            restoredProducts.removeAll()
            for id in restored {
                handler?.handle(.restored, for: id)
                NotificationCenter.default.post(name: Self.purchaseNotification, object: self, userInfo: ["productID": id.rawValue])
            }
            let completions = restoreCompletions
            restoreCompletions.removeAll()
            for completion in completions { completion(error) }
        }
    }

    private func revoke(_ identifiers: [String]) {
        for id in {{typePrefix}}ProductID.allCases where identifiers.contains(id.rawValue) && id.kind.isDurable {
            guard (try? entitlements.update({ $0.entitlements.removeValue(forKey: id.rawValue) })) != nil else { continue }
            changeCount += 1
            lastChange[id] = changeCount
            recomputeOwnership()
            handler?.handle(.revoked, for: id)
        }
    }

    /// Promoted purchases of products the guides do not mark `promoted: true` still go ahead;
    /// debug builds point at the missing mark.
    private func notePromotedPurchase(of identifier: String) {
        #if DEBUG
            let promoted: Set<String> = [{{promotedIDLiterals}}]
            if !promoted.contains(identifier) {
                {{typePrefix}}StoreLog.debug("{{manager}}: a promoted purchase of \(identifier), which the guides do not mark promoted.")
            }
        #endif
    }

    // MARK: Refreshing

    @discardableResult
    private func scheduleRefresh() -> Task<Void, Never> {
        refreshes.schedule { [weak self] in await self?.performRefresh() }
    }

    private func performRefresh() async {
        let startedAt = changeCount
        let answers = await currentAnswers()
        let unchanged = answers.filter { (lastChange[$0.key] ?? -1) <= startedAt }
        let now = clock.now
        let ended = (try? entitlements.update { $0.apply(unchanged, at: now) }) ?? []
        recomputeOwnership()
        for (id, revoked) in ended {
            handler?.handle(revoked ? .revoked : .expired, for: id)
        }
        // Transactions left in the queue (a delivery that asked to retry, or whose entitlement
        // could not be saved) get another try.
        for transaction in queue.transactions {
            let state = transaction.transactionState
            guard state == .purchased || state == .restored,
                let id = {{typePrefix}}ProductID(rawValue: transaction.payment.productIdentifier)
            else { continue }
            startDelivery(transaction, of: id, restoring: state == .restored)
        }
    }

    /// What the store can learn of each owned product now.
    private func currentAnswers() async -> [{{typePrefix}}ProductID: {{typePrefix}}EntitlementAnswer] {
        var answers: [{{typePrefix}}ProductID: {{typePrefix}}EntitlementAnswer] = [:]
        let owned = {{typePrefix}}ProductID.allCases.filter { $0.kind.isDurable && entitlements.entitlement(for: $0) != nil }
        if decidesWithStoreKit2, #available({{storeKit2AvailabilityCheck}}) {
            var current: [{{typePrefix}}ProductID: StoreKit.Transaction] = [:]
            for await result in StoreKit.Transaction.currentEntitlements {
                guard case .verified(let transaction) = result, transaction.revocationDate == nil, !transaction.isUpgraded,
                    let id = {{typePrefix}}ProductID(rawValue: transaction.productID), id.kind.isDurable
                else { continue }
                current[id] = transaction
            }
            for id in owned {
                let saved = entitlements.entitlement(for: id)
                if let transaction = current[id] {
                    var entitlement = saved ?? .granted(
                        to: id, transactionID: String(transaction.id), originalTransactionID: String(transaction.id),
                        purchaseDate: transaction.purchaseDate, subscriptionEnd: nil, isFamilyShared: false, running: nil)
                    if id.kind == .autoRenewable { entitlement.expirationDate = transaction.expirationDate }
                    answers[id] = {{typePrefix}}EntitlementAnswer(current: entitlement)
                } else {
                    var answer = {{typePrefix}}EntitlementAnswer(current: nil)
                    if case .verified(let transaction)? = await StoreKit.Transaction.latest(for: id.rawValue) {
                        answer.isRevoked = transaction.revocationDate != nil
                        answer.isReplaced = transaction.isUpgraded
                        answer.latestEnd = transaction.expirationDate
                    }
                    answers[id] = answer
                }
            }
            return answers
        }
        for id in owned where id.kind == .autoRenewable {
            guard let validator, let saved = entitlements.entitlement(for: id), let end = try? await validator(id) else {
                continue
            }
            var entitlement = saved
            entitlement.expirationDate = end
            answers[id] = {{typePrefix}}EntitlementAnswer(current: end > clock.now ? entitlement : nil, latestEnd: end)
        }
        for id in owned where answers[id] == nil {
            // Without StoreKit 2 or a validator, the saved end date is all there is.
            answers[id] = {{typePrefix}}EntitlementAnswer(current: nil)
        }
        return answers
    }

    /// Ownership from the saved record at the clock's time, and a timer for the next end.
    private func recomputeOwnership() {
        let now = clock.now
        let owned = entitlements.ownedProducts(at: now)
        if owned != ownedProducts { ownedProducts = owned }
        expiry.schedule(at: entitlements.nextCheck(after: now, among: owned)) { [weak self] in
            await self?.scheduleRefresh().value
        }
    }

    private func notifyChange() {
        #if canImport(Combine)
            objectWillChange.send()
        #endif
        onChange?()
    }
}

extension {{manager}}: SKProductsRequestDelegate {
    {{access}}nonisolated func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
        let answer = StoreKitHandOver((request, response.products, response.invalidProductIdentifiers))
        onMainActor {
            let (request, found, invalid) = answer.value
            self.receive(request, found: found, invalid: invalid)
        }
    }

    {{access}}nonisolated func request(_ request: SKRequest, didFailWithError error: any Error) {
        let failed = StoreKitHandOver(request)
        onMainActor { self.fail(failed.value, with: error) }
    }
}

extension {{manager}}: SKPaymentTransactionObserver {
    {{access}}nonisolated func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
        let updates = StoreKitHandOver(transactions.map { (transaction: $0, state: $0.transactionState) })
        onMainActor { self.update(updates.value) }
    }

    {{access}}nonisolated func paymentQueueRestoreCompletedTransactionsFinished(_ queue: SKPaymentQueue) {
        onMainActor { self.finishRestore(error: nil) }
    }

    {{access}}nonisolated func paymentQueue(_ queue: SKPaymentQueue, restoreCompletedTransactionsFailedWithError error: any Error) {
        onMainActor { self.finishRestore(error: error) }
    }

    #if !os(watchOS)
        /// A promoted In-App Purchase the customer started on the App Store. Answering true lets
        /// StoreKit add the payment; its transaction then arrives like any other.
        {{access}}nonisolated func paymentQueue(
            _ queue: SKPaymentQueue, shouldAddStorePayment payment: SKPayment, for product: SKProduct
        ) -> Bool {
            let identifier = product.productIdentifier
            onMainActor { self.notePromotedPurchase(of: identifier) }
            return {{typePrefix}}ProductID(rawValue: identifier) != nil && SKPaymentQueue.canMakePayments()
        }
    #endif

    {{access}}nonisolated func paymentQueue(
        _ queue: SKPaymentQueue, didRevokeEntitlementsForProductIdentifiers productIdentifiers: [String]
    ) {
        onMainActor { self.revoke(productIdentifiers) }
    }
}

#if canImport(Combine)
    extension {{manager}}: ObservableObject {}
#endif

/// Runs `work` on the main actor: at once when StoreKit called on the main thread (as the
/// payment queue does), else in turn on the main queue (products requests answer elsewhere).
private func onMainActor(_ work: @escaping @MainActor @Sendable () -> Void) {
    if Thread.isMainThread {
        MainActor.assumeIsolated(work)
    } else {
        DispatchQueue.main.async { MainActor.assumeIsolated(work) }
    }
}

/// StoreKit 1 objects handed from StoreKit's thread to the main actor. StoreKit does not touch
/// them after the callback returns, so only one thread uses them at a time.
private struct StoreKitHandOver<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// The payment queue the store observes, so that the store's deinitialiser, which cannot reach
/// the store's own properties, can stop observing it.
private final class PaymentQueueObservation: @unchecked Sendable {
    var queue: SKPaymentQueue?

    func stop(_ observer: any SKPaymentTransactionObserver) {
        queue?.remove(observer)
    }
}

"""#,
        "StoreKit1/header": #"""
// {{fileName}}
// Generated by iapkit from {{sourceDescription}}. Do not edit: change the guides and run
// `iapkit generate` again.

"""#,
        "StoreKit2/Configuration.storekit": #"""
{
  "identifier" : "{{identifier}}",
  "nonRenewingSubscriptions" : [
{{#nonRenewing}}
    {
      "displayPrice" : {{displayPrice}},
      "familyShareable" : {{familyShareable}},
      "internalID" : "{{internalID}}",
      "localizations" : [
{{#localizations}}
        {
          "description" : {{description}},
          "displayName" : {{displayName}},
          "locale" : {{locale}}
        }{{^last}},{{/last}}
{{/localizations}}
      ],
      "productID" : {{productID}},
      "referenceName" : {{referenceName}},
      "type" : "NonRenewingSubscription"
    }{{^last}},{{/last}}
{{/nonRenewing}}
  ],
  "products" : [
{{#products}}
    {
      "displayPrice" : {{displayPrice}},
      "familyShareable" : {{familyShareable}},
      "internalID" : "{{internalID}}",
      "localizations" : [
{{#localizations}}
        {
          "description" : {{description}},
          "displayName" : {{displayName}},
          "locale" : {{locale}}
        }{{^last}},{{/last}}
{{/localizations}}
      ],
      "productID" : {{productID}},
      "referenceName" : {{referenceName}},
      "type" : "{{type}}"
    }{{^last}},{{/last}}
{{/products}}
  ],
  "settings" : {
    "_failTransactionsEnabled" : false,
    "_storeKitErrors" : [

    ]
  },
  "subscriptionGroups" : [
{{#groups}}
    {
      "id" : "{{id}}",
      "localizations" : [

      ],
      "name" : {{name}},
      "subscriptions" : [
{{#subscriptions}}
        {
          "adHocOffers" : [

          ],
          "codeOffers" : [

          ],
          "displayPrice" : {{displayPrice}},
          "familyShareable" : {{familyShareable}},
          "groupNumber" : {{groupNumber}},
          "internalID" : "{{internalID}}",
          "introductoryOffer" : {{^offer}}null{{/offer}}{{#offer}}{
{{#displayPrice}}
            "displayPrice" : {{displayPrice}},
{{/displayPrice}}
            "internalID" : "{{internalID}}",
            "numberOfPeriods" : {{numberOfPeriods}},
            "paymentMode" : "{{paymentMode}}",
            "subscriptionPeriod" : "{{period}}"
          }{{/offer}},
          "localizations" : [
{{#localizations}}
            {
              "description" : {{description}},
              "displayName" : {{displayName}},
              "locale" : {{locale}}
            }{{^last}},{{/last}}
{{/localizations}}
          ],
          "productID" : {{productID}},
          "recurringSubscriptionPeriod" : "{{period}}",
          "referenceName" : {{referenceName}},
          "subscriptionGroupID" : "{{groupID}}",
          "type" : "RecurringSubscription"
        }{{^last}},{{/last}}
{{/subscriptions}}
      ]
    }{{^last}},{{/last}}
{{/groups}}
  ],
  "version" : {
    "major" : 3,
    "minor" : 0
  }
}

"""#,
        "StoreKit2/EntitlementStore.swift": #"""
{{> header}}

import Foundation

#if canImport(Security)
    import Security
#endif

/// What the customer owns and has left, kept between launches so the app unlocks features
/// before StoreKit answers. StoreKit stays the authority: the store corrects this record from
/// StoreKit's entitlements whenever it refreshes.
///
/// Everything lives in one record that is saved whole, so a consumable's credit and the
/// transaction it came from are never saved apart. The record is read from its storage once and
/// then kept in memory; a change is kept only once its storage has saved it.
{{access}}final class {{typePrefix}}EntitlementStore: @unchecked Sendable {
    /// One product the customer owns.
    {{access}}struct Entitlement: Codable, Sendable, Equatable {
        /// When ownership ends; nil for a purchase that lasts.
        {{access}}var expirationDate: Date?
        /// The transaction that granted it.
        {{access}}var transactionID: String
        /// The first transaction of the purchase, shared by a subscription's renewals.
        {{access}}var originalTransactionID: String
        {{access}}var purchaseDate: Date
        /// Shared by a family member rather than bought by the customer.
        {{access}}var isFamilyShared: Bool
        /// StoreKit still entitled the customer after `expirationDate` when last asked: the
        /// billing grace period of a subscription whose renewal payment failed.
        {{access}}var isInGracePeriod: Bool

        {{access}}init(
            expirationDate: Date?, transactionID: String, originalTransactionID: String, purchaseDate: Date,
            isFamilyShared: Bool = false, isInGracePeriod: Bool = false
        ) {
            self.expirationDate = expirationDate
            self.transactionID = transactionID
            self.originalTransactionID = originalTransactionID
            self.purchaseDate = purchaseDate
            self.isFamilyShared = isFamilyShared
            self.isInGracePeriod = isInGracePeriod
        }

        /// Whether it entitles the customer at `date`: before its end, or in a grace period.
        {{access}}func isActive(at date: Date) -> Bool {
            guard let expirationDate else { return true }
            return expirationDate > date || isInGracePeriod
        }
    }

    /// Everything the store keeps, by product ID.
    {{access}}struct Record: Codable, Sendable, Equatable {
        /// How many delivered transactions the record remembers.
        {{access}}static let deliveredLimit = 1000

        {{access}}var entitlements: [String: Entitlement] = [:]
        /// Units of each consumable left.
        {{access}}var balances: [String: Int] = [:]
        /// Transactions already delivered, oldest first: one delivered again credits nothing.
        {{access}}var deliveredTransactions: [String] = []

        {{access}}init() {}

        {{access}}mutating func noteDelivered(_ transactionID: String) {
            guard !deliveredTransactions.contains(transactionID) else { return }
            deliveredTransactions.append(transactionID)
            if deliveredTransactions.count > Self.deliveredLimit {
                deliveredTransactions.removeFirst(deliveredTransactions.count - Self.deliveredLimit)
            }
        }
    }

    /// Where the record is saved: the keychain, `UserDefaults`, memory, or a place of your own.
    {{access}}protocol Storage: Sendable {
        /// The saved bytes, or nil when nothing was saved yet. Throws when they cannot be read
        /// now, such as the keychain before the device's first unlock.
        func load() throws -> Data?
        /// Replaces the saved bytes; throws when they could not be saved.
        func save(_ data: Data) throws
        /// What an earlier version of the generated store saved, one value per product, read
        /// once when nothing else was saved yet.
        func loadEarlierVersion() -> Record?
    }

    /// Posted after an entitlement store of the app saved a change (or the Objective-C manager
    /// did): every other one reads its storage again.
    {{access}}static let didChangeNotification = Notification.Name({{bundleIDLiteral}} + ".iap.entitlementsChanged")

    private let storage: any Storage
    private let lock = NSLock()
    private var cached: Record?
    private var observer: (any NSObjectProtocol)?

    {{access}}init(storage: any Storage) {
        self.storage = storage
        observer = NotificationCenter.default.addObserver(
            forName: Self.didChangeNotification, object: nil, queue: nil
        ) { [weak self] notification in
            guard let self, (notification.object as? {{typePrefix}}EntitlementStore) !== self else { return }
            self.forgetCachedRecord()
        }
    }

    deinit {
        if let observer { NotificationCenter.default.removeObserver(observer) }
    }

    /// The saved record; an empty one while the storage cannot be read.
    {{access}}var record: Record {
        lock.lock()
        defer { lock.unlock() }
        return (try? loaded()) ?? Record()
    }

    {{access}}func entitlement(for product: {{typePrefix}}ProductID) -> Entitlement? {
        record.entitlements[product.rawValue]
    }

    /// Whether the saved record entitles the customer to `product` at `date`.
    {{access}}func isEntitled(to product: {{typePrefix}}ProductID, at date: Date) -> Bool {
        entitlement(for: product)?.isActive(at: date) ?? false
    }

    /// Units of a consumable the customer has left.
    {{access}}func balance(of product: {{typePrefix}}ProductID) -> Int {
        record.balances[product.rawValue] ?? 0
    }

    /// The durable products owned at `date`. At launch, before StoreKit has confirmed anything,
    /// a grace period saved earlier does not count (`trustingGracePeriods: false`): a
    /// subscription whose end has passed stays locked until StoreKit says otherwise.
    {{access}}func ownedProducts(at date: Date, trustingGracePeriods: Bool = true) -> Set<{{typePrefix}}ProductID> {
        let record = self.record
        return Set(
            {{typePrefix}}ProductID.allCases.filter { id in
                guard id.kind.isDurable, var entitlement = record.entitlements[id.rawValue] else { return false }
                if !trustingGracePeriods { entitlement.isInGracePeriod = false }
                return entitlement.isActive(at: date)
            })
    }

    /// When a store should look again: the next end among `owned`, or in an hour while a grace
    /// period runs, whose end only StoreKit knows.
    {{access}}func nextCheck(after date: Date, among owned: Set<{{typePrefix}}ProductID>) -> Date? {
        let record = self.record
        return owned.compactMap { id -> Date? in
            guard let end = record.entitlements[id.rawValue]?.expirationDate else { return nil }
            return end > date ? end : date.addingTimeInterval(3600)
        }.min()
    }

    {{access}}func hasDelivered(transactionID: String) -> Bool {
        record.deliveredTransactions.contains(transactionID)
    }

    /// Credits `units` of a consumable for one transaction, once, in one save. Returns false,
    /// changing nothing, when the transaction was credited before; throws when the storage
    /// could not save the credit.
    @discardableResult
    {{access}}func credit(_ units: Int, of product: {{typePrefix}}ProductID, transactionID: String) throws -> Bool {
        try update { record in
            guard !record.deliveredTransactions.contains(transactionID) else { return false }
            record.balances[product.rawValue, default: 0] += units
            record.noteDelivered(transactionID)
            return true
        }
    }

    /// Saves what one transaction grants a durable product, with the transaction as delivered,
    /// in one save. A subscription replaces the others of its group: one is active at a time.
    {{access}}func grant(_ entitlement: Entitlement, to product: {{typePrefix}}ProductID, transactionID: String) throws {
        try update { record in
            if let group = product.subscriptionGroup {
                for other in {{typePrefix}}ProductID.allCases where other != product && other.subscriptionGroup == group {
                    record.entitlements[other.rawValue] = nil
                }
            }
            record.entitlements[product.rawValue] = entitlement
            record.noteDelivered(transactionID)
        }
    }

    /// Uses up `units` of a consumable: false, changing nothing, when fewer are left.
    {{access}}func spend(_ units: Int, of product: {{typePrefix}}ProductID) throws -> Bool {
        try update { record in
            let balance = record.balances[product.rawValue] ?? 0
            guard units > 0, balance >= units else { return false }
            record.balances[product.rawValue] = balance - units
            return true
        }
    }

    /// Applies a change to the record and saves the result. The change starts from what is
    /// saved, not from memory, so that it never overwrites what another store of the app saved.
    /// When the storage cannot be read or cannot save, this throws and nothing changes.
    @discardableResult
    {{access}}func update<Result>(_ change: (inout Record) throws -> Result) throws -> Result {
        let result = try updateLocked(change)
        NotificationCenter.default.post(name: Self.didChangeNotification, object: self)
        return result
    }

    private func updateLocked<Result>(_ change: (inout Record) throws -> Result) throws -> Result {
        lock.lock()
        defer { lock.unlock() }
        var record = try read()
        let result = try change(&record)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        try storage.save(try encoder.encode(record))
        cached = record
        return result
    }

    private func forgetCachedRecord() {
        lock.lock()
        defer { lock.unlock() }
        cached = nil
    }

    /// The record in memory, read from the storage the first time; call with the lock held.
    private func loaded() throws -> Record {
        if let cached { return cached }
        let record = try read()
        cached = record
        return record
    }

    private func read() throws -> Record {
        guard let data = try storage.load() else { return storage.loadEarlierVersion() ?? Record() }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(Record.self, from: data)
    }
}

extension {{typePrefix}}EntitlementStore.Entitlement {
    /// What one transaction of `product` grants: a subscription until `subscriptionEnd`, a pass
    /// for its term (starting where a pass still `running` ends), anything else for good.
    {{access}}static func granted(
        to product: {{typePrefix}}ProductID, transactionID: String, originalTransactionID: String, purchaseDate: Date,
        subscriptionEnd: Date?, isFamilyShared: Bool, running: Self?
    ) -> Self {
        var end: Date?
        switch product.kind {
        case .autoRenewable:
            end = subscriptionEnd
        case .nonRenewing:
            var start = purchaseDate
            if let running, running.transactionID != transactionID, let runningEnd = running.expirationDate,
                runningEnd > start, running.purchaseDate < start
            {
                start = runningEnd
            }
            end = product.end(ofPurchaseAt: start)
        case .nonConsumable, .consumable:
            end = nil
        }
        return Self(
            expirationDate: end, transactionID: transactionID, originalTransactionID: originalTransactionID,
            purchaseDate: purchaseDate, isFamilyShared: isFamilyShared)
    }
}

/// What StoreKit said of one product at a refresh.
{{access}}struct {{typePrefix}}EntitlementAnswer: Sendable {
    /// What StoreKit entitles the customer to now, when it does.
    {{access}}var current: {{typePrefix}}EntitlementStore.Entitlement?
    /// The product's latest transaction was refunded or revoked.
    {{access}}var isRevoked = false
    /// The product's latest transaction was replaced by a higher level of its group.
    {{access}}var isReplaced = false
    /// When the product's latest transaction ends, for subscriptions.
    {{access}}var latestEnd: Date?

    {{access}}init(
        current: {{typePrefix}}EntitlementStore.Entitlement?, isRevoked: Bool = false, isReplaced: Bool = false,
        latestEnd: Date? = nil
    ) {
        self.current = current
        self.isRevoked = isRevoked
        self.isReplaced = isReplaced
        self.latestEnd = latestEnd
    }
}

extension {{typePrefix}}EntitlementStore.Record {
    /// Applies a refresh's answers and returns the products whose entitlement ended, with
    /// whether it was revoked (else it expired). Ownership ends only on evidence: a revocation,
    /// a replacement within the group (reported by the purchase that replaced it), or an end
    /// date that has passed while StoreKit no longer entitles the customer. A product StoreKit
    /// says nothing about keeps what was saved.
    {{access}}mutating func apply(
        _ answers: [{{typePrefix}}ProductID: {{typePrefix}}EntitlementAnswer], at now: Date
    ) -> [(product: {{typePrefix}}ProductID, revoked: Bool)] {
        var ended: [(product: {{typePrefix}}ProductID, revoked: Bool)] = []
        for (id, answer) in answers.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let saved = entitlements[id.rawValue]
            if var current = answer.current {
                if id.kind == .nonRenewing, let saved, saved.transactionID == current.transactionID {
                    // The saved end already counts a pass bought while an earlier one ran.
                    current = saved
                }
                current.isInGracePeriod = id.kind == .autoRenewable && (current.expirationDate ?? now) <= now
                if id.kind == .nonRenewing, !current.isActive(at: now) {
                    if saved != nil { ended.append((id, false)) }
                    entitlements[id.rawValue] = nil
                } else {
                    entitlements[id.rawValue] = current
                }
            } else if let saved {
                if answer.isRevoked {
                    entitlements[id.rawValue] = nil
                    ended.append((id, true))
                } else if answer.isReplaced {
                    entitlements[id.rawValue] = nil
                } else if let end = answer.latestEnd ?? saved.expirationDate, end <= now {
                    entitlements[id.rawValue] = nil
                    ended.append((id, false))
                }
            }
        }
        return ended
    }
}

extension {{typePrefix}}EntitlementStore.Storage {
    {{access}}func loadEarlierVersion() -> {{typePrefix}}EntitlementStore.Record? { nil }
}

extension {{typePrefix}}EntitlementStore {
    /// Keeps the record for one run of the app: for tests and previews. Consumables need a
    /// storage that outlives the app, which is why the guides cannot choose this one for them.
    {{access}}final class MemoryStorage: Storage, @unchecked Sendable {
        private let lock = NSLock()
        private var data: Data?

        {{access}}init() {}

        {{access}}func load() throws -> Data? {
            lock.lock()
            defer { lock.unlock() }
            return data
        }

        {{access}}func save(_ data: Data) throws {
            lock.lock()
            defer { lock.unlock() }
            self.data = data
        }
    }

    /// Keeps the record in `UserDefaults` under one key. Anyone with access to the device can
    /// edit it, so use it for unlocks that need no protection; StoreKit corrects it on every
    /// refresh, but consumable balances are only as safe as this storage.
    {{access}}struct DefaultsStorage: Storage, @unchecked Sendable {
        private let defaults: UserDefaults
        private let keyPrefix: String

        {{access}}init(defaults: UserDefaults = .standard, keyPrefix: String = {{bundleIDLiteral}}) {
            self.defaults = defaults
            self.keyPrefix = keyPrefix
        }

        {{access}}func load() throws -> Data? {
            defaults.data(forKey: keyPrefix + ".iap.entitlements")
        }

        {{access}}func save(_ data: Data) throws {
            defaults.set(data, forKey: keyPrefix + ".iap.entitlements")
        }

        /// Earlier versions kept one value per product.
        {{access}}func loadEarlierVersion() -> Record? {
            var record = Record()
            for product in {{typePrefix}}ProductID.allCases {
                if defaults.bool(forKey: "\(keyPrefix).iap.entitled.\(product.rawValue)") {
                    record.entitlements[product.rawValue] = Entitlement(
                        expirationDate: nil, transactionID: "", originalTransactionID: "", purchaseDate: .distantPast)
                }
                let balance = defaults.integer(forKey: "\(keyPrefix).iap.balance.\(product.rawValue)")
                if balance > 0 { record.balances[product.rawValue] = balance }
            }
            return record == Record() ? nil : record
        }
    }

    #if canImport(Security)
        /// Keeps the record in the keychain as one item, where other apps cannot read or change
        /// it and where it survives a reinstall. Every write's result is checked.
        {{access}}struct KeychainStorage: Storage {
            /// A keychain call failed with this status.
            {{access}}struct Failure: Error, Equatable {
                {{access}}let status: OSStatus
            }

            private let service: String

            {{access}}init(service: String = {{bundleIDLiteral}} + ".iap") {
                self.service = service
            }

            {{access}}func load() throws -> Data? {
                var query = query("entitlements")
                query[kSecReturnData as String] = true
                query[kSecMatchLimit as String] = kSecMatchLimitOne
                var item: CFTypeRef?
                let status = SecItemCopyMatching(query as CFDictionary, &item)
                if status == errSecItemNotFound { return nil }
                guard status == errSecSuccess, let data = item as? Data else { throw Failure(status: status) }
                return data
            }

            {{access}}func save(_ data: Data) throws {
                let query = query("entitlements")
                var status = SecItemUpdate(query as CFDictionary, [kSecValueData as String: data] as CFDictionary)
                if status == errSecItemNotFound {
                    var item = query
                    item[kSecValueData as String] = data
                    item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlock
                    status = SecItemAdd(item as CFDictionary, nil)
                }
                guard status == errSecSuccess else { throw Failure(status: status) }
            }

            /// Earlier versions kept one item per product.
            {{access}}func loadEarlierVersion() -> Record? {
                var record = Record()
                for product in {{typePrefix}}ProductID.allCases {
                    if string("entitled.\(product.rawValue)") == "1" {
                        record.entitlements[product.rawValue] = Entitlement(
                            expirationDate: nil, transactionID: "", originalTransactionID: "", purchaseDate: .distantPast)
                    }
                    if let balance = string("balance.\(product.rawValue)").flatMap(Int.init), balance > 0 {
                        record.balances[product.rawValue] = balance
                    }
                }
                return record == Record() ? nil : record
            }

            private func query(_ account: String) -> [String: Any] {
                [
                    kSecClass as String: kSecClassGenericPassword,
                    kSecAttrService as String: service,
                    kSecAttrAccount as String: account,
                ]
            }

            private func string(_ account: String) -> String? {
                var query = query(account)
                query[kSecReturnData as String] = true
                query[kSecMatchLimit as String] = kSecMatchLimitOne
                var item: CFTypeRef?
                guard SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess, let data = item as? Data
                else { return nil }
                return String(decoding: data, as: UTF8.self)
            }
        }
    #endif

    /// The store the guide chose (`entitlementStore: {{entitlementStoreName}}`).
    {{access}}static func makeDefault() -> {{typePrefix}}EntitlementStore {
{{#usesKeychain}}
        #if canImport(Security)
            return {{typePrefix}}EntitlementStore(storage: KeychainStorage())
        #else
            return {{typePrefix}}EntitlementStore(storage: DefaultsStorage())
        #endif
{{/usesKeychain}}
{{#usesUserDefaults}}
        {{typePrefix}}EntitlementStore(storage: DefaultsStorage())
{{/usesUserDefaults}}
{{#usesNone}}
        {{typePrefix}}EntitlementStore(storage: MemoryStorage())
{{/usesNone}}
    }
}

"""#,
        "StoreKit2/HandlersScaffold.swift": #"""
// {{fileName}}
// Created once by `iapkit generate`. This file is yours: iapkit never changes it again.

import StoreKit

/// What the app does when a product is bought, restored or taken back. Hand an instance to the
/// store: `{{manager}}(handler: events)`, and keep it alive (the store holds it weakly). The
/// store itself records what the customer owns and keeps consumable balances.
@MainActor
final class {{manager}}Events: {{handlerProtocol}} {
    // To credit a server of your own before a transaction is finished:
    // func deliver(_ transaction: StoreKit.Transaction, for product: {{typePrefix}}ProductID) async -> {{typePrefix}}DeliveryOutcome {
    //     await myServer.credit(transaction) ? .delivered : .retryLater
    // }

{{#products}}
    func {{on.purchased}}(_ transaction: StoreKit.Transaction) {
        // Unlock {{comment}}.
    }

{{/products}}
    func storeDidMissProducts(_ products: [{{typePrefix}}ProductID]) {
        // The App Store returned none of these; the debug console names them.
    }
}

"""#,
        "StoreKit2/ProductHandlers.swift": #"""
{{> header}}

import Foundation
import StoreKit

#if canImport(UIKit)
    import UIKit
#endif

/// Callbacks for each product of the guides. Every method has a default, so a conforming type
/// implements only what it needs; `{{scaffoldFile}}` holds yours. Methods exist only for what
/// can happen to a product: a consumable is never restored, only subscriptions and passes
/// expire, only subscriptions renew.
{{> availability}}
@MainActor
{{access}}protocol {{handlerProtocol}}: AnyObject {
    /// Delivers what a verified transaction paid for, before the store saves the entitlement and
    /// finishes the transaction: credit your server here, for example. Answer `.retryLater`
    /// when that cannot happen now; the transaction then stays unfinished and comes back (at
    /// the latest at the next launch), and nothing is granted meanwhile. Called once per
    /// transaction, renewals included. The default delivers at once. Do not wait here for the
    /// store's own `refreshEntitlements()`.
    func deliver(_ transaction: StoreKit.Transaction, for product: {{typePrefix}}ProductID) async -> {{typePrefix}}DeliveryOutcome
    /// Every event of every product. The default calls the product's own method below
    /// (`dispatch(_:for:)`); implement it to see all events in one place.
    func handle(_ event: {{typePrefix}}StoreEvent, for product: {{typePrefix}}ProductID)
{{#products}}
    /// {{comment}}: bought and delivered.
    func {{on.purchased}}(_ transaction: StoreKit.Transaction)
{{#isFamilyShareable}}
    /// {{comment}}: shared by a family member; the default calls `{{on.purchased}}(_:)`.
    func {{on.familyShared}}(_ transaction: StoreKit.Transaction)
{{/isFamilyShareable}}
{{#isAutoRenewable}}
    /// {{comment}}: renewed for another period.
    func {{on.renewed}}(_ transaction: StoreKit.Transaction)
{{/isAutoRenewable}}
{{#isDurable}}
    /// {{comment}}: found again by a restore.
    func {{on.restored}}()
{{/isDurable}}
    /// {{comment}}: the purchase failed, did not verify, or could not be saved.
    func {{on.failed}}(_ error: any Error)
    /// {{comment}}: waiting for approval.
    func {{on.deferred}}()
{{#isConsumable}}
    /// {{comment}}: refunded; the store has taken back the units that are left.
{{/isConsumable}}
{{^isConsumable}}
    /// {{comment}}: refunded, or no longer shared by the family.
{{/isConsumable}}
    func {{on.revoked}}()
{{#hasExpiry}}
    /// {{comment}}: ran out.
    func {{on.expired}}()
{{/hasExpiry}}
{{/products}}
    /// The App Store returned none of these products; see the troubleshooting checklist.
    func storeDidMissProducts(_ products: [{{typePrefix}}ProductID])
}

{{> availability}}
extension {{handlerProtocol}} {
    {{access}}func deliver(_ transaction: StoreKit.Transaction, for product: {{typePrefix}}ProductID) async -> {{typePrefix}}DeliveryOutcome {
        .delivered
    }

    {{access}}func handle(_ event: {{typePrefix}}StoreEvent, for product: {{typePrefix}}ProductID) {
        dispatch(event, for: product)
    }

{{#products}}
    {{access}}func {{on.purchased}}(_ transaction: StoreKit.Transaction) {}
{{#isFamilyShareable}}
    {{access}}func {{on.familyShared}}(_ transaction: StoreKit.Transaction) { {{on.purchased}}(transaction) }
{{/isFamilyShareable}}
{{#isAutoRenewable}}
    {{access}}func {{on.renewed}}(_ transaction: StoreKit.Transaction) {}
{{/isAutoRenewable}}
{{#isDurable}}
    {{access}}func {{on.restored}}() {}
{{/isDurable}}
    {{access}}func {{on.failed}}(_ error: any Error) {}
    {{access}}func {{on.deferred}}() {}
    {{access}}func {{on.revoked}}() {}
{{#hasExpiry}}
    {{access}}func {{on.expired}}() {}
{{/hasExpiry}}
{{/products}}
    {{access}}func storeDidMissProducts(_ products: [{{typePrefix}}ProductID]) {}

    /// Calls the method of `product` for `event`; what cannot happen to the product is ignored.
    {{access}}func dispatch(_ event: {{typePrefix}}StoreEvent, for product: {{typePrefix}}ProductID) {
        switch product {
{{#products}}
        case .{{caseName}}:
            switch event {
{{#isFamilyShareable}}
            case .purchased(let transaction): {{on.purchased}}(transaction)
            case .familyShared(let transaction): {{on.familyShared}}(transaction)
{{/isFamilyShareable}}
{{^isFamilyShareable}}
            case .purchased(let transaction), .familyShared(let transaction): {{on.purchased}}(transaction)
{{/isFamilyShareable}}
{{#isAutoRenewable}}
            case .renewed(let transaction): {{on.renewed}}(transaction)
{{/isAutoRenewable}}
{{#isDurable}}
            case .restored: {{on.restored}}()
{{/isDurable}}
            case .failed(let error): {{on.failed}}(error)
            case .deferred: {{on.deferred}}()
            case .revoked: {{on.revoked}}()
{{#hasExpiry}}
            case .expired: {{on.expired}}()
{{/hasExpiry}}
{{^handlesEveryEvent}}
            default: break
{{/handlesEveryEvent}}
            }
{{/products}}
        }
    }
}

/// One product's part of the store: `store.{{firstHandler}}.purchase()`.
{{> availability}}
@MainActor
{{access}}struct {{typePrefix}}ProductHandle {
    {{access}}let id: {{typePrefix}}ProductID
    private let store: {{manager}}

    init(id: {{typePrefix}}ProductID, store: {{manager}}) {
        self.id = id
        self.store = store
    }

    /// The product as the App Store returned it; nil until `loadProducts()` found it.
    {{access}}var product: Product? { store.products[id] }

    /// Whether the customer owns it now (non-consumables, active subscriptions and passes).
    {{access}}var isPurchased: Bool { store.isPurchased(id) }

    /// When the subscription or pass ends; nil for what lasts and for what is not owned.
    {{access}}var expirationDate: Date? { store.expirationDate(of: id) }

    /// Whether the customer owns it through Family Sharing.
    {{access}}var isFamilyShared: Bool { store.isFamilyShared(id) }

    /// Units left, for a consumable.
    {{access}}var balance: Int { store.balance(of: id) }

    /// Whether the App Store has a transaction of it that a refund could be asked for.
    {{access}}var canRequestRefund: Bool {
        get async { await store.canRequestRefund(for: id) }
    }

    #if !os(visionOS)
        /// Buys it, with a subscription offer if one is given.
        @discardableResult
        {{access}}func purchase(
            offer: {{typePrefix}}SubscriptionOfferChoice? = nil, options: Set<Product.PurchaseOption> = []
        ) async throws -> {{typePrefix}}PurchaseOutcome {
            try await store.purchase(id, offer: offer, options: options)
        }
    #endif

    #if canImport(UIKit) && !os(watchOS)
        /// Buys it, confirming in `scene` (the way on visionOS).
        @available(iOS 17.0, tvOS 17.0, visionOS 1.0, *)
        @discardableResult
        {{access}}func purchase(
            confirmIn scene: some UIScene, offer: {{typePrefix}}SubscriptionOfferChoice? = nil,
            options: Set<Product.PurchaseOption> = []
        ) async throws -> {{typePrefix}}PurchaseOutcome {
            try await store.purchase(id, confirmIn: scene, offer: offer, options: options)
        }
    #endif
}

{{> availability}}
extension {{manager}} {
{{#products}}
    /// {{comment}}
    {{access}}var {{handler}}: {{typePrefix}}ProductHandle { {{typePrefix}}ProductHandle(id: .{{caseName}}, store: self) }
{{/products}}
}

"""#,
        "StoreKit2/ProductID.swift": #"""
{{> header}}

import Foundation

/// What kind of in-app purchase a product is.
{{access}}enum {{typePrefix}}ProductKind: String, Sendable, CaseIterable {
    case consumable
    case nonConsumable
    case autoRenewable
    case nonRenewing

    /// Whether owning the product lasts; a consumable is used up instead.
    {{access}}var isDurable: Bool { self != .consumable }
}

/// Every product the guides define, by its App Store Connect ID.
{{access}}enum {{typePrefix}}ProductID: String, CaseIterable, Sendable {
{{#products}}
    /// {{comment}}
    case {{caseName}} = {{idLiteral}}
{{/products}}

    /// The kind App Store Connect sells the product as.
    {{access}}var kind: {{typePrefix}}ProductKind {
        switch self {
{{#products}}
        case .{{caseName}}: .{{kind}}
{{/products}}
        }
    }

    /// How many units one purchase of a consumable credits (`units` in the guide); 0 for the
    /// other kinds.
    {{access}}var unitsPerPurchase: Int {
        switch self {
{{#products}}
        case .{{caseName}}: {{unitsPerPurchase}}
{{/products}}
        }
    }

    /// How long one purchase lasts: a non-renewing subscription's `duration`, an
    /// auto-renewable subscription's period; nil for products that last or are used up.
    {{access}}var term: DateComponents? {
        switch self {
{{#products}}
        case .{{caseName}}: {{termLiteral}}
{{/products}}
        }
    }

    /// The subscription group of an auto-renewable subscription.
    {{access}}var subscriptionGroup: {{typePrefix}}SubscriptionGroup? {
        switch self {
{{#products}}
        case .{{caseName}}: {{groupCase}}
{{/products}}
        }
    }

    /// An auto-renewable subscription's service level in its group; 1 is the highest.
    {{access}}var level: Int? {
        switch self {
{{#products}}
        case .{{caseName}}: {{levelLiteral}}
{{/products}}
        }
    }
}

/// Every subscription group of the guides. A customer holds one subscription of a group at a
/// time; moving to a higher level is an upgrade, to a lower one a downgrade.
{{access}}enum {{typePrefix}}SubscriptionGroup: Hashable, CaseIterable, Sendable {
{{#groups}}
    /// {{comment}}
    case {{caseName}}
{{/groups}}

    /// The group's name in the guides (and in App Store Connect).
    {{access}}var name: String {
        switch self {
{{#groups}}
        case .{{caseName}}: {{nameLiteral}}
{{/groups}}
        }
    }

    /// The group's subscriptions, highest level first.
    {{access}}var products: [{{typePrefix}}ProductID] {
        switch self {
{{#groups}}
        case .{{caseName}}: [{{productCases}}]
{{/groups}}
        }
    }
}

"""#,
        "StoreKit2/StoreManager.swift": #"""
{{> header}}

import Foundation
import StoreKit

{{#usesObservation}}
import Observation
{{/usesObservation}}
{{#usesCombine}}
#if canImport(Combine)
    import Combine
#endif
{{/usesCombine}}
#if canImport(UIKit)
    import UIKit
#endif

/// What happened to one product, for the handler.
{{> availability}}
{{access}}enum {{typePrefix}}StoreEvent {
    /// Bought and delivered.
    case purchased(StoreKit.Transaction)
    /// Shared by a family member (Family Sharing) rather than bought.
    case familyShared(StoreKit.Transaction)
    /// A subscription renewed for another period.
    case renewed(StoreKit.Transaction)
    /// Found again by a restore.
    case restored
    case failed(any Error)
    /// Waiting for approval (Ask to Buy) or for the bank.
    case deferred
    /// Refunded, or no longer shared by the family.
    case revoked
    /// A subscription or pass ran out.
    case expired
}

/// Loads the guides' products from the App Store, sells and restores them, and keeps the
/// customer's entitlements current: at launch, whenever the app returns to the foreground, and
/// when a subscription or pass reaches its end.
///
/// Create one at launch and keep it: it starts listening to `Transaction.updates` at once, so
/// purchases completed outside the app, Ask to Buy approvals, renewals and refunds are not lost.
///
/// Every transaction is delivered once: a second delivery of one (StoreKit may hand the same
/// transaction to the purchase and to `Transaction.updates`, and again after a relaunch) waits
/// for the first and credits nothing. A transaction is finished only after the handler has
/// delivered it and the entitlement is saved; otherwise it stays unfinished and comes back.
{{> availability}}
@MainActor
{{#usesObservation}}
@Observable
{{/usesObservation}}
{{access}}final class {{manager}} {
    /// Posted when the app returns to the foreground; the store refreshes its entitlements then.
    {{access}}static var foregroundNotification: Notification.Name { {{typePrefix}}StoreLifecycle.foregroundNotification }

    /// The products the App Store returned, by ID.
    {{access}}private(set) var products: [{{typePrefix}}ProductID: Product] = [:]{{#usesCombine}} {
        willSet { notifyChange() }
    }{{/usesCombine}}

    /// Products the guides define but the App Store did not return. StoreKit leaves unknown IDs
    /// out without an error; this list is the only sign.
    {{access}}private(set) var missingProducts: [{{typePrefix}}ProductID] = []{{#usesCombine}} {
        willSet { notifyChange() }
    }{{/usesCombine}}

    /// Non-consumables, subscriptions and passes the customer owns now.
    {{access}}private(set) var ownedProducts: Set<{{typePrefix}}ProductID> = []{{#usesCombine}} {
        willSet { notifyChange() }
    }{{/usesCombine}}

    /// Where the customer stands in each subscription group, as StoreKit said last.
    {{access}}private(set) var subscriptionStatuses: [{{typePrefix}}SubscriptionGroup: {{typePrefix}}SubscriptionStatus] = [:]{{#usesCombine}} {
        willSet { notifyChange() }
    }{{/usesCombine}}

    /// Ties every purchase to the customer's account in the app (it appears in each
    /// transaction's `appAccountToken`), for servers that match purchases to accounts.
    {{ignored}}{{access}}var appAccountToken: UUID?

    /// Asks the app's server to sign a promotional offer; the store never holds the key.
    {{ignored}}{{access}}var promotionalOfferSigner: (@MainActor ({{typePrefix}}PromotionalOfferRequest) async throws -> {{typePrefix}}PromotionalOfferSignature)?

    /// Told about every purchase, renewal, restore, failure, deferral, revocation and expiry,
    /// and asked to deliver each purchase.
    {{ignored}}{{access}}weak var handler: (any {{handlerProtocol}})?

    /// Where ownership and consumable balances are kept between launches.
    {{ignored}}{{access}}let entitlements: {{typePrefix}}EntitlementStore

    /// The time the store goes by.
    {{ignored}}{{access}}let clock: any {{typePrefix}}StoreClock

    /// Told of every change, for a type in front of the store (the facade of `storekit: both`).
    {{ignored}}var onChange: (@MainActor () -> Void)?

    /// Deliveries under way, by transaction ID. A transaction is claimed here before the first
    /// suspension, so a second delivery of it waits for the first instead of crediting again.
    {{ignored}}private var deliveries: [UInt64: Task<{{typePrefix}}PurchaseOutcome, Never>] = [:]
    /// Counts changes of ownership, so that a refresh leaves alone what changed after it began.
    {{ignored}}private var changeCount = 0
    {{ignored}}private var lastChange: [{{typePrefix}}ProductID: Int] = [:]
    {{ignored}}private let refreshes = {{typePrefix}}RefreshQueue()
    {{ignored}}private let listeners = {{typePrefix}}StoreListeners()
    /// Wakes the store at the next end of a subscription or pass it knows of.
    {{ignored}}private let expiry: {{typePrefix}}ExpiryTimer
    /// Followers of each group's status (`statusUpdates(of:)`).
    {{ignored}}private var statusFollowers: [{{typePrefix}}SubscriptionGroup: [UUID: AsyncStream<{{typePrefix}}SubscriptionStatus>.Continuation]] = [:]
    /// Counts each group's status requests, so that an answer overtaken by a later request
    /// (StoreKit answers in any order) does not replace that request's newer answer.
    {{ignored}}private var statusRequests: [{{typePrefix}}SubscriptionGroup: Int] = [:]
    /// Bumped by every change, so that views reading values the store computes (balances, end
    /// dates) are told when they change.
    private(set) var revision = 0

    {{access}}init(
        entitlements: {{typePrefix}}EntitlementStore = {{typePrefix}}EntitlementStore.makeDefault(),
        handler: (any {{handlerProtocol}})? = nil,
        clock: any {{typePrefix}}StoreClock = {{typePrefix}}SystemStoreClock()
    ) {
        self.entitlements = entitlements
        self.handler = handler
        self.clock = clock
        expiry = {{typePrefix}}ExpiryTimer(clock: clock, listeners: listeners)
        // What was saved counts until StoreKit answers, but never past its end: a subscription
        // that lapsed while the app was closed stays locked.
        ownedProducts = entitlements.ownedProducts(at: clock.now, trustingGracePeriods: false)
        listeners.add(
            Task { [weak self] in
                for await update in StoreKit.Transaction.updates {
                    guard let self else { return }
                    await self.process(update)
                }
            })
        #if !os(tvOS) && !os(watchOS) && !os(visionOS)
            if #available(iOS 16.4, macOS 14.4, *) {
                listeners.add(
                    Task { [weak self] in
                        for await intent in PurchaseIntent.intents {
                            guard let self else { return }
                            await self.buyFromAppStore(intent)
                        }
                    })
            }
        #endif
        listeners.add(
            Task { [weak self] in
                // Prices and availability follow the storefront: load again when it changes.
                for await _ in Storefront.updates {
                    guard let self else { return }
                    if !self.products.isEmpty { _ = try? await self.loadProducts() }
                }
            })
        if !{{typePrefix}}SubscriptionGroup.allCases.isEmpty {
            listeners.add(
                Task { [weak self] in
                    // Renewal information changes without a transaction (auto-renew turned off in
                    // Settings, a billing problem, a grace period that begins): follow it here.
                    for await _ in Product.SubscriptionInfo.Status.updates {
                        guard let self else { return }
                        await self.refreshSubscriptionStatuses()
                    }
                })
        }
        listeners.observe(Self.foregroundNotification) { [weak self] in
            Task { @MainActor in self?.scheduleRefresh() }
        }
        scheduleRefresh()
    }

    deinit {
        listeners.cancelAll()
    }

    /// Whether this device may pay at all; offer purchases only when it may.
    {{access}}var canMakePayments: Bool { AppStore.canMakePayments }

    /// Asks the App Store for every product of the guides and records which ones it left out.
    @discardableResult
    {{access}}func loadProducts() async throws -> [{{typePrefix}}ProductID: Product] {
        let requested = {{typePrefix}}ProductID.allCases
        let loaded = try await Product.products(for: requested.map(\.rawValue))
        var found: [{{typePrefix}}ProductID: Product] = [:]
        for product in loaded {
            if let id = {{typePrefix}}ProductID(rawValue: product.id) { found[id] = product }
        }
        products = found
        missingProducts = requested.filter { found[$0] == nil }
        if !missingProducts.isEmpty {
            for id in missingProducts {
                {{typePrefix}}StoreLog.debug(
                    "{{manager}}: the App Store returned no product for \(id.rawValue). See \({{troubleshootingLiteral}}), checklist items product-id-mismatch, bundle-id-mismatch, agreements, metadata-missing, cleared-for-sale and propagation-delay."
                )
            }
            handler?.storeDidMissProducts(missingProducts)
        }
        await refreshSubscriptionStatuses()
        return found
    }

    #if !os(visionOS)
        /// Buys a product, with a subscription offer if one is given. Errors (StoreKit's, and an
        /// offer that is unknown or could not be signed) are thrown after the handler has heard
        /// of them. (visionOS asks for a scene to confirm
        /// in: `purchase(_:confirmIn:offer:options:)`.)
        @discardableResult
        {{access}}func purchase(
            _ id: {{typePrefix}}ProductID, offer: {{typePrefix}}SubscriptionOfferChoice? = nil,
            options: Set<Product.PurchaseOption> = []
        ) async throws -> {{typePrefix}}PurchaseOutcome {
            let product = try productToBuy(id)
            let result: Product.PurchaseResult
            do {
                let chosen = try await purchaseOptions(for: id, offer: offer, adding: options)
                result = try await product.purchase(options: chosen)
            } catch {
                handler?.handle(.failed(error), for: id)
                throw error
            }
            return await handle(result, for: id)
        }
    #endif

    #if canImport(UIKit) && !os(watchOS)
        /// Buys a product, showing the confirmation in `scene`: the way on visionOS, and in
        /// UIKit apps with several scenes.
        @available(iOS 17.0, tvOS 17.0, visionOS 1.0, *)
        @discardableResult
        {{access}}func purchase(
            _ id: {{typePrefix}}ProductID, confirmIn scene: some UIScene, offer: {{typePrefix}}SubscriptionOfferChoice? = nil,
            options: Set<Product.PurchaseOption> = []
        ) async throws -> {{typePrefix}}PurchaseOutcome {
            let product = try productToBuy(id)
            let result: Product.PurchaseResult
            do {
                let chosen = try await purchaseOptions(for: id, offer: offer, adding: options)
                result = try await product.purchase(confirmIn: scene, options: chosen)
            } catch {
                handler?.handle(.failed(error), for: id)
                throw error
            }
            return await handle(result, for: id)
        }
    #endif

    /// Takes the result of a purchase made elsewhere (StoreKit's `StoreView`,
    /// `SubscriptionStoreView`, `ProductView`, `onInAppPurchaseCompletion`, or a `PurchaseAction`)
    /// and delivers it as if the store had made it: once, whatever else hands over the same
    /// transaction.
    @discardableResult
    {{access}}func handle(_ result: Product.PurchaseResult, for id: {{typePrefix}}ProductID) async -> {{typePrefix}}PurchaseOutcome {
        switch result {
        case .success(.verified(let transaction)):
            return await deliver(transaction)
        case .success(.unverified(let transaction, let error)):
            // A view may hand over a product other than the one it was asked for (an upgrade in
            // a SubscriptionStoreView): the failure is the transaction's product's.
            handler?.handle(.failed(error), for: {{typePrefix}}ProductID(rawValue: transaction.productID) ?? id)
            return .unverified
        case .pending:
            handler?.handle(.deferred, for: id)
            return .pending
        case .userCancelled:
            return .cancelled
        @unknown default:
            return .cancelled
        }
    }

    /// The loaded product, when payments are allowed.
    private func productToBuy(_ id: {{typePrefix}}ProductID) throws -> Product {
        guard AppStore.canMakePayments else {
            handler?.handle(.failed({{typePrefix}}StoreError.paymentsNotAllowed), for: id)
            throw {{typePrefix}}StoreError.paymentsNotAllowed
        }
        guard let product = products[id] else {
            // A button tapped before the products arrived: the screen that shows errors hears it.
            handler?.handle(.failed({{typePrefix}}StoreError.productNotLoaded(id)), for: id)
            throw {{typePrefix}}StoreError.productNotLoaded(id)
        }
        return product
    }

    /// Restores purchases made on other devices or before a reinstall. App Review expects a
    /// button that calls this; it may ask the customer to sign in, so call it only when they
    /// tap. The handler hears `restored` for every product the customer then owns.
    {{access}}func restorePurchases() async throws {
        try await AppStore.sync()
        await refreshEntitlements()
        for id in {{typePrefix}}ProductID.allCases where id.kind.isDurable && isPurchased(id) {
            handler?.handle(.restored, for: id)
        }
    }

    /// Brings ownership up to date with StoreKit's current entitlements, and gives unfinished
    /// transactions another delivery. The store does this by itself at launch, on every return
    /// to the foreground and when a subscription or pass ends; call it after changes the store
    /// cannot see, such as a sign-in to another account.
    ///
    /// Ownership ends only on evidence: a revocation date, or an end date that has passed while
    /// StoreKit no longer entitles the customer. A product missing from StoreKit's answer for
    /// another reason (its records are still arriving on a new device) is kept, and whatever a
    /// purchase changed while the refresh ran is left as the purchase made it.
    {{access}}func refreshEntitlements() async {
        await scheduleRefresh().value
    }

    /// Whether the customer owns a non-consumable, an active subscription or a pass, now.
    {{access}}func isPurchased(_ id: {{typePrefix}}ProductID) -> Bool {
        ownedProducts.contains(id) && entitlements.isEntitled(to: id, at: clock.now)
    }

    /// When the customer's subscription or pass ends (or, in a grace period, ended); nil for
    /// purchases that last and for products the customer does not own.
    {{access}}func expirationDate(of id: {{typePrefix}}ProductID) -> Date? {
        _ = revision
        return entitlements.entitlement(for: id)?.expirationDate
    }

    /// Whether the customer owns the product through Family Sharing.
    {{access}}func isFamilyShared(_ id: {{typePrefix}}ProductID) -> Bool {
        ownedProducts.contains(id) && entitlements.entitlement(for: id)?.isFamilyShared == true
    }

    /// Units of a consumable the customer has bought and not yet used.
    {{access}}func balance(of id: {{typePrefix}}ProductID) -> Int {
        _ = revision
        return entitlements.balance(of: id)
    }

    /// Uses up `count` units of a consumable; false when the balance is too low or the change
    /// could not be saved.
    @discardableResult
    {{access}}func consume(_ id: {{typePrefix}}ProductID, count: Int = 1) -> Bool {
        guard id.kind == .consumable else { return false }
        notifyChange()
        return (try? entitlements.spend(count, of: id)) ?? false
    }

    /// Returns once every change the store has started is applied: deliveries under way, a
    /// refresh, and an end of subscription or pass that is due. For tests and previews; an app
    /// never needs to wait for it.
    {{access}}func waitForPendingChanges() async {
        while !Task.isCancelled {
            if let delivery = deliveries.values.first {
                _ = await delivery.value
            } else if expiry.isDue {
                await expiry.waitIfDue()
            } else {
                await refreshes.waitUntilDone()
                if deliveries.isEmpty && !expiry.isDue { return }
            }
        }
    }

    // MARK: Delivering transactions

    private func process(_ update: VerificationResult<StoreKit.Transaction>) async {
        switch update {
        case .verified(let transaction):
            _ = await deliver(transaction)
        case .unverified(let transaction, let error):
            if let id = {{typePrefix}}ProductID(rawValue: transaction.productID) { handler?.handle(.failed(error), for: id) }
        }
    }

    /// Delivers a verified transaction once. A delivery of a transaction already under way
    /// waits for it and shares its outcome; so does one another store of the app is making.
    private func deliver(_ transaction: StoreKit.Transaction) async -> {{typePrefix}}PurchaseOutcome {
        if let running = deliveries[transaction.id] {
            let outcome = await running.value
            // A refund that arrives while its purchase is delivered comes after it.
            guard transaction.revocationDate != nil else { return outcome }
        }
        let key = String(transaction.id)
        guard let delivery = startDelivery(transaction) else {
            await {{typePrefix}}DeliveryClaims.waitForRelease(key)
            return entitlements.hasDelivered(transactionID: key) ? .purchased : .awaitingDelivery
        }
        return await delivery.value
    }

    /// Claims the transaction, before any suspension, and starts delivering it; nil when
    /// another store of the app is delivering it.
    @discardableResult
    private func startDelivery(_ transaction: StoreKit.Transaction) -> Task<{{typePrefix}}PurchaseOutcome, Never>? {
        guard {{typePrefix}}DeliveryClaims.claim(String(transaction.id)) else { return nil }
        let delivery = Task { await self.settle(transaction) }
        deliveries[transaction.id] = delivery
        return delivery
    }

    /// Decides what a transaction means, lets the handler deliver it, saves the entitlement,
    /// tells the handler, and only then finishes it.
    private func settle(_ transaction: StoreKit.Transaction) async -> {{typePrefix}}PurchaseOutcome {
        let key = String(transaction.id)
        defer {
            deliveries[transaction.id] = nil
            {{typePrefix}}DeliveryClaims.release(key)
        }
        guard let id = {{typePrefix}}ProductID(rawValue: transaction.productID) else {
            await transaction.finish()
            return .purchased
        }
        if transaction.revocationDate != nil {
            return await revoke(transaction, of: id)
        }
        if transaction.isUpgraded || entitlements.hasDelivered(transactionID: key) {
            // Replaced by a higher level of its group, whose own transaction grants it; or
            // delivered before, by another path or an earlier launch.
            await transaction.finish()
            return .purchased
        }
        let saved = entitlements.entitlement(for: id)
        let entitlement = makeEntitlement(for: transaction, of: id, running: saved)
        if let handler, await handler.deliver(transaction, for: id) == .retryLater {
            return .awaitingDelivery
        }
        if let end = entitlement.expirationDate, end <= clock.now {
            // A period or pass that ended before its transaction arrived (a renewal while the
            // app was closed, say): delivered, but there is nothing left to grant.
            do {
                try entitlements.update { $0.noteDelivered(key) }
            } catch {
                return .awaitingDelivery
            }
            await transaction.finish()
            return .purchased
        }
        do {
            if id.kind == .consumable {
                let units = id.unitsPerPurchase * max(1, transaction.purchasedQuantity)
                try entitlements.credit(units, of: id, transactionID: key)
            } else {
                try entitlements.grant(entitlement, to: id, transactionID: key)
            }
        } catch {
            handler?.handle(.failed({{typePrefix}}StoreError.entitlementNotSaved(id)), for: id)
            return .awaitingDelivery
        }
        noteChange(of: id)
        if id.kind == .consumable {
            notifyChange()
        }
        let event: {{typePrefix}}StoreEvent =
            if isRenewal(transaction, of: id, saved: saved) {
                .renewed(transaction)
            } else if transaction.ownershipType == .familyShared {
                .familyShared(transaction)
            } else {
                .purchased(transaction)
            }
        handler?.handle(event, for: id)
        await transaction.finish()
        if id.kind == .autoRenewable { await refreshSubscriptionStatuses() }
        return .purchased
    }

    /// A refund or revocation: the entitlement ends (a consumable loses what the refunded
    /// transaction credited, as far as it is left), once.
    private func revoke(_ transaction: StoreKit.Transaction, of id: {{typePrefix}}ProductID) async -> {{typePrefix}}PurchaseOutcome {
        let key = "revoked." + String(transaction.id)
        let changed: Bool
        do {
            changed = try entitlements.update { record in
                guard !record.deliveredTransactions.contains(key) else { return false }
                record.noteDelivered(key)
                if id.kind == .consumable {
                    guard record.deliveredTransactions.contains(String(transaction.id)) else { return true }
                    let units = id.unitsPerPurchase * max(1, transaction.purchasedQuantity)
                    record.balances[id.rawValue] = max(0, (record.balances[id.rawValue] ?? 0) - units)
                    return true
                }
                guard let saved = record.entitlements[id.rawValue],
                    saved.originalTransactionID == String(transaction.originalID)
                        || saved.transactionID == String(transaction.id)
                        || id.kind == .nonConsumable
                else { return false }
                record.entitlements[id.rawValue] = nil
                return true
            }
        } catch {
            return .awaitingDelivery
        }
        if changed {
            noteChange(of: id)
            notifyChange()
            handler?.handle(.revoked, for: id)
        }
        await transaction.finish()
        if id.kind == .autoRenewable { await refreshSubscriptionStatuses() }
        return .purchased
    }

    /// Whether a subscription's transaction renews it, rather than starting it.
    private func isRenewal(
        _ transaction: StoreKit.Transaction, of id: {{typePrefix}}ProductID, saved: {{typePrefix}}EntitlementStore.Entitlement?
    ) -> Bool {
        guard id.kind == .autoRenewable else { return false }
        if #available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *) {
            return transaction.reason == .renewal
        }
        return saved?.originalTransactionID == String(transaction.originalID)
            && saved?.transactionID != String(transaction.id)
    }

    /// What a verified transaction entitles the customer to, and until when.
    private func makeEntitlement(
        for transaction: StoreKit.Transaction, of id: {{typePrefix}}ProductID, running: {{typePrefix}}EntitlementStore.Entitlement?
    ) -> {{typePrefix}}EntitlementStore.Entitlement {
        .granted(
            to: id, transactionID: String(transaction.id), originalTransactionID: String(transaction.originalID),
            purchaseDate: transaction.purchaseDate, subscriptionEnd: transaction.expirationDate,
            isFamilyShared: transaction.ownershipType == .familyShared, running: running)
    }

    #if !os(tvOS) && !os(watchOS) && !os(visionOS)
        /// A purchase the customer started on the App Store: a promoted product, or a win-back
        /// offer, which goes into the purchase's options where the system has them.
        @available(iOS 16.4, macOS 14.4, *)
        private func buyFromAppStore(_ intent: PurchaseIntent) async {
            guard let id = {{typePrefix}}ProductID(rawValue: intent.product.id) else { return }
            if products[id] == nil { products[id] = intent.product }
            var options: Set<Product.PurchaseOption> = []
            if #available(iOS 18.0, macOS 15.0, *), let offer = intent.offer, offer.type == .winBack {
                options.insert(.winBackOffer(offer))
            }
            _ = try? await purchase(id, options: options.union(accountOptions))
        }
    #endif

    // MARK: Subscription status

    /// Asks StoreKit where the customer stands in each subscription group whose products are
    /// loaded, and tells the followers of each status that changed.
    {{access}}func refreshSubscriptionStatuses() async {
        for group in {{typePrefix}}SubscriptionGroup.allCases {
            guard let info = group.products.lazy.compactMap({ self.products[$0]?.subscription }).first else {
                continue
            }
            let request = (statusRequests[group] ?? 0) + 1
            statusRequests[group] = request
            guard let statuses = try? await info.status, statusRequests[group] == request else { continue }
            let status = Self.summary(of: statuses)
            guard subscriptionStatuses[group] != status else { continue }
            subscriptionStatuses[group] = status
            notifyChange()
            for follower in (statusFollowers[group] ?? [:]).values {
                follower.yield(status)
            }
        }
    }

    /// A group's status, then each change of it.
    {{access}}func statusUpdates(of group: {{typePrefix}}SubscriptionGroup) -> AsyncStream<{{typePrefix}}SubscriptionStatus> {
        let key = UUID()
        let current = subscriptionStatuses[group] ?? .notSubscribed
        var follower: AsyncStream<{{typePrefix}}SubscriptionStatus>.Continuation?
        let stream = AsyncStream<{{typePrefix}}SubscriptionStatus> { continuation in
            continuation.yield(current)
            follower = continuation
        }
        if let follower {
            statusFollowers[group, default: [:]][key] = follower
            listeners.finishOnEnd(key) { follower.finish() }
            follower.onTermination = { [weak self, listeners] _ in
                listeners.forgetFinisher(key)
                Task { @MainActor in self?.statusFollowers[group]?[key] = nil }
            }
        }
        return stream
    }

    /// The one status that describes the group: StoreKit answers one per way the customer holds
    /// it (bought, and shared by the family); the one that entitles most wins, then the higher
    /// level.
    private static func summary(of statuses: [Product.SubscriptionInfo.Status]) -> {{typePrefix}}SubscriptionStatus {
        let summaries = statuses.compactMap(Self.describe)
        let rank: ({{typePrefix}}SubscriptionStatus.State) -> Int = { state in
            switch state {
            case .subscribed: 0
            case .inGracePeriod: 1
            case .inBillingRetryPeriod: 2
            case .expired: 3
            case .revoked: 4
            case .notSubscribed: 5
            }
        }
        // At the same state and level, the customer's own purchase comes before the family's.
        return summaries.min {
            (rank($0.state), $0.level ?? Int.max, $0.isFamilyShared ? 1 : 0)
                < (rank($1.state), $1.level ?? Int.max, $1.isFamilyShared ? 1 : 0)
        } ?? .notSubscribed
    }

    private static func describe(_ status: Product.SubscriptionInfo.Status) -> {{typePrefix}}SubscriptionStatus? {
        guard case .verified(let transaction) = status.transaction,
            let product = {{typePrefix}}ProductID(rawValue: transaction.productID)
        else { return nil }
        let state: {{typePrefix}}SubscriptionStatus.State =
            switch status.state {
            case .subscribed: .subscribed
            case .inGracePeriod: .inGracePeriod
            case .inBillingRetryPeriod: .inBillingRetryPeriod
            case .revoked: .revoked
            default: .expired
            }
        var summary = {{typePrefix}}SubscriptionStatus(
            state: state, product: product, level: product.level, expirationDate: transaction.expirationDate,
            isFamilyShared: transaction.ownershipType == .familyShared)
        // Renewal information that fails verification is left out rather than trusted.
        if case .verified(let renewal) = status.renewalInfo {
            summary.willAutoRenew = renewal.willAutoRenew
            summary.renewsTo = renewal.autoRenewPreference.flatMap { {{typePrefix}}ProductID(rawValue: $0) } ?? product
            summary.gracePeriodEnd = renewal.gracePeriodExpirationDate
            summary.expirationReason = renewal.expirationReason.map { reason in
                switch reason {
                case .autoRenewDisabled: .cancelled
                case .billingError: .billingError
                case .didNotConsentToPriceIncrease: .didNotConsentToPriceIncrease
                case .productUnavailable: .productUnavailable
                default: .unknown
                }
            }
        }
        return summary
    }

    // MARK: Refreshing

    /// Starts a refresh after the ones scheduled before it; a request made while one waits to
    /// start joins it.
    @discardableResult
    private func scheduleRefresh() -> Task<Void, Never> {
        refreshes.schedule { [weak self] in await self?.performRefresh() }
    }

    private func performRefresh() async {
        let startedAt = changeCount
        var current: [{{typePrefix}}ProductID: StoreKit.Transaction] = [:]
        for await result in StoreKit.Transaction.currentEntitlements {
            guard case .verified(let transaction) = result, transaction.revocationDate == nil, !transaction.isUpgraded,
                let id = {{typePrefix}}ProductID(rawValue: transaction.productID), id.kind.isDurable
            else { continue }
            if let seen = current[id], seen.purchaseDate >= transaction.purchaseDate { continue }
            current[id] = transaction
        }
        var answers: [{{typePrefix}}ProductID: {{typePrefix}}EntitlementAnswer] = [:]
        for id in {{typePrefix}}ProductID.allCases where id.kind.isDurable {
            if let transaction = current[id] {
                answers[id] = {{typePrefix}}EntitlementAnswer(
                    current: makeEntitlement(for: transaction, of: id, running: entitlements.entitlement(for: id)))
            } else if entitlements.entitlement(for: id) != nil {
                // Not entitled any more, or StoreKit's records are still arriving: only the
                // latest transaction tells which.
                var answer = {{typePrefix}}EntitlementAnswer(current: nil)
                if case .verified(let transaction)? = await StoreKit.Transaction.latest(for: id.rawValue) {
                    answer.isRevoked = transaction.revocationDate != nil
                    answer.isReplaced = transaction.isUpgraded
                    answer.latestEnd = transaction.expirationDate
                }
                answers[id] = answer
            }
        }
        apply(answers, startedAt: startedAt)
        await refreshSubscriptionStatuses()
        // A delivery that asked to retry, or whose entitlement could not be saved, gets
        // another try; deliveries already under way are not started twice.
        for await result in StoreKit.Transaction.unfinished {
            guard case .verified(let transaction) = result, deliveries[transaction.id] == nil else { continue }
            startDelivery(transaction)
        }
    }

    /// Applies what StoreKit said to the saved record, in one save, leaving alone the products
    /// a delivery changed after the refresh began.
    private func apply(_ answers: [{{typePrefix}}ProductID: {{typePrefix}}EntitlementAnswer], startedAt: Int) {
        let unchanged = answers.filter { (lastChange[$0.key] ?? -1) <= startedAt }
        let now = clock.now
        let ended = (try? entitlements.update { $0.apply(unchanged, at: now) }) ?? []
        recomputeOwnership()
        for (id, revoked) in ended {
            handler?.handle(revoked ? .revoked : .expired, for: id)
        }
    }

    private func noteChange(of id: {{typePrefix}}ProductID) {
        changeCount += 1
        lastChange[id] = changeCount
        recomputeOwnership()
    }

    /// Ownership from the saved record at the clock's time, and a timer for the next end.
    private func recomputeOwnership() {
        let now = clock.now
        let owned = entitlements.ownedProducts(at: now)
        if owned != ownedProducts { ownedProducts = owned }
        expiry.schedule(at: entitlements.nextCheck(after: now, among: owned)) { [weak self] in
            await self?.scheduleRefresh().value
        }
    }

    func notifyChange() {
{{#usesCombine}}
        #if canImport(Combine)
            objectWillChange.send()
        #endif
{{/usesCombine}}
        revision &+= 1
        onChange?()
    }
}
{{#usesCombine}}

#if canImport(Combine)
    {{> availability}}
    extension {{manager}}: ObservableObject {}
#endif
{{/usesCombine}}

"""#,
        "StoreKit2/StoreSubscriptions.swift": #"""
{{> header}}

import Foundation
import StoreKit

#if canImport(UIKit)
    import UIKit
#endif

/// One subscription group of the guides, as the store sees it: {{firstGroupExample}}. Every
/// value comes from what StoreKit said last; the store asks again at launch, on each return to
/// the foreground, after each purchase, renewal or refund, and when the storefront changes.
{{> availability}}
@MainActor
{{access}}struct {{typePrefix}}SubscriptionGroupHandle {
    {{access}}let group: {{typePrefix}}SubscriptionGroup
    private let store: {{manager}}

    init(group: {{typePrefix}}SubscriptionGroup, store: {{manager}}) {
        self.group = group
        self.store = store
    }

    /// Whether the customer may use what the group unlocks now: a subscription that is current
    /// or in its billing grace period; not one in billing retry, expired or refunded.
    {{access}}var isSubscribed: Bool { group.products.contains { store.isPurchased($0) } }

    /// Where the customer stands in the group: state, renewal and the reason it ends.
    {{access}}var status: {{typePrefix}}SubscriptionStatus { store.subscriptionStatuses[group] ?? .notSubscribed }

    /// The subscription the customer holds now, if any.
    {{access}}var currentProduct: {{typePrefix}}ProductID? {
        group.products.first { store.isPurchased($0) }
    }

    /// The service level of the current subscription; 1 is the highest.
    {{access}}var level: Int? { currentProduct?.level }

    /// The group's products the App Store returned, highest level first.
    {{access}}var products: [Product] { group.products.compactMap { store.products[$0] } }

    /// Whether the customer may still take an introductory offer in this group: only before
    /// their first subscription in it. False until the products are loaded.
    {{access}}var isEligibleForIntroOffer: Bool {
        get async { await store.isEligibleForIntroOffer(in: group) }
    }

    /// The current status, then every change of it, for as long as the caller listens.
    {{access}}func statusUpdates() -> AsyncStream<{{typePrefix}}SubscriptionStatus> {
        store.statusUpdates(of: group)
    }
}

{{> availability}}
extension {{manager}} {
{{#groups}}
    /// {{comment}}
    {{access}}var {{handle}}: {{typePrefix}}SubscriptionGroupHandle { {{typePrefix}}SubscriptionGroupHandle(group: .{{caseName}}, store: self) }
{{/groups}}

    // MARK: Offers

    /// Whether the customer may take an introductory offer in `group`.
    {{access}}func isEligibleForIntroOffer(in group: {{typePrefix}}SubscriptionGroup) async -> Bool {
        guard let info = group.products.lazy.compactMap({ self.products[$0]?.subscription }).first else { return false }
        return await info.isEligibleForIntroOffer
    }

    /// The introductory offer of a subscription, when the customer may take it.
    {{access}}func introductoryOffer(for id: {{typePrefix}}ProductID) async -> Product.SubscriptionOffer? {
        guard let info = products[id]?.subscription, let offer = info.introductoryOffer else { return nil }
        return await info.isEligibleForIntroOffer ? offer : nil
    }

    /// The promotional offers of a subscription, set up in App Store Connect. Buying one needs
    /// `promotionalOfferSigner`.
    {{access}}func promotionalOffers(for id: {{typePrefix}}ProductID) -> [Product.SubscriptionOffer] {
        products[id]?.subscription?.promotionalOffers ?? []
    }

    /// The win-back offers of a subscription, for customers whose subscription lapsed; none
    /// before iOS 18 and macOS 15.
    {{access}}func winBackOffers(for id: {{typePrefix}}ProductID) -> [Product.SubscriptionOffer] {
        guard #available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return [] }
        return products[id]?.subscription?.winBackOffers ?? []
    }

    /// The win-back offers this customer may redeem now, best first, as the App Store's renewal
    /// information lists them: the ones a "come back" screen should show. Empty while the
    /// subscription runs, for a customer who never subscribed, and before iOS 18 and macOS 15.
    {{access}}func eligibleWinBackOffers(for id: {{typePrefix}}ProductID) async -> [Product.SubscriptionOffer] {
        guard #available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *),
            let subscription = products[id]?.subscription, let statuses = try? await subscription.status
        else { return [] }
        var eligible: [String] = []
        for status in statuses {
            // Renewal information that fails verification offers nothing.
            guard case .verified(let renewal) = status.renewalInfo else { continue }
            eligible += renewal.eligibleWinBackOfferIDs.filter { !eligible.contains($0) }
        }
        return eligible.compactMap { offerID in subscription.winBackOffers.first { $0.id == offerID } }
    }

    /// The options of a purchase: the caller's, the account token, and the offer, signed by the
    /// app's server for a promotional one.
    func purchaseOptions(
        for id: {{typePrefix}}ProductID, offer: {{typePrefix}}SubscriptionOfferChoice?, adding options: Set<Product.PurchaseOption>
    ) async throws -> Set<Product.PurchaseOption> {
        var chosen = options.union(accountOptions)
        switch offer {
        case nil:
            break
        case .promotional(let offerID):
            guard promotionalOffers(for: id).contains(where: { $0.id == offerID }) else {
                throw {{typePrefix}}StoreError.offerUnavailable(id, offerID: offerID)
            }
            guard let promotionalOfferSigner else { throw {{typePrefix}}StoreError.offerNotSigned(id) }
            let request = {{typePrefix}}PromotionalOfferRequest(product: id, offerID: offerID, appAccountToken: appAccountToken)
            switch try await promotionalOfferSigner(request).form {
            case .keySignature(let keyID, let nonce, let signature, let timestamp):
                chosen.insert(
                    .promotionalOffer(
                        offerID: offerID, keyID: keyID, nonce: nonce, signature: signature, timestamp: timestamp))
            case .compactJWS(let compactJWS):
                chosen.formUnion(Product.PurchaseOption.promotionalOffer(offerID, compactJWS: compactJWS))
            }
        case .winBack(let offerID):
            guard #available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *),
                let found = winBackOffers(for: id).first(where: { $0.id == offerID })
            else { throw {{typePrefix}}StoreError.offerUnavailable(id, offerID: offerID) }
            chosen.insert(.winBackOffer(found))
        }
        return chosen
    }

    /// The account token, for every purchase the store makes.
    var accountOptions: Set<Product.PurchaseOption> {
        appAccountToken.map { [.appAccountToken($0)] } ?? []
    }

    // MARK: Customer service

    /// The transaction a refund request for the product would be about: its latest, bought by
    /// this customer (not shared by the family) and not refunded already. Nil means the app
    /// should not offer a refund for it. SwiftUI's `refundRequestSheet(for:isPresented:)` takes it.
    {{access}}func refundableTransactionID(for id: {{typePrefix}}ProductID) async -> UInt64? {
        guard case .verified(let transaction)? = await StoreKit.Transaction.latest(for: id.rawValue),
            transaction.revocationDate == nil, transaction.ownershipType == .purchased
        else { return nil }
        return transaction.id
    }

    /// Whether a refund can be asked for: the customer has a transaction of the product.
    {{access}}func canRequestRefund(for id: {{typePrefix}}ProductID) async -> Bool {
        await refundableTransactionID(for: id) != nil
    }

    /// Every transaction of the customer's, newest first, for a purchases screen. Finished
    /// consumables are not among them, as StoreKit keeps no history of those.
    {{access}}func purchaseHistory() async -> [{{typePrefix}}PurchaseRecord] {
        var records: [{{typePrefix}}PurchaseRecord] = []
        for await result in StoreKit.Transaction.all {
            guard case .verified(let transaction) = result, let id = {{typePrefix}}ProductID(rawValue: transaction.productID)
            else { continue }
            var isRenewal = id.kind == .autoRenewable && transaction.id != transaction.originalID
            if #available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *), id.kind == .autoRenewable {
                isRenewal = transaction.reason == .renewal
            }
            records.append(
                {{typePrefix}}PurchaseRecord(
                    product: id, transactionID: String(transaction.id), purchaseDate: transaction.purchaseDate,
                    expirationDate: transaction.expirationDate, revocationDate: transaction.revocationDate,
                    isFamilyShared: transaction.ownershipType == .familyShared, isRenewal: isRenewal))
        }
        return records.sorted { ($0.purchaseDate, $0.transactionID) > ($1.purchaseDate, $1.transactionID) }
    }

    /// The customer's purchase of the app itself: the version first bought or downloaded, for
    /// apps that went from paid to free. Nil when the App Store's record does not verify.
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
    {{access}}func appPurchase() async throws -> {{typePrefix}}AppPurchase? {
        guard case .verified(let transaction) = try await AppTransaction.shared else { return nil }
        return {{typePrefix}}AppPurchase(
            originalAppVersion: transaction.originalAppVersion, originalPurchaseDate: transaction.originalPurchaseDate)
    }

    #if canImport(UIKit) && !os(tvOS) && !os(watchOS)
        /// Shows Apple's refund request sheet for the product's latest transaction. Nil when
        /// there is nothing to refund; the refund itself, if Apple grants it, arrives later and
        /// the store takes the entitlement back then.
        @discardableResult
        {{access}}func requestRefund(
            for id: {{typePrefix}}ProductID, in scene: UIWindowScene
        ) async throws -> StoreKit.Transaction.RefundRequestStatus? {
            guard let transactionID = await refundableTransactionID(for: id) else { return nil }
            return try await StoreKit.Transaction.beginRefundRequest(for: transactionID, in: scene)
        }

        /// Shows the App Store's sheet for managing subscriptions (one group's, from iOS 17),
        /// then brings entitlements up to date with what the customer changed there.
        {{access}}func showManageSubscriptions(in scene: UIWindowScene, group: {{typePrefix}}SubscriptionGroup? = nil) async throws {
            if #available(iOS 17.0, visionOS 1.0, *), let group,
                let groupID = group.products.lazy.compactMap({ self.products[$0]?.subscription }).first?.subscriptionGroupID
            {
                try await AppStore.showManageSubscriptions(in: scene, subscriptionGroupID: groupID)
            } else {
                try await AppStore.showManageSubscriptions(in: scene)
            }
            await refreshEntitlements()
        }

        /// Shows the sheet where the customer redeems an offer code. The redeemed transaction
        /// arrives through `Transaction.updates` and is delivered like any purchase.
        @available(iOS 16.0, visionOS 1.0, *)
        {{access}}func presentOfferCodeRedeemSheet(in scene: UIWindowScene) async throws {
            try await AppStore.presentOfferCodeRedeemSheet(in: scene)
        }
    #endif
}

"""#,
        "StoreKit2/StoreTypes.swift": #"""
{{> header}}

import Foundation

#if canImport(os)
    import os
#endif

#if canImport(UIKit) && !os(watchOS)
    import UIKit
#elseif canImport(AppKit)
    import AppKit
#elseif os(watchOS)
    import WatchKit
#endif

/// How a purchase the customer started ended.
{{access}}enum {{typePrefix}}PurchaseOutcome: Sendable, Equatable {
    /// Paid, delivered and saved: the customer owns it, and the transaction is finished.
    case purchased
    /// Paid, but not delivered yet: the handler asked to deliver later, or the entitlement could
    /// not be saved. The transaction stays unfinished, so StoreKit delivers it again (at the
    /// next launch at the latest) and the store tries once more.
    case awaitingDelivery
    /// Waiting for a parent's approval (Ask to Buy) or for the bank; the result arrives later
    /// without the app asking.
    case pending
    /// The customer closed the payment sheet.
    case cancelled
    /// The App Store's signature did not verify: nothing was granted.
    case unverified
}

/// Why the store refused or could not complete a purchase.
{{access}}enum {{typePrefix}}StoreError: Error, Sendable, Equatable {
    /// Payments are turned off on this device (Screen Time, a profile, parental controls).
    case paymentsNotAllowed
    /// The App Store did not return this product: see `missingProducts`.
    case productNotLoaded({{typePrefix}}ProductID)
    /// The entitlement store could not save what the customer paid for, so the transaction was
    /// left unfinished; it is delivered again later.
    case entitlementNotSaved({{typePrefix}}ProductID)
    /// A promotional offer needs a signature from the app's server: set the store's
    /// `promotionalOfferSigner`.
    case offerNotSigned({{typePrefix}}ProductID)
    /// The product has no offer with that identifier (or the system is too old for it).
    case offerUnavailable({{typePrefix}}ProductID, offerID: String)
}

/// Where the customer stands in one subscription group, whichever StoreKit told.
{{access}}struct {{typePrefix}}SubscriptionStatus: Sendable, Equatable {
    {{access}}enum State: Sendable, Equatable {
        /// The customer never subscribed in this group, or the store has not heard yet.
        case notSubscribed
        case subscribed
        /// A renewal payment failed and the App Store keeps trying; the customer stays
        /// entitled until `gracePeriodEnd`.
        case inGracePeriod
        /// A renewal payment failed after any grace period; the customer is not entitled while
        /// the App Store keeps trying.
        case inBillingRetryPeriod
        case expired
        /// Refunded, or no longer shared by the family.
        case revoked
    }

    /// Why a subscription ended or will end.
    {{access}}enum ExpirationReason: Sendable, Equatable {
        /// The customer turned auto-renew off.
        case cancelled
        case billingError
        case didNotConsentToPriceIncrease
        case productUnavailable
        case unknown
    }

    {{access}}var state: State
    /// The subscription the customer holds (or last held) in the group.
    {{access}}var product: {{typePrefix}}ProductID?
    /// Its service level; 1 is the highest.
    {{access}}var level: Int?
    /// When the current period ends (or ended).
    {{access}}var expirationDate: Date?
    /// Whether it renews at the end of the period.
    {{access}}var willAutoRenew: Bool
    /// The product it renews into: another level after an upgrade or downgrade the customer
    /// chose, else the same product.
    {{access}}var renewsTo: {{typePrefix}}ProductID?
    {{access}}var expirationReason: ExpirationReason?
    {{access}}var gracePeriodEnd: Date?
    /// Held through Family Sharing rather than bought: the family organiser manages and is
    /// refunded for it, so a screen offers neither here.
    {{access}}var isFamilyShared: Bool

    {{access}}init(
        state: State, product: {{typePrefix}}ProductID? = nil, level: Int? = nil, expirationDate: Date? = nil,
        willAutoRenew: Bool = false, renewsTo: {{typePrefix}}ProductID? = nil, expirationReason: ExpirationReason? = nil,
        gracePeriodEnd: Date? = nil, isFamilyShared: Bool = false
    ) {
        self.state = state
        self.product = product
        self.level = level
        self.expirationDate = expirationDate
        self.willAutoRenew = willAutoRenew
        self.renewsTo = renewsTo
        self.expirationReason = expirationReason
        self.gracePeriodEnd = gracePeriodEnd
        self.isFamilyShared = isFamilyShared
    }

    {{access}}static let notSubscribed = {{typePrefix}}SubscriptionStatus(state: .notSubscribed)

    /// Whether the customer may use what the subscription unlocks: subscribed, or in a grace
    /// period; not in billing retry.
    {{access}}var isEntitled: Bool { state == .subscribed || state == .inGracePeriod }
}

/// An offer to apply to a subscription purchase.
{{access}}enum {{typePrefix}}SubscriptionOfferChoice: Sendable, Equatable {
    /// A promotional offer set up in App Store Connect, signed by the app's server.
    case promotional(offerID: String)
    /// A win-back offer for a lapsed subscriber (iOS 18, macOS 15).
    case winBack(offerID: String)
}

/// What the app's server signs for a promotional offer.
{{access}}struct {{typePrefix}}PromotionalOfferRequest: Sendable, Equatable {
    {{access}}let product: {{typePrefix}}ProductID
    {{access}}let offerID: String
    /// The account token the purchase carries (the store adds it to the purchase itself, as
    /// `appAccountToken`); the signature covers it.
    {{access}}let appAccountToken: UUID?

    /// The account token as the signed text holds it: lower-cased, or empty without one. A
    /// server that signs the upper-case form StoreKit prints gets every purchase refused.
    {{access}}var signedAccountToken: String { appAccountToken?.uuidString.lowercased() ?? "" }
}

/// The server's answer, in one of the two forms App Store Connect's In-App Purchase key signs
/// offers in. The store never holds the key.
{{access}}struct {{typePrefix}}PromotionalOfferSignature: Sendable, Equatable {
    {{access}}enum Form: Sendable, Equatable {
        /// The key's ID, a nonce, the signature and the time of signing, in milliseconds since
        /// 1970 (the first form; the signed text joins the bundle ID, the key ID, the product ID,
        /// the offer ID, `signedAccountToken`, the nonce and the timestamp).
        case keySignature(keyID: String, nonce: UUID, signature: Data, timestamp: Int)
        /// One compact JWS (the form the App Store Server Library's promotional offer signer
        /// makes), accepted on every system with StoreKit 2.
        case compactJWS(String)
    }

    {{access}}let form: Form

    {{access}}init(keyID: String, nonce: UUID, signature: Data, timestamp: Int) {
        form = .keySignature(keyID: keyID, nonce: nonce, signature: signature, timestamp: timestamp)
    }

    {{access}}init(compactJWS: String) {
        form = .compactJWS(compactJWS)
    }
}

/// One transaction of the customer's purchase history, for a "Purchases" screen.
{{access}}struct {{typePrefix}}PurchaseRecord: Sendable, Equatable {
    {{access}}let product: {{typePrefix}}ProductID
    {{access}}let transactionID: String
    {{access}}let purchaseDate: Date
    {{access}}let expirationDate: Date?
    {{access}}let revocationDate: Date?
    {{access}}let isFamilyShared: Bool
    /// A subscription's renewal, rather than the purchase that started it.
    {{access}}let isRenewal: Bool
}

/// The customer's purchase or download of the app itself, for apps that moved from paid to
/// free and honour what earlier customers paid.
{{access}}struct {{typePrefix}}AppPurchase: Sendable, Equatable {
    /// The app version the customer first bought or downloaded: the build number
    /// (`CFBundleVersion`) on iOS, iPadOS, tvOS, watchOS and visionOS, the marketing version
    /// (`CFBundleShortVersionString`) on macOS. Compare it with the version that went free on
    /// the same system; in the sandbox it is always "1.0".
    {{access}}let originalAppVersion: String
    {{access}}let originalPurchaseDate: Date
}

/// A product as the App Store shows it, whichever StoreKit loaded it.
{{access}}struct {{typePrefix}}StoreProduct: Sendable, Equatable {
    {{access}}let id: {{typePrefix}}ProductID
    {{access}}let displayName: String
    {{access}}let description: String
    {{access}}let price: Decimal
    /// The price formatted for the customer's storefront.
    {{access}}let displayPrice: String
}

/// The store's messages for the developer, in debug builds only: to the unified log where the
/// system has it, under the bundle ID as subsystem, else to standard output.
{{access}}enum {{typePrefix}}StoreLog {
    {{access}}static func debug(_ message: String) {
        #if DEBUG
            #if canImport(os)
                if #available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *) {
                    Logger(subsystem: {{bundleIDLiteral}}, category: "in-app purchases").debug("\(message, privacy: .public)")
                    return
                }
            #endif
            print(message)
        #endif
    }
}

/// What the handler answers when asked to deliver a purchase.
{{access}}enum {{typePrefix}}DeliveryOutcome: Sendable, Equatable {
    /// Delivered: the store saves the entitlement, tells the handler and finishes the
    /// transaction.
    case delivered
    /// Not now (the app's server cannot be reached, say): nothing is saved and the transaction
    /// stays unfinished, so it comes back, at the next launch at the latest.
    case retryLater
}

/// The time the store goes by. The app uses the system clock; tests give the store a clock
/// they control, so that expiry and renewals can be tried without waiting.
{{access}}protocol {{typePrefix}}StoreClock: Sendable {
    /// The current date.
    var now: Date { get }
    /// Returns at `date`, or throws when the calling task is cancelled.
    func sleep(until date: Date) async throws
}

/// The device's clock.
{{access}}struct {{typePrefix}}SystemStoreClock: {{typePrefix}}StoreClock {
    {{access}}init() {}

    {{access}}var now: Date { Date() }

    /// Sleeps an hour at most at a time, so that a change of the device's clock is noticed.
    {{access}}func sleep(until date: Date) async throws {
        while true {
            let interval = date.timeIntervalSinceNow
            if interval <= 0 { return }
            try await Task.sleep(nanoseconds: UInt64(min(interval, 3600) * 1_000_000_000))
        }
    }
}

extension {{typePrefix}}ProductID {
    /// When one purchase made at `date` ends, for products with a `term`; nil for the others.
    /// Dates are counted in the Gregorian calendar in UTC, as the App Store counts periods.
    {{access}}func end(ofPurchaseAt date: Date) -> Date? {
        guard let term else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.date(byAdding: term, to: date)
    }
}

/// The transactions some store of the app is delivering right now. The app's StoreKit 1 and
/// StoreKit 2 stores and its Objective-C manager share this list through the main thread's
/// dictionary, so that two of them, each hearing of one transaction, never deliver it twice.
@MainActor
{{access}}enum {{typePrefix}}DeliveryClaims {
    private static let key = {{bundleIDLiteral}} + ".iap.deliveries"
    private static var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    private static var claimed: NSMutableSet {
        #if canImport(Darwin)
            let dictionary = Thread.main.threadDictionary
        #else
            let dictionary = Thread.mainThread.threadDictionary
        #endif
        if let claimed = dictionary[key] as? NSMutableSet { return claimed }
        let claimed = NSMutableSet()
        dictionary[key] = claimed
        return claimed
    }

    /// Claims a transaction for delivery; false when another store is delivering it.
    {{access}}static func claim(_ transactionID: String) -> Bool {
        let id = NSString(string: transactionID)
        guard !claimed.contains(id) else { return false }
        claimed.add(id)
        return true
    }

    {{access}}static func release(_ transactionID: String) {
        claimed.remove(NSString(string: transactionID))
        waiting.removeValue(forKey: transactionID)?.forEach { $0.resume() }
    }

    /// Returns once no store is delivering the transaction.
    {{access}}static func waitForRelease(_ transactionID: String) async {
        guard claimed.contains(NSString(string: transactionID)) else { return }
        await withCheckedContinuation { waiting[transactionID, default: []].append($0) }
    }
}

/// What the StoreKit 1 and StoreKit 2 stores share about the app's life: the notification of a
/// return to the foreground, on which they refresh.
@MainActor
{{access}}enum {{typePrefix}}StoreLifecycle {
    /// Posted when the app returns to the foreground.
    {{access}}static var foregroundNotification: Notification.Name {
        #if canImport(UIKit) && !os(watchOS)
            return UIApplication.willEnterForegroundNotification
        #elseif canImport(AppKit)
            return NSApplication.willBecomeActiveNotification
        #elseif os(watchOS)
            if #available(watchOS 9.0, *) {
                return WKApplication.willEnterForegroundNotification
            }
            return Notification.Name({{bundleIDLiteral}} + ".iap.willEnterForeground")
        #else
            return Notification.Name({{bundleIDLiteral}} + ".iap.willEnterForeground")
        #endif
    }
}

/// Runs a store's refreshes one after another. A refresh asked for while another waits to start
/// joins that one, which will see everything the request would have.
@MainActor
{{access}}final class {{typePrefix}}RefreshQueue {
    private var last: Task<Void, Never>?
    private var lastIsWaiting = false
    private var pending = 0

    {{access}}init() {}

    /// Schedules `refresh` after the refreshes before it, and returns the task that runs it.
    @discardableResult
    {{access}}func schedule(_ refresh: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        if lastIsWaiting, let last { return last }
        let previous = last
        lastIsWaiting = true
        pending += 1
        let task = Task { @MainActor [weak self] in
            await previous?.value
            self?.lastIsWaiting = false
            await refresh()
            self?.pending -= 1
        }
        last = task
        return task
    }

    /// Returns once every refresh scheduled so far has run.
    {{access}}func waitUntilDone() async {
        while pending > 0, let last {
            await last.value
        }
    }
}

/// Wakes a store when the next subscription or pass it knows of ends.
@MainActor
{{access}}final class {{typePrefix}}ExpiryTimer {
    private let clock: any {{typePrefix}}StoreClock
    private let listeners: {{typePrefix}}StoreListeners
    private var date: Date?
    private var task: Task<Void, Never>?

    {{access}}init(clock: any {{typePrefix}}StoreClock, listeners: {{typePrefix}}StoreListeners) {
        self.clock = clock
        self.listeners = listeners
    }

    /// Runs `action` at `date` (nil: never), in place of what was scheduled before.
    {{access}}func schedule(at date: Date?, _ action: @escaping @MainActor () async -> Void) {
        guard date != self.date else { return }
        self.date = date
        guard let date else {
            task = nil
            listeners.setTimer(nil)
            return
        }
        let clock = self.clock
        let timer = Task { @MainActor [weak self] in
            do {
                try await clock.sleep(until: date)
            } catch {
                // Cancelled: by a newer schedule, which has set its own date, or with the app.
                if self?.date == date { self?.date = nil }
                return
            }
            guard let self, self.date == date else { return }
            self.date = nil
            await action()
        }
        task = timer
        listeners.setTimer(timer)
    }

    /// Returns once an end that is due has been dealt with.
    {{access}}func waitIfDue() async {
        guard let date, date <= clock.now, let task else { return }
        await task.value
    }

    {{access}}var isDue: Bool { date.map { $0 <= clock.now } ?? false }
}

/// A store's listening tasks, notification observers and expiry timer, ended together when the
/// store goes away (its deinitialiser cannot reach its main-actor state).
{{access}}final class {{typePrefix}}StoreListeners: @unchecked Sendable {
    private let lock = NSLock()
    private var tasks: [Task<Void, Never>] = []
    private var timer: Task<Void, Never>?
    private var observers: [any NSObjectProtocol] = []
    private var finishers: [UUID: @Sendable () -> Void] = [:]

    {{access}}init() {}

    {{access}}func add(_ task: Task<Void, Never>) {
        lock.lock()
        defer { lock.unlock() }
        tasks.append(task)
    }

    {{access}}func setTimer(_ task: Task<Void, Never>?) {
        lock.lock()
        defer { lock.unlock() }
        timer?.cancel()
        timer = task
    }

    {{access}}func observe(_ name: Notification.Name, _ action: @escaping @Sendable () -> Void) {
        let observer = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { _ in action() }
        lock.lock()
        defer { lock.unlock() }
        observers.append(observer)
    }

    /// Keeps `finish` to call when the store goes away, so that a loop over a stream the store
    /// feeds ends instead of waiting for ever; `key` removes it when the stream ends first.
    {{access}}func finishOnEnd(_ key: UUID, _ finish: @escaping @Sendable () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        finishers[key] = finish
    }

    {{access}}func forgetFinisher(_ key: UUID) {
        lock.lock()
        defer { lock.unlock() }
        finishers[key] = nil
    }

    {{access}}func cancelAll() {
        lock.lock()
        let ending = finishers.values
        finishers.removeAll()
        defer {
            lock.unlock()
            ending.forEach { $0() }
        }
        tasks.forEach { $0.cancel() }
        tasks.removeAll()
        timer?.cancel()
        timer = nil
        observers.forEach { NotificationCenter.default.removeObserver($0) }
        observers.removeAll()
    }
}

"""#,
        "StoreKit2/availability": #"""
{{#storeKit2Availability}}
{{#needsStoreKit2Attribute}}
{{storeKit2AvailabilityAttribute}}
{{/needsStoreKit2Attribute}}
{{/storeKit2Availability}}

"""#,
        "StoreKit2/header": #"""
// {{fileName}}
// Generated by iapkit from {{sourceDescription}}. Do not edit: change the guides and run
// `iapkit generate` again.

"""#,
    ]

    /// The Workbook's troubleshooting chapter by language tag, which `generate` writes beside
    /// the checklist.
    public static let troubleshootingChapters: [String: String] = [
        "en": #"""
# Troubleshooting "No products available"

You ask StoreKit for your products and get back fewer than you asked for, often none at all.
No error is thrown. StoreKit 2's `Product.products(for:)` simply leaves unknown IDs out of the
array, and StoreKit 1 moves them to `invalidProductIdentifiers`. The store cannot tell you *why*
a product is missing, only *that* it is. This chapter helps you find the reason.

## How to reason about it

A product reaches your purchase screen only if every link in a chain holds. Each cause of an
empty store breaks one of these links:

- **App Store Connect side**: the product must exist, be complete, be for sale, and the account
  must be allowed to sell at all.
- **Identifiers**: the product ID in your code and the bundle ID of your build must name exactly
  what App Store Connect holds. This is where App Store Connect meets your project.
- **Project side**: signing, entitlements and, for local testing, the StoreKit configuration
  file attached to the scheme.
- **Code side**: the request must live long enough, its answer must be read completely, and
  transactions must be observed and finished.
- **Device and sandbox side**: the right test account, on the right kind of device, with no
  stale state left over from earlier runs.

Two questions narrow the search quickly. *Are some products missing, or all of them?* A single
missing product points at that product: its ID, its metadata, its availability. An empty list
points at something app-wide: agreements, bundle ID, sandbox account, configuration file. *Does
the product load locally?* If it loads with a StoreKit configuration file but not from the
sandbox, your code is probably fine and the problem is on the App Store Connect or device side.

### Triage in five steps

1. Log the IDs you requested next to the IDs you received (see the snippet below). Write down
   which ones are missing.
2. Run the app in the Simulator with the StoreKit configuration file generated from the
   catalogue. If products are missing here too, look at the code side and the configuration file.
3. Run the app on a device, from a scheme with no StoreKit configuration attached, signed in
   with a sandbox account. If products are missing only here, look at App Store Connect,
   identifiers and the sandbox account.
4. Open App Store Connect and read the status of every missing product.
5. Walk through the checklist below, top to bottom, and tick what you have ruled out.

Naming the missing IDs is the single most useful thing your code can do:

```swift
import StoreKit

/// Loads products and names every requested ID that the App Store left out.
func loadProducts(_ identifiers: Set<String>) async throws -> [Product] {
    let products = try await Product.products(for: identifiers)
    let missing = identifiers.subtracting(products.map(\.id))
    if !missing.isEmpty {
        // StoreKit reports no error for unknown IDs, so say which ones they were.
        print("Not returned by the store: \(missing.sorted().joined(separator: ", "))")
    }
    return products
}
```

The store manager that `iapkit generate` writes does this for you and, in debug builds, points
at this checklist.

## The checklist

Each item links to a section below that explains what goes wrong, how to recognise it and how
to fix it. The words in parentheses say what `iapkit check` can do for you:

- *automatic*: decided from your project files and the catalogue;
- *heuristic*: guessed from source patterns and reported as a warning, because it may be wrong;
- *partly automatic*: the catalogue is checked, the rest is up to you;
- *informational*: reported, but never a failure;
- no marker: someone has to look it up in App Store Connect or try it on a device.

Each section below starts with the id that `iapkit check` prints for it, how the check reaches
its verdict and how much a failure matters, followed by what the tool reads to decide, or why
only a person can.

### App Store Connect checks

- [ ] The Paid Applications agreement, tax and banking are complete and the latest license agreement is accepted ([details](#agreements-not-complete)) {#agreements}
- [ ] No product is in "Missing Metadata": each has a price, a localization and a review screenshot (partly automatic) ([details](#product-stuck-in-missing-metadata)) {#metadata-missing}
- [ ] Every product is cleared for sale in the storefront of the test account (partly automatic) ([details](#product-not-available-in-the-storefront)) {#cleared-for-sale}
- [ ] Products created or changed in the last hour have had time to reach the sandbox ([details](#product-created-too-recently)) {#propagation-delay}
- [ ] The first in-app purchases are attached to an app version for review ([details](#first-purchases-not-submitted-with-a-version)) {#first-submission}
- [ ] Every reference name has 64 characters or fewer (automatic) ([details](#reference-name-too-long)) {#reference-name-length}

### Identifier checks

- [ ] The product IDs in code match App Store Connect exactly, including letter case (automatic) ([details](#product-id-does-not-match)) {#product-id-mismatch}
- [ ] Product IDs use only letters, digits, periods and underscores, at most 100 characters (automatic) ([details](#product-id-uses-invalid-characters)) {#product-id-format}
- [ ] No product ID is defined twice or reuses a deleted product's ID (automatic) ([details](#product-id-defined-twice-or-reused)) {#product-id-duplicate}
- [ ] Every product ID starts with the bundle ID (automatic; a warning, not an error) ([details](#product-id-without-the-bundle-id-prefix)) {#product-id-prefix}
- [ ] Every build configuration uses the bundle ID of the app record in App Store Connect that holds the products (automatic) ([details](#bundle-id-points-at-another-app)) {#bundle-id-mismatch}
- [ ] The app is signed with an explicit App ID, not a wildcard (heuristic) ([details](#wildcard-app-id)) {#explicit-app-id}

### Project checks

- [ ] The In-App Purchase capability is enabled for the App ID (informational) ([details](#in-app-purchase-capability)) {#iap-capability}
- [ ] No Apple Pay or invented IAP key sits in the entitlements file (automatic) ([details](#apple-pay-entitlement-mistaken-for-iap)) {#apple-pay-entitlement}
- [ ] StoreKit is linked, which Swift does automatically (informational) ([details](#storekit-framework-not-linked)) {#storekit-linked}

### Local testing checks

- [ ] The scheme used in the Simulator has a StoreKit configuration file selected (automatic) ([details](#simulator-without-a-storekit-configuration-file)) {#simulator-without-config}
- [ ] The configuration file path in the shared scheme resolves (automatic) ([details](#configuration-file-path-does-not-resolve)) {#storekit-config-path}
- [ ] The configuration file contains every product of the catalogue (automatic) ([details](#products-missing-from-the-configuration-file)) {#storekit-config-missing-ids}
- [ ] The configuration file has the shape Xcode expects (automatic) ([details](#hand-written-configuration-file)) {#storekit-config-schema}
- [ ] Sandbox tests run from a scheme without a StoreKit configuration file (automatic; a warning, not an error) ([details](#configuration-file-hides-the-sandbox)) {#storekit-config-shadows-sandbox}

### Code checks

- [ ] A StoreKit 1 products request is kept alive until its delegate is called (heuristic) ([details](#products-request-released-too-early)) {#request-not-retained}
- [ ] StoreKit 1 delegate callbacks hop to the main thread before touching the UI (heuristic) ([details](#delegate-callbacks-assumed-on-the-main-thread)) {#main-thread-assumed}
- [ ] The code reports every requested ID that the store did not return (heuristic) ([details](#unknown-ids-never-reported)) {#invalid-ids-ignored}
- [ ] The transaction listener starts when the app launches (heuristic) ([details](#transaction-listener-started-too-late)) {#listener-at-launch}
- [ ] Every verified transaction is finished after its content is delivered (heuristic) ([details](#transactions-never-finished)) {#finish-transactions}
- [ ] The app has a visible way to restore purchases (heuristic) ([details](#no-way-to-restore-purchases)) {#restore-button}
- [ ] Purchases started from the App Store are completed by the app (heuristic) ([details](#promoted-purchases-not-handled)) {#promoted-purchases}
- [ ] The app checks whether payments are allowed before it offers them (handled by the generated code) ([details](#payments-disabled-on-the-device)) {#can-make-payments}

### Device and sandbox checks

- [ ] A sandbox account is signed in on the device, in the right storefront ([details](#sandbox-account-problems)) {#sandbox-account}
- [ ] Sandbox purchases are tested on a physical device ([details](#testing-sandbox-purchases-in-the-simulator)) {#device-testing}
- [ ] The app was deleted and installed again to rule out stale state ([details](#stale-app-state)) {#reinstall}
- [ ] StoreKit unit tests run inside a host app with the configuration file in the test bundle ([details](#unit-tests-without-a-host-app)) {#unit-test-host}

## App Store Connect side

### Agreements not complete

`iapkit check` id: `agreements` · manual · error\
No project file records the state of a contract: only the **Business** section of App Store
Connect shows it, and only the Account Holder can change it.

**What goes wrong.** Apple does not let an account sell anything until the Paid Applications
agreement is active and its tax and banking details are approved. This applies to free apps too:
selling in-app purchases is paid business. The agreement also lapses when the developer
membership expires, and StoreKit stops serving products when a newer Apple Developer Program
License Agreement is waiting to be accepted.

**How to tell.** Every product is missing, in every storefront, while App Store Connect looks
fine product by product. App Store Connect shows a banner, and the **Business** section
(formerly **Agreements, Tax, and Banking**) lists the agreement as pending or expired.

**How to fix.** Ask the Account Holder to accept the pending agreements, complete the tax forms
and bank account, and renew the membership if needed. Then wait until the agreement status reads
**Active**; that can take a while after submission.

### Product stuck in Missing Metadata

`iapkit check` id: `metadata-missing` · manual · error\
`iapkit lint` already rejects a catalogue product without a localization, but the review
screenshot and the product's status exist only in App Store Connect, so a person has to look.

**What goes wrong.** A product without a price, without a localization or without a review
screenshot stays in the **Missing Metadata** status, and a product in that status cannot be
relied on to reach the sandbox.

**How to tell.** The product list in App Store Connect shows the status next to each product.
`iapkit lint` rejects catalogue entries without a localization; the screenshot can only be
checked in App Store Connect.

**How to fix.** Fill in whatever is missing until the status reads **Ready to Submit**. The
steps are in [Setting up App Store Connect](app-store-connect.md).

### Product not available in the storefront

`iapkit check` id: `cleared-for-sale` · manual · error\
The catalogue's `clearedForSale` key records what you intend; whether the product is really for
sale in the tester's country or region can only be read in App Store Connect.

**What goes wrong.** The product exists but is not for sale, either removed from sale or not
available in the country or region of the account that is testing.

**How to tell.** The product is missing for one tester but not for another, or it disappeared
after someone edited its availability. In App Store Connect, open the product's
**Availability** section.

**How to fix.** Make the product available in the tester's storefront. Keep `clearedForSale: true`
in the catalogue for everything you intend to sell, so the catalogue and App Store Connect say
the same thing.

### Product created too recently

`iapkit check` id: `propagation-delay` · manual · warning\
How long the sandbox takes depends on Apple's servers, not on your files; the optional `createdAt`
key only reminds you that a product is new.

**What goes wrong.** A new or changed product takes time to reach the sandbox: usually up to an
hour, and older accounts of the problem mention up to a day.

**How to tell.** Everything looks right, and the product was created or edited minutes ago. If
the catalogue records `createdAt` for a product, IAPKit can remind you of the delay.

**How to fix.** Wait, then try again. Do not delete and recreate the product to "refresh" it:
the deleted product ID can never be used again.

### First purchases not submitted with a version

`iapkit check` id: `first-submission` · manual · warning\
Which products are attached to a version is set on the version page in App Store Connect, which no
file in the repository mirrors.

**What goes wrong.** The first in-app purchases of an app must be reviewed together with an app
version. If the version is submitted without them, the reviewer cannot find the purchases, and a
released app may ship with products that were never approved.

**How to tell.** Sandbox testing works, but review is rejected, or the live app shows an empty
store. On the version page in App Store Connect, the in-app purchases section is empty.

**How to fix.** Select the products on the version page before you submit. Later products can
be submitted on their own.

### Reference name too long

`iapkit check` id: `reference-name-length` · automatic · error\
Decided from the catalogue's config blocks: every `referenceName` is measured, and `iapkit lint`
reports the same problem at its line.

**What goes wrong.** App Store Connect limits reference names to 64 characters. A longer name in
the catalogue cannot be entered as written, so the catalogue and App Store Connect drift apart.

**How to tell.** `iapkit lint` reports the length.

**How to fix.** Shorten the name. It is internal only, so brevity costs nothing.

## Identifiers

### Product ID does not match

`iapkit check` id: `product-id-mismatch` · automatic · error\
Follows every literal that reaches a product request (through constants, enums and `#define`s, in
Swift and Objective-C) and fails on an ID in neither the catalogue nor a `.storekit` file, or near
one; pieces joined into an ID at run time are warnings, and so is a bare `"."` joining values only
known at run time (`bundleIdentifier + "." + suffix`); a `+` between two lists of IDs (`tipIDs +
planIDs`, each a literal or made by `allCases` or `map`) joins no ID, and a subscript's key
(`purchasable[kind]`) picks a list without adding its type's cases to it; a `guard let ids = … else
{ … }` takes its value from before the `else`; `static let pro = Self("com.example.pro")` in an
extension of the app's own ID type makes that type from one whole ID, and so does a literal joined only to
empty text (`Shop.prefix + "com.example.pro"` with `static let prefix = ""`). A stored property without a value is
followed to what its type assigns it (`init` setting `productIDs = …`, or an empty one grown by
`productIDs.append("com.example.pro")` in `viewDidLoad`, which also makes one appended ID one ID), and a property list the
code reads by name (`Bundle.main.path(forResource: "Products", ofType: "plist")`) gives its IDs,
checked where the file writes them: the strings of an array, and the keys of a dictionary whose
values are plain (`com.example.pro` → `⭐️`). A list mapped to one member of its elements
(`Edition.all.map(\.productID)`) asks for that member only: of each element's `init(…)`, the
`productID:` argument is followed and the others (a theme, a data file's name) are not. A file
that names one of RevenueCat's own packages (`"$rc_monthly"`) names the app's custom packages
beside it (`"tier.1"`), which are no product IDs, however close to one (`tier1`).

**What goes wrong.** The ID your code requests differs from the one in App Store Connect. The
usual suspects are a typo, a difference in letter case, the bundle ID passed where a product ID
belongs, or an ID glued together at run time from the bundle ID and a suffix, which breaks as soon
as a Debug build uses a different bundle ID.

**How to tell.** The missing IDs logged in step 1 of the triage are close to, but not the same
as, the IDs in App Store Connect. `iapkit check` compares the IDs the code requests with the
catalogue and the `.storekit` files, and points out unknown IDs and near misses such as IDs that
differ only in case or by one or two characters.

**How to fix.** Use the product enum that `iapkit generate` writes instead of string literals,
and build IDs from constants, never from `Bundle.main.bundleIdentifier`.

### Product ID uses invalid characters

`iapkit check` id: `product-id-format` · automatic · error\
Decided from the catalogue's config blocks, with the rules App Store Connect applies; `iapkit
lint` reports each ID at its line.

**What goes wrong.** App Store Connect accepts letters, digits, periods and underscores (current
versions also accept hyphens), and at most 100 characters. An ID outside these rules cannot be
created as written.

**How to tell.** `iapkit lint` reports invalid characters and the length as errors, and a hyphen
as a warning, because older Apple guidance does not allow it.

**How to fix.** Choose a valid ID before the product is created. After that, the ID is fixed.

### Product ID defined twice or reused

`iapkit check` id: `product-id-duplicate` · automatic · error\
Compares the IDs of every config block in the book. IDs of products deleted in App Store Connect
are unknown to any file, so keep deleted IDs noted in the guide.

**What goes wrong.** Two catalogue entries share an ID, or an ID belonged to a product that was
deleted. App Store Connect never accepts a used ID again in the same app.

**How to tell.** `iapkit lint` reports duplicates across all chapters. App Store Connect refuses
to create a product whose ID was used before.

**How to fix.** Give the new product a new ID, for example with a `.v2` suffix, and update the
catalogue.

### Product ID without the bundle ID prefix

`iapkit check` id: `product-id-prefix` · automatic · warning\
Compares each product ID in the catalogue with the `bundleID` of its `app` block; no project file
is needed.

**What goes wrong.** Nothing, strictly speaking: the prefix is a convention. But a product ID that
does not start with the bundle ID is often a sign that it was copied from another app, or that
the app itself is not the one you think it is.

**How to tell.** `iapkit check` warns when an ID does not start with `app.bundleID` followed by
`.`, `_` or `-`. Letter case does not count, as bundle IDs are case-insensitive:
`org.example.app.tip` carries the prefix of `org.example.App`.

**How to fix.** Use the prefix for new products. Existing IDs cannot be renamed, so if an old
product deliberately has no prefix, leave it and treat the warning as a reminder.

### Bundle ID points at another app

`iapkit check` id: `bundle-id-mismatch` · automatic · error\
Resolves `PRODUCT_BUNDLE_IDENTIFIER` as Xcode does (`.xcconfig` files included) for every build
configuration of the app that sells, the one with the catalogue's `bundleID` (not a watch or demo
app), and the `CFBundleIdentifier` in `Info.plist`, written out or built from other settings as
templates before Xcode 7 did (`com.example.${PRODUCT_NAME:rfc1034identifier}`), and compares each
with that ID.

**What goes wrong.** Products belong to exactly one App Store Connect app, identified by its
bundle ID. In-app purchases are never shared between apps. A build with another bundle ID
(usually a Debug build whose ID ends in `.dev` or `.debug`) asks a different app, and that app
sells nothing.

**How to tell.** Every product is missing, but only in some builds. Print
`Bundle.main.bundleIdentifier` at launch. `iapkit check` takes the `PRODUCT_BUNDLE_IDENTIFIER`
of each build configuration from `project.pbxproj`, and `CFBundleIdentifier` from `Info.plist`,
and compares each one with `app.bundleID`.

**How to fix.** Test purchases with the bundle ID of the App Store Connect app. If you need a
separate development app, it needs its own App Store Connect record and its own copy of every
product.

### Wildcard App ID

`iapkit check` id: `explicit-app-id` · heuristic · error\
Warns when a provisioning profile specifier or a bundle ID in `project.pbxproj` names a wildcard
(a `*`, or "Wildcard" in the profile's name), or one profile that signs two bundle IDs, unless
its name is one of them (fastlane match's `match AppStore com.example.app` is that App ID's
profile, given to a second target by mistake). With automatic signing no profile is named and Xcode
registers an explicit App ID itself; for a profile chosen by hand, confirm the App ID in **Signing &
Capabilities**.

**What goes wrong.** An app signed with a wildcard App ID, such as `com.example.*`, cannot use
in-app purchases.

**How to tell.** In Xcode's **Signing & Capabilities**, the provisioning profile is a wildcard
profile. When the project names its profile explicitly, `iapkit check` inspects it and warns.

**How to fix.** Register an explicit App ID for the exact bundle ID, and sign with a profile made
for it. Automatic signing does this when the team and bundle ID are right.

## Project side

### In-App Purchase capability

`iapkit check` id: `iap-capability` · automatic · info\
Looks for the old `com.apple.InAppPurchase` marker in `project.pbxproj` and reports what it finds
for information only; whether the App ID allows purchases is visible only in the developer
account.

**What goes wrong.** The App ID must allow in-app purchases. For explicit App IDs this is normally
on already, but it is worth confirming in the developer account.

**How to tell.** Look at the App ID's capabilities in your developer account, and at
**Signing & Capabilities** in Xcode. Older projects record the capability in `project.pbxproj`
(`SystemCapabilities` with `com.apple.InAppPurchase`); `iapkit check` reports it when present.

**How to fix.** Enable **In-App Purchase** for the App ID and add the capability in Xcode.

> [!WARNING]
> Modern Xcode records nothing in the project file when you add the In-App Purchase capability,
> and there is no entitlements key for it. A project without the old marker is not broken, and
> `iapkit check` never fails a project because the marker is absent.

### Apple Pay entitlement mistaken for IAP

`iapkit check` id: `apple-pay-entitlement` · automatic · error\
Reads every `*.entitlements` file of the project: the invented in-app purchase key fails the
check wherever it is written, and the Apple Pay key earns a warning in a file a target signs with
(`CODE_SIGN_ENTITLEMENTS`) unless the code takes Apple Pay (`PKPaymentRequest`); a left-over file
no target names grants nothing.

**What goes wrong.** Someone adds an entitlement to "turn on" in-app purchases. There is no such
entitlement. The key that looks right, `com.apple.developer.in-app-payments`, belongs to Apple
Pay, and `com.apple.developer.in-app-purchase` (or `…in-app-purchases`) does not exist. Either one
can break signing, and
neither enables anything for StoreKit.

**How to tell.** Open the target's `.entitlements` file. `iapkit check` reports both keys.

**How to fix.** Remove the key unless the app really uses Apple Pay.

> [!CAUTION]
> The entitlement `com.apple.developer.in-app-payments` belongs to Apple Pay: it lists merchant IDs. It is needed for
> selling physical goods with Apple Pay, and it has nothing to do with In-App Purchases.

### StoreKit framework not linked

`iapkit check` id: `storekit-linked` · automatic · info\
Reads the link phases in `project.pbxproj` and notes a target that links `StoreKit.framework` by
hand, for information only.

**What goes wrong.** Very old projects had to add `StoreKit.framework` to the target's linked
libraries by hand. With Swift, or Objective-C with modules enabled, `import StoreKit` links it
automatically.

**How to tell.** A missing framework causes a link error at build time ("undefined symbols" for
`SKPaymentQueue` or `Product`), never an empty store at run time. `iapkit check` notes how the
framework is linked, for information only.

**How to fix.** Import StoreKit in the files that use it. Add the framework to
**Link Binary With Libraries** only if modules are turned off.

## Local testing with a StoreKit configuration file

A StoreKit configuration file (`.storekit`) lets Xcode play the App Store locally, without
App Store Connect or a network. `iapkit generate` writes one from the catalogue. It is selected
per scheme, under **Run** › **Options** › **StoreKit Configuration**.

### Simulator without a StoreKit configuration file

`iapkit check` id: `simulator-without-config` · automatic · warning\
Reads the shared schemes (`*.xcscheme` under `xcshareddata`) and warns when none of those that run
the app selects a StoreKit configuration file. An app that builds for macOS only gets an info
instead: a Mac has no Simulator, and a run from Xcode buys in the sandbox.

**What goes wrong.** In the Simulator, purchases need a StoreKit configuration file. Without
one, product requests and purchases fail.

**How to tell.** The scheme's **StoreKit Configuration** option is **None**. `iapkit check` looks
for the configuration reference in the scheme.

**How to fix.** Select the generated `.storekit` file in the scheme you run in the Simulator.

### Configuration file path does not resolve

`iapkit check` id: `storekit-config-path` · automatic · error\
Resolves the configuration file of every scheme, shared or personal (`xcuserdata`), from the
workspace the scheme belongs to, as Xcode does (for a project's scheme also from a workspace
beside the project, such as CocoaPods', which the team may open it through), and warns when only a
personal scheme has one. A file named in an attribute of the Run action
(`storeKitConfigurationFile = "…"`, as some tools write it) instead of in the
`StoreKitConfigurationFileReference` element is not read by Xcode, so it fails too.

**What goes wrong.** A scheme stores the configuration file as a relative path. After the file or
the project is moved or renamed, the path points nowhere. Another variant: the file is selected
only in a personal scheme under `xcuserdata`, so teammates and CI run without it.

**How to tell.** The scheme editor shows no file, or a file name in red. `iapkit check` resolves
the path in every shared scheme and reports references that only user schemes contain.

**How to fix.** Select the file again in the scheme editor, and make the scheme shared
(**Manage Schemes** › **Shared**) so that it is committed with the project.

### Products missing from the configuration file

`iapkit check` id: `storekit-config-missing-ids` · automatic · error\
Reads the `.storekit` files that the schemes select, together, and lists the catalogue's
products that none of their products, subscription groups or non-renewing subscriptions
contains.

**What goes wrong.** Local testing serves only the products listed in the configuration file.
A product added to App Store Connect, or to the catalogue, is invisible locally until the file
lists it too.

**How to tell.** A product is missing only when the configuration file is active. `iapkit check`
compares the file's products, subscription groups and non-renewing subscriptions with the
catalogue.

**How to fix.** Run `iapkit generate` again after every catalogue change, so the file follows the
catalogue.

### Hand-written configuration file

`iapkit check` id: `storekit-config-schema` · automatic · error\
Reads every `.storekit` file in the project and compares its keys, their letter case, the product
type names and the `version` with what Xcode writes; a file no scheme selects only warns.

**What goes wrong.** Xcode has no published schema for `.storekit` files. A file written or edited
by hand easily gets a key in the wrong case (`productId` instead of `productID`), an invented type
name (`AutoRenewableSubscription`), a key one or two letters off (`familySharable`), subscriptions
listed under `products` instead of inside a subscription group, or no `version`. Xcode may then
ignore parts of it.

**How to tell.** `iapkit check` validates the file against the shape that Xcode itself writes.

**How to fix.** Let Xcode or `iapkit generate` write the file, and edit it in Xcode's editor.

### Configuration file hides the sandbox

`iapkit check` id: `storekit-config-shadows-sandbox` · automatic · warning\
Reads the shared schemes that run the app (not a widget run in SpringBoard, also the kind Xcode
makes for a widget extension, which names the app but sets `_XCWidgetKind`, nor an extension's
scheme that asks at each run which app to start) and warns only when
every one keeps a configuration file selected, so nobody can run against the sandbox without
editing a scheme. A second shared scheme without a file, kept for sandbox runs, settles it, when it
runs the same app: a Mac app's scheme beside the iOS app's does not let the iOS app be tried
against the sandbox (a scheme that names no target could run either).

**What goes wrong.** A configuration file attached to the shared scheme is used for every run from
Xcode, on devices too. You believe you are testing the sandbox against App Store Connect, but you
are testing the local file. Changes made in App Store Connect never show up, and problems there
stay hidden until TestFlight.

**How to tell.** The purchase sheet names its environment: **Xcode** for the local file,
**Sandbox** for App Store Connect. `iapkit check` warns when a shared scheme keeps a file attached.

**How to fix.** Keep two schemes: one with the configuration file for local work, one without it
for sandbox testing.

> [!TIP]
> Name the schemes after what they test, for example "Stride (local store)" and
> "Stride (sandbox)", so nobody has to open the scheme editor to know which one they are running.

## Code side

The three StoreKit 1 problems below share one fix, shown here in the Swift 5 language mode that
most StoreKit 1 code still uses: keep the request, read its invalid IDs, and hand the result to
the main thread.

```swift
import StoreKit

final class LegacyProductLoader: NSObject, SKProductsRequestDelegate {
    // Holds the request until StoreKit answers; a local variable would let it go too early.
    private var pendingRequest: SKProductsRequest?
    private let completion: ([SKProduct]) -> Void

    init(completion: @escaping ([SKProduct]) -> Void) {
        self.completion = completion
    }

    func load(_ identifiers: Set<String>) {
        let request = SKProductsRequest(productIdentifiers: identifiers)
        request.delegate = self
        pendingRequest = request
        request.start()
    }

    func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
        let unknown = response.invalidProductIdentifiers
        let products = response.products
        // The delegate may be called on any thread; UI work belongs on the main one.
        DispatchQueue.main.async {
            if !unknown.isEmpty {
                print("Unknown product IDs: \(unknown.sorted().joined(separator: ", "))")
            }
            self.pendingRequest = nil
            self.completion(products)
        }
    }

    func request(_ request: SKRequest, didFailWithError error: Error) {
        DispatchQueue.main.async {
            print("Products request failed: \(error.localizedDescription)")
            self.pendingRequest = nil
            self.completion([])
        }
    }
}
```

### Products request released too early

`iapkit check` id: `request-not-retained` · heuristic · warning\
Scans the Swift and Objective-C sources for an `SKProductsRequest` that only a local (or nothing)
holds, never stored in a property or a collection (in Objective-C without ARC, a request created
with `autorelease` is not kept either); a pattern, not proof, so it only warns.

**What goes wrong.** In StoreKit 1, an `SKProductsRequest` created in a local variable can be
released as soon as the method returns. Its delegate is a weak reference, so nothing else keeps it
alive, and no callback ever arrives.

**How to tell.** Neither `productsRequest(_:didReceive:)` nor `request(_:didFailWithError:)` is
called; the loading indicator spins forever. `iapkit check` warns about requests that are only
stored in local variables.

**How to fix.** Keep the request in a property until the delegate has been called, as
`pendingRequest` does above.

### Delegate callbacks assumed on the main thread

`iapkit check` id: `main-thread-assumed` · heuristic · warning\
Reads the StoreKit 1 delegate and observer methods (by signature) and warns when one touches UIKit
or AppKit, or sets a `@Published` property of its own type when that type is an `ObservableObject`, in its body without hopping to the
main thread or the main actor; a notification it posts counts as well when the observer's method
(a selector, a block, or a method given by name, `queue: nil, using: showFailure`) touches the
interface, since `NotificationCenter` delivers it on the posting thread (a notification named by
the bought product's ID, `post(name: .init(transaction.payment.productIdentifier), …)`, reaches
the observers registered under the products' IDs); a call with no receiver
reaches a method inherited from an extension of the superclass or of a protocol
(`extension UIViewController { func showAlert(…) }`) when one type alone has it. A call of the
project's own helper whose name says it runs on the main queue or thread (`runOnMainThread { }`)
counts as a hop, and a library's type method named like an interface call
(`SVProgressHUD.dismiss()`) is not a touch. A completion handler the delegate calls counts too
when a screen handed it in and its block touches the interface without a hop of its own (a
`requestProducts { … tableView.reloadData() }` call, or a closure another type assigns to a
property the delegate calls, `observer.onPurchase = { … }`), and so does the project's own view class,
known by its superclass (`ActivityIndicator : UIView`), or an `@IBOutlet` of the screen (unless
what is called on it is the project's own method that hops first, `buyButton.enable()` with
`DispatchQueue.main.async` inside). What the
callback runs is followed four steps deep: its own type's methods, free functions (of overloads,
the first the call's labels fit; a helper that posts the notification whose name it is handed), and a method that only one class of the project
defines (a protocol's requirement aside, so `delegate?.didPurchase()` reaches the one screen that
implements it), called with that method's labels, or one of the type a chain starts at
(`Settings.shared.disableAds()`), and the `didSet` of a property it sets (`offerView.price = …`
whose `didSet` retitles a button). SwiftyStoreKit, whether copied into the sources, kept in `Pods`
or added as a package, calls the completions of `purchaseProduct`, `restorePurchases` and
`completeTransactions` from its observer, so those completions are judged the same way, and so are
the closures callers hand to a wrapper that passes the answer on (`completion(true)` inside the
completion), unless the wrapper has hopped first (`DispatchQueue.main.async { completion(true) }`).
A hop handed a block covers what is in the block: a callback that hops only to show a failure's
alert (`dispatch_async(dispatch_get_main_queue(), ^{ … })`) and then tells its listeners, which
update a table (any message to the screen's `self.tableView` is one to a view), still touches the
interface off the main thread. Methods of an Objective-C
category (`@implementation Store (Purchases)`) are read like those of the class.

**What goes wrong.** StoreKit 1 does not promise to call its delegates on the main thread. Code
that reloads a table view or sets a published property straight from the callback may do nothing
visible, or crash, and an empty list is easily mistaken for missing products.

**How to tell.** The products arrive in a breakpoint or a log, but the screen stays empty.
Xcode's Main Thread Checker may report UI calls from a background thread. `iapkit check` warns
when delegate methods touch UI without moving to the main thread.

**How to fix.** Dispatch to the main queue, or to the main actor, before updating any state the
UI reads.

### Unknown IDs never reported

`iapkit check` id: `invalid-ids-ignored` · heuristic · warning\
Scans the sources: StoreKit 1 (or SwiftyStoreKit) code that never reads the invalid IDs (a
response handler that looks for each requested product and reports the missing ones, with a
message such as "not found", "no products found" or "product not available", counts as reading them, but not one about a request gone missing),
and StoreKit 2 look-ups, a `StoreView(ids:)` or `SubscriptionStoreView(productIDs:)` given the IDs
among them, of which none ever compares requested and returned IDs (beside RevenueCat, a StoreKit
service of the app's own that nothing calls looks nothing up). Looking a requested ID up among the returned products
(`products.first(where: { $0.id == proID })`) in the function that asks is a comparison, and so
is an empty answer to a request for one ID (`isEmpty`, or `guard let product = products.first`
whose `else` reports, also where the kept answer is bought: `guard let product =
store.products.first else { tell the user }`; for StoreKit 1, a handler keeping the product whose
identifier matches, by `==` or by a `switch` on it, or keeping the count, `NSUInteger count =
[response.products count]` or `var count : Int = response.products.count`, and reporting in the `else` or `else if` of `if (count > 0)`). One ID
is `[proID]` (also cast, `NSSet(object: proID) as! Set<NSString>`), `[NSSet setWithObject:proID]`, `[NSSet setWithArray:@[proID]]`, or a constant
declared as a one-element collection (`let proIDs: Set<String> = ["com.example.pro"]`, asked for as
`Array(proIDs)`, or `Set([proID])`, also written `Set(arrayLiteral: proID)`, a local
`let ids = Set([proID])`, a type's constant `StoreConfig.productIDs`, or the cases of a one-case
enum, `Set(Unlock.allCases.map(\.rawValue))`), not a set grown from `[NSSet set]`; for StoreKit 1, an answer kept
in a property (`products = response.products`) and unwrapped with a message where the product is
bought (`guard let upgrade = products?.first else { showFailure() }`), or the one product kept
(`self.product = [response.products objectAtIndex:0]`) and reported when nil (`if
(!self.product) { … }`), is the same check (a handler that hands the missing product on as `nil`,
`completion?(nil)`, reports it only if the closures the callers hand in say something when they
get `nil`, not `guard let product = $0 else { return }`); keeping the one product (`product = products.first`) and unwrapping it with a
message (`guard let product else { purchaseError = "…" }`) is the same check. For StoreKit 1, a
handler that compares how many products came with how many it asked for and reports the
shortfall (`guard response.products.count == expected else { … }`) notices a missing ID too. A
`productsRequest(_:didReceive:)` left beside SwiftyStoreKit's look-up, with no request of its
own, is no request. A function that returns what it asked for, or hands it to a completion, leaves the look-up to the
caller that keeps the result (`let products = await store.load()`, then `if product.id ==
proID`; or hands in one ID, `store.load(for: [proID])`, and reports when `found.first` is nil)
or to the closure it hands in; a loop over the requested entries that says which one is
missing from the answer (`if map[plan] == nil { print(…) }`) compares them too, and so does a
function of the project handed the answer (`try pro.resolve(from: products)`) that looks its own
ID up in it and tells someone in the `else`. An app whose StoreKit 1 requests ask for one ID in
all (the one ID seen to reach them, or else the guides' only product) names it when any screen
it hands the list to shows something for an empty list (`if model.products.isEmpty { show the
"no product" state }`). Invalid IDs copied
into a property nothing reads are not read, and `products.filter({ $0.productIdentifier == id
}).first` is a look-up like `first(where:)`, whose `else { return "" }` tells nobody;
elsewhere, such a look-up counts when its `else`
reports the missing product (a view's `body` that only shows the products it finds is no
look-up its callers could report); a look-up function kept beside the loaded products (`func
product(for id: String) -> Product? { products.first { $0.id == id } }`) counts when a caller
unwraps it and reports (`guard let product = shop.product(for: id) else { tell the user }`). An
`if let product = products.first { …; return }` followed by a
message is the same check, but a hard-coded price returned in the product's place
(`return "$2.99"`) tells nobody, nor does a loop over the missing IDs that only discards them
(`_ = id`); a reader of the invalid IDs that nothing calls reads nothing. For StoreKit 1, a
screen handed the products (through a delegate, say) that looks the wanted ID up, `if let product
= products.first(where: { $0.productIdentifier == productID })`, and tells someone in the `else`,
names the missing product as the handler would; a look-up of what a transaction bought
(`== transaction.payment.productIdentifier`) does not. An app that requests nothing and pays from a bare ID
(`SKMutablePayment` with `productIdentifier` set) names no unknown ID either.

**What goes wrong.** The code reads only the products that came back and never looks at the ones
that did not. StoreKit 1 lists them in `invalidProductIdentifiers`; StoreKit 2 says nothing at all.

**How to tell.** Search for `invalidProductIdentifiers`, or for a comparison between requested and
returned IDs. If there is none, every other cause in this chapter stays invisible. `iapkit check`
warns when it finds neither.

**How to fix.** Compare requested and returned IDs and name each missing one, as in the triage
snippet and the loader above.

### Transaction listener started too late

`iapkit check` id: `listener-at-launch` · heuristic · warning\
Finds where the sources read `Transaction.updates` or add a payment queue observer, and follows
what launch reaches (the `@main` type, the root view's `.task` and `.onAppear`,
`application(_:didFinishLaunchingWithOptions:)`, the first screen of the main storyboard)
through initialisers and their default arguments, properties (a lazy one, `lazy var store: Store =
.init()`, is made where it is first read, `self.store` included), calls, singletons and protocols (a
call through a protocol reaches the types that adopt it, also down a chain such as
`Container.shared.purchases.startListening()`; a static property read inside its own type, as
in `class func getInstance() -> Service { return instance }`, is made where it is first read, and
an Objective-C global declared `extern Controller *AppController;` receives `[AppController
setUp]` as that class; what follows a `return YES;` in an Objective-C body never runs), and the life-cycle methods of the
controllers and SpriteKit scenes it makes (`viewDidLoad`, `didMove(to:)`; a function declared
inside such a method, `func removeAds() { buy() }`, runs only where the method calls it); it names the path, or the screen that starts the listener too late.
An implicit member takes its type from the declaration (`@State var purchases: PurchaseService =
.shared`); a `typealias StoreTransaction = StoreKit.Transaction` reads the same `updates`; a
`.init(color:location:)` inside a view builds a SwiftUI value and runs none of the
project's initialisers. `.onAppear(perform: launcher.start)` runs the method of the property's
type at launch, as a closure would. A computed view of the root view's own type (`var body: some View {
content }`) is part of its body; a macOS `Settings { }` scene opens from the app menu, so what it
shows is not launch, and neither does a method named as a menu item's or a button's action
(`#selector(showSettings(_:))`), unless the selector is performed (`perform(#selector(setUp))`)
or observes the launch notification. Source cannot show
every path, so confirm it with an Ask to Buy test after a relaunch.

**What goes wrong.** Some transactions reach the app without the user tapping anything in it:
an Ask to Buy request approved by a parent, a purchase interrupted and completed later, a
subscription renewed, a purchase made on another device or in the App Store. If the app starts
listening only when the store screen opens, these arrive while nobody listens, and the customer
has paid for something the app never unlocks.

**How to tell.** The listener for `Transaction.updates`, or the StoreKit 1 transaction observer,
is created in a view or a view controller instead of at launch. `iapkit check` warns when nothing
that launch reaches starts it, and names the screen that does.

**How to fix.** Start listening as the app launches and keep the listener for the app's whole
lifetime:

```swift
import StoreKit

@MainActor
final class TransactionListener {
    private var task: Task<Void, Never>?

    /// Start this from the app's entry point, so no transaction arrives unobserved.
    init(deliver: @escaping @MainActor (StoreKit.Transaction) async -> Void) {
        task = Task {
            for await update in StoreKit.Transaction.updates {
                // Grant only what the App Store has signed.
                guard case .verified(let transaction) = update else { continue }
                await deliver(transaction)
                await transaction.finish()
            }
        }
    }
}
```

> [!NOTE]
> SwiftUI has a `Transaction` type of its own. In files that import both SwiftUI and StoreKit,
> write `StoreKit.Transaction` to avoid an ambiguous name.

### Transactions never finished

`iapkit check` id: `finish-transactions` · heuristic · warning\
Looks for a call of `finish()` or `finishTransaction(_:)` (or SwiftyStoreKit finishing them), and
in a StoreKit 1 observer's switch, for one in the branch that gets `.failed` (Swift 1 and 2
wrote `.Failed`) and, in an app that
calls `restoreCompletedTransactions()` from code that runs (a `restore()` nothing calls brings no
restored transaction), in the one that gets `.restored` (a finish after the switch,
in the block that holds it, serves every branch that does not return first); not every path. In any state's branch, a
`guard … else { return }` (or `break`, `continue`) above the finish whose `else` finishes nothing
leaves the transaction in the queue whenever the condition fails, as it does at every launch when
it waits for a product a screen loads. A
`Transaction.updates` loop in a function nothing calls is not judged here: it never runs, and
`listener-at-launch` reports that nothing listens. A running loop must finish what it gets, itself
or through the methods it calls, told apart by their labels when several share a name
(`handle(updatedTransaction:)` is not the purchase's `handle(transaction:)`). A loop that throws
the update away, `for await _ in Transaction.updates`, has nothing to finish it with: only a loop
over `Transaction.unfinished` that finishes, itself or in a method it calls, outside any `if` or
`guard`, finishes what arrived (one that runs only when nothing is owned leaves renewals
unfinished). A chain
of `if state == .purchased { } else if state == .failed { }` with no branch and no `else` for a
state leaves that state's transactions unfinished, unless the observer finishes after it; a finish
after the chain serves every branch that neither leaves first nor clears the flag the finish waits
on (`var settle = true`, set to `false` for the states that stay in the queue, then `if settle {
queue.finishTransaction(transaction) }`); a `guard let handler = onPurchase else { continue }`
never leaves when a function that adds the observer to the payment queue assigns the handler
before the `add(`, as launch code does, but does when only a screen installs it later; a
branch that collects its transactions (`restored.append(transaction)`) is served by the method
the observer hands the collection to after the loop (`handleRestored(restored)`) when that method
finishes them, and restored transactions left alone as they arrive are finished by a
`paymentQueueRestoreCompletedTransactionsFinished(_:)` that walks `queue.transactions` and
finishes the restored ones. StoreKit hands every transaction to every observer, so a second observer that
only shows progress needs no finish of its own when another finishes that state. An
observer that implements `paymentQueue(_:removedTransactions:)` but not
`paymentQueue(_:updatedTransactions:)` finishes nothing: StoreKit hands new transactions only to
the latter.

**What goes wrong.** A transaction stays in the queue until the app finishes it. StoreKit delivers
unfinished transactions again at every launch, and a consumable cannot be bought again while its
previous purchase is unfinished.

**How to tell.** The same transaction shows up at every launch, or buying a consumable a second
time fails. `iapkit check` warns when it cannot find `finish()` or `finishTransaction(_:)`.

**How to fix.** Finish every verified transaction once its content is delivered and saved, as
the listener above does. In StoreKit 1, finish failed and restored transactions as well.

### No way to restore purchases

`iapkit check` id: `restore-button` · heuristic · warning\
Scans the sources for `AppStore.sync()`, `restoreCompletedTransactions()`, a receipt refresh
(`SKReceiptRefreshRequest`, `InAppReceipt.refresh`) or a StoreKit view that shows its own button
(`.storeButton(.visible, for: .restorePurchases)`); a catalogue of consumables needs none. A
Swift method that nothing calls (its name is written nowhere else, and it is no action, override
or delegate method) restores nothing, and neither does a restore action that only re-reads
`Transaction.currentEntitlements`: that answers from the device and asks the App Store nothing.
An `AppStore.sync()` in a type of the project's own that nothing makes or names, such as a file of
sample calls, restores nothing either.
A `restoreCompletedTransactions()` called from the observer's own
`paymentQueue(_:updatedTransactions:)` runs after a purchase, not when the customer asks, so it is
no way to restore. Whether a customer finds the button is for a person to judge.

**What goes wrong.** App Review expects apps that sell non-consumables or subscriptions to offer
a way to restore them, for example after a reinstall or on a new device. Apps without one are
rejected.

**How to tell.** There is no call to `AppStore.sync()` (StoreKit 2) or
`restoreCompletedTransactions()` (StoreKit 1). `iapkit check` warns when it finds neither.

**How to fix.** Add a visible **Restore Purchases** button. In StoreKit 2, entitlements normally
stay up to date on their own, so call `AppStore.sync()` only when the customer asks: it may prompt
them to sign in.

```swift
Button("Restore Purchases") {
    Task {
        do {
            try await AppStore.sync()
        } catch {
            restoreFailed = true   // show a short message instead of failing silently
        }
    }
}
```

### Promoted purchases not handled

`iapkit check` id: `promoted-purchases` · heuristic · warning\
Runs only when the catalogue marks a product `promoted: true`, and then scans the Swift files for
`PurchaseIntent` or `shouldAddStorePayment` (SwiftyStoreKit's `shouldAddStorePaymentHandler`
counts).

**What goes wrong.** A promoted product can be bought straight from the App Store page. The App
Store then opens the app to complete the purchase. If the app does not handle that hand-over,
nothing happens and the sale is lost.

**How to tell.** The catalogue marks a product `promoted: true`, but the code has no
`PurchaseIntent.intents` loop (StoreKit 2, iOS 16.4 and later) and no
`paymentQueue(_:shouldAddStorePayment:for:)` method (StoreKit 1). `iapkit check` warns only when
the catalogue declares promoted products.

**How to fix.** Listen for purchase intents and pass them to the normal purchase flow:

```swift
if #available(iOS 16.4, macOS 14.4, *) {
    Task {
        for await intent in PurchaseIntent.intents {
            await store.purchase(intent.product)
        }
    }
}
```

### Payments disabled on the device

`iapkit check` id: `can-make-payments` · automatic · warning\
The code that `iapkit generate` writes checks `canMakePayments` before every purchase. In a
project, the check warns when the code sells but never asks `canMakePayments` (or only in a wrapper
nothing calls, even through one-line wrappers of the wrapper, or asked as a message,
`if ([helper canMakePurchases]) { buy }` with no `else`, while `if (![[Shop shared] canMakePurchases]) {
show an alert; return; }` refuses in its first block, or only to log a refusal or do nothing, as in `if … canMakePayments() { buy } else
{ print(…) }`, other conditions joined with `&&` or `,` included, or inside the Buy action
itself (`- (IBAction)buy:`) with no `else` before it goes on to start the purchase, or a Restore action that restores only `if … canMakePayments()`, with no `else`, the project's own logging macros included (`#define DLog(...) NSLog(…)`), or only
to write the answer into a text, `"Can pay: \(AppStore.canMakePayments)"` on a debug screen, or to hand the refusal to a completion, `else { onComplete(false) }`, or to a
closure property, `purchaseStatusBlock?(.disabled)`, that every caller's closure ignores (one
that looks only for `.purchased` ignores `.disabled`); showing the buy button only when payments are allowed is fine) nor explains `paymentNotAllowed` (StoreKit 1) or `purchaseNotAllowed` (StoreKit
2) in a branch that does more than log (a `case .paymentNotAllowed: return "Payment not allowed"`
that hands an alert its message counts; an app that sells only through StoreKit's views,
`StoreView`, `ProductView` or `SubscriptionStoreView`, without an `onInAppPurchaseCompletion` of
its own, lets them show StoreKit's alert, and so does RevenueCatUI's `PaywallView` for an app with
no purchase call or `onPurchaseFailure` of its own, a StoreKit service nothing calls beside it
buying nothing; a wrapper read only as `guard store.isAllowed else {
return }` refuses in silence too, while `if store.isAllowed { show the purchase section }` is
fine; an error enum of the app's own with a case of that name
explains nothing by describing itself: some code must produce the case); test your screens with purchases turned off.

**What goes wrong.** Screen Time and device management can forbid in-app purchases. Products may
still load, but every purchase fails, and a buy button that does nothing looks like a bug.

**How to tell.** `AppStore.canMakePayments` (StoreKit 2) or `SKPaymentQueue.canMakePayments()`
(StoreKit 1) returns `false`. The generated store manager checks it for you.

**How to fix.** Check before offering purchases, and explain the situation instead of showing a
button that cannot work:

```swift
if AppStore.canMakePayments {
    showPurchaseOptions()
} else {
    showNotice("Purchases are turned off on this device, for example in Screen Time.")
}
```

## Device and sandbox side

### Sandbox account problems

`iapkit check` id: `sandbox-account` · manual · warning\
The signed-in sandbox account and its storefront live in the device's settings, which no project
file records.

**What goes wrong.** Sandbox purchases need a sandbox test account, created in App Store Connect
under **Users and Access**. A real Apple Account cannot buy in the sandbox. The account's country
or region decides the storefront, so a product sold only elsewhere is missing. Now and then a
sandbox account simply stops answering.

**How to tell.** The purchase sheet asks for a password you do not recognise, names the wrong
account, or never appears. On the device, look at the sandbox account in **Settings** (under
**Developer** on recent iOS versions, under **App Store** on older ones).

**How to fix.** Sign in with the sandbox account only in that sandbox section, never in the main
App Store sign-in. Choose a tester whose region sells your products. If requests hang for no
clear reason, create a fresh tester and sign in with it.

### Testing sandbox purchases in the Simulator

`iapkit check` id: `device-testing` · manual · warning\
Where a test ran is a fact about your session, not about the project, so only the person testing
can confirm it.

**What goes wrong.** The Simulator is not a reliable place for sandbox purchases; it is meant for
local testing with a StoreKit configuration file.

**How to tell.** Products load on a device but not in the Simulator, or the other way round.

**How to fix.** Test against the sandbox on an iPhone, iPad or Mac, and use the Simulator with the
generated configuration file.

### Stale app state

`iapkit check` id: `reinstall` · manual · info\
Leftover state sits on a particular device or in its Keychain, out of reach of any file in the
repository.

**What goes wrong.** An app that has been installed for a long time carries state from earlier
experiments: old transactions, cached products, entitlements saved by a previous build.

**How to tell.** The problem survives every fix you make, or appears only on one device.

**How to fix.** Delete the app and install it again. For local testing, also clear the test
transactions in Xcode (**Debug** › **StoreKit** › **Manage Transactions**).

> [!NOTE]
> Keychain items survive deleting the app on iOS. If the catalogue stores entitlements in the
> Keychain (`entitlementStore: keychain`), a reinstall does not reset them; remove them in a debug
> menu or test with a fresh sandbox account.

### Unit tests without a host app

`iapkit check` id: `unit-test-host` · manual · warning\
Whether StoreKit tests run with a host app and find their configuration file shows only when the
tests run; run them once after any change to the test target.

**What goes wrong.** Tests that use `SKTestSession` run StoreKit against a configuration file.
They need a host application, and the `.storekit` file must be part of the test bundle.
Otherwise the session cannot start, or it serves no products.

**How to tell.** Creating the test session throws, or every product request in the tests comes
back empty, while the app itself works.

**How to fix.** Set the test target's **Host Application** to the app, and add the `.storekit`
file to the test target's resources.

"""#,
        "zh-Hans": #"""
# 排查「No products available」

你向 StoreKit 请求产品，得到的却比请求的少，常常一个也没有。而且不会抛出任何错误：StoreKit 2 的 `Product.products(for:)` 只是把不认识的 ID 从数组中略去，StoreKit 1 则把它们放进 `invalidProductIdentifiers`。商店无法告诉你产品*为什么*缺失，只能告诉你它*缺失了*。本章帮你找出原因。

## 排查思路

一个产品要出现在你的购买界面上，整条链路上的每一环都必须成立。导致商店为空的每一种原因，都会打断其中一环：

- **App Store Connect 方面**：产品必须存在、信息完整、可供销售，账户本身也必须被允许销售。
- **标识符**：代码中的产品 ID 和构建版本的 Bundle ID，必须与 App Store Connect 中的记录完全一致。这是 App Store Connect 与你的项目相交的地方。
- **项目方面**：签名、entitlements，以及本地测试时挂在 scheme 上的 StoreKit 配置文件。
- **代码方面**：请求必须存活足够长的时间，它的应答必须被完整读取，交易必须被监听并被结束（finish）。
- **设备与沙盒方面**：正确的测试账户，正确类型的设备，并且没有以前运行留下的陈旧状态。

有两个问题能快速缩小搜索范围。*是缺了部分产品，还是全部都缺？* 只缺一个产品，问题就出在这个产品上：它的 ID、元数据或销售范围。列表为空，则说明是 App 层面的问题：协议、Bundle ID、沙盒账户、配置文件。*产品在本地能加载吗？* 如果使用 StoreKit 配置文件时能加载，从沙盒却加载不到，那么你的代码多半没问题，问题出在 App Store Connect 或设备方面。

### 五步初步排查

1. 把请求的 ID 和收到的 ID 并排记录到日志中（见下面的代码片段），记下缺少了哪些。
2. 在模拟器中运行 App，使用从商品目录生成的 StoreKit 配置文件。如果这里也缺少产品，就检查代码方面和配置文件。
3. 在设备上运行 App，使用一个没有挂 StoreKit 配置文件的 scheme，并登录沙盒账户。如果只有这里缺少产品，就检查 App Store Connect、标识符和沙盒账户。
4. 打开 App Store Connect，查看每个缺失产品的状态。
5. 从上到下逐项过一遍下面的检查清单，把已经排除的项勾掉。

点名列出缺失的 ID，是你的代码能做的最有用的一件事：

```swift
import StoreKit

/// Loads products and names every requested ID that the App Store left out.
func loadProducts(_ identifiers: Set<String>) async throws -> [Product] {
    let products = try await Product.products(for: identifiers)
    let missing = identifiers.subtracting(products.map(\.id))
    if !missing.isEmpty {
        // StoreKit reports no error for unknown IDs, so say which ones they were.
        print("Not returned by the store: \(missing.sorted().joined(separator: ", "))")
    }
    return products
}
```

`iapkit generate` 生成的商店管理器会替你做这件事，并在调试构建中指向这份检查清单。

## 检查清单

每个条目都链接到下文的一个小节，说明哪里出了问题、如何识别以及如何修复。括号中的文字说明 `iapkit check` 能帮你做什么：

- *自动*：根据你的项目文件和商品目录作出判定；
- *启发式*：根据源代码模式推测，以警告形式报告，因为可能判断错误；
- *部分自动*：商品目录会被检查，其余部分需要你自己确认；
- *仅供参考*：会报告，但从不算作失败；
- 无标记：需要有人到 App Store Connect 中查看，或在设备上试一试。

下文每个小节开头依次给出：`iapkit check` 为它打印的 id、检查如何得出结论（自动 automatic、启发式 heuristic、人工 manual），以及失败的严重程度（错误 error、警告 warning、信息 info）；接着说明工具依据什么作出判断，或者为什么只能由人来确认。

### App Store Connect 检查项

- [ ] 「付费 App 协议」（Paid Applications agreement）、税务和银行业务信息均已填写完整，且已接受最新的许可协议（[详情](#协议未完成)） {#agreements}
- [ ] 没有产品处于「元数据丢失」状态：每个产品都有价格、本地化内容和审核截图（部分自动）（[详情](#产品停留在元数据丢失状态)） {#metadata-missing}
- [ ] 每个产品都已在测试账户所在的店面上架销售（部分自动）（[详情](#产品在该店面不可售)） {#cleared-for-sale}
- [ ] 最近一小时内创建或修改的产品已有足够时间同步到沙盒（[详情](#产品刚创建不久)） {#propagation-delay}
- [ ] 首批 App 内购买项目已添加到一个 App 版本中送审（[详情](#首批购买项目未随版本提交)） {#first-submission}
- [ ] 每个参考名称都不超过 64 个字符（自动）（[详情](#参考名称过长)） {#reference-name-length}

### 标识符检查项

- [ ] 代码中的产品 ID 与 App Store Connect 中的完全一致，包括大小写（自动）（[详情](#产品-id-不一致)） {#product-id-mismatch}
- [ ] 产品 ID 只使用字母、数字、句点和下划线，最多 100 个字符（自动）（[详情](#产品-id-含有无效字符)） {#product-id-format}
- [ ] 没有产品 ID 被定义两次，也没有重用已删除产品的 ID（自动）（[详情](#产品-id-重复定义或被重用)） {#product-id-duplicate}
- [ ] 每个产品 ID 都以 Bundle ID 开头（自动；只是警告，不算错误）（[详情](#产品-id-没有-bundle-id-前缀)） {#product-id-prefix}
- [ ] 每个构建配置使用的 Bundle ID，都属于 App Store Connect 中持有这些产品的那条 App 记录（自动）（[详情](#bundle-id-指向了另一个-app)） {#bundle-id-mismatch}
- [ ] App 使用明确的 App ID 签名，而不是通配符 App ID（启发式）（[详情](#通配符-app-id)） {#explicit-app-id}

### 项目检查项

- [ ] 已为 App ID 启用 In-App Purchase 功能（仅供参考）（[详情](#in-app-purchase-功能)） {#iap-capability}
- [ ] entitlements 文件中没有 Apple Pay 的键，也没有凭空编造的 IAP 键（自动）（[详情](#误把-apple-pay-entitlement-当作-iap)） {#apple-pay-entitlement}
- [ ] 已链接 StoreKit，Swift 会自动完成这一步（仅供参考）（[详情](#未链接-storekit-框架)） {#storekit-linked}

### 本地测试检查项

- [ ] 在模拟器中使用的 scheme 已选择 StoreKit 配置文件（自动）（[详情](#模拟器未使用-storekit-配置文件)） {#simulator-without-config}
- [ ] 共享 scheme 中的配置文件路径可以解析（自动）（[详情](#配置文件路径无法解析)） {#storekit-config-path}
- [ ] 配置文件包含商品目录中的每个产品（自动）（[详情](#配置文件中缺少产品)） {#storekit-config-missing-ids}
- [ ] 配置文件的结构符合 Xcode 的预期（自动）（[详情](#手写的配置文件)） {#storekit-config-schema}
- [ ] 沙盒测试使用不带 StoreKit 配置文件的 scheme 运行（自动；只是警告，不算错误）（[详情](#配置文件遮住了沙盒)） {#storekit-config-shadows-sandbox}

### 代码检查项

- [ ] StoreKit 1 的产品请求在其代理被调用之前一直保持存活（启发式）（[详情](#产品请求过早被释放)） {#request-not-retained}
- [ ] StoreKit 1 的代理回调在操作界面之前先切换到主线程（启发式）（[详情](#假定代理回调在主线程上)） {#main-thread-assumed}
- [ ] 代码会报告每个请求了但商店没有返回的 ID（启发式）（[详情](#未知-id-从未被报告)） {#invalid-ids-ignored}
- [ ] 交易监听器在 App 启动时就开始运行（启发式）（[详情](#交易监听器启动太晚)） {#listener-at-launch}
- [ ] 每笔经过验证的交易都在内容交付后被结束（启发式）（[详情](#交易从未结束)） {#finish-transactions}
- [ ] App 提供了一个看得见的恢复购买入口（启发式）（[详情](#无法恢复购买)） {#restore-button}
- [ ] 从 App Store 发起的购买能由 App 完成（启发式）（[详情](#未处理推广的购买)） {#promoted-purchases}
- [ ] App 在提供购买之前会检查是否允许付款（由生成的代码处理）（[详情](#设备上已禁止付款)） {#can-make-payments}

### 设备与沙盒检查项

- [ ] 设备上已登录沙盒账户，且店面正确（[详情](#沙盒账户问题)） {#sandbox-account}
- [ ] 沙盒购买在真机上测试（[详情](#在模拟器中测试沙盒购买)） {#device-testing}
- [ ] 已删除并重新安装 App，以排除陈旧状态（[详情](#残留的-app-状态)） {#reinstall}
- [ ] StoreKit 单元测试在宿主 App 中运行，且配置文件位于测试 bundle 中（[详情](#单元测试没有宿主-app)） {#unit-test-host}

## App Store Connect 方面

### 协议未完成

`iapkit check` id：`agreements` · 人工 · 错误\
没有任何项目文件记录合同的状态：只有 App Store Connect 的「商务」（Business）部分会显示它，而且只有账户持有人才能更改。

**问题所在**：在「付费 App 协议」生效、税务和银行信息获批之前，Apple 不允许账户销售任何东西。这一点对免费 App 同样适用：销售 App 内购买项目属于付费业务。开发者会员资格到期时，协议也会失效；当有更新版本的《Apple Developer Program 许可协议》等待接受时，StoreKit 也会停止提供产品。

**如何识别**：所有产品都缺失，在所有店面都是如此，而在 App Store Connect 中逐个查看产品却都正常。App Store Connect 会显示一条横幅，「商务」部分（以前叫「协议、税务和银行业务」）会把协议列为待处理或已过期。

**如何修复**：请账户持有人接受待处理的协议，填写税务表格和银行账户，必要时续订会员资格。然后等到协议状态显示为**有效**（Active）；提交之后可能需要一段时间。

### 产品停留在「元数据丢失」状态

`iapkit check` id：`metadata-missing` · 人工 · 错误\
`iapkit lint` 已经会拒绝没有本地化内容的商品目录产品，但审核截图和产品状态只存在于 App Store Connect 中，所以需要有人去看。

**问题所在**：没有价格、没有本地化内容或没有审核截图的产品，会一直停留在**元数据丢失**（Missing Metadata）状态，处于这种状态的产品不能指望它会出现在沙盒中。

**如何识别**：App Store Connect 的产品列表会在每个产品旁边显示状态。`iapkit lint` 会拒绝没有本地化内容的商品目录条目；截图则只能在 App Store Connect 中检查。

**如何修复**：把缺少的信息补齐，直到状态显示为**准备提交**（Ready to Submit）。具体步骤见[配置 App Store Connect](app-store-connect.md)。

### 产品在该店面不可售

`iapkit check` id：`cleared-for-sale` · 人工 · 错误\
商品目录的 `clearedForSale` 键记录的是你的意图；产品在测试人员所在的国家或地区是否真的在售，只能在 App Store Connect 中查看。

**问题所在**：产品存在，但没有在售——要么已被下架，要么在测试账户所在的国家或地区不提供。

**如何识别**：某位测试人员看不到这个产品，另一位却能看到；或者有人修改了它的销售范围之后，它就消失了。在 App Store Connect 中打开该产品的**销售范围**（Availability）部分查看。

**如何修复**：让产品在测试人员所在的店面可供销售。对所有打算销售的产品，在商品目录中保持 `clearedForSale: true`，让商品目录和 App Store Connect 的说法一致。

### 产品刚创建不久

`iapkit check` id：`propagation-delay` · 人工 · 警告\
沙盒需要多长时间取决于 Apple 的服务器，而不是你的文件；可选的 `createdAt` 键只是提醒你某个产品是新的。

**问题所在**：新建或修改过的产品需要一段时间才能同步到沙盒，通常最多一小时，而早些年关于这个问题的说法则提到最长可达一天。

**如何识别**：一切看起来都没问题，而产品是几分钟前才创建或编辑的。如果商品目录为某个产品记录了 `createdAt`，IAPKit 可以提醒你存在这段延迟。

**如何修复**：等一等，然后再试。不要为了「刷新」而删除产品再重新创建：被删除的产品 ID 永远不能再使用。

### 首批购买项目未随版本提交

`iapkit check` id：`first-submission` · 人工 · 警告\
哪些产品添加到了某个版本，是在 App Store Connect 的版本页面上设置的，仓库中没有任何文件反映这一点。

**问题所在**：App 的首批 App 内购买项目必须与一个 App 版本一起审核。如果提交版本时没有带上它们，审核人员就找不到这些购买项目，已发布的 App 也可能带着从未获批的产品上线。

**如何识别**：沙盒测试正常，但审核被拒，或者正式上线的 App 里商店是空的。在 App Store Connect 的版本页面上，App 内购买项目部分是空的。

**如何修复**：提交之前，在版本页面上选择这些产品。之后的产品可以单独提交。

### 参考名称过长

`iapkit check` id：`reference-name-length` · 自动 · 错误\
根据商品目录的配置块判定：每个 `referenceName` 的长度都会被测量，`iapkit lint` 也会在对应的行报告同样的问题。

**问题所在**：App Store Connect 把参考名称限制在 64 个字符以内。商品目录中更长的名称无法原样填入，于是商品目录和 App Store Connect 逐渐不一致。

**如何识别**：`iapkit lint` 会报告长度。

**如何修复**：缩短名称。它只在内部使用，所以写得简短不会有任何损失。

## 标识符

### 产品 ID 不一致

`iapkit check` id：`product-id-mismatch` · 自动 · 错误\
追踪每一个最终流入产品请求的字面量（经由常量、枚举和 `#define`，Swift 与 Objective-C 都算）；如果某个 ID 既不在商品目录中，也不在任何 `.storekit` 文件中，或者与其中某个 ID 只差一点，就判定失败；运行时拼接成 ID 的片段只给出警告，单独一个 `"."` 把只有运行时才知道的值连起来（`bundleIdentifier + "." + suffix`）也一样；两个 ID 列表之间的 `+`（`tipIDs + planIDs`，每个列表是字面量，或由 `allCases`、`map` 生成）并没有拼接出 ID；下标的键（`purchasable[kind]`）只是选出一个列表，不会把键所属类型的所有 case 加进请求；`guard let ids = … else { … }` 的值只取到 `else` 之前；在 App 自己的 ID 类型的扩展中写 `static let pro = Self("com.example.pro")`，是用一个完整的 ID 构造该类型；只与空文本相连的字面量（`Shop.prefix + "com.example.pro"`，其中 `static let prefix = ""`）也是一个完整的 ID。声明时没有值的存储属性，会跟踪到所在类型给它赋的值（`init` 中的 `productIDs = …`，或者初始为空、在 `viewDidLoad` 中用 `productIDs.append("com.example.pro")` 添加的值，这样只添加一个 ID 也就是只请求一个 ID）；代码按名字读取的属性列表文件（`Bundle.main.path(forResource: "Products", ofType: "plist")`）提供其中的 ID，并在文件写出它们的位置检查：数组中的字符串，以及值为普通值的字典的键（`com.example.pro` → `⭐️`）。把列表映射为元素的某一个成员（`Edition.all.map(\.productID)`），请求的就只是这个成员：每个元素的 `init(…)` 只跟踪 `productID:` 这一个参数，其他参数（主题、数据文件名）不跟踪。如果某个文件写出了 RevenueCat 自己的套餐（`"$rc_monthly"`），写在它旁边的是 App 自定义的套餐（`"tier.1"`），它们不是产品 ID，即使与某个产品 ID（`tier1`）很接近。

**问题所在**：代码请求的 ID 与 App Store Connect 中的不同。常见的原因有：拼写错误、大小写不同、在该用产品 ID 的地方传了 Bundle ID，或者在运行时用 Bundle ID 加后缀拼出 ID——一旦 Debug 构建使用不同的 Bundle ID，这种做法就会出错。

**如何识别**：在初步排查第 1 步中记录的缺失 ID，与 App Store Connect 中的 ID 很接近，但并不相同。`iapkit check` 会把代码请求的 ID 与商品目录和 `.storekit` 文件进行比较，指出未知的 ID 和近似错误，例如只有大小写不同或相差一两个字符的 ID。

**如何修复**：用 `iapkit generate` 生成的产品枚举代替字符串字面量，并用常量构造 ID，绝不要用 `Bundle.main.bundleIdentifier` 来拼。

### 产品 ID 含有无效字符

`iapkit check` id：`product-id-format` · 自动 · 错误\
根据商品目录的配置块判定，采用 App Store Connect 所用的规则；`iapkit lint` 会在每个 ID 所在的行报告问题。

**问题所在**：App Store Connect 接受字母、数字、句点和下划线（当前版本也接受连字符），最多 100 个字符。不符合这些规则的 ID 无法原样创建。

**如何识别**：`iapkit lint` 会把无效字符和超长作为错误报告，把连字符作为警告报告，因为早期的 Apple 指南不允许使用连字符。

**如何修复**：在创建产品之前选好一个有效的 ID。产品创建之后，ID 就固定了。

### 产品 ID 重复定义或被重用

`iapkit check` id：`product-id-duplicate` · 自动 · 错误\
比较书中每个配置块里的 ID。在 App Store Connect 中已删除的产品 ID，任何文件都不知道，所以请在指南中记下已删除的 ID。

**问题所在**：两个商品目录条目使用了同一个 ID，或者某个 ID 曾属于一个已被删除的产品。在同一个 App 中，App Store Connect 永远不会再接受用过的 ID。

**如何识别**：`iapkit lint` 会报告跨所有章节的重复 ID。App Store Connect 会拒绝创建 ID 曾被使用过的产品。

**如何修复**：给新产品一个新 ID，例如加上 `.v2` 后缀，并更新商品目录。

### 产品 ID 没有 Bundle ID 前缀

`iapkit check` id：`product-id-prefix` · 自动 · 警告\
将商品目录中的每个产品 ID 与其 `app` 块中的 `bundleID` 进行比较；不需要任何项目文件。

**问题所在**：严格来说，这并不算问题——前缀只是一种惯例。但产品 ID 不以 Bundle ID 开头，往往说明它是从另一个 App 复制过来的，或者这个 App 本身并不是你以为的那个。

**如何识别**：当某个 ID 不以 `app.bundleID` 加上 `.`、`_` 或 `-` 开头时，`iapkit check` 会给出警告。字母大小写不算在内，因为 bundle ID 不区分大小写：`org.example.app.tip` 带有 `org.example.App` 的前缀。

**如何修复**：新产品使用这个前缀。已有的 ID 不能改名，所以如果某个旧产品是有意不带前缀的，就保持原样，把这条警告当作提醒即可。

### Bundle ID 指向了另一个 App

`iapkit check` id：`bundle-id-mismatch` · 自动 · 错误\
像 Xcode 那样解析 `PRODUCT_BUNDLE_IDENTIFIER`（包括 `.xcconfig` 文件中的设置），覆盖负责销售的那个 App 的每个构建配置——也就是使用商品目录中 `bundleID` 的 App，而不是手表 App 或演示 App；再加上 `Info.plist` 中的 `CFBundleIdentifier`（无论是直接写出，还是像 Xcode 7 之前的模板那样由其他设置拼成，如 `com.example.${PRODUCT_NAME:rfc1034identifier}`），逐一与这个 ID 进行比较。

**问题所在**：产品只属于一个 App Store Connect App，这个 App 由它的 Bundle ID 标识。App 内购买项目永远不会在 App 之间共享。使用其他 Bundle ID 的构建版本（通常是 ID 以 `.dev` 或 `.debug` 结尾的 Debug 构建）询问的是另一个 App，而那个 App 什么都不卖。

**如何识别**：所有产品都缺失，但只在某些构建版本中如此。在启动时打印 `Bundle.main.bundleIdentifier`。`iapkit check` 从 `project.pbxproj` 中取出每个构建配置的 `PRODUCT_BUNDLE_IDENTIFIER`，从 `Info.plist` 中取出 `CFBundleIdentifier`，并逐一与 `app.bundleID` 进行比较。

**如何修复**：用 App Store Connect 中那个 App 的 Bundle ID 测试购买。如果你需要一个单独的开发版 App，它需要有自己的 App Store Connect 记录，以及每个产品的一份副本。

### 通配符 App ID

`iapkit check` id：`explicit-app-id` · 启发式 · 错误\
当 `project.pbxproj` 中的描述文件说明符或 Bundle ID 指向通配符（含有 `*`，或描述文件名称中含有「Wildcard」），或者同一个描述文件为两个 Bundle ID 签名时给出警告；如果描述文件的名称就是其中一个 Bundle ID（例如 fastlane match 的 `match AppStore com.example.app`），它属于那个明确的 App ID，只是被误用到了另一个 target 上，不算通配符。使用自动签名时不会指定描述文件，Xcode 会自行注册一个明确的 App ID；对于手动选择的描述文件，请在 **Signing & Capabilities** 中确认 App ID。

**问题所在**：使用通配符 App ID（例如 `com.example.*`）签名的 App 无法使用 App 内购买项目。

**如何识别**：在 Xcode 的 **Signing & Capabilities** 中，描述文件是一个通配符描述文件。当项目明确指定描述文件时，`iapkit check` 会检查它并给出警告。

**如何修复**：为确切的 Bundle ID 注册一个明确的 App ID，并用为它创建的描述文件签名。只要团队和 Bundle ID 设置正确，自动签名就会完成这些工作。

## 项目方面

### In-App Purchase 功能

`iapkit check` id：`iap-capability` · 自动 · 信息\
在 `project.pbxproj` 中查找旧的 `com.apple.InAppPurchase` 标记，并仅作为参考信息报告查找结果；App ID 是否允许购买，只有在开发者账户中才能看到。

**问题所在**：App ID 必须允许 App 内购买。对于明确的 App ID，这一项通常已经开启，但仍值得在开发者账户中确认一下。

**如何识别**：查看开发者账户中该 App ID 的功能，以及 Xcode 中的 **Signing & Capabilities**。较旧的项目会在 `project.pbxproj` 中记录这项功能（带有 `com.apple.InAppPurchase` 的 `SystemCapabilities`）；如果存在，`iapkit check` 会报告它。

**如何修复**：为 App ID 启用 **In-App Purchase**，并在 Xcode 中添加这项功能。

> [!WARNING]
> 新版 Xcode 添加 In-App Purchase 功能时，不会在项目文件中记录任何内容，也没有对应的 entitlements 键。没有旧标记的项目并没有坏，`iapkit check` 也绝不会因为缺少这个标记而判定项目失败。

### 误把 Apple Pay entitlement 当作 IAP

`iapkit check` id：`apple-pay-entitlement` · 自动 · 错误\
读取项目中的每个 `*.entitlements` 文件：凭空编造的 App 内购买键无论写在哪里都会使检查失败；Apple Pay 的键如果写在某个 target 用来签名的文件（`CODE_SIGN_ENTITLEMENTS`）中，会得到一条警告，除非代码确实在收取 Apple Pay 付款（`PKPaymentRequest`）；没有任何 target 使用的遗留文件不授予任何权限。

**问题所在**：有人添加了一个 entitlement 来「打开」App 内购买。根本不存在这样的 entitlement。看起来对的那个键 `com.apple.developer.in-app-payments` 属于 Apple Pay，而 `com.apple.developer.in-app-purchase`（或 `…in-app-purchases`）根本不存在。两者都可能破坏签名，也都不会为 StoreKit 开启任何东西。

**如何识别**：打开 target 的 `.entitlements` 文件。`iapkit check` 会报告这两个键。

**如何修复**：除非 App 真的使用 Apple Pay，否则删除这个键。

> [!CAUTION]
> entitlement `com.apple.developer.in-app-payments` 属于 Apple Pay：它列出的是商家 ID。用 Apple Pay 销售实物商品时才需要它，它与 App 内购买毫无关系。

### 未链接 StoreKit 框架

`iapkit check` id：`storekit-linked` · 自动 · 信息\
读取 `project.pbxproj` 中的链接阶段，并记下手动链接 `StoreKit.framework` 的 target，仅供参考。

**问题所在**：很老的项目必须手动把 `StoreKit.framework` 添加到 target 的链接库中。使用 Swift，或开启了模块的 Objective-C，`import StoreKit` 就会自动链接它。

**如何识别**：缺少框架会在构建时导致链接错误（`SKPaymentQueue` 或 `Product` 的「undefined symbols」），而绝不会在运行时导致商店为空。`iapkit check` 会记下框架的链接方式，仅供参考。

**如何修复**：在用到 StoreKit 的文件中导入它。只有在关闭了模块时，才需要把框架添加到 **Link Binary With Libraries**。

## 用 StoreKit 配置文件进行本地测试

StoreKit 配置文件（`.storekit`）让 Xcode 在本地扮演 App Store，不需要 App Store Connect，也不需要网络。`iapkit generate` 会根据商品目录生成一个这样的文件。它按 scheme 选择，位置在 **Run** › **Options** › **StoreKit Configuration**。

### 模拟器未使用 StoreKit 配置文件

`iapkit check` id：`simulator-without-config` · 自动 · 警告\
读取共享 scheme（`xcshareddata` 下的 `*.xcscheme`），如果其中用来运行 App 的 scheme 没有一个选择了 StoreKit 配置文件，就给出警告。只为 macOS 构建的 App 只会得到一条提示：Mac 上没有模拟器，从 Xcode 运行时购买走的是沙盒环境。

**问题所在**：在模拟器中，购买需要 StoreKit 配置文件。没有它，产品请求和购买都会失败。

**如何识别**：scheme 的 **StoreKit Configuration** 选项为 **None**。`iapkit check` 会在 scheme 中查找配置文件引用。

**如何修复**：在你用于模拟器的 scheme 中选择生成的 `.storekit` 文件。

### 配置文件路径无法解析

`iapkit check` id：`storekit-config-path` · 自动 · 错误\
像 Xcode 那样，从 scheme 所属的 workspace 出发，解析每个 scheme（无论共享的还是个人的 `xcuserdata`）中的配置文件路径（项目自带的 scheme 也会从项目旁边的 workspace 出发解析，例如 CocoaPods 生成的、团队可能通过它打开项目的 workspace）；如果只有个人 scheme 中有配置文件，就给出警告。如果文件写在运行操作（Run action）的属性里（`storeKitConfigurationFile = "…"`，有些工具会这样写），而不是写在 `StoreKitConfigurationFileReference` 元素里，Xcode 不会读取它，检查同样失败。

**问题所在**：scheme 以相对路径保存配置文件。文件或项目被移动、重命名之后，这个路径就指向了不存在的位置。另一种情况是：只在 `xcuserdata` 下的个人 scheme 中选择了这个文件，于是队友和 CI 运行时都没有用上它。

**如何识别**：scheme 编辑器中没有显示文件，或者文件名显示为红色。`iapkit check` 会解析每个共享 scheme 中的路径，并报告只存在于用户 scheme 中的引用。

**如何修复**：在 scheme 编辑器中重新选择该文件，并把 scheme 设为共享（**Manage Schemes** › **Shared**），让它随项目一起提交。

### 配置文件中缺少产品

`iapkit check` id：`storekit-config-missing-ids` · 自动 · 错误\
把各个 scheme 选择的 `.storekit` 文件合在一起读取，列出商品目录中那些在这些文件的产品、订阅群组和非续期订阅中都找不到的产品。

**问题所在**：本地测试只提供配置文件中列出的产品。添加到 App Store Connect 或商品目录中的产品，在配置文件也列出它之前，在本地是看不到的。

**如何识别**：只有在配置文件生效时才缺少某个产品。`iapkit check` 会将文件中的产品、订阅群组和非续期订阅与商品目录进行比较。

**如何修复**：每次修改商品目录后都重新运行 `iapkit generate`，让配置文件与商品目录保持同步。

### 手写的配置文件

`iapkit check` id：`storekit-config-schema` · 自动 · 错误\
读取项目中的每个 `.storekit` 文件，将其中的键及其大小写、产品类型名称和 `version` 与 Xcode 写出的内容进行比较；没有被任何 scheme 选中的文件只给出警告。

**问题所在**：Xcode 没有公开 `.storekit` 文件的 schema。手写或手工编辑的文件很容易出现大小写错误的键（用 `productId` 代替 `productID`）、凭空编造的类型名称（`AutoRenewableSubscription`）、差一两个字母的键（`familySharable`）、列在 `products` 下而不是订阅组里的订阅，或者缺少 `version`。这样 Xcode 可能会忽略文件的部分内容。

**如何识别**：`iapkit check` 会按照 Xcode 自己写出的结构来验证该文件。

**如何修复**：让 Xcode 或 `iapkit generate` 来写这个文件，并在 Xcode 的编辑器中编辑它。

### 配置文件遮住了沙盒

`iapkit check` id：`storekit-config-shadows-sandbox` · 自动 · 警告\
读取用来运行 App 的共享 scheme（在 SpringBoard 中运行的小组件 scheme 不算，Xcode 为小组件扩展生成的那种写着 App、却设置了 `_XCWidgetKind` 的 scheme 也属于这一类，每次运行都询问要启动哪个 App 的扩展 scheme 也不算），只有当其中每一个都选择了配置文件、导致不修改 scheme 就没人能连沙盒运行时，才给出警告。再准备一个不带配置文件的共享 scheme 专门用于沙盒运行，这个问题就解决了，前提是它运行的是同一个 App：iOS App 旁边的 Mac App 的 scheme 并不能让 iOS App 连沙盒运行（没有写明 target 的 scheme 两者都可能运行）。

**问题所在**：挂在共享 scheme 上的配置文件会用于从 Xcode 发起的每一次运行，在设备上也是如此。你以为自己在用沙盒测试 App Store Connect，实际上测试的是本地文件。在 App Store Connect 中所做的修改永远不会出现，那里的问题也会一直被掩盖，直到 TestFlight 阶段才暴露。

**如何识别**：购买弹窗会标明它的环境：本地文件显示 **Xcode**，App Store Connect 显示 **Sandbox**。当共享 scheme 挂着配置文件时，`iapkit check` 会给出警告。

**如何修复**：准备两个 scheme：一个带配置文件，用于本地开发；另一个不带，用于沙盒测试。

> [!TIP]
> 按照测试对象给 scheme 命名，例如「Stride (local store)」和「Stride (sandbox)」，这样谁都不用打开 scheme 编辑器就知道自己运行的是哪一个。

## 代码方面

下面三个 StoreKit 1 问题有同一个修复方法，这里以大多数 StoreKit 1 代码仍在使用的 Swift 5 语言模式展示：保留请求，读取其中的无效 ID，并把结果交给主线程。

```swift
import StoreKit

final class LegacyProductLoader: NSObject, SKProductsRequestDelegate {
    // Holds the request until StoreKit answers; a local variable would let it go too early.
    private var pendingRequest: SKProductsRequest?
    private let completion: ([SKProduct]) -> Void

    init(completion: @escaping ([SKProduct]) -> Void) {
        self.completion = completion
    }

    func load(_ identifiers: Set<String>) {
        let request = SKProductsRequest(productIdentifiers: identifiers)
        request.delegate = self
        pendingRequest = request
        request.start()
    }

    func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
        let unknown = response.invalidProductIdentifiers
        let products = response.products
        // The delegate may be called on any thread; UI work belongs on the main one.
        DispatchQueue.main.async {
            if !unknown.isEmpty {
                print("Unknown product IDs: \(unknown.sorted().joined(separator: ", "))")
            }
            self.pendingRequest = nil
            self.completion(products)
        }
    }

    func request(_ request: SKRequest, didFailWithError error: Error) {
        DispatchQueue.main.async {
            print("Products request failed: \(error.localizedDescription)")
            self.pendingRequest = nil
            self.completion([])
        }
    }
}
```

### 产品请求过早被释放

`iapkit check` id：`request-not-retained` · 启发式 · 警告\
扫描 Swift 和 Objective-C 源代码，查找只由局部变量持有（或者根本没人持有）、从未保存到属性或集合中的 `SKProductsRequest`（在不使用 ARC 的 Objective-C 代码中，用 `autorelease` 创建的请求同样没有被保留）；这只是一种模式，不是证据，所以只给出警告。

**问题所在**：在 StoreKit 1 中，用局部变量创建的 `SKProductsRequest` 可能在方法返回后立即被释放。它的代理是弱引用，没有别的东西让它保持存活，于是回调永远不会到来。

**如何识别**：`productsRequest(_:didReceive:)` 和 `request(_:didFailWithError:)` 都没有被调用；加载指示器一直在转。对于只保存在局部变量中的请求，`iapkit check` 会给出警告。

**如何修复**：把请求保存在一个属性中，直到代理被调用为止，就像上面的 `pendingRequest` 那样。

### 假定代理回调在主线程上

`iapkit check` id：`main-thread-assumed` · 启发式 · 警告\
按方法签名找出 StoreKit 1 的代理方法和观察者方法，如果某个方法在方法体中操作了 UIKit 或 AppKit，或者设置了所在类型（须为 `ObservableObject`）自己的 `@Published` 属性，却没有先切换到主线程或 main actor，就给出警告；它发出的通知也算在内：如果观察者的方法（selector、代码块，或者按名字传入的方法，如 `queue: nil, using: showFailure`）操作了界面，同样会警告，因为 `NotificationCenter` 在发出通知的线程上投递通知（以买下的产品 ID 命名的通知，`post(name: .init(transaction.payment.productIdentifier), …)`，会到达以各产品 ID 注册的观察者）；不带接收者的调用，如果只有一个类型拥有该方法，会到达从父类或协议的扩展继承来的方法（`extension UIViewController { func showAlert(…) }`）。调用项目自己的辅助函数、且函数名表明它在主队列或主线程上运行（`runOnMainThread { }`），也算作切换；第三方库中名字像界面调用的类型方法（`SVProgressHUD.dismiss()`）不算操作界面。代理调用的完成回调如果是某个界面传进来的，而该界面的代码块没有自己切换到主线程就操作了界面（例如 `requestProducts { … tableView.reloadData() }`，或者其他类型赋给代理所调用属性的闭包 `observer.onPurchase = { … }`），也算在内；项目自己的视图类同样算，它由父类认出（`ActivityIndicator : UIView`），界面的 `@IBOutlet` 也算（除非对它调用的是项目自己先切换到主线程的方法，例如内部使用 `DispatchQueue.main.async` 的 `buyButton.enable()`）。回调执行的代码会向下跟踪四层：所在类型自己的方法、自由函数（有多个重载时，取第一个与调用的参数标签相符的；例如接收通知名并发出该通知的辅助函数），以及项目中只有一个类定义（协议要求不算，所以 `delegate?.didPurchase()` 会到达实现它的那唯一一个界面）、且调用时写出了该方法参数标签的方法，或者调用链起点那个类型的方法（`Settings.shared.disableAds()`），以及它所设置属性的 `didSet`（`offerView.price = …`，而 `didSet` 会修改按钮标题）。SwiftyStoreKit 无论是复制进源代码、放在 `Pods` 文件夹中，还是作为软件包加入，都会在它的观察者中调用 `purchaseProduct`、`restorePurchases` 和 `completeTransactions` 的完成回调，因此这些回调也按同样方式判断；如果某个包装函数把结果继续传给自己的完成回调（在回调中调用 `completion(true)`），调用者交给它的闭包也一样判断，除非包装函数已经先切换到主线程（`DispatchQueue.main.async { completion(true) }`）。交给切换调用的代码块只覆盖代码块里的内容：如果回调只为显示失败提示而切换（`dispatch_async(dispatch_get_main_queue(), ^{ … })`），之后又通知它的监听者去更新表格（发给界面自己的 `self.tableView` 的任何消息都是发给视图的），那么它仍然在主线程之外操作了界面。Objective-C 类别（`@implementation Store (Purchases)`）中的方法与类本身的方法一样读取。

**问题所在**：StoreKit 1 不保证在主线程上调用它的代理。直接在回调中刷新 table view 或设置 published 属性的代码，可能看不到任何效果，甚至崩溃，而空列表很容易被误当成缺少产品。

**如何识别**：在断点或日志中能看到产品已经到达，但界面一直是空的。Xcode 的 Main Thread Checker 可能会报告来自后台线程的 UI 调用。当代理方法未切换到主线程就操作 UI 时，`iapkit check` 会给出警告。

**如何修复**：在更新任何界面会读取的状态之前，先派发到主队列或 main actor。

### 未知 ID 从未被报告

`iapkit check` id：`invalid-ids-ignored` · 启发式 · 警告\
扫描源代码：找出从不读取无效 ID 的 StoreKit 1（或 SwiftyStoreKit）代码（如果响应处理代码逐个查找请求的产品，并用 "not found"、"no products found" 或 "product not available" 之类的消息报告缺少的那些，也算读取了，但说某个请求不见了的消息不算），以及没有任何一处比较请求的 ID 与返回的 ID 的 StoreKit 2 产品查询（传入 ID 的 `StoreView(ids:)` 或 `SubscriptionStoreView(productIDs:)` 也算一次查询；与 RevenueCat 并存时，没有任何代码调用的 App 自己的 StoreKit 服务不算查询）。在发出请求的函数里从返回的产品中查找某个请求的 ID（`products.first(where: { $0.id == proID })`）算作比较，只请求一个 ID 时检查结果是否为空也算（`isEmpty`，或者 `else` 中报告了问题的 `guard let product = products.first`，在购买时检查保存下来的结果也算：`guard let product = store.products.first else { 告诉用户 }`；对 StoreKit 1 来说，处理代码用 `==` 或对标识符做 `switch` 保留匹配的那个产品也算，把数量存进变量（`NSUInteger count = [response.products count]` 或 `var count : Int = response.products.count`）、在 `if (count > 0)` 的 `else` 或 `else if` 中报告也算）。「一个 ID」可以写成 `[proID]`（也可以带类型转换：`NSSet(object: proID) as! Set<NSString>`）、`[NSSet setWithObject:proID]`、`[NSSet setWithArray:@[proID]]`，也可以是声明为只有一个元素的集合常量（`let proIDs: Set<String> = ["com.example.pro"]`，以 `Array(proIDs)` 请求）；`Set([proID])` 也算，写成 `Set(arrayLiteral: proID)`、局部常量 `let ids = Set([proID])`、类型的常量 `StoreConfig.productIDs`，或者只有一个 case 的枚举的全部 case（`Set(Unlock.allCases.map(\.rawValue))`）也算；从 `[NSSet set]` 逐步添加而成的集合不算；对 StoreKit 1 来说，把答复保存在属性里（`products = response.products`），并在购买处解包时给出提示（`guard let upgrade = products?.first else { showFailure() }`），或者保存那一个产品（`self.product = [response.products objectAtIndex:0]`）并在它为 nil 时报告（`if (!self.product) { … }`），也是同样的检查（处理代码把缺少的产品以 `nil` 交给完成回调 `completion?(nil)` 时，只有调用方传入的闭包在收到 `nil` 时说了些什么，才算报告；`guard let product = $0 else { return }` 不算）；保存那一个产品（`product = products.first`），并在解包时给出提示（`guard let product else { purchaseError = "…" }`），也是同样的检查。对 StoreKit 1 来说，处理代码比较返回的产品数量与请求的数量，并报告数量不足（`guard response.products.count == expected else { … }`），同样能发现缺少的 ID。留在 SwiftyStoreKit 查询旁边、自己并没有发出请求的 `productsRequest(_:didReceive:)` 不算一次请求。如果函数把请求到的产品返回出去或交给完成回调，查找就交给保存返回结果的调用方（`let products = await store.load()`，然后 `if product.id == proID`；或者只传入一个 ID，`store.load(for: [proID])`，并在 `found.first` 为 nil 时报告）或它传入的闭包；逐个检查请求的条目、指出返回结果中缺少哪一个的循环（`if map[plan] == nil { print(…) }`）也算比较；把答复交给项目自己的函数（`try pro.resolve(from: products)`），由它在其中查找自己的 ID 并在 `else` 中告诉别人，也算。如果 App 的 StoreKit 1 请求总共只请求一个 ID（能看到流入请求的那唯一一个 ID，否则就是指南中唯一的产品），那么只要它把列表交给的任何界面在列表为空时显示了些什么（`if model.products.isEmpty { 显示"没有产品"的状态 }`），就指出了这个 ID。只复制到一个没有任何代码读取的属性里的无效 ID，不算被读取；`products.filter({ $0.productIdentifier == id }).first` 和 `first(where:)` 一样是查找，它的 `else { return "" }` 不会告诉任何人；在其他地方，这样的查找只有在 `else` 中报告了缺少的产品时才算（视图的 `body` 只显示它找到的产品，不是一个可以由调用方报告的查找）；放在已加载产品旁边的查找函数（`func product(for id: String) -> Product? { products.first { $0.id == id } }`），只要有调用方解包它并给出提示（`guard let product = shop.product(for: id) else { 告诉用户 }`），也算。`if let product = products.first { …; return }` 之后紧跟一条提示消息，也是同样的检查，但用写死的价格代替缺少的产品（`return "$2.99"`）不会告诉任何人，只把缺少的 ID 丢掉的循环（`_ = id`）也一样；没有任何代码调用的无效 ID 读取函数，等于什么也没读。对 StoreKit 1 来说，拿到产品的界面（例如通过代理）查找想要的 ID（`if let product = products.first(where: { $0.productIdentifier == productID })`），并在 `else` 中告诉用户，和响应处理代码一样指出了缺少的产品；查找某笔交易买下的产品（`== transaction.payment.productIdentifier`）则不算。如果 App 从不请求产品，而是直接用 ID 付款（设置了 `productIdentifier` 的 `SKMutablePayment`），同样无法指出未知的 ID。

**问题所在**：代码只读取返回的产品，从不查看没有返回的那些。StoreKit 1 把它们列在 `invalidProductIdentifiers` 中；StoreKit 2 则什么也不说。

**如何识别**：搜索 `invalidProductIdentifiers`，或者搜索比较请求 ID 与返回 ID 的代码。如果一个都没有，本章中的其他所有原因都将无从察觉。两者都找不到时，`iapkit check` 会给出警告。

**如何修复**：比较请求的 ID 和返回的 ID，点名列出每个缺失的 ID，就像初步排查中的代码片段和上面的加载器那样。

### 交易监听器启动太晚

`iapkit check` id：`listener-at-launch` · 启发式 · 警告\
找出源代码中读取 `Transaction.updates` 或添加支付队列观察者的位置，再从启动时会执行到的代码（`@main` 类型、根视图的 `.task` 和 `.onAppear`、`application(_:didFinishLaunchingWithOptions:)`、主 storyboard 的第一个界面）出发，沿着初始化方法及其默认参数、属性（lazy 属性，例如 `lazy var store: Store = .init()`，在第一次读取时创建，`self.store` 也算）、函数调用、单例和协议一路追踪（通过协议的调用会到达采纳该协议的类型，经过 `Container.shared.purchases.startListening()` 这样的调用链也一样；在自身类型内部读取的静态属性，比如 `class func getInstance() -> Service { return instance }`，会在第一次读取时创建；声明为 `extern Controller *AppController;` 的 Objective-C 全局变量收到 `[AppController setUp]` 时按这个类处理；Objective-C 方法体中 `return YES;` 之后的代码永远不会执行），也会追踪它创建的视图控制器和 SpriteKit 场景的生命周期方法（`viewDidLoad`、`didMove(to:)`）；它会指出启动监听器的那条路径，或者指出启动监听器太晚的那个界面。隐式成员的类型取自声明（`@State var purchases: PurchaseService = .shared`）；`typealias StoreTransaction = StoreKit.Transaction` 读取的是同一个 `updates`；视图里的 `.init(color:location:)` 构造的是 SwiftUI 的值，不会执行项目自己的任何初始化方法。`.onAppear(perform: launcher.start)` 会在启动时执行该属性所属类型的方法，和闭包一样。在 `viewDidLoad`、`didMove(to:)` 这类方法内部声明的函数（`func removeAds() { buy() }`）只在该方法调用它的地方才会执行。根视图自身类型中的计算属性视图（`var body: some View { content }`）属于它的 body；macOS 的 `Settings { }` 场景要从 App 菜单打开，所以其中显示的内容不算启动；作为菜单项或按钮动作的方法（`#selector(showSettings(_:))`）也不算，除非这个 selector 被执行（`perform(#selector(setUp))`）或者观察的是启动通知。源代码无法展示所有执行路径，所以请在重新启动 App 后用一次「购买前询问」测试来确认。

**问题所在**：有些交易会在用户没有在 App 中点击任何东西的情况下到达 App：家长批准的「购买前询问」请求、被中断后稍后完成的购买、续期的订阅、在另一台设备上或在 App Store 中进行的购买。如果 App 只在商店界面打开时才开始监听，这些交易到达时就没人在听，顾客付了钱，App 却始终没有解锁。

**如何识别**：`Transaction.updates` 的监听器或 StoreKit 1 的交易观察者，是在某个视图或视图控制器中创建的，而不是在启动时创建。如果启动时执行到的代码都没有启动它，`iapkit check` 就会给出警告，并指出是哪个界面启动了它。

**如何修复**：在 App 启动时就开始监听，并让监听器在 App 的整个生命周期内保持存在：

```swift
import StoreKit

@MainActor
final class TransactionListener {
    private var task: Task<Void, Never>?

    /// Start this from the app's entry point, so no transaction arrives unobserved.
    init(deliver: @escaping @MainActor (StoreKit.Transaction) async -> Void) {
        task = Task {
            for await update in StoreKit.Transaction.updates {
                // Grant only what the App Store has signed.
                guard case .verified(let transaction) = update else { continue }
                await deliver(transaction)
                await transaction.finish()
            }
        }
    }
}
```

> [!NOTE]
> SwiftUI 有自己的 `Transaction` 类型。在同时导入 SwiftUI 和 StoreKit 的文件中，请写 `StoreKit.Transaction`，以避免名称歧义。

### 交易从未结束

`iapkit check` id：`finish-transactions` · 启发式 · 警告\
查找对 `finish()` 或 `finishTransaction(_:)` 的调用（或者由 SwiftyStoreKit 结束交易），对于 StoreKit 1 观察者中的 switch，还要在处理 `.failed`（Swift 1 和 2 写作 `.Failed`）的分支里找到这样的调用；如果 App 在会执行的代码里调用了 `restoreCompletedTransactions()`（没有任何代码调用的 `restore()` 不会带来恢复的交易），处理 `.restored` 的分支里也要有（在包含 switch 的代码块里、switch 之后结束交易，对每个没有提前返回的分支都算数）；它不会检查每一条路径。在任何状态的分支里，如果结束交易之前有一个 `guard … else { return }`（或 `break`、`continue`），而它的 `else` 不结束交易，那么条件不成立时交易就会留在队列里；如果条件要等某个界面加载的产品，每次启动时它都不成立。位于没有任何代码调用的函数中的 `Transaction.updates` 循环不在这里判断：它根本不会运行，`listener-at-launch` 会报告没有代码在监听。会运行的循环必须结束它收到的交易，可以自己结束，也可以通过它调用的方法结束；几个方法同名时按参数标签区分（`handle(updatedTransaction:)` 不是购买时用的 `handle(transaction:)`）。把更新直接丢掉的循环 `for await _ in Transaction.updates` 手里没有可以结束的交易：只有遍历 `Transaction.unfinished` 并结束其中交易、且不在任何 `if` 或 `guard` 之内的循环（写在循环里或它调用的方法里都可以），才算结束了到达的交易（只在什么都没拥有时才运行的那种，会让续期交易一直不被结束）。如果用 `if state == .purchased { } else if state == .failed { }` 这样的判断链区分状态，却没有为某个状态准备分支或 `else`，而观察者在判断链之后也没有结束交易，那么这个状态的交易就不会被结束；判断链之后的结束调用，对每个既没有提前离开、也没有清除该调用所等待的标志的分支都算数（`var settle = true`，对留在队列中的状态设为 `false`，然后 `if settle { queue.finishTransaction(transaction) }`）；如果把观察者加入支付队列的函数在 `add(` 之前就给处理函数赋了值（启动代码通常如此），`guard let handler = onPurchase else { continue }` 永远不会离开，但如果只有某个界面稍后才装上处理函数，就会离开；只把交易收集起来的分支（`restored.append(transaction)`），如果观察者在循环之后把这个集合交给一个会结束其中交易的方法（`handleRestored(restored)`），也算结束了；到达时未被处理的恢复交易，如果 `paymentQueueRestoreCompletedTransactionsFinished(_:)` 遍历 `queue.transactions` 并结束其中恢复的交易，也算结束了。StoreKit 会把每笔交易交给每一个观察者，所以只显示进度的第二个观察者，在另一个观察者已经结束该状态的交易时，不必自己再结束。如果观察者实现了 `paymentQueue(_:removedTransactions:)`，却没有实现 `paymentQueue(_:updatedTransactions:)`，那它什么交易也结束不了：StoreKit 只把新交易交给后者。

**问题所在**：交易会一直留在队列中，直到 App 结束它。StoreKit 会在每次启动时再次交付未结束的交易，而且在上一次购买未结束之前，同一个消耗型项目无法再次购买。

**如何识别**：同一笔交易在每次启动时都会出现，或者第二次购买某个消耗型项目时失败。找不到 `finish()` 或 `finishTransaction(_:)` 时，`iapkit check` 会给出警告。

**如何修复**：每笔经过验证的交易，在其内容交付并保存之后都要结束，就像上面的监听器那样。在 StoreKit 1 中，失败的交易和恢复的交易也要结束。

### 无法恢复购买

`iapkit check` id：`restore-button` · 启发式 · 警告\
扫描源代码，查找 `AppStore.sync()`、`restoreCompletedTransactions()`、收据刷新（`SKReceiptRefreshRequest`、`InAppReceipt.refresh`），或者显示了自带恢复按钮的 StoreKit 视图（`.storeButton(.visible, for: .restorePurchases)`）；如果商品目录里只有消耗型项目，就不需要恢复入口。没有任何代码调用的 Swift 方法（它的名字在别处从未出现，也不是动作方法、重写方法或代理方法）恢复不了任何购买；只是重新读取 `Transaction.currentEntitlements` 的恢复操作也一样：它只根据设备上已有的数据作答，并没有询问 App Store。项目自己的某个类型如果从未被创建、也从未在别处被提到（例如一个存放示例调用的文件），其中的 `AppStore.sync()` 同样恢复不了任何购买。在观察者自己的 `paymentQueue(_:updatedTransactions:)` 中调用的 `restoreCompletedTransactions()` 是在购买之后执行的，而不是在顾客要求时，所以也不算恢复入口。顾客能否找到这个按钮，则需要由人来判断。

**问题所在**：App 审核要求销售非消耗型项目或订阅的 App 提供恢复购买的方式，例如在重新安装之后或在新设备上。没有恢复入口的 App 会被拒绝。

**如何识别**：代码中没有调用 `AppStore.sync()`（StoreKit 2）或 `restoreCompletedTransactions()`（StoreKit 1）。两者都找不到时，`iapkit check` 会给出警告。

**如何修复**：添加一个看得见的**恢复购买**（Restore Purchases）按钮。在 StoreKit 2 中，权益通常会自动保持最新，所以只在顾客主动要求时才调用 `AppStore.sync()`：它可能会提示顾客登录。

```swift
Button("Restore Purchases") {
    Task {
        do {
            try await AppStore.sync()
        } catch {
            restoreFailed = true   // show a short message instead of failing silently
        }
    }
}
```

### 未处理推广的购买

`iapkit check` id：`promoted-purchases` · 启发式 · 警告\
只有当商品目录把某个产品标记为 `promoted: true` 时才会运行，此时扫描 Swift 文件，查找 `PurchaseIntent` 或 `shouldAddStorePayment`（SwiftyStoreKit 的 `shouldAddStorePaymentHandler` 也算）。

**问题所在**：推广的产品可以直接在 App Store 页面上购买。随后 App Store 会打开 App 来完成这笔购买。如果 App 没有处理这次交接，就什么也不会发生，这笔销售也就丢了。

**如何识别**：商品目录把某个产品标记为 `promoted: true`，但代码中既没有 `PurchaseIntent.intents` 循环（StoreKit 2，iOS 16.4 及更高版本），也没有 `paymentQueue(_:shouldAddStorePayment:for:)` 方法（StoreKit 1）。只有当商品目录声明了推广产品时，`iapkit check` 才会给出警告。

**如何修复**：监听购买意图，并把它们交给正常的购买流程：

```swift
if #available(iOS 16.4, macOS 14.4, *) {
    Task {
        for await intent in PurchaseIntent.intents {
            await store.purchase(intent.product)
        }
    }
}
```

### 设备上已禁止付款

`iapkit check` id：`can-make-payments` · 自动 · 警告\
`iapkit generate` 生成的代码在每次购买之前都会检查 `canMakePayments`。在项目中，如果代码在销售产品，却从不询问 `canMakePayments`（或者只在一个没人调用的封装函数中询问，经过只有一行的外层封装函数转手也算，或者以消息形式询问、`if ([helper canMakePurchases]) { 购买 }` 却没有 `else`（而 `if (![[Shop shared] canMakePurchases]) { 显示提示; return; }` 在第一个代码块中就拒绝了），或者问了之后在不允许付款时只打一条日志、什么也不做，比如 `if … canMakePayments() { 购买 } else { print(…) }`（用 `&&` 或 `,` 连接了其他条件时也一样），或者在购买动作本身（`- (IBAction)buy:`）中询问却没有 `else`、接着就开始购买，或者恢复购买的动作只在 `if … canMakePayments()` 时恢复、却没有 `else`，项目自己的日志宏也算日志（`#define DLog(...) NSLog(…)`），或者只把答案写进一段文字，比如调试界面上的 `"Can pay: \(AppStore.canMakePayments)"`，或者把拒绝交给一个完成回调 `else { onComplete(false) }`，或交给一个闭包属性 `purchaseStatusBlock?(.disabled)`，而每个调用者传入或赋值的闭包都忽略了它（只检查 `.purchased` 的闭包就忽略了 `.disabled`）；只在允许付款时才显示购买按钮则没有问题），也没有在一个不只是打日志的分支里说明 `paymentNotAllowed`（StoreKit 1）或 `purchaseNotAllowed`（StoreKit 2）（`case .paymentNotAllowed: return "Payment not allowed"` 这样把提示文字交给弹窗的分支算作说明；只通过 StoreKit 自己的视图 `StoreView`、`ProductView` 或 `SubscriptionStoreView` 销售、又没有自己的 `onInAppPurchaseCompletion` 的 App，由这些视图显示 StoreKit 的提示；没有自己的购买调用或 `onPurchaseFailure`、只通过 RevenueCatUI 的 `PaywallView` 销售的 App 也一样（旁边没有任何代码调用的 StoreKit 服务不算购买）；只以 `guard store.isAllowed else { return }` 形式读取的封装同样是默不作声的拒绝，而 `if store.isAllowed { 显示购买区域 }` 没有问题；App 自己的错误枚举里有同名的 case，只是描述它自己，并不算说明：必须有代码真正产生这个 case），这项检查就会给出警告；请在关闭了购买功能的设备上测试你的界面。

**问题所在**：「屏幕使用时间」和设备管理可以禁止 App 内购买。产品可能仍然能够加载，但每次购买都会失败，而一个点了没反应的购买按钮看起来就像个 bug。

**如何识别**：`AppStore.canMakePayments`（StoreKit 2）或 `SKPaymentQueue.canMakePayments()`（StoreKit 1）返回 `false`。生成的商店管理器会替你检查这一点。

**如何修复**：在提供购买之前先检查，并向用户说明情况，而不是显示一个不能用的按钮：

```swift
if AppStore.canMakePayments {
    showPurchaseOptions()
} else {
    showNotice("Purchases are turned off on this device, for example in Screen Time.")
}
```

## 设备与沙盒方面

### 沙盒账户问题

`iapkit check` id：`sandbox-account` · 人工 · 警告\
登录的沙盒账户及其店面保存在设备的设置中，没有任何项目文件记录它们。

**问题所在**：沙盒购买需要一个沙盒测试账户，在 App Store Connect 的**用户和访问**（Users and Access）中创建。真实的 Apple 账户无法在沙盒中购买。账户所在的国家或地区决定了店面，所以只在其他地区销售的产品会缺失。偶尔，某个沙盒账户会莫名其妙地不再响应。

**如何识别**：购买弹窗要求输入一个你不认识的密码、显示了错误的账户，或者根本没有出现。在设备上，到**设置**中查看沙盒账户（较新的 iOS 版本在**开发者**下，较旧的版本在 **App Store** 下）。

**如何修复**：只在这个沙盒专用的位置登录沙盒账户，绝不要在 App Store 的主登录处登录。选择所在地区销售你的产品的测试员。如果请求无缘无故地卡住，就新建一个测试员并用它登录。

### 在模拟器中测试沙盒购买

`iapkit check` id：`device-testing` · 人工 · 警告\
测试在哪里运行，是关于你这次测试过程的事实，而不是关于项目的，所以只有测试的人才能确认。

**问题所在**：模拟器不是测试沙盒购买的可靠场所；它用于配合 StoreKit 配置文件进行本地测试。

**如何识别**：产品在设备上能加载，在模拟器中却不能，或者反过来。

**如何修复**：在 iPhone、iPad 或 Mac 上针对沙盒进行测试，模拟器则配合生成的配置文件使用。

### 残留的 App 状态

`iapkit check` id：`reinstall` · 人工 · 信息\
残留的状态存在于某台特定设备或它的钥匙串中，仓库中的任何文件都触及不到。

**问题所在**：安装了很久的 App 会带着以前各种试验留下的状态：旧的交易、缓存的产品、以前的构建版本保存的权益。

**如何识别**：无论你怎么修复，问题都依然存在，或者只在某一台设备上出现。

**如何修复**：删除 App 并重新安装。进行本地测试时，还要在 Xcode 中清除测试交易（**Debug** › **StoreKit** › **Manage Transactions**）。

> [!NOTE]
> 在 iOS 上，钥匙串项在删除 App 后仍会保留。如果商品目录把权益保存在钥匙串中（`entitlementStore: keychain`），重新安装并不会重置它们；请通过调试菜单删除它们，或者换一个新的沙盒账户进行测试。

### 单元测试没有宿主 App

`iapkit check` id：`unit-test-host` · 人工 · 警告\
StoreKit 测试是否带有宿主 App 运行、能否找到它们的配置文件，只有在测试运行时才能看出来；每次修改测试 target 之后，都要运行一次。

**问题所在**：使用 `SKTestSession` 的测试会让 StoreKit 针对一个配置文件运行。这些测试需要一个宿主应用，而且 `.storekit` 文件必须是测试 bundle 的一部分。否则会话无法启动，或者不提供任何产品。

**如何识别**：创建测试会话时抛出错误，或者测试中的每个产品请求都返回空结果，而 App 本身却运行正常。

**如何修复**：把测试 target 的 **Host Application** 设为该 App，并把 `.storekit` 文件添加到测试 target 的资源中。

"""#,
    ]
}
