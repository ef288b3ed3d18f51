import IAPDiagnostics
import IAPModel

/// Localizations: at least one (else the product sits in "Missing Metadata"), well-formed
/// locales, each once, and names within App Store Connect's lengths.
enum LocalizationRules {
    static let displayNameLimit = 30
    static let descriptionLimit = 45

    static func check(_ product: Product, into log: inout DiagnosticLog) {
        if product.localizations.isEmpty {
            log.error(
                "product \(Diagnostic.quote(product.id.value)) has no localizations; App Store Connect keeps it in Missing Metadata and the store will not return it",
                at: product.location)
        }
        var seen: [String: Localization] = [:]
        for localization in product.localizations {
            let key = localization.locale.replacingUnderscores().lowercased()
            if !isLocale(localization.locale) {
                log.error(
                    "\(Diagnostic.quote(localization.locale)) is not a locale; write a language code with an optional region, such as 'en-US' or 'de'",
                    at: localization.location)
            }
            if let first = seen[key] {
                log.error(
                    "locale \(Diagnostic.quote(localization.locale)) is localized twice",
                    at: localization.location, notes: [.note("first localized here", at: first.location)])
            }
            seen[key] = localization
            for (field, text) in [
                ("display name", localization.displayName), ("description", localization.description),
            ] {
                if let control = TextRules.controlCharacter(in: text) {
                    log.error(
                        "\(field) for \(localization.locale) contains the control character \(control); App Store Connect takes one line of plain text",
                        at: localization.location)
                }
            }
            if localization.displayName.trimmingWhitespaceForRules().isEmpty {
                log.error("display name for \(localization.locale) is empty", at: localization.location)
            } else if localization.displayName.count > displayNameLimit {
                log.warning(
                    "display name for \(localization.locale) is \(localization.displayName.count) characters long; App Store Connect allows at most \(displayNameLimit)",
                    at: localization.location)
            }
            if localization.description.count > descriptionLimit {
                log.warning(
                    "description for \(localization.locale) is \(localization.description.count) characters long; App Store Connect allows at most \(descriptionLimit)",
                    at: localization.location)
            }
        }
    }

    /// `en`, `en-US`, `en_US`, `zh-Hans`, `es-419`.
    static func isLocale(_ text: String) -> Bool {
        LanguageTag.isWellFormed(text)
    }
}

extension String {
    func replacingUnderscores() -> String { String(map { $0 == "_" ? "-" : $0 }) }

    func trimmingWhitespaceForRules() -> String {
        String(unicodeScalars.filter { !$0.properties.isWhitespace })
    }
}

/// Locale tags as guides write them, for tools that produce guides (the `.storekit` importer).
public enum LocaleTag {
    /// `en`, `en-US`, `en_US`, `zh-Hans`, `es-419`: what `iapkit lint` accepts.
    public static func isValid(_ text: String) -> Bool {
        LocalizationRules.isLocale(text)
    }
}
