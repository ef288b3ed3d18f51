/// Names an app-level type from the guides (the `manager`) may not take: a Swift keyword makes
/// the generated declaration a syntax error, and a type the generated code names itself
/// (`NSObject`, `Codable`, `Hashable`) would be hidden by the new one, so the output would not
/// compile. With the names generation checks itself (`Result`, `Sendable`, `Product`), the lists
/// cover every type name in the built-in templates; a test keeps it so as the templates change.
enum SwiftReservedNames {
    /// Swift's keywords, contextual ones included: each is a syntax error or a surprise where a
    /// type name stands (`final class some`, `struct Type`).
    static let keywords: Set<String> = [
        // Declarations
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        // Statements
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "switch", "throw", "where", "while",
        // Expressions and types
        "Any", "as", "await", "catch", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        // Contextual
        "actor", "any", "async", "consume", "convenience", "copy", "didSet", "discard", "dynamic", "each", "final",
        "get", "indirect", "infix", "isolated", "lazy", "macro", "mutating", "none", "nonmutating", "optional",
        "override", "postfix", "prefix", "Protocol", "required", "sending", "set", "some", "Type", "unowned",
        "weak", "willSet",
    ]

    /// Types of Swift, Foundation, Security, StoreKit, UIKit, AppKit and Objective-C that the
    /// generated code names, and types it declares inside the store, besides those that
    /// generation checks itself (the framework types and the generated types of
    /// `GeneratedNames`, which lint reports through it): each is reported once.
    static let usedTypes: Set<String> = [
        // Swift, Foundation, Dispatch, Combine and Security
        "AnyObject", "CaseIterable", "CFBridgingRelease", "CFDictionary", "CFDictionaryRef", "CFTypeRef", "Codable",
        "Combine", "Continuation", "Darwin", "DispatchQueue", "Equatable", "Foundation", "Hashable", "Observation",
        "OSStatus", "SecItemAdd", "SecItemCopyMatching", "SecItemUpdate", "Security", "UInt64", "UTF8", "Void",
        // StoreKit 2 and StoreKit 1
        "ExpirationReason", "PurchaseOption", "PurchaseResult", "RefundRequestStatus", "SKErrorDomain",
        "SKErrorPaymentCancelled", "SKErrorPaymentNotAllowed",
        "SKErrorUnknown", "SKPaymentTransactionObserver", "SKPaymentTransactionState",
        "SKPaymentTransactionStateDeferred", "SKPaymentTransactionStateFailed", "SKPaymentTransactionStatePurchased",
        "SKPaymentTransactionStatePurchasing", "SKPaymentTransactionStateRestored", "SKProductsRequestDelegate",
        "State", "Status", "SubscriptionInfo", "SubscriptionOffer",
        // UIKit, AppKit and WatchKit
        "AppKit", "NSApplicationWillBecomeActiveNotification", "UIApplicationWillEnterForegroundNotification", "UIKit",
        "WatchKit",
        // Objective-C
        "BOOL", "DEBUG", "DISPATCH_TIME_NOW", "FOUNDATION_EXPORT", "JSONObjectWithData", "NO", "NSArray",
        "NSCalendar", "NSCalendarIdentifierGregorian", "NSData", "NSDate", "NSDateComponents", "NSDictionary",
        "NSEC_PER_SEC", "NSError", "NSErrorDomain", "NSJSONReadingMutableContainers", "NSJSONSerialization",
        "NSJSONWritingSortedKeys", "NSLog", "NSMutableArray", "NSMutableDictionary", "NSNotification",
        "NSNotificationCenter", "NSNotificationName", "NSNumber", "NSOSStatusErrorDomain", "NSObject",
        "NSObjectProtocol", "NSOperationQueue", "NSOrderedDescending", "NSSet", "NSThread", "NSTimeInterval",
        "NSTimeZone", "NSUInteger", "NSUserDefaults", "NS_ASSUME_NONNULL_BEGIN", "NS_ASSUME_NONNULL_END",
        "NS_ERROR_ENUM", "NULL", "TARGET_OS_WATCH", "YES",
        // Declared inside the generated store and its helpers
        "ChangedNotification", "DefaultsStorage", "DeliveredLimit", "DeliveriesKey", "Ending", "Entitlement",
        "ErrorCode", "ErrorEntitlementNotSaved", "Event", "EventForwarder", "Events", "FacadeBackend", "Failure",
        "Form",
        "Handler", "KeychainService", "KeychainStorage", "MemoryStorage", "Name", "PaymentQueueObservation",
        "Products", "Purchasing", "Record", "RecordKey", "Storage", "StoreKitHandOver", "SubscriptionValidator",
        "Value",
    ]

    /// Why `name` cannot be a type the generated code declares, or nil when it can.
    static func reason(_ name: String) -> String? {
        if keywords.contains(name) { return "is a Swift keyword" }
        if usedTypes.contains(name) { return "is a name the generated code already uses for a type" }
        return nil
    }
}
