// TrailStore+Handlers.swift
// Created once by `iapkit generate`. This file is yours: iapkit never changes it again.

/// What the app does when a product is bought, restored or taken back, whichever StoreKit does
/// the work. Hand an instance to the store: `TrailStore(handler: events)`, and keep it alive
/// (the store holds it weakly).
@MainActor
final class TrailStoreEvents: TrailStoreHandling {
    func gemsPurchased() {
        // Unlock Fifty gems.
    }

    func offlineMapsPurchased() {
        // Unlock Offline maps.
    }

    func guideYearlyPurchased() {
        // Unlock Trail Guide, yearly.
    }

    func guideMonthlyPurchased() {
        // Unlock Trail Guide, monthly.
    }

    func seasonPassPurchased() {
        // Unlock Summer season pass.
    }

    func storeDidMissProducts(_ products: [ProductID]) {
        // The App Store returned none of these; the debug console names them.
    }
}
