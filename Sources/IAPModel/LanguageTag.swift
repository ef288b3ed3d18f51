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
            // A written script decides (`zh-Hans-HK` is simplified); else the region does.
            let subtags = wanted.dropFirst()
            let traditional =
                subtags.contains("hant")
                || (!subtags.contains("hans") && subtags.contains { ["tw", "hk", "mo"].contains($0) })
            let script = traditional ? "hant" : "hans"
            if let match = available.first(where: { parts($0).first == "zh" && parts($0).contains(script) }) {
                return match
            }
        }
        return available.first { parts($0).first == language && parts($0).count == 1 }
            ?? available.first { parts($0).first == language && language != "zh" }
    }

    /// The tag as pages write it: `-` between subtags, as BCP 47 has it (`zh_Hans` is `zh-Hans`).
    public static func canonical(_ tag: String) -> String {
        String(tag.map { $0 == "_" ? "-" : $0 })
    }
}

/// A chapter's path inside its book's folder (`overview.md`, `advanced/offers.md`): the key that
/// pairs a chapter with its translation, the same file name in the translation's folder.
public enum ChapterKey {
    public static func of(_ file: String, in folder: String) -> String {
        if folder.isEmpty || folder == "." { return file }
        return file.hasPrefix(folder + "/") ? String(file.dropFirst(folder.count + 1)) : file
    }
}

extension String {
    /// The text with each `{name}` blank filled, in one pass from left to right, so that a value
    /// holding another blank's name is never filled in its turn.
    public func fillingBlanks(_ values: [String: String]) -> String {
        var result = ""
        var rest = self[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}"),
                let value = values[String(rest[rest.index(after: open)..<close])]
            else {
                result.append("{")
                rest = rest[rest.index(after: open)...]
                continue
            }
            result += value
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
