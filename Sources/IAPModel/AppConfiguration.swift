import IAPDiagnostics

/// The app the products belong to, and how its code is generated.
public struct AppConfiguration: Sendable, Hashable {
    public var name: Located<String>
    /// Must equal the bundle ID of the App Store Connect app that owns the products.
    public var bundleID: Located<String>
    /// The type name of the generated store manager.
    public var manager: Located<String>?
    public var storekit: StoreKitVersion
    /// Minimum system versions, in the order the guide lists them (`iOS` → `16.0`).
    public var platforms: [Platform]
    public var accessLevel: AccessLevel
    public var entitlementStore: EntitlementStoreKind
    /// Where `entitlementStore` is written, when it is.
    public var entitlementStoreLocation: SourceLocation?
    /// Also generate a StoreKit 1 manager as an Objective-C `.h`/`.m` pair, for apps written in
    /// Objective-C, which cannot call StoreKit 2.
    public var objectiveC: Bool
    /// Put before the generated type names (`ProductID` becomes `ShopProductID`), so that they
    /// cannot meet the app's own.
    public var typePrefix: Located<String>?
    public var location: SourceLocation

    public init(
        name: Located<String>, bundleID: Located<String>, manager: Located<String>? = nil,
        storekit: StoreKitVersion = .storeKit2, platforms: [Platform] = [], accessLevel: AccessLevel = .internal,
        entitlementStore: EntitlementStoreKind = .keychain, entitlementStoreLocation: SourceLocation? = nil,
        objectiveC: Bool = false, typePrefix: Located<String>? = nil, location: SourceLocation
    ) {
        self.name = name
        self.bundleID = bundleID
        self.manager = manager
        self.storekit = storekit
        self.platforms = platforms
        self.accessLevel = accessLevel
        self.entitlementStore = entitlementStore
        self.entitlementStoreLocation = entitlementStoreLocation
        self.objectiveC = objectiveC
        self.typePrefix = typePrefix
        self.location = location
    }
}

/// A platform and the oldest system version the app supports on it.
public struct Platform: Sendable, Hashable, Encodable {
    public var name: String
    public var minimumVersion: String
    public var location: SourceLocation

    public init(name: String, minimumVersion: String, location: SourceLocation) {
        self.name = name
        self.minimumVersion = minimumVersion
        self.location = location
    }

    enum CodingKeys: String, CodingKey {
        case name, minimumVersion
    }
}

extension AppConfiguration {
    /// `IAP` or `My_`: a capital ASCII letter, then ASCII letters, digits and underscores, so that
    /// the prefix and any generated type name after it make one Swift type name.
    public static func isValidTypePrefix(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return value.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        }
    }
}
