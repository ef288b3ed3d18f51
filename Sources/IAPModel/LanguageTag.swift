/// Language tags as guides write them (BCP 47, with `_` accepted for `-`): `en`, `en-US`,
/// `en_US`, `zh-Hans`, `es-419`. One rule for product localizations, a book's `language` and a
/// translation's folder name.
public enum LanguageTag {
    public static func isWellFormed(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let language = parts.first, (2...3).contains(language.count),
            language.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (2...8).contains(part.count)
                && part.unicodeScalars.allSatisfy {
                    ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                }
        }
    }
}

extension LanguageTag {
    /// The tag among `available` that serves `requested`, as browsers match: the whole tag
    /// first (letter case and `_` aside), then Chinese by script (`zh-TW`, `zh-HK` and `zh-MO`
    /// are written in traditional characters, other Chinese in simplified), then the language
    /// alone (`uk-UA` is served by `uk`, `en` by `en-GB`); nil when none does.
    public static func bestMatch(for requested: String, among available: [String]) -> String? {
        func parts(_ tag: String) -> [String] {
            tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        }
        let wanted = parts(requested)
        guard let language = wanted.first else { return nil }
        if let exact = available.first(where: { parts($0) == wanted }) { return exact }
        if language == "zh" {
            let traditional = wanted.dropFirst().contains { ["hant", "tw", "hk", "mo"].contains($0) }
            let script = traditional ? "hant" : "hans"
            if let match = available.first(where: { parts($0).first == "zh" && parts($0).contains(script) }) {
                return match
            }
        }
        return available.first { parts($0).first == language && parts($0).count == 1 }
            ?? available.first { parts($0).first == language && language != "zh" }
    }
}
