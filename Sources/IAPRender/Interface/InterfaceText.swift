import Foundation
import IAPModel

/// Every piece of text the site writes around a guide's own words: the search box, the chapter
/// list, progress, reset, print, pager, outline, callout titles, the product table's headings
/// and what the site's script says. Each language has one table of these (the files beside
/// this one); adding a language is adding a table and naming it in `InterfaceLanguage.all`.
public enum InterfaceString: String, CaseIterable, Sendable {
    case skipLink
    case menuButton
    case chaptersLabel
    case searchPlaceholder
    case searchLabel
    case searchNoResults
    /// `{theme}` is one of the three theme names below.
    case themeButton
    case themeAutomatic
    case themeLight
    case themeDark
    case printViewLink
    case printTitle
    case bookProgressLabel
    case pageProgressLabel
    /// `{done}` and `{total}` are numbers.
    case progressOnPage
    case progressInBook
    case resetPage
    case resetBook
    case resetConfirmLabel
    case resetConfirmQuestion
    case resetConfirmYes
    case resetConfirmNo
    case pagerLabel
    case previous
    case next
    case outline
    case headingLink
    case table
    /// `{columns}` is the table's first column headings, joined by `tableColumnSeparator`.
    case tableNamed
    case tableColumnSeparator
    case calloutNote
    case calloutTip
    case calloutImportant
    case calloutWarning
    case calloutCaution
    case appColumn
    case bundleIDColumn
    case storeManagerColumn
    case storeKitColumn
    case platformsColumn
    case productIDColumn
    case typeColumn
    case priceColumn
    case periodColumn
    case groupColumn
    case localizationsColumn
    /// `{count}` is a number of units of a consumable pack.
    case units
    case introductoryOffer
    /// `{price}` is the offer's price.
    case offerPrice
    case configSource
    case copy
    case copyLabel
    case copied
    case copyFailed
    case languageSwitchLabel
    case linkNotes
    /// `{number}` is the footnote's number; a screen reader says it for a `[^label]`.
    case footnoteReference
}

/// One language's interface: its tag, its own name for the language switch, and its table.
public struct InterfaceLanguage: Sendable {
    /// The BCP 47 tag pages in it carry (`zh-Hans`).
    public let tag: String
    /// The language's name in itself (`简体中文`), as a language switch shows it.
    public let name: String
    let strings: [InterfaceString: String]
    /// What ends a heading of each level: its anchor link, named in this language.
    let headingClosings: [String]

    init(tag: String, name: String, strings: [InterfaceString: String]) {
        self.tag = tag
        self.name = name
        self.strings = strings
        let label = Escape.attribute(strings[.headingLink] ?? "Link to this section")
        headingClosings = (1...6).map { "\" aria-label=\"\(label)\">#</a></h\($0)>\n" }
    }

    /// The languages whose interface text the site has. The first is the fallback for a
    /// string a table lacks and for a language without a table.
    public static let all: [InterfaceLanguage] = [.english, .simplifiedChinese, .traditionalChinese, .ukrainian]

    /// The string in this language, else in English: a table being written never breaks a page.
    public subscript(_ key: InterfaceString) -> String {
        strings[key] ?? InterfaceLanguage.english.strings[key] ?? key.rawValue
    }

    /// The string with each `{name}` replaced.
    public func format(_ key: InterfaceString, _ values: [String: String]) -> String {
        self[key].fillingBlanks(values)
    }

    /// A language's name for the language switch: its table's own name, or its tag when it
    /// has no table (a book in Hindi is called `hi`, not "English").
    public static func displayName(of tag: String) -> String {
        let table = forTag(tag)
        return table.tag == "en" && !tag.lowercased().hasPrefix("en") ? tag : table.name
    }

    /// The keys this language's table lacks.
    public var missing: [InterfaceString] { InterfaceString.allCases.filter { strings[$0] == nil } }

    /// The interface for a language tag (`zh-TW` gets traditional characters, `uk-UA`
    /// Ukrainian). A language without a table gets English interface text; its pages still
    /// carry its own tag.
    public static func forTag(_ tag: String) -> InterfaceLanguage {
        let match = LanguageTag.bestMatch(for: tag, among: all.map(\.tag))
        return all.first { $0.tag == match } ?? .english
    }
}
