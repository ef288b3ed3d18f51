import IAPDiagnostics

/// One build configuration (`XCBuildConfiguration`): its name and string build settings.
/// Settings written as lists (for example `OTHER_LDFLAGS = ( a, b );`) are joined with spaces.
public struct BuildConfiguration: Hashable, Sendable {
    public var name: String
    public var settings: [String: String]
    /// The configuration file the settings build on (`baseConfigurationReference`), relative to
    /// the folder that contains the `.xcodeproj`; anchored elsewhere it keeps its anchor, as
    /// `$(BUILT_PRODUCTS_DIR)/x.xcconfig`.
    public var baseConfigurationPath: String?

    public init(name: String, settings: [String: String], baseConfigurationPath: String? = nil) {
        self.name = name
        self.settings = settings
        self.baseConfigurationPath = baseConfigurationPath
    }

    public var bundleIdentifier: String? { settings["PRODUCT_BUNDLE_IDENTIFIER"] }
    public var infoPlistFile: String? { settings["INFOPLIST_FILE"] }
    public var entitlementsFile: String? { settings["CODE_SIGN_ENTITLEMENTS"] }
    public var provisioningProfileSpecifier: String? { settings["PROVISIONING_PROFILE_SPECIFIER"] }
}

/// A `PBXNativeTarget`.
public struct PBXTarget: Hashable, Sendable {
    /// The object identifier (24 hex digits in files written by Xcode).
    public var id: String
    public var name: String
    /// For example `com.apple.product-type.application`.
    public var productType: String?
    public var configurations: [BuildConfiguration]
    /// `TargetAttributes` → `SystemCapabilities` → `com.apple.InAppPurchase` → `enabled`, or nil
    /// when the project records nothing (the norm for projects made by recent Xcode versions).
    public var inAppPurchaseCapability: Bool?
    /// Names of the files linked by the target's frameworks build phase, e.g. `StoreKit.framework`.
    public var linkedFrameworks: [String]
    /// Project-relative paths of the synchronized folders this target uses (format 77).
    public var synchronizedFolders: [String]
    /// Files of those folders that are not part of this target (the folder's membership
    /// exceptions for it), project-relative.
    public var synchronizedExclusions: [String] = []
    /// Files of other targets' synchronized folders that this target uses too, project-relative.
    public var synchronizedAdditions: [String] = []
    /// Files its Sources and Headers build phases compile, project-relative.
    public var buildPhaseFiles: [String] = []
    /// `COMPILER_FLAGS` a Sources phase gives single files, by project-relative path: Xcode's
    /// way to compile one file with `-fobjc-arc` in a target without ARC, or the reverse.
    public var compilerFlags: [String: String] = [:]
    /// `productName`, the name of what it builds.
    public var productName: String?
    /// Names of the Swift package products it links, such as `Data` of a local package.
    public var packageProducts: [String] = []

    public func configuration(named name: String) -> BuildConfiguration? {
        configurations.first { $0.name == name }
    }

    /// True for unit and UI test bundles, whose sources never ship in the app.
    public var isTest: Bool {
        guard let productType else { return false }
        return productType.hasPrefix("com.apple.product-type.bundle.unit-test")
            || productType.hasPrefix("com.apple.product-type.bundle.ui-testing")
    }

    /// True for an app a person launches, on any platform (not an extension, a test or a library).
    public var isApplication: Bool {
        guard let productType else { return false }
        return productType == "com.apple.product-type.application"
            || productType == "com.apple.product-type.application.watchapp2"
            || productType == "com.apple.product-type.application.watchapp"
            || productType == "com.apple.product-type.application.messages"
            || productType == Self.watchOnlyContainer
    }

    /// True for a framework or a library: code another project's app links and ships.
    public var isLibrary: Bool {
        guard let productType else { return false }
        return productType.hasPrefix("com.apple.product-type.framework")
            || productType.hasPrefix("com.apple.product-type.library")
    }

    /// The iOS app that carries a watch-only app to the App Store: it has no code of its own,
    /// and its bundle ID is the App Store record's.
    public static let watchOnlyContainer = "com.apple.product-type.application.watchapp2-container"

    /// A watch app or a WatchKit extension: the code of a watch-only app runs in these.
    public var isWatchCode: Bool {
        guard let productType else { return false }
        return productType.contains("watchapp") && productType != Self.watchOnlyContainer
            || productType.contains("watchkit")
    }
}

/// A file reference of interest to the checks (`.storekit`, `.entitlements`, `.swift`).
public struct PBXFileReference: Hashable, Sendable {
    public var id: String
    /// The `path` attribute as written.
    public var path: String
    /// The path relative to the folder that contains the `.xcodeproj`, with groups resolved.
    /// Paths anchored elsewhere keep their anchor, e.g. `$(BUILT_PRODUCTS_DIR)/x`.
    public var projectRelativePath: String
    public var sourceTree: String
    /// The extension in lower case, without the dot.
    public var fileExtension: String
}

/// The parts of `project.pbxproj` the IAP checks need.
public struct PBXProject: Hashable, Sendable {
    public var path: String
    public var objectVersion: Int?
    public var targets: [PBXTarget]
    /// The project-level configurations, whose settings apply when a target does not set them.
    public var projectConfigurations: [BuildConfiguration]
    public var fileReferences: [PBXFileReference]
    /// Project-relative paths of every `PBXFileSystemSynchronizedRootGroup` (Xcode 16). Their
    /// files are not listed in the project; scan these folders to find them.
    public var synchronizedFolders: [String]
    /// The raw text of the file, for `location(of:)`.
    public var text: String
    /// Project-relative folders of the local Swift packages the project uses
    /// (`XCLocalSwiftPackageReference`), whose sources the app links.
    public var localPackages: [String] = []
    /// Project-relative paths of folders the project references as a whole (a Swift package
    /// dragged into the project, a folder reference) and of other projects it contains.
    public var folderReferences: [String] = []
    public var projectReferences: [String] = []

    public func target(named name: String) -> PBXTarget? { targets.first { $0.name == name } }

    /// A setting as the build sees it for one target and configuration: the target's value, or
    /// the project configuration of the same name when the target does not set it.
    public func setting(_ key: String, target: PBXTarget, configuration: String) -> String? {
        if let value = target.configuration(named: configuration)?.settings[key] { return value }
        return projectConfigurations.first { $0.name == configuration }?.settings[key]
    }

    /// Where `needle` first occurs in the file, e.g. `PRODUCT_BUNDLE_IDENTIFIER = com.example.app.dev;`.
    public func location(of needle: String) -> SourceLocation? {
        PBXProjReader.lineOf(text: needle, in: text).map {
            SourceLocation(file: path, line: $0.line, column: $0.column)
        }
    }

    /// Where the setting `key = value;` is written, trying the quoted and unquoted spellings.
    public func location(ofSetting key: String, value: String) -> SourceLocation? {
        location(of: "\(key) = \(value);") ?? location(of: "\(key) = \"\(value)\";")
    }
}
