import IAPDiagnostics
import IAPModel

/// Product IDs: App Store Connect's character set and length, one definition per ID, and the
/// bundle-ID prefix convention.
public enum ProductIDRules {
    static let maximumLength = 100

    static func check(_ workbook: Workbook, into log: inout DiagnosticLog) {
        var firstDefinition: [String: Product] = [:]
        var byLowercased: [String: Product] = [:]
        for product in workbook.products {
            let id = product.id
            checkFormat(id, into: &log)
            if let first = firstDefinition[id.value] {
                log.error(
                    "product ID \(Diagnostic.quote(id.value)) is defined twice; an ID can be used once per app, even after deletion",
                    at: id.location, notes: [.note("first defined here", at: first.id.location)])
                continue
            }
            if let twin = byLowercased[id.value.lowercased()] {
                log.warning(
                    "product ID \(Diagnostic.quote(id.value)) differs from \(Diagnostic.quote(twin.id.value)) only in letter case; IDs are case-sensitive and easy to confuse",
                    at: id.location, notes: [.note("the other ID is defined here", at: twin.id.location)])
            }
            firstDefinition[id.value] = product
            byLowercased[id.value.lowercased()] = product
            if let app = workbook.app, isValidFormat(id.value), AppRules.isValidBundleID(app.bundleID.value),
                !startsWithBundleID(id.value, app.bundleID.value)
            {
                log.warning(
                    "product ID \(Diagnostic.quote(id.value)) does not start with the bundle ID \(Diagnostic.quote(app.bundleID.value + ".")); the reverse-DNS prefix keeps IDs unique and recognisable",
                    at: id.location)
            }
        }
    }

    /// True when `id` begins with `bundleID` and goes on past a separator (`.`, `_` or `-`).
    /// Letter case does not count: Apple treats bundle IDs as case-insensitive, so
    /// `org.example.app.tip` carries the prefix of `org.example.App`.
    public static func startsWithBundleID(_ id: String, _ bundleID: String) -> Bool {
        let id = Array(id.lowercased().utf8)
        let prefix = Array(bundleID.lowercased().utf8)
        guard id.count > prefix.count + 1, id.starts(with: prefix) else { return false }
        return [UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-")].contains(id[prefix.count])
    }

    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-": true
        default: false
        }
    }

    static func isValidFormat(_ id: String) -> Bool {
        !id.isEmpty && id.unicodeScalars.count <= maximumLength && id.unicodeScalars.allSatisfy(isAllowed)
    }

    private static func checkFormat(_ id: Located<String>, into log: inout DiagnosticLog) {
        let value = id.value
        if value.isEmpty {
            log.error("product ID is empty", at: id.location)
            return
        }
        let disallowed = value.unicodeScalars.filter { !isAllowed($0) }
        if !disallowed.isEmpty {
            var unique: [Unicode.Scalar] = []
            for scalar in disallowed where !unique.contains(scalar) { unique.append(scalar) }
            let shown = unique.prefix(5).map { Diagnostic.quote(String($0)) }.joined(separator: ", ")
            log.error(
                "product ID \(Diagnostic.quote(value)) contains \(shown); App Store Connect allows only letters, digits, '.', '_' and '-'",
                at: id.location)
        }
        let length = value.unicodeScalars.count
        if length > maximumLength {
            log.error(
                "product ID is \(length) characters long; App Store Connect allows at most \(maximumLength)",
                at: id.location)
        }
        if value.contains("-") {
            log.warning(
                "product ID \(Diagnostic.quote(value)) contains '-'; older App Store guidance allows only letters, digits, '.' and '_'",
                at: id.location)
        }
    }
}
