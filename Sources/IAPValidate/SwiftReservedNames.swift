/// Names an app-level type from the guides (the `manager`) may not take: a Swift keyword makes
/// the generated declaration a syntax error, and a type the generated code names itself
/// (`Result`, `Sendable`, `Product`, `NSObject`) would be hidden by the new one, so the output
/// would not compile. The second list covers every type name in the built-in templates; a test
/// keeps it complete as the templates change.
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

    /// Types of Swift, Foundation, Combine, Security, StoreKit and Objective-C that the
    /// generated code names, and the types it declares itself.
    static let usedTypes: Set<String> = [
        // The Swift standard library and concurrency
        "AnyHashable", "AnyObject", "Array", "AsyncStream", "Bool", "CaseIterable", "Character",
        "CheckedContinuation", "Codable", "Collection", "Comparable", "Dictionary", "Double", "Equatable", "Error",
        "Float", "Hashable", "Identifiable", "Int", "Int64", "MainActor", "Never", "Optional", "Result",
        "Sendable", "Sequence", "Set", "String", "Substring", "Task", "UInt64", "UTF8", "Void",
        // Foundation, Dispatch, Combine and Security
        "Combine", "Data", "Date", "Decimal", "DispatchQueue", "Foundation", "Notification", "NotificationCenter",
        "NumberFormatter", "ObservableObject", "Published", "Security", "Thread", "URL", "UserDefaults",
        "CFDictionary", "CFTypeRef", "SecItemAdd", "SecItemCopyMatching", "SecItemUpdate",
        // StoreKit 2 and StoreKit 1
        "AppStore", "Product", "PurchaseIntent", "PurchaseOption", "PurchaseResult", "StoreKit", "Transaction",
        "VerificationResult", "SKError", "SKErrorDomain", "SKErrorPaymentCancelled", "SKErrorPaymentNotAllowed",
        "SKErrorUnknown", "SKMutablePayment", "SKPayment", "SKPaymentQueue", "SKPaymentTransaction",
        "SKPaymentTransactionObserver", "SKPaymentTransactionState", "SKPaymentTransactionStateDeferred",
        "SKPaymentTransactionStateFailed", "SKPaymentTransactionStatePurchased",
        "SKPaymentTransactionStatePurchasing", "SKPaymentTransactionStateRestored", "SKProduct",
        "SKProductsRequest", "SKProductsRequestDelegate", "SKProductsResponse", "SKRequest",
        // Objective-C
        "BOOL", "DEBUG", "FOUNDATION_EXPORT", "NO", "NSArray", "NSDictionary", "NSError", "NSLock", "NSLog",
        "NSMutableArray", "NSMutableDictionary", "NSMutableSet", "NSNotificationCenter", "NSNotificationName",
        "NSObject", "NSSet", "NSString", "NSThread", "NSUserDefaults", "NS_ASSUME_NONNULL_BEGIN",
        "NS_ASSUME_NONNULL_END", "YES",
        // Declared by the generated code, at the top level or inside the store
        "EntitlementStore", "EntitlementStores", "Event", "EventForwarder", "Events", "FacadeBackend", "Handler",
        "InMemoryEntitlementStore", "KeychainEntitlementStore", "ListenerTasks", "Name", "Ownership",
        "ProductHandle", "ProductID", "ProductKind", "Products", "PurchaseOutcome", "Purchasing", "StoreError",
        "StoreEvent", "StoreKitHandOver", "UserDefaultsEntitlementStore", "Value",
    ]

    /// Why `name` cannot be a type the generated code declares, or nil when it can.
    static func reason(_ name: String) -> String? {
        if keywords.contains(name) { return "is a Swift keyword" }
        if usedTypes.contains(name) { return "is a name the generated code already uses for a type" }
        return nil
    }
}
