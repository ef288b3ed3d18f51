// PebbleStore+Handlers.swift
// Created once by `iapkit generate`. This file is yours: iapkit never changes it again.

import StoreKit

/// What the app does when a product is bought, restored or taken back. Hand an instance to the
/// store: `PebbleStore(handler: events)`, and keep it alive (the store holds it weakly). The
/// store itself records what the customer owns and keeps consumable balances.
@MainActor
final class PebbleStoreEvents: PebbleStoreHandling {
    // To credit a server of your own before a transaction is finished:
    // func deliver(_ transaction: StoreKit.Transaction, for product: ProductID) async -> DeliveryOutcome {
    //     await myServer.credit(transaction) ? .delivered : .retryLater
    // }

    func coins100Purchased(_ transaction: StoreKit.Transaction) {
        // Unlock 100 coins.
    }

    func premiumPurchased(_ transaction: StoreKit.Transaction) {
        // Unlock Premium unlock.
    }

    func passYearPurchased(_ transaction: StoreKit.Transaction) {
        // Unlock One-year pass.
    }

    func proMonthlyPurchased(_ transaction: StoreKit.Transaction) {
        // Unlock Pro, monthly.
    }

    func storeDidMissProducts(_ products: [ProductID]) {
        // The App Store returned none of these; the debug console names them.
    }
}
