import Templates

/// The troubleshooting reference `generate` writes beside the validation checklist, so that
/// every link in the checklist, in `check`'s reports and in the store's debug message opens in
/// the user's own project: IAPKit's troubleshooting chapter, with links to chapters the project
/// does not have turned into plain text.
public enum TroubleshootingReference {
    public static let fileName = "Troubleshooting.md"

    public static func markdown(source: String) -> String {
        "<!-- Written by iapkit generate from IAPKit's Workbook for \(source). It is replaced on every run. -->\n\n"
            + withoutChapterLinks(BuiltInTemplates.troubleshootingChapter)
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
