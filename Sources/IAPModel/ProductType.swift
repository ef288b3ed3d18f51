/// The four kinds of in-app purchase App Store Connect offers, spelt as guides write them.
public enum ProductType: String, Sendable, Hashable, Codable, CaseIterable {
    case consumable
    case nonConsumable = "non-consumable"
    case autoRenewable = "auto-renewable"
    case nonRenewing = "non-renewing"

    public var isSubscription: Bool { self == .autoRenewable || self == .nonRenewing }
}

/// How an introductory offer charges during its periods.
public enum OfferMode: String, Sendable, Hashable, Codable, CaseIterable {
    case freeTrial = "free-trial"
    case payAsYouGo = "pay-as-you-go"
    case payUpFront = "pay-up-front"
}

/// Which StoreKit API the generated code targets.
public enum StoreKitVersion: String, Sendable, Hashable, Codable, CaseIterable {
    case storeKit1 = "1"
    case storeKit2 = "2"
    case both
}

/// The Swift access level of generated declarations.
public enum AccessLevel: String, Sendable, Hashable, Codable, CaseIterable {
    case `internal`
    case `public`
}

/// Where the generated code keeps what the user has bought.
public enum EntitlementStoreKind: String, Sendable, Hashable, Codable, CaseIterable {
    case keychain
    case userDefaults
    case none
}
