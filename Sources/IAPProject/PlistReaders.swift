import Foundation
import IAPDiagnostics

/// A property list file whose root is a dictionary, with the positions of its top-level keys
/// when the file is XML (binary plists have no lines).
public struct PlistDocument: Hashable, Sendable {
    public enum Format: String, Hashable, Sendable {
        case xml
        case binary
        case openStep
    }

    public var path: String
    public var format: Format
    public var values: [String: PlistValue]
    /// Top-level keys in the order they are written (XML), or sorted (other formats).
    public var keys: [String]
    private var keyLocations: [String: SourceLocation]

    /// Where the top-level `key` is written: the `<` of its `<key>` element. Nil for binary files
    /// and absent keys.
    public func location(ofKey key: String) -> SourceLocation? { keyLocations[key] }

    /// Reads a plist whose root must be a dictionary.
    public static func read(_ bytes: [UInt8], path: String) throws(ProjectReadError) -> PlistDocument {
        let (raw, foundationFormat) = try PlistDecoding.decode(bytes, path: path)
        guard case .dictionary(let values)? = PlistValue.from(raw) else {
            throw ProjectReadError(
                "the property list's root is not a dictionary", at: SourceLocation(file: path, line: 1, column: 1))
        }
        let format: Format
        switch foundationFormat {
        case .binary: format = .binary
        case .openStep: format = .openStep
        default: format = .xml
        }
        var locations: [String: SourceLocation] = [:]
        var keys: [String] = []
        if format == .xml {
            for position in PlistKeyScanner.topLevelKeys(in: bytes) where locations[position.key] == nil {
                locations[position.key] = SourceLocation(file: path, line: position.line, column: position.column)
                keys.append(position.key)
            }
        }
        for key in values.keys.sorted() where locations[key] == nil { keys.append(key) }
        keys = keys.filter { values[$0] != nil }
        return PlistDocument(path: path, format: format, values: values, keys: keys, keyLocations: locations)
    }
}

/// An app's `Info.plist`.
public struct InfoPlist: Hashable, Sendable {
    public var document: PlistDocument

    /// `CFBundleIdentifier` as written, which is often a build setting reference such as
    /// `$(PRODUCT_BUNDLE_IDENTIFIER)`; see `bundleIdentifierIsBuildSetting`.
    public var bundleIdentifier: String? { document.values["CFBundleIdentifier"]?.stringValue }

    public var bundleIdentifierLocation: SourceLocation? { document.location(ofKey: "CFBundleIdentifier") }

    /// True when the identifier is taken from the build settings (`$(…)` or `${…}`), so the
    /// real value lives in `project.pbxproj`.
    public var bundleIdentifierIsBuildSetting: Bool {
        guard let value = bundleIdentifier else { return false }
        return value.contains("$(") || value.contains("${")
    }
}

/// Reads `Info.plist` files, XML or binary.
public enum InfoPlistReader {
    public static func read(_ bytes: [UInt8], path: String) throws(ProjectReadError) -> InfoPlist {
        InfoPlist(document: try PlistDocument.read(bytes, path: path))
    }
}

/// One entitlement: key, value and (XML only) the position of its key.
public struct Entitlement: Hashable, Sendable {
    public var key: String
    public var value: PlistValue
    public var location: SourceLocation?
}

/// The contents of a `.entitlements` file.
public struct Entitlements: Hashable, Sendable {
    public var path: String
    /// In the order written (XML) or sorted by key.
    public var entries: [Entitlement]

    public func entry(_ key: String) -> Entitlement? { entries.first { $0.key == key } }

    /// The Apple Pay merchant entitlement, which has nothing to do with in-app purchases.
    public static let applePayKey = "com.apple.developer.in-app-payments"
    /// A key sometimes added by hand for IAP; it does not exist, IAP needs no entitlement.
    public static let invalidInAppPurchaseKey = "com.apple.developer.in-app-purchase"
    /// The spellings of that invented key met in real projects (`…in-app-purchases` too).
    public static let inventedInAppPurchaseKeys: Set<String> = [
        invalidInAppPurchaseKey, "com.apple.developer.in-app-purchases",
    ]

    /// The entries whose key is an invented in-app purchase entitlement.
    public var inventedInAppPurchaseEntries: [Entitlement] {
        entries.filter { Self.inventedInAppPurchaseKeys.contains($0.key) }
    }
}

/// Reads `.entitlements` files (property lists with a dictionary root).
public enum EntitlementsReader {
    /// An empty file (templates and some tools leave one) grants nothing, rather than being an
    /// unreadable property list.
    public static func read(_ bytes: [UInt8], path: String) throws(ProjectReadError) -> Entitlements {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return Entitlements(path: path, entries: [])
        }
        let document = try PlistDocument.read(bytes, path: path)
        let entries = document.keys.compactMap { key -> Entitlement? in
            guard let value = document.values[key] else { return nil }
            return Entitlement(key: key, value: value, location: document.location(ofKey: key))
        }
        return Entitlements(path: path, entries: entries)
    }
}
