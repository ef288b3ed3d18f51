import IAPDiagnostics
import IAPModel

/// The app block: a bundle ID App Store Connect accepts, a manager type name, known platforms.
enum AppRules {
    static let platformNames = PlatformVersions.names
    /// The longest generated file name is the manager's plus `StoreKit2Handling.swift`, and a
    /// file name has at most 255 bytes.
    static let managerLengthLimit = 200

    static func check(_ workbook: Workbook, into log: inout DiagnosticLog) {
        guard let app = workbook.app else {
            if let first = workbook.products.first {
                log.warning(
                    "products are defined but no 'app' is; add 'app' with 'name' and 'bundleID' to a config block",
                    at: first.location)
            }
            return
        }
        checkBundleID(app.bundleID, into: &log)
        if app.name.value.trimmingWhitespaceForRules().isEmpty {
            log.error("app name is empty", at: app.name.location)
        }
        if let manager = app.manager {
            if !SwiftIdentifier.isValid(manager.value) {
                log.error(
                    "manager \(Diagnostic.quote(manager.value)) is not a Swift type name", at: manager.location)
            } else if let reason = SwiftReservedNames.reason(manager.value) {
                log.error(
                    "manager \(Diagnostic.quote(manager.value)) \(reason); the generated code would not compile, so choose another name",
                    at: manager.location)
            } else if manager.value.utf8.count > managerLengthLimit {
                log.error(
                    "manager name is \(manager.value.utf8.count) bytes long; file names made from it (such as '\(manager.value.prefix(12))…StoreKit2Handling.swift') would be too long, so keep it to \(managerLengthLimit)",
                    at: manager.location)
            }
        }
        if let prefix = app.typePrefix, !AppConfiguration.isValidTypePrefix(prefix.value) {
            log.error(
                "type prefix \(Diagnostic.quote(prefix.value)) is not the start of a Swift type name; use ASCII letters, digits and '_', starting with a capital letter",
                at: prefix.location)
        }
        for platform in app.platforms {
            if !platformNames.contains(platform.name) {
                let hint =
                    Suggestion.closest(to: platform.name, among: platformNames).map { "; did you mean '\($0)'?" } ?? ""
                log.error("unknown platform \(Diagnostic.quote(platform.name))\(hint)", at: platform.location)
            }
            let parts = platform.minimumVersion.split(separator: ".", omittingEmptySubsequences: false)
            if parts.isEmpty || parts.count > 3
                || !parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil })
            {
                log.error(
                    "minimum version \(Diagnostic.quote(platform.minimumVersion)) for \(platform.name) is not a version such as '16.0'",
                    at: platform.location)
            } else if app.storekit == .storeKit2, let first = PlatformVersions.storeKit2[platform.name],
                let minimum = PlatformVersions.parse(platform.minimumVersion), PlatformVersions.precedes(minimum, first)
            {
                log.error(
                    "StoreKit 2 needs \(platform.name) \(PlatformVersions.text(first)), and the app starts at \(platform.name) \(platform.minimumVersion); raise the minimum, or set 'storekit: both' to fall back to StoreKit 1 on older systems",
                    at: platform.location)
            }
        }
    }

    /// Reverse-DNS: two or more labels of letters, digits and '-', joined by '.'.
    static func isValidBundleID(_ value: String) -> Bool {
        let labels = value.split(separator: ".", omittingEmptySubsequences: false)
        let validLabels = labels.allSatisfy { label in
            !label.isEmpty
                && label.unicodeScalars.allSatisfy {
                    ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
                }
        }
        return labels.count >= 2 && validLabels && value.count <= 155
    }

    private static func checkBundleID(_ bundleID: Located<String>, into log: inout DiagnosticLog) {
        let value = bundleID.value
        if value.contains("*") {
            log.error(
                "bundle ID \(Diagnostic.quote(value)) is a wildcard; in-app purchases need an explicit App ID",
                at: bundleID.location)
            return
        }
        if !isValidBundleID(value) {
            log.error(
                "bundle ID \(Diagnostic.quote(value)) is not valid; use reverse-DNS form with letters, digits, '-' and '.', such as 'com.example.app'",
                at: bundleID.location)
        }
    }
}

/// The bundle ID rule on its own, for commands that take a bundle ID as an option.
public enum BundleIDRule {
    /// What is wrong with `value` as the App ID of an app that sells, or nil.
    public static func problem(in value: String) -> String? {
        if value.contains("*") {
            return "bundle ID \(Diagnostic.quote(value)) is a wildcard; in-app purchases need an explicit App ID"
        }
        guard AppRules.isValidBundleID(value) else {
            return
                "bundle ID \(Diagnostic.quote(value)) is not valid; use reverse-DNS form with letters, digits, '-' and '.', such as 'com.example.app'"
        }
        return nil
    }
}
