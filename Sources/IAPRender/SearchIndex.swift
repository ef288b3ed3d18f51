import IAPMarkdown
import IAPModel

/// The data pages need beyond their own HTML, as a script that assigns globals: a `.js` file
/// loads from `file://`, where fetching a JSON file is refused.
///
/// `IAPKIT_SITE` names the book (the prefix of the keys checkbox states are stored under) and
/// lists every checklist item, so any page can show the whole book's progress;
/// `IAPKIT_SEARCH` holds each page's words and product IDs.
enum SearchIndex {
    static func script(plan: SitePlan, workbook: Workbook, bookKey: String) -> String {
        var script = "window.IAPKIT_SITE = {\"book\": \(Escape.javaScriptString(bookKey)), \"tasks\": ["
        var first = true
        for page in plan.pages {
            for item in page.chapter.checklists.flatMap(\.items) {
                let position = SitePage.Position(line: item.location.line, column: item.location.column)
                guard let id = page.tasks[position]?.id else { continue }
                script += (first ? "\n" : ",\n") + "{\"id\": \(Escape.javaScriptString(id)), \"done\": \(item.isDone)}"
                first = false
            }
        }
        script += "\n]};\nwindow.IAPKIT_SEARCH = ["
        for (index, page) in plan.pages.enumerated() {
            let products = workbook.products.filter { $0.location.file == page.chapter.file }.map(\.id.value)
            script += index == 0 ? "\n" : ",\n"
            script += "{\"title\": \(Escape.javaScriptString(page.chapter.title)), "
            script += "\"url\": \(Escape.javaScriptString(page.fileName)), "
            script += "\"products\": [\(products.map(Escape.javaScriptString).joined(separator: ", "))], "
            script += "\"text\": \(Escape.javaScriptString(words(of: page.document)))}"
        }
        return script + "\n];\n"
    }

    /// The page's readable text with runs of white space collapsed, code blocks included.
    /// Works on UTF-8 bytes: only ASCII white space separates words, so no character is split.
    static func words(of document: MarkdownDocument) -> String {
        var bytes: [UInt8] = []
        var pendingSpace = false
        for node in document.allNodes {
            if node.kind.isBlock { pendingSpace = true }
            guard node.kind == .text || node.kind == .code || node.kind == .codeBlock, let literal = node.literal
            else {
                if node.kind == .softBreak || node.kind == .lineBreak { pendingSpace = true }
                continue
            }
            for byte in literal.utf8 {
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
                    || byte == UInt8(ascii: "\r")
                {
                    pendingSpace = true
                } else {
                    if pendingSpace, !bytes.isEmpty { bytes.append(UInt8(ascii: " ")) }
                    pendingSpace = false
                    bytes.append(byte)
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
