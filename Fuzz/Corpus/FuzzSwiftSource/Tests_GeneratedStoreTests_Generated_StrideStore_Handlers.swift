// StrideStore+Handlers.swift
// Created once by `iapkit generate`. This file is yours: iapkit never changes it again.

import StoreKit

/// What the app does when a product is bought, restored or taken back. Hand an instance to the
/// store: `StrideStore(handler: events)`, and keep it alive (the store holds it weakly). The
/// store itself records what the customer owns and keeps consumable balances.
@MainActor
final class StrideStoreEvents: StrideStoreHandling {
    // To credit a server of your own before a transaction is finished:
    // func deliver(_ transaction: StoreKit.Transaction, for product: ProductID) async -> DeliveryOutcome {
    //     await myServer.credit(transaction) ? .delivered : .retryLater
    // }

    func coachCreditsPurchased(_ transaction: StoreKit.Transaction) {
        // Unlock Coach credits, pack of 10.
    }

    func removeAdsPurchased(_ transaction: StoreKit.Transaction) {
        // Unlock Remove ads.
    }

    func seasonPassPurchased(_ transaction: StoreKit.Transaction) {
        // Unlock Season Pass 2027 (one year).
    }

    func proYearlyPurchased(_ transaction: StoreKit.Transaction) {
        // Unlock Stride Pro, yearly.
    }

    func plusMonthlyPurchased(_ transaction: StoreKit.Transaction) {
        // Unlock Stride Plus, monthly.
    }

    func storeDidMissProducts(_ products: [ProductID]) {
        // The App Store returned none of these; the debug console names them.
    }
}
