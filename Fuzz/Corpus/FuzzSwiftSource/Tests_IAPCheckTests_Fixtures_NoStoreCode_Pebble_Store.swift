import StoreKit
import SwiftUI

/// The first release sells nothing yet; StoreKit is imported only to ask for a review.
@MainActor
final class Store {
    init() {
        for update in Transaction.updates { print(update) }
    }

    func askForReview(_ requestReview: RequestReviewAction) {
        requestReview()
    }
}

/// A pebble given to a friend; nothing to do with StoreKit's transactions.
struct Transaction {
    static let updates: [String] = []
}
