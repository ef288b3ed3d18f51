import IAPDiagnostics
import IAPModel

/// The Swift names of one generation run, all decided here: the manager's type, its handler
/// protocol, and one identifier per product, checked for collisions.
public struct GeneratedNames: Sendable {
    public struct ProductNames: Sendable {
        /// The enum case and the store's property (`removeAds`).
        public var identifier: SwiftIdentifier
        public var purchased, familyShared, renewed, restored, failed, deferred, revoked, expired: String
    }

    public var manager: String
    public var handlerProtocol: String
    public var scaffoldFile: String
    public var storekitFile: String
    public var products: [ProductNames]
    /// The subscription groups, in the order the guides first name them: the group's name in the
    /// guides, and the `SubscriptionGroup` case and store property (`store.strideMembership`).
    public var groups: [(name: String, identifier: SwiftIdentifier)] = []
    /// With `storekit: both`, the StoreKit 2 and StoreKit 1 stores behind the facade, which
    /// takes `manager`, and their handler protocols.
    public var storeKit2Manager: String { manager + "StoreKit2" }
    public var storeKit1Manager: String { manager + "StoreKit1" }
    public var storeKit2HandlerProtocol: String { storeKit2Manager + "Handling" }
    public var storeKit1HandlerProtocol: String { storeKit1Manager + "Handling" }

    /// Members of the generated manager; a product property may not take one of these names.
    static let managerMembers: Set<String> = [
        "products", "missingProducts", "ownedProducts", "handler", "entitlements", "clock", "canMakePayments",
        "loadProducts", "purchase", "restorePurchases", "refreshEntitlements", "isPurchased", "expirationDate",
        "isFamilyShared", "balance", "consume", "waitForPendingChanges", "foregroundNotification", "process",
        "deliver", "startDelivery", "settle", "revoke", "isRenewal", "makeEntitlement", "buyFromAppStore",
        "scheduleRefresh", "performRefresh",
        "apply", "noteChange", "recomputeOwnership", "notifyChange", "deliveries", "changeCount", "lastChange",
        "refreshes", "expiry", "paymentQueueObservation", "listeners", "objectWillChange", "init", "deinit",
        "self",
        // Subscriptions, offers, customer service and the views that follow the store.
        "subscriptionStatuses", "appAccountToken", "promotionalOfferSigner", "onChange", "statusFollowers", "revision",
        "productToBuy", "handle", "purchaseOptions", "accountOptions", "refreshSubscriptionStatuses", "statusUpdates",
        "summary", "describe", "isEligibleForIntroOffer", "introductoryOffer", "promotionalOffers", "winBackOffers",
        "refundableTransactionID", "canRequestRefund", "purchaseHistory", "appPurchase", "requestRefund",
        "showManageSubscriptions", "presentOfferCodeRedeemSheet",
    ]

    /// Further members of the StoreKit 1 store, among them those it inherits from `NSObject`.
    static let storeKit1Members: Set<String> = [
        "purchaseNotification", "queue", "productsRequest", "productsCompletions", "restoreCompletions",
        "purchaseWaiters", "stopObserving", "requestProducts", "buy", "receive", "fail", "answerProductRequests",
        "update", "grant", "reportFailure", "resumeWaiter", "finishRestore", "revoke", "notePromotedPurchase",
        "request", "requestDidFinish", "paymentQueue", "paymentQueueRestoreCompletedTransactionsFinished",
        "description", "debugDescription", "hash", "hashValue", "isEqual", "copy", "mutableCopy", "superclass",
        "isProxy", "perform", "responds", "conforms", "isKind", "isMember", "value", "setValue", "classForCoder",
        "validator", "decidesWithStoreKit2", "restoredProducts", "deliveryKey", "end", "currentAnswers",
        "SubscriptionValidator", "Event", "ProductHandle",
    ]

    /// Further members of the facade of `storekit: both` and of the stores behind it.
    static let facadeMembers: Set<String> = [
        "backend", "forwarder", "usesStoreKit2", "storeKit1", "storeKit2", "displayName", "displayPrice",
        "facadeLoad", "facadePurchase", "facadeDisplayName", "facadeDisplayPrice", "facadeProducts", "facadeStatus",
        "subscriptionStatus", "isSubscribed", "observed",
    ]

