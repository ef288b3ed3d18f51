import IAPDiagnostics

/// Swift spellings for things the guides name: identifiers from product IDs and handlers, and
/// string literals that hold any text safely.
///
/// Names are computed here, never in templates, so every template gets the same answer and a
/// hostile product ID cannot change the meaning of the generated code.
public enum SwiftNames {
    /// Words Swift reserves; an identifier spelt like one is written in backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw",
        "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws",
        "true", "try", "async", "some", "any", "consume", "copy", "discard", "each", "borrowing", "consuming",
        "package", "Type", "Protocol",
    ]

    /// `com.example.stride.pro.yearly` → `proYearly` (the bundle-ID prefix is dropped), `2x-gems`
    /// → `_2xGems`, `default` → `` `default` ``. Returns the bare name and the spelling to write.
    public static func identifier(for text: String, droppingPrefix prefix: String? = nil) -> SwiftIdentifier {
        var source = text
        if let prefix, !prefix.isEmpty, source.hasPrefix(prefix + "."), source.count > prefix.count + 1 {
            source = String(source.dropFirst(prefix.count + 1))
        }
        var words: [String] = []
        var current = ""
        for scalar in source.unicodeScalars {
            // Underscores separate words like any other punctuation: `remove_ads` → `removeAds`.
            if scalar.properties.isXIDContinue, scalar != "_" {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        var name = ""
        for (index, word) in words.enumerated() {
            name += index == 0 ? lowercasingFirst(word) : uppercasingFirst(word)
        }
        if name.isEmpty { name = "product" }
        if let first = name.unicodeScalars.first, !first.properties.isXIDStart, first != "_" {
            name = "_" + name
        }
        return SwiftIdentifier(name: name, spelling: keywords.contains(name) ? "`\(name)`" : name)
    }

    /// A name for an identifier that cannot be used as it is: `self` → `selfProduct`, then
    /// `selfProduct2` and so on until `isFree` accepts one. Never a keyword, so never backticks.
    public static func safeAlternative(
        to name: String, suffix: String = "Product", isFree: (String) -> Bool
    ) -> SwiftIdentifier {
        let base = name + suffix
        var candidate = base
        var counter = 2
        while !isFree(candidate) {
            candidate = base + String(counter)
            counter += 1
        }
        return SwiftIdentifier(name: candidate, spelling: candidate)
    }

    /// The same rules for a type name: `stride store` → `StrideStore`.
    public static func typeName(for text: String) -> SwiftIdentifier {
        let plain = identifier(for: text).name
        let name = plain.hasPrefix("_") ? plain : uppercasingFirst(plain)
        return SwiftIdentifier(name: name, spelling: keywords.contains(name) ? "`\(name)`" : name)
    }

    /// A Swift string literal holding exactly `text`: quotes, backslashes (so `\(` cannot start
    /// an interpolation), line breaks and invisible characters are escaped.
    public static func stringLiteral(_ text: String) -> String {
        let invisible: Set<Unicode.GeneralCategory> = [
            .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned,
        ]
        return QuotedLiteral.quote(text) { scalar in
            invisible.contains(scalar.properties.generalCategory)
                ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : nil
        }
    }

    /// Text for a `//` comment: one line, no way to end the comment or hide code.
    public static func commentText(_ text: String) -> String {
        String(
            text.unicodeScalars.map { scalar -> Character in
                let category = scalar.properties.generalCategory
                if scalar == "\n" || scalar == "\r" || category == .control || category == .format
                    || category == .lineSeparator || category == .paragraphSeparator
                {
                    return " "
                }
                return Character(scalar)
            })
    }

    private static func lowercasingFirst(_ word: String) -> String {
        // An all-capitals word reads better wholly lowered: `PRO` → `pro`, `iOS` stays `iOS`.
        if word == word.uppercased(), word.count > 1 { return word.lowercased() }
        guard let first = word.first else { return word }
        return first.lowercased() + word.dropFirst()
    }

    private static func uppercasingFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }
}

/// An identifier as a name (for messages and lookups) and as written in code.
public struct SwiftIdentifier: Hashable, Sendable {
    public var name: String
    /// The name, in backticks when it is a keyword.
    public var spelling: String
}
