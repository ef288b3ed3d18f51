// TrailStore+Handlers.swift
// Created once by `iapkit generate`. This file is yours: iapkit never changes it again.

import StoreKit

/// What the app does when a product is bought, restored or taken back. Hand an instance to the
/// store: `TrailStore(handler: events)`, and keep it alive (the store holds it weakly). The
/// store itself records what the customer owns and keeps consumable balances.
@MainActor
final class TrailStoreEvents: TrailStoreHandling {
    // To credit a server of your own before a transaction is finished:
    // func deliver(_ transaction: SKPaymentTransaction, for product: ProductID) async -> DeliveryOutcome {
    //     await myServer.credit(transaction) ? .delivered : .retryLater
    // }

    func gemsPurchased(_ transaction: SKPaymentTransaction) {
        // Unlock Fifty gems.
    }

    func offlineMapsPurchased(_ transaction: SKPaymentTransaction) {
        // Unlock Offline maps.
    }

    func guideYearlyPurchased(_ transaction: SKPaymentTransaction) {
        // Unlock Trail Guide, yearly.
    }

    func guideMonthlyPurchased(_ transaction: SKPaymentTransaction) {
        // Unlock Trail Guide, monthly.
    }

    func seasonPassPurchased(_ transaction: SKPaymentTransaction) {
        // Unlock Summer season pass.
    }

    func storeDidMissProducts(_ products: [ProductID]) {
        // The App Store returned none of these; the debug console names them.
    }
}
