import Foundation
import IAPDiagnostics
import IAPMarkdown

/// GitHub tables, whose cells are parsed on their own.
extension ChapterRenderer {
    ///
    /// The table sits in a frame that scrolls sideways when it is wider than the text; the
    /// frame takes keyboard focus and is named after the table's first columns, so a keyboard
    /// or screen-reader user can reach and scroll it.
    mutating func table(_ table: TableSource) {
        let columns = table.header.prefix(3).map { Self.cellLabel($0.text) }.filter { !$0.isEmpty }
        let interface = page.interface
        let name =
            columns.isEmpty
            ? interface[.table]
            : interface.format(.tableNamed, ["columns": columns.joined(separator: interface[.tableColumnSeparator])])
        html += "<div class=\"table-scroll\" tabindex=\"0\" role=\"region\" aria-label=\""
        html.appendEscaped(name)
        html += "\">\n<table>\n<thead>\n<tr>"
        for (index, cell) in table.header.enumerated() {
            html += "<th\(alignment(table, index))>"
            html += inlineHTML(cell)
            html += "</th>"
        }
        html += "</tr>\n</thead>\n"
        if !table.rows.isEmpty {
            html += "<tbody>\n"
            for row in table.rows {
                html += "<tr>"
                for index in table.header.indices {
                    html += "<td\(alignment(table, index))>"
                    if index < row.count { html += inlineHTML(row[index]) }
                    html += "</td>"
                }
                html += "</tr>\n"
            }
            html += "</tbody>\n"
        }
        html += "</table>\n</div>\n"
    }

    /// A header cell's words for the table's name: its Markdown without emphasis or code marks.
    static func cellLabel(_ markdown: String) -> String {
        String(markdown.filter { $0 != "*" && $0 != "`" && $0 != "_" }).trimmingCharacters(in: .whitespaces)
    }

    func alignment(_ table: TableSource, _ index: Int) -> String {
        let alignment = index < table.alignments.count ? table.alignments[index] : .none
        return alignment == .none ? "" : " class=\"align-\(alignment.rawValue)\""
    }

    /// A cell's Markdown, parsed on its own and rendered like any paragraph's inlines. A cell
    /// that cmark would read as one run of text (`TableSource.Cell.isPlainText`) is escaped as
    /// it is: most cells are, and a parser per cell is most of a table's cost.
    mutating func inlineHTML(_ cell: TableSource.Cell) -> HTMLBuffer {
        if cell.isPlainText {
            var html = HTMLBuffer()
            html.appendEscaped(cell.text)
            return html
        }
        let document = MarkdownDocument(parsing: cell.text, file: page.chapter.file)
        var renderer = ChapterRenderer(page: page, plan: plan, workbook: workbook, allowRawHTML: allowRawHTML)
        renderer.origin = SourceLocation(file: page.chapter.file, line: cell.line, column: cell.column)
        guard let block = document.root.firstChild else { return HTMLBuffer() }
        if block.kind == .paragraph {
            for inline in block.children { inline.walk(&renderer) }
        } else {
            renderer.html.appendEscaped(block.plainText)
        }
        diagnostics += renderer.diagnostics
        images += renderer.images
        return renderer.html
    }
}
