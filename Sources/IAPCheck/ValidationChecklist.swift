import IAPModel

/// The Markdown checklist `iapkit generate` writes next to the code: every pitfall of the
/// catalogue for this app's products. What only a person can confirm becomes a task item with
/// an id, so `iapkit checklist` can count it and a regenerated file keeps its ticks; what the
/// files decide is listed with the verdict of the last check.
public struct ValidationChecklist: Sendable {
    public var workbook: Workbook
    /// One result per check, as `CheckRunner` returns them.
    public var results: [CheckResult]
    /// Ids of task items ticked in the previous version of the file.
    public var ticked: Set<String>
    /// Where the guides came from, for the header, such as `Workbook`.
    public var source: String
    /// True when the results come from a project, not only from the guides.
    public var projectChecked: Bool
    /// The troubleshooting reference the `why` links open: a path relative to the checklist
    /// (`Troubleshooting.md`, written beside it) or a URL.
    public var reference: String
    /// The language it is written in.
    public var wording: ChecklistWording

    public init(
        workbook: Workbook, results: [CheckResult], ticked: Set<String> = [], source: String, projectChecked: Bool,
        reference: String = CheckDefinition.workbookReference, wording: ChecklistWording = .english
    ) {
        self.wording = wording
        self.workbook = workbook
        // An app on StoreKit 2 alone has no StoreKit 1 delegate to get right.
        self.results =
            workbook.app?.storekit == .storeKit2
            ? results.filter { !CheckDefinition.storeKit1Only.contains($0.id) } : results
        self.ticked = ticked
        self.source = source
        self.projectChecked = projectChecked
        self.reference = reference
    }

    /// Checks a person confirms once per product rather than once per app.
    static let perProduct: Set<String> = ["metadata-missing", "cleared-for-sale"]

    /// The file name `iapkit generate` gives it.
    public static let fileName = "ValidationChecklist.md"

    public var markdown: String {
        let words = wording
        let appName = workbook.app?.name.value ?? "the app"
        var lines = [
            "<!-- \(words.fill(words.generatedNote, ["source": Self.escaped(source)])) -->",
            "",
            "# " + words.fill(words.title, ["app": Self.escaped(appName)]),
            "",
        ]
        if let app = workbook.app {
            let count = workbook.products.count
            lines.append(
                words.fill(
                    words.summary,
                    [
                        "bundle": app.bundleID.value, "count": "\(count)",
                        "products": count == 1 ? "product" : "products",
                    ]))
        }
        lines += [words.tickAdvice, "", "## " + words.byHand, ""]
        for result in results where result.definition?.kind == .manual || result.status == .manual {
            guard let definition = result.definition else { continue }
            let fix = words.items[definition.id].map(\.text) ?? Self.escaped(definition.fix)
            if Self.perProduct.contains(definition.id), !workbook.products.isEmpty {
                for product in workbook.products {
                    let id = "\(definition.id).\(product.id.value)"
                    let subject = "`\(product.id.value)` (\(Self.escaped(product.referenceName.value)))"
                    lines.append(taskItem(id, subject + words.perProductSeparator + fix, link: definition))
                }
            } else {
                lines.append(taskItem(definition.id, fix, link: definition))
            }
        }
        let decided = results.filter { $0.status != .manual && $0.definition?.kind != .manual }
        lines += ["", "## " + words.fromFiles, ""]
        if !projectChecked { lines += [words.noProject, ""] }
        if decided.isEmpty {
            lines.append(words.nothingDecided)
        } else {
            lines += [words.tableHeader, "|---|---|---|"]
            for result in decided {
                let link = result.definition.map(documentation) ?? ""
                lines.append("| [`\(result.id)`](\(link)) | \(result.status.rawValue) | \(Self.cell(result.message)) |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Where a check's section is in the reference: its English heading's anchor, in every
    /// language, which a translated reference carries too (`ReferenceAnchors`), and which a
    /// reference at a URL of the user's own most likely has.
    private func documentation(_ definition: CheckDefinition) -> String {
        definition.documentation(in: reference)
    }

    private func taskItem(_ id: String, _ text: String, link definition: CheckDefinition) -> String {
        let box = ticked.contains(id) ? "[x]" : "[ ]"
        return
            "- \(box) \(text)\(wording.linkOpen)[\(wording.why)](\(documentation(definition)))\(wording.linkClose) {#\(id)}"
    }

    /// Text that reads the same in Markdown: characters with a meaning there are escaped.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "{", "}", "!", "~", "&":
                out.append("\\")
                out.append(character)
            case "\n", "\r":
                out.append(" ")
            default:
                out.append(character)
            }
        }
        return out
    }

    static func cell(_ text: String) -> String { escaped(text) }
}
