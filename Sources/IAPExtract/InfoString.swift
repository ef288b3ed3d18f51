/// A code block's info string taken apart: ```` ```swift file=Sources/Store.swift ```` gives the
/// language `swift` and the attribute `file`.
///
/// The language comes first so editors and GitHub still highlight the block; `key=value` words
/// follow, with values in double quotes when they hold spaces.
struct InfoString: Equatable {
    var language: String?
    var attributes: [String: String] = [:]
    var flags: [String] = []

    init(_ info: String) {
        var words = InfoString.words(info)[...]
        if let first = words.first, !first.contains("=") {
            language = first
            words = words.dropFirst()
        }
        for word in words {
            if let equals = word.firstIndex(of: "=") {
                let key = String(word[..<equals])
                var value = String(word[word.index(after: equals)...])
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                    value = String(value.dropFirst().dropLast())
                }
                attributes[key] = value
            } else {
                flags.append(word)
            }
        }
    }

    /// Splits on spaces outside double quotes.
    private static func words(_ info: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        for character in info {
            if character == "\"" { quoted.toggle() }
            if character.isWhitespace && !quoted {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
