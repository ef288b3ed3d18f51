import IAPDiagnostics

/// Objective-C spellings for what the guides name: C identifiers built from the Swift names, and
/// string literals and comments that hold any text safely.
///
/// Like `SwiftNames`, everything is decided here so templates only place finished spellings and a
/// hostile product ID or reference name cannot change what the generated code means.
public enum ObjectiveCNames {
    /// Names a C compiler or the Objective-C runtime already gives a meaning; a manager called one
    /// of these gets a suffix instead of breaking the `@interface` line.
    static let reserved: Set<String> = [
        "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern",
        "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return", "short", "signed",
        "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "id",
        "Class", "SEL", "IMP", "BOOL", "YES", "NO", "nil", "Nil", "NULL", "self", "super", "instancetype",
        "NSObject", "Protocol", "bool", "true", "false",
    ]

    /// An ASCII C identifier for a Swift name: letters, digits and `_` stay, any other character
    /// becomes `_XXXX_` (its code point in at least four hex digits), so `café` gives `caf_00E9_`.
    ///
    /// Two different Swift names never give the same identifier: `SwiftNames` writes an
    /// underscore only as a name's first character, so every other `_` opens or closes an escape,
    /// and reading from the left recovers the name.
    public static func identifier(for swiftName: String) -> String {
        var result = ""
        for scalar in swiftName.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" {
                result.unicodeScalars.append(scalar)
            } else {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "_" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "_"
            }
        }
        if result.isEmpty { return "product" }
        if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "_" + result }
        return result
    }

    /// The same name with its first letter raised, to follow a prefix: `removeAds` → `RemoveAds`.
    public static func capitalized(_ identifier: String) -> String {
        guard let first = identifier.first else { return identifier }
        return first.uppercased() + identifier.dropFirst()
    }

    /// An Objective-C string literal (`@"..."`) holding exactly `text`.
    ///
    /// Quotes and backslashes are escaped; every `?` is written `\?` so no `??=`-style trigraph can
    /// form; control characters become octal escapes of their UTF-8 bytes (C forbids universal
    /// character names below U+00A0); other invisible characters become `\u`/`\U` names; visible
    /// text, emoji included, stays as UTF-8.
    public static func stringLiteral(_ text: String) -> String {
        QuotedLiteral.quote(text, open: "@\"") { scalar in
            let category = scalar.properties.generalCategory
            if scalar == "?" { return "\\?" }
            if category == .control { return String(scalar).utf8.map(octalEscape).joined() }
            guard invisible.contains(category) else { return nil }
            return scalar.value > 0xFFFF
                ? QuotedLiteral.hex(scalar, prefix: "\\U", width: 8)
                : QuotedLiteral.hex(scalar, prefix: "\\u", width: 4)
        }
    }

    /// Text for a `//` comment: one line that cannot continue onto the next (no line breaks, no
    /// trailing backslash, which would splice the following line into the comment) and holds no
    /// trigraph.
    public static func commentText(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            let category = scalar.properties.generalCategory
            if category == .control || invisible.contains(category) {
                result += " "
            } else if scalar == "?", result.hasSuffix("?") {
                result += " ?"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        while let last = result.unicodeScalars.last, last == "\\" || last.properties.isWhitespace {
            result.unicodeScalars.removeLast()
        }
        return result
    }

    private static let invisible: Set<Unicode.GeneralCategory> = [
        .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned,
    ]

    /// Always three digits, so a digit that follows cannot be read as part of the escape.
    private static func octalEscape(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 8)
        return "\\" + String(repeating: "0", count: 3 - digits.count) + digits
    }
}
