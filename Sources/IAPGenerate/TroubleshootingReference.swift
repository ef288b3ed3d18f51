import IAPModel
import Templates

/// The troubleshooting reference `generate` writes beside the validation checklist, so that
/// every link in the checklist, in `check`'s reports and in the store's debug message opens in
/// the user's own project: IAPKit's troubleshooting chapter, with links to chapters the project
/// does not have turned into plain text. The Workbook has it in English and in Simplified
/// Chinese; another language gets the English one.
public enum TroubleshootingReference {
    public static let fileName = "Troubleshooting.md"

    /// The languages the reference is written in.
    public static var languages: [String] { BuiltInTemplates.troubleshootingChapters.keys.sorted() }

    /// The language of the reference that serves `requested`, or nil when there is none.
    public static func language(for requested: String) -> String? {
        LanguageTag.bestMatch(for: requested, among: languages)
    }

    /// The Workbook's troubleshooting chapter in `language` (else in English), as written.
    public static func chapter(in language: String) -> String {
        let chapters = BuiltInTemplates.troubleshootingChapters
        return self.language(for: language).flatMap { chapters[$0] } ?? chapters["en"] ?? ""
    }

    public static func markdown(source: String, language: String = "en") -> String {
        let note =
            self.language(for: language) == "zh-Hans"
            ? "<!-- 由 iapkit generate 根据 IAPKit 的 Workbook 为 \(source) 写入，每次运行都会替换。 -->\n\n"
            : "<!-- Written by iapkit generate from IAPKit's Workbook for \(source). It is replaced on every run. -->\n\n"
        return note + withoutChapterLinks(chapter(in: language))
    }

    /// `[text](other.md#part)` becomes `text`; links within the page and to the web stay.
    static func withoutChapterLinks(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "[") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "]"),
                rest.index(after: close) < rest.endIndex, rest[rest.index(after: close)] == "(",
                let end = rest[close...].firstIndex(of: ")")
            else {
                out.append("[")
                rest = rest[rest.index(after: open)...]
                continue
            }
            let target = rest[rest.index(close, offsetBy: 2)..<end]
            let isChapter =
                !target.hasPrefix("#") && !target.contains("://")
                && (target.hasSuffix(".md") || target.contains(".md#"))
            if isChapter {
                out += rest[rest.index(after: open)..<close]
            } else {
                out += rest[open...end]
            }
            rest = rest[rest.index(after: end)...]
        }
        return out + rest
    }
}
