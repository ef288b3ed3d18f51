import PassKit

/// A donation to the trail fund, paid with Apple Pay rather than bought in the app.
func donationRequest(amount: NSDecimalNumber) -> PKPaymentRequest {
    let request = PKPaymentRequest()
    request.merchantIdentifier = "merchant.com.example.pebble"
    request.countryCode = "US"
    request.currencyCode = "USD"
    request.supportedNetworks = [.visa, .masterCard]
    request.merchantCapabilities = .threeDSecure
    request.paymentSummaryItems = [PKPaymentSummaryItem(label: "Trail fund", amount: amount)]
    return request
}
