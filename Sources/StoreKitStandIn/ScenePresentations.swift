import Foundation

#if canImport(UIKit)
    import UIKit
#endif

extension Transaction {
    /// What became of a refund request: submitted, or dismissed by the customer. It says
    /// nothing of the refund itself, which arrives later as a revoked transaction.
    public enum RefundRequestStatus: Sendable, Hashable {
        case success
        case userCancelled
    }

    /// Why a refund request could not be made.
    public enum RefundRequestError: Error, Sendable, Hashable {
        /// A refund of this transaction was asked for already.
        case duplicateRequest
        case failed
    }
}

#if canImport(UIKit)
    extension Product {
        /// Buys the product, showing the confirmation in `scene`; the way on visionOS, where
        /// `purchase(options:)` is unavailable. The fake store records the scene's use in the
        /// attempt (`FakePurchaseAttempt.confirmedInScene`).
        @available(iOS 17.0, tvOS 17.0, visionOS 1.0, *)
        @MainActor
        public func purchase(
            confirmIn scene: some UIScene, options: Set<Product.PurchaseOption> = []
        ) async throws -> Product.PurchaseResult {
            await Task.yield()
            return try StoreBackend.shared.purchase(self, options: options, confirmedInScene: true)
        }
    }

    extension Transaction {
        /// Shows the refund request sheet for a transaction of the customer's
        /// (`FakeAppStore.refundRequests`, `FakeAppStore.refundRequestAnswer`).
        @available(iOS 15.0, visionOS 1.0, *)
        @available(tvOS, unavailable)
        @available(watchOS, unavailable)
        @MainActor
        public static func beginRefundRequest(
            for transactionID: UInt64, in scene: UIWindowScene
        ) async throws -> Transaction.RefundRequestStatus {
            await Task.yield()
            return try StoreBackend.shared.requestRefund(transactionID: transactionID)
        }

        /// Shows the refund request sheet for this transaction.
        @available(iOS 15.0, visionOS 1.0, *)
        @available(tvOS, unavailable)
        @available(watchOS, unavailable)
        @MainActor
        public func beginRefundRequest(in scene: UIWindowScene) async throws -> Transaction.RefundRequestStatus {
            try await Transaction.beginRefundRequest(for: id, in: scene)
        }
    }

    extension AppStore {
        /// Shows the App Store's sheet where the customer manages subscriptions
        /// (`FakeAppStore.manageSubscriptionsPresentations`).
        @available(iOS 15.0, visionOS 1.0, *)
        @available(tvOS, unavailable)
        @available(watchOS, unavailable)
        @MainActor
        public static func showManageSubscriptions(in scene: UIWindowScene) async throws {
            await Task.yield()
            StoreBackend.shared.state.withLock { $0.manageSubscriptionsPresentations.append(nil) }
        }

        /// Shows the manage-subscriptions sheet for one subscription group.
        @available(iOS 17.0, visionOS 1.0, *)
        @available(tvOS, unavailable)
        @available(watchOS, unavailable)
        @MainActor
        public static func showManageSubscriptions(in scene: UIWindowScene, subscriptionGroupID: String) async throws {
            await Task.yield()
            StoreBackend.shared.state.withLock { $0.manageSubscriptionsPresentations.append(subscriptionGroupID) }
        }

        /// Shows the sheet where the customer redeems an offer code. A code the customer enters
        /// (`FakeAppStore.enterOfferCode(productID:offerID:)`) becomes a transaction in `Transaction.updates`, as
        /// with StoreKit; this returns when the sheet is dismissed.
        @available(iOS 16.0, visionOS 1.0, *)
        @available(tvOS, unavailable)
        @available(watchOS, unavailable)
        @MainActor
        public static func presentOfferCodeRedeemSheet(in scene: UIWindowScene) async throws {
            await Task.yield()
            let entered = StoreBackend.shared.state.withLock { state in
                state.offerCodeSheetCount += 1
                defer { state.offerCodeToEnter = nil }
                return state.offerCodeToEnter
            }
            if let entered {
                FakeAppStore.redeemOfferCode(productID: entered.productID, offerID: entered.offerID)
            }
        }
    }
#endif
