import Foundation

/// The error domain of StoreKit 1 errors, spelt as Apple spells it.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let SKErrorDomain = "SKErrorDomain"

/// A StoreKit 1 error, such as the customer cancelling a payment (`.paymentCancelled`).
public struct SKError: Error, Hashable, Sendable {
    public enum Code: Int, Hashable, Sendable {
        case unknown = 0
        case clientInvalid = 1
        case paymentCancelled = 2
        case paymentInvalid = 3
        case paymentNotAllowed = 4
        case storeProductNotAvailable = 5
        case cloudServicePermissionDenied = 6
        case cloudServiceNetworkConnectionFailed = 7
        case cloudServiceRevoked = 8
        case privacyAcknowledgementRequired = 9
        case unauthorizedRequestData = 10
        case invalidOfferIdentifier = 11
        case invalidSignature = 12
        case missingOfferParams = 13
        case invalidOfferPrice = 14
        case overlayCancelled = 15
        case overlayInvalidConfiguration = 16
        case overlayTimeout = 17
        case ineligibleForOffer = 18
        case unsupportedPlatform = 19
        case overlayPresentedInBackgroundScene = 20
    }

    public let code: SKError.Code

    /// The user info is accepted for source compatibility and not kept.
    public init(_ code: SKError.Code, userInfo: [String: Any] = [:]) {
        self.code = code
    }

    public static var errorDomain: String { SKErrorDomain }

    public static var unknown: SKError.Code { .unknown }
    public static var clientInvalid: SKError.Code { .clientInvalid }
    public static var paymentCancelled: SKError.Code { .paymentCancelled }
    public static var paymentInvalid: SKError.Code { .paymentInvalid }
    public static var paymentNotAllowed: SKError.Code { .paymentNotAllowed }
    public static var storeProductNotAvailable: SKError.Code { .storeProductNotAvailable }
    public static var cloudServicePermissionDenied: SKError.Code { .cloudServicePermissionDenied }
    public static var cloudServiceNetworkConnectionFailed: SKError.Code { .cloudServiceNetworkConnectionFailed }
    public static var cloudServiceRevoked: SKError.Code { .cloudServiceRevoked }
}

extension SKError.Code {
    /// Lets `catch SKError.paymentCancelled` match, as with StoreKit's bridged errors.
    public static func ~= (code: SKError.Code, error: any Error) -> Bool {
        (error as? SKError)?.code == code
    }
}

extension SKError: CustomNSError {
    public var errorCode: Int { code.rawValue }
}

extension SKError: LocalizedError {
    public var errorDescription: String? {
        switch code {
        case .paymentCancelled: return "The customer cancelled the payment."
        case .paymentNotAllowed: return "Payments are not allowed on this device."
        case .storeProductNotAvailable: return "The product is not available in this storefront."
        default: return "A StoreKit error occurred (\(code.rawValue))."
        }
    }
}
