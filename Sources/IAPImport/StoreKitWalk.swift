import IAPDiagnostics
import IAPJSON
import IAPModel
import IAPProject

/// One pass over a parsed `.storekit` file, collecting products and every diagnostic.
///
/// Each object is read key by key; a key that is neither read nor blank is reported as not
/// imported, so nothing the file says is dropped without a word.
struct StoreKitWalk {
    let path: String
    var products: [Product] = []
    var diagnostics: [Diagnostic] = []
    /// The `id` of the first group read under each name.
    var groupIDs: [String: String?] = [:]

    /// The newest format version whose shapes this importer knows.
    static let newestKnownVersion = (major: 4, minor: 0)

    init(path: String) {
        self.path = path
    }

    func location(_ value: LocatedJSON) -> SourceLocation {
        SourceLocation(file: path, line: value.line, column: value.column)
    }

    func location(ofKey member: LocatedJSON.Member) -> SourceLocation {
        SourceLocation(file: path, line: member.keyLine, column: member.keyColumn)
    }

    mutating func error(_ message: String, at location: SourceLocation) {
        diagnostics.append(.error(message, at: location))
    }

    mutating func warning(_ message: String, at location: SourceLocation) {
        diagnostics.append(.warning(message, at: location))
    }

    mutating func file(_ root: LocatedJSON) {
        checkVersion(root)
        for item in list("products", in: root) { product(item, group: nil) }
        for item in list("nonRenewingSubscriptions", in: root) { product(item, group: nil) }
        for item in list("subscriptionGroups", in: root) { group(item) }
        if let settings = root.member("settings") { self.settings(settings) }
        reportUnread(
            root,
            read: ["identifier", "version", "products", "nonRenewingSubscriptions", "subscriptionGroups", "settings"],
            owner: "the file")
    }

    private mutating func checkVersion(_ root: LocatedJSON) {
        guard let member = root.member("version"),
            case .number(let majorText)? = member.value.member("major")?.value.value, let major = Int(majorText)
        else { return }
        var minor = 0
        if case .number(let minorText)? = member.value.member("minor")?.value.value { minor = Int(minorText) ?? 0 }
        let known = Self.newestKnownVersion
        if (major, minor) > (known.major, known.minor) {
            warning(
                "format version \(major).\(minor) is newer than \(known.major).\(known.minor); keys this importer does not know are reported as not imported",
                at: location(ofKey: member))
        }
    }

    /// Test settings belong to Xcode, not to the catalogue: each one that is set is named.
    private mutating func settings(_ member: LocatedJSON.Member) {
        guard let settings = member.value.members else {
            if !member.value.isBlank { warning("'settings' is not imported", at: location(ofKey: member)) }
            return
        }
        var reportedSync = false
        for setting in settings {
            switch setting.key {
            case "_applicationInternalID", "_developerTeamID":
                if !reportedSync, !setting.value.isBlank {
                    reportedSync = true
                    warning(
                        "the file is synced with an app in App Store Connect; the chapter is a copy and will not follow changes made there",
                        at: location(ofKey: setting))
                }
            case "_storeKitErrors":
                let enabled = (setting.value.elements ?? []).contains { $0.member("enabled")?.value.isTrue ?? false }
                if enabled {
                    warning(
                        "the simulated StoreKit errors in 'settings' are not imported; they stay a test setting in Xcode",
                        at: location(ofKey: setting))
                }
            default:
                if !setting.value.isBlank {
                    warning(
                        "setting \(Diagnostic.quote(setting.key)) is not imported; test settings stay in Xcode",
                        at: location(ofKey: setting))
                }
            }
        }
    }

    /// Reports every key of `object` that was not read and says something.
    mutating func reportUnread(_ object: LocatedJSON, read: Set<String>, owner: String) {
        for member in object.members ?? [] where !read.contains(member.key) && member.key != "internalID" {
            guard !member.value.isBlank(ignoring: ["locale"]) else { continue }
            warning(Self.notImported(member.key, owner: owner), at: location(ofKey: member))
        }
    }

    static func notImported(_ key: String, owner: String) -> String {
        switch key {
        case "adHocOffers":
            return
                "the promotional offers of \(owner) ('adHocOffers') are not imported; the guide format describes introductory offers only"
        case "codeOffers":
            return
                "the offer codes of \(owner) ('codeOffers') are not imported; the guide format describes introductory offers only"
        case "winbackOffers":
            return
                "the win-back offers of \(owner) ('winbackOffers') are not imported; the guide format describes introductory offers only"
        case "subscriptionOffersKeyPair":
            return
                "the signing key for subscription offers ('subscriptionOffersKeyPair') is not imported; a private key never belongs in a guide"
        case "appPolicies":
            return "the app policies ('appPolicies') are not imported; the guide format has no place for them"
        default:
            return "\(Diagnostic.quote(key)) of \(owner) is not imported; the guide format has no place for it"
        }
    }
}
