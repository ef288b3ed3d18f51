import RevenueCat
import StoreKit

/// Purchases go through RevenueCat, which observes, finishes and restores transactions; its
/// delegate names StoreKit 1's SKProduct for promoted purchases, which sells nothing by itself.
final class Store: NSObject, PurchasesDelegate {
    override init() {
        super.init()
        Purchases.configure(withAPIKey: "appl_example")
        Purchases.shared.delegate = self
    }

    func purchases(
        _ purchases: Purchases, readyForPromotedProduct product: StoreProduct,
        purchase startPurchase: @escaping StartPurchaseBlock
    ) {
        startPurchase { _, _, _, _ in }
    }

    func legacyPromotion(_ product: SKProduct) -> String { product.productIdentifier }

    func offerings() async throws -> Offerings {
        try await Purchases.shared.offerings()
    }
}
