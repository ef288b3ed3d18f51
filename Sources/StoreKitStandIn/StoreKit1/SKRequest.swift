import Foundation

/// A request to the App Store that answers through its delegate (StoreKit 1).
///
/// The App Store holds only a weak reference to a running request: the app must keep the request
/// alive until the delegate has been called, or no answer ever arrives. The fake store behaves
/// the same way.
open class SKRequest: NSObject {
    /// Told when the request finishes or fails. Held weakly.
    open weak var delegate: (any SKRequestDelegate)?

    /// Sends the request.
    open func start() {}

    /// Cancels the request; the delegate hears nothing more.
    open func cancel() {}
}

/// What the delegate of any App Store request hears.
public protocol SKRequestDelegate: NSObjectProtocol {
    func requestDidFinish(_ request: SKRequest)
    func request(_ request: SKRequest, didFailWithError error: any Error)
}

/// StoreKit's requirements here are optional; the defaults do nothing.
extension SKRequestDelegate {
    public func requestDidFinish(_ request: SKRequest) {}
    public func request(_ request: SKRequest, didFailWithError error: any Error) {}
}

/// Asks the App Store for products by identifier. Identifiers it does not know come back in
/// `SKProductsResponse.invalidProductIdentifiers` instead of an error.
open class SKProductsRequest: SKRequest {
    let productIdentifiers: Set<String>

    public init(productIdentifiers: Set<String>) {
        self.productIdentifiers = productIdentifiers
        super.init()
    }

    open override func start() {
        LegacyBackend.shared.start(self)
    }

    open override func cancel() {
        LegacyBackend.shared.cancel(self)
    }
}

/// What the delegate of a products request hears.
public protocol SKProductsRequestDelegate: SKRequestDelegate {
    func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse)
}

/// The App Store's answer to a products request.
open class SKProductsResponse: NSObject {
    /// The products found, in no particular order.
    open private(set) var products: [SKProduct]
    /// The identifiers the App Store does not know or does not offer.
    open private(set) var invalidProductIdentifiers: [String]

    public override init() {
        products = []
        invalidProductIdentifiers = []
        super.init()
    }

    init(products: [SKProduct], invalidProductIdentifiers: [String]) {
        self.products = products
        self.invalidProductIdentifiers = invalidProductIdentifiers
        super.init()
    }
}
