import StoreKit

/// Whether the device may pay, as a closure the tests replace.
struct PaymentsClient {
    var isAllowed: () -> Bool
}

extension PaymentsClient {
    static let live = PaymentsClient(isAllowed: { AppStore.canMakePayments })
}
