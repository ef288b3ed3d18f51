// TrailStore+Handlers.swift
// Created once by `iapkit generate`. This file is yours: iapkit never changes it again.

import StoreKit

/// What the app does when a product is bought, restored or taken back. Hand an instance to the
/// store: `TrailStore(handler: events)`, and keep it alive (the store holds it weakly).
@MainActor
final class TrailStoreEvents: TrailStoreHandling {
    func gemsPurchased(_ transaction: SKPaymentTransaction) {
        // Unlock Fifty gems.
    }

    func offlineMapsPurchased(_ transaction: SKPaymentTransaction) {
        // Unlock Offline maps.
    }

    func guideYearlyPurchased(_ transaction: SKPaymentTransaction) {
        // Unlock Trail Guide, yearly.
    }

    func storeDidMissProducts(_ products: [ProductID]) {
        // The App Store returned none of these; the debug console names them.
    }
}
