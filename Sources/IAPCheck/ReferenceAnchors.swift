import IAPModel

/// `check`'s reports, the store's debug message and an English checklist link to a check's
/// section by its English heading's anchor (`#agreements-not-complete`). A troubleshooting
/// reference in another language has other headings, so before each check's section it gets
/// an `<a id>` with the English anchor: every link written for the English reference still
/// lands on its section.
public enum ReferenceAnchors {
    /// `chapter` with an English anchor above each check's section, found through the
    /// chapter's checklist (`… ([详情](#协议未完成)) {#agreements}`).
    public static func addingEnglishAnchors(to chapter: String) -> String {
        var englishBySection: [String: String] = [:]
        for (id, item) in ChecklistWording.items(in: chapter) {
            guard let definition = CheckCatalogue.definition(id) else { continue }
            let english = CheckDefinition.anchor(definition.title)
            if english != item.anchor { englishBySection[item.anchor] = english }
        }
        guard !englishBySection.isEmpty else { return chapter }
        var lines: [Substring] = []
        for line in chapter.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#"), let space = line.firstIndex(of: " ") {
                let title = line[line.index(after: space)...]
                if let english = englishBySection[CheckDefinition.anchor(String(title))] {
                    lines.append("<a id=\"\(english)\"></a>")
                    lines.append("")
                }
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
