import Foundation
import IAPDiagnostics
import IAPMarkdown

/// GitHub tables, whose cells are parsed apart from the chapter.
extension ChapterRenderer {
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
        let cells = table.header + table.rows.flatMap { $0.prefix(table.header.count) }
        let parsed = parsedCells(cells)
        // Each column's attributes, made once for all its cells.
        let classes = table.header.indices.map { alignment(table, $0) }
        var next = 0
        for index in table.header.indices {
            html += "<th"
            html += classes[index]
            html += ">"
            write(cells[next], parsed: parsed[next])
            next += 1
            html += "</th>"
        }
        html += "</tr>\n</thead>\n"
        if !table.rows.isEmpty {
            html += "<tbody>\n"
            for row in table.rows {
                html += "<tr>"
                for index in table.header.indices {
                    html += "<td"
                    html += classes[index]
                    html += ">"
                    if index < row.count {
                        write(cells[next], parsed: parsed[next])
                        next += 1
                    }
                    html += "</td>"
                }
                html += "</tr>\n"
            }
            html += "</tbody>\n"
        }
        html += "</table>\n</div>\n"
    }

    /// A cell as HTML: its parsed inlines, or, when it needed no parser, its text escaped with its
    /// addresses made links, as in any text.
    private mutating func write(_ cell: TableSource.Cell, parsed: HTMLBuffer?) {
        if let parsed {
            html += parsed
        } else {
            autolinkContext = ExtendedAutolink.Context()
            appendText(cell.text)
        }
    }

    /// A header cell's words for the table's name: its Markdown without emphasis or code marks.
    ///
    /// Most cells are ASCII, where characters are bytes and white space is a space or a tab: they
    /// are cut byte by byte, and a book of many tables names each of them.
    static func cellLabel(_ markdown: String) -> String {
        let marks: [UInt8] = [UInt8(ascii: "*"), UInt8(ascii: "`"), UInt8(ascii: "_")]
        guard markdown.utf8.allSatisfy({ $0 < 0x80 }) else {
            return String(markdown.filter { $0 != "*" && $0 != "`" && $0 != "_" }).trimmingCharacters(in: .whitespaces)
        }
        let kept = markdown.utf8.filter { !marks.contains($0) }
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = kept.firstIndex(where: { !isSpace($0) }), let last = kept.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(decoding: kept[first...last], as: UTF8.self)
    }

    func alignment(_ table: TableSource, _ index: Int) -> String {
        let alignment = index < table.alignments.count ? table.alignments[index] : .none
        return alignment == .none ? "" : " class=\"align-\(alignment.rawValue)\""
    }

    /// The HTML of the cells that need a parser, in the cells' order; nil for a cell that
    /// CommonMark reads as one run of text (`TableSource.Cell.isPlainText`), which is escaped as
    /// it is. Most cells are, and a parser per cell was most of a table's cost, so the cells
    /// that can only open a paragraph (`opensOnlyAParagraph`) share one parse, a blank line
    /// apart: each is a paragraph of its own there, read exactly as it would be alone. When the
    /// shared tree does not hold one paragraph per cell, each is parsed on its own after all.
    /// Either parse starts with the chapter's definitions of the labels the cells name, so that
    /// `[text][label]` in a cell is the link it is in the chapter.
    mutating func parsedCells(_ cells: [TableSource.Cell]) -> [HTMLBuffer?] {
        var parsed = [HTMLBuffer?](repeating: nil, count: cells.count)
        var shared: [Int] = []
        var alone: [Int] = []
        for (index, cell) in cells.enumerated() where !cell.isPlainText {
            if cell.opensOnlyAParagraph { shared.append(index) } else { alone.append(index) }
        }
        if !shared.isEmpty {
            let prelude = linkDefinitions.prelude(for: shared.map { cells[$0].text })
            var joined = prelude.text
            for (position, index) in shared.enumerated() {
                if position > 0 { joined += [UInt8(ascii: "\n"), UInt8(ascii: "\n")] }
                joined += cells[index].text.utf8
            }
            let document = MarkdownDocument(parsing: joined, file: page.chapter.file, readingFrontMatter: false)
            let paragraphs = document.root.children.filter { $0.line > prelude.lineCount }
            if paragraphs.count == shared.count, paragraphs.allSatisfy({ $0.kind == .paragraph }) {
                var renderer = ChapterRenderer(page: page, plan: plan, workbook: workbook, allowRawHTML: allowRawHTML)
                for (index, paragraph) in zip(shared, paragraphs) {
                    renderer.origin = SourceLocation(
                        file: page.chapter.file, line: cells[index].line, column: cells[index].column)
                    renderer.originLine = paragraph.location.line
                    renderer.html = HTMLBuffer()
                    renderer.walkInlines(paragraph.children)
                    parsed[index] = renderer.html
                }
                diagnostics += renderer.diagnostics
                images += renderer.images
            } else {
                alone += shared
                alone.sort()
            }
        }
        for index in alone {
            parsed[index] = inlineHTML(cells[index], after: linkDefinitions.prelude(for: [cells[index].text]))
        }
        return parsed
    }

    /// A cell's Markdown, parsed on its own (after the definitions it names) and rendered like
    /// any paragraph's inlines.
    ///
    /// A cell holds inline Markdown only, as GitHub reads it: `- none`, `1. first`, `# 1` or
    /// `---` are words there, where cmark would start a list, a heading or a rule. Such a cell is
    /// parsed again with its first marker escaped, so its words come out as written.
    mutating func inlineHTML(_ cell: TableSource.Cell, after prelude: (text: [UInt8], lineCount: Int)) -> HTMLBuffer {
        let file = page.chapter.file
        let parse = { (text: String) in
            MarkdownDocument(parsing: prelude.text + Array(text.utf8), file: file, readingFrontMatter: false)
                .root.children.first { $0.line > prelude.lineCount }
        }
        var block = parse(cell.text)
        if let first = block, first.kind != .paragraph, let escaped = Self.escapingBlockStart(cell.text) {
            block = parse(escaped)
        }
        var renderer = ChapterRenderer(page: page, plan: plan, workbook: workbook, allowRawHTML: allowRawHTML)
        renderer.origin = SourceLocation(file: page.chapter.file, line: cell.line, column: cell.column)
        renderer.originLine = prelude.lineCount + 1
        guard let block else { return HTMLBuffer() }
        if block.kind == .paragraph {
            renderer.walkInlines(block.children)
        } else {
            renderer.html.appendEscaped(cell.text)
        }
        diagnostics += renderer.diagnostics
        images += renderer.images
        return renderer.html
    }

    /// The cell's text with a backslash before the character that makes it a block: the first
    /// one of `- + * # > = _ ~`, or the `.` or `)` after an ordered list's number. Nil when it
    /// starts with none of them. A backslash before punctuation is the character itself.
    static func escapingBlockStart(_ text: String) -> String? {
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        guard let first = trimmed.first else { return nil }
        if "-+*#>=_~".contains(first) { return "\\" + trimmed }
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        let rest = trimmed.dropFirst(digits.count)
        guard !digits.isEmpty, let delimiter = rest.first, delimiter == "." || delimiter == ")" else { return nil }
        return digits + "\\" + rest
    }
}