    /// The type names every run declares besides the manager's (before the type prefix).
    static let fixedTypes = [
        "ProductID", "ProductKind", "EntitlementStore", "PurchaseOutcome", "StoreError", "StoreEvent",
        "DeliveryOutcome", "StoreClock", "SystemStoreClock", "EntitlementAnswer", "DeliveryClaims", "PurchaseDelivery",
        "StoreLifecycle", "RefreshQueue", "ExpiryTimer",
        "StoreListeners",
        "ProductHandle",
        "SubscriptionGroup", "SubscriptionGroupHandle", "SubscriptionStatus", "SubscriptionOfferChoice",
        "PromotionalOfferRequest", "PromotionalOfferSignature", "PurchaseRecord", "AppPurchase", "StoreProduct",
        "StoreLog",
    ]

    /// Types of StoreKit, Swift and Foundation that the generated code names without a module
    /// prefix: a generated type of the same name would hide them and the output would not compile.
    static let frameworkTypes: Set<String> = [
        "AppStore", "Product", "Transaction", "VerificationResult", "PurchaseIntent", "StoreKit", "SKPaymentQueue",
        "SKProduct", "SKProductsRequest", "SKProductsResponse", "SKPayment", "SKPaymentTransaction", "SKError",
        "SKRequest", "Task", "String", "Set", "Error", "Notification", "NotificationCenter", "UserDefaults", "Data",
        "Date", "MainActor", "DateComponents", "Calendar", "TimeZone", "NSLock", "JSONEncoder", "JSONDecoder",
        "UIApplication", "NSApplication", "WKExtension", "WKApplication", "Int", "Bool", "Never", "Sendable", "Result",
        "Thread",
        "NSMutableSet", "NSString", "CheckedContinuation",
        "UIScene", "UIWindowScene", "AppTransaction", "Storefront", "Logger", "AsyncStream", "UUID", "Decimal",
        "Observable", "ObservableObject", "SKMutablePayment", "NumberFormatter", "Dictionary",
    ]

    /// Names a product property may not take for this StoreKit choice.
    static func reservedMembers(for storekit: StoreKitVersion) -> Set<String> {
        switch storekit {
        case .storeKit2: managerMembers
        case .storeKit1: managerMembers.union(storeKit1Members)
        case .both: managerMembers.union(storeKit1Members).union(facadeMembers)
        }
    }

    /// Every type name the run declares, each with what it is, so that two can never meet.
    func declaredTypes(storekit: StoreKitVersion, typePrefix: String) -> [(name: String, role: String)] {
        var types = Self.fixedTypes.map { (typePrefix + $0, "a generated type") }
        types.append((manager, "the store manager"))
        types.append((handlerProtocol, "the handler protocol"))
        types.append((manager + "Events", "the handler in the scaffold"))
        if storekit == .both {
            types.append((storeKit2Manager, "the StoreKit 2 store"))
            types.append((storeKit1Manager, "the StoreKit 1 store"))
            types.append((storeKit2HandlerProtocol, "the StoreKit 2 handler protocol"))
            types.append((storeKit1HandlerProtocol, "the StoreKit 1 handler protocol"))
        }
        return types
    }

