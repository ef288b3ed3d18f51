import IAPModel

/// The model as a short report for people: what `extract --format text` prints.
enum WorkbookText {
    static func render(_ workbook: Workbook) -> String {
        var lines: [String] = []
        if let app = workbook.app {
            lines.append(
                "App: \(app.name.value) (\(app.bundleID.value)), StoreKit \(app.storekit.rawValue)  \(app.location)")
        } else {
            lines.append("App: not configured")
        }
        lines.append("")
        lines.append("Products (\(workbook.products.count)):")
        let width = workbook.products.map(\.id.value.count).max() ?? 0
        for product in workbook.products {
            var details = [product.type.rawValue]
            if let price = product.price { details.append("\(price.value)") }
            if let period = product.subscription?.period?.value { details.append(period) }
            if let group = product.subscription?.group?.value { details.append("group \(group)") }
            lines.append(
                "  " + product.id.value.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                    + details.joined(separator: ", ") + "  \(product.id.location)")
        }
        lines.append("")
        let items = workbook.checklistItems
        lines.append("Checklists (\(items.count { $0.isDone })/\(items.count) done):")
        for chapter in workbook.chapters {
            for checklist in chapter.checklists {
                let title = checklist.trail.last ?? chapter.title
                lines.append("  \(title): \(checklist.doneCount)/\(checklist.items.count)  \(checklist.location)")
                for item in checklist.items {
                    let id = item.id.map { " {#\($0)}" } ?? ""
                    lines.append("    [\(item.isDone ? "x" : " ")] \(item.text)\(id)  line \(item.location.line)")
                }
            }
        }
        lines.append("")
        lines.append("Chapters (\(workbook.chapters.count)):")
        for chapter in workbook.chapters {
            let fileBlocks = chapter.codeBlocks.count { $0.targetFile != nil }
            lines.append(
                "  \(chapter.title)  \(chapter.file): \(chapter.sections.count) sections, \(chapter.steps.count) steps, \(chapter.codeBlocks.count) code blocks (\(fileBlocks) with file=), \(chapter.callouts.count) callouts"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