    public static func make(
        for workbook: Workbook, typePrefix: String = "", diagnostics: inout DiagnosticLog
    ) -> GeneratedNames {
        let app = workbook.app
        let storekit = app?.storekit ?? .storeKit2
        let reserved = reservedMembers(for: storekit)
        // Without an app name, "App Store" would make `AppStore`, StoreKit's own type.
        let managerName =
            app?.manager?.value ?? SwiftNames.typeName(for: (app?.name.value ?? "Purchases") + " Store").name
        let fileStem = SwiftNames.typeName(for: app?.name.value ?? "Products").name
        var names = GeneratedNames(
            manager: managerName, handlerProtocol: managerName + "Handling",
            scaffoldFile: managerName + "+Handlers.swift", storekitFile: fileStem + ".storekit", products: [])
        // Names the guide chose come first; names derived from IDs give way to them.
        var taken: [String: SourceLocation] = [:]
        var identifiers: [SwiftIdentifier?] = Array(repeating: nil, count: workbook.products.count)
        for (index, product) in workbook.products.enumerated() {
            guard let handler = product.handler else { continue }
            let identifier = SwiftNames.identifier(for: handler.value)
            if let first = taken[identifier.name] {
                diagnostics.error(
                    "product \(Diagnostic.quote(product.id.value)) would be named '\(identifier.name)' in Swift, like another product; give one of them another 'handler'",
                    at: handler.location, notes: [.note("the other product is defined here", at: first)])
            } else if reserved.contains(identifier.name) {
                diagnostics.error(
                    "product \(Diagnostic.quote(product.id.value)) would be named '\(identifier.name)', which the generated store already uses; give it another 'handler'",
                    at: handler.location)
            } else if SwiftNames.keywords.contains(identifier.name) {
                diagnostics.error(
                    "handler \(Diagnostic.quote(handler.value)) is a Swift keyword; give the product another 'handler'",
                    at: handler.location)
            }
            taken[identifier.name] = taken[identifier.name] ?? handler.location
            identifiers[index] = identifier
        }
        for (index, product) in workbook.products.enumerated() where product.handler == nil {
            let derived = SwiftNames.identifier(for: product.id.value, droppingPrefix: app?.bundleID.value)
            let reason: String? =
                if let first = taken[derived.name] {
                    "like the product defined at line \(first.line)"
                } else if SwiftNames.keywords.contains(derived.name) {
                    "which Swift reserves"
                } else if reserved.contains(derived.name) {
                    "which the generated store already uses"
                } else {
                    nil
                }
            var identifier = derived
            if let reason {
                identifier = SwiftNames.safeAlternative(to: derived.name) { name in
                    taken[name] == nil && !reserved.contains(name) && !SwiftNames.keywords.contains(name)
                }
                diagnostics.warning(
                    "product \(Diagnostic.quote(product.id.value)) would be named '\(derived.name)' in Swift, \(reason); it is named '\(identifier.name)' instead (set 'handler' to choose the name)",
                    at: product.id.location)
            }
            taken[identifier.name] = product.id.location
            identifiers[index] = identifier
        }
        for product in workbook.products where product.type == .autoRenewable {
            guard let group = product.subscription?.group, !names.groups.contains(where: { $0.name == group.value })
            else { continue }
            let derived = SwiftNames.identifier(for: group.value)
            var identifier = derived
            let unusable = { (name: String) in
                taken[name] != nil || reserved.contains(name) || SwiftNames.keywords.contains(name)
            }
            // A group is often named like one of its products ("Pro" and `pro`): the group then
            // takes the `Group` suffix, as the guide format documents, without a warning.
            if unusable(derived.name) {
                identifier = SwiftNames.safeAlternative(to: derived.name, suffix: "Group") { !unusable($0) }
            }
            taken[identifier.name] = group.location
            names.groups.append((group.value, identifier))
        }
        for identifier in identifiers {
            let identifier = identifier ?? SwiftIdentifier(name: "product", spelling: "product")
            let base = identifier.name
            names.products.append(
                ProductNames(
                    identifier: identifier, purchased: base + "Purchased", familyShared: base + "FamilyShared",
                    renewed: base + "Renewed", restored: base + "Restored", failed: base + "Failed",
                    deferred: base + "Deferred", revoked: base + "Revoked", expired: base + "Expired"))
        }
        names.checkTypeNames(
            storekit: storekit, typePrefix: typePrefix, at: app?.manager?.location ?? app?.location,
            diagnostics: &diagnostics)
        return names
    }

    /// The manager's name and the names derived from it must differ from every other generated
    /// type, or the output would not compile.
    private func checkTypeNames(
        storekit: StoreKitVersion, typePrefix: String, at location: SourceLocation?, diagnostics: inout DiagnosticLog
    ) {
        var seen: [String: String] = [:]
        for (name, role) in declaredTypes(storekit: storekit, typePrefix: typePrefix) {
            if Self.frameworkTypes.contains(name) {
                diagnostics.error(
                    "manager \(Diagnostic.quote(manager)) gives \(role) the name '\(name)', which would hide the framework type the generated code uses; choose another 'manager' or app 'name'",
                    at: location)
            } else if let other = seen[name] {
                diagnostics.error(
                    "manager \(Diagnostic.quote(manager)) gives \(role) the name '\(name)', which \(other) already has; choose another 'manager' or a type prefix",
                    at: location)
            } else {
                seen[name] = role
            }
        }
    }
}
