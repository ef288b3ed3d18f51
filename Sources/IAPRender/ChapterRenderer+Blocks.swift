import IAPMarkdown
import IAPModel

/// Blocks the site writes its own way: callouts, folded sections, checklist items and code.
extension ChapterRenderer {
    mutating func callout(_ quote: MarkdownNode, kind: Callout.Kind) {
        let title = Escape.text(page.interface[Self.calloutTitle(kind)])
        html += "<div class=\"callout callout-\(kind.rawValue)\" role=\"note\">\n"
        html += "<p class=\"callout-title\">\(title)</p>\n"
        for (index, block) in quote.children.enumerated() {
            guard index == 0, block.kind == .paragraph else {
                block.walk(&self)
                continue
            }
            if let aside = AsideSyntax.opening(of: block) {
                // `Note: words` or `**Note**`: the words after the kind are the paragraph.
                guard let first = aside.words else { continue }
                html += "<p>"
                autolinkContext = ExtendedAutolink.Context()
                if first.kind == .text {
                    appendText(of: first, within: aside.offset..<Int.max)
                } else {
                    first.walk(&self)
                }
                var next = first.nextSibling
                while let inline = next {
                    inline.walk(&self)
                    next = inline.nextSibling
                }
                closeRawInlines()
                html += "</p>\n"
                continue
            }
            // The first line holds only the `[!KIND]` marker; the paragraph goes on after it.
            let inlines = Array(block.children)
            guard let lineEnd = inlines.firstIndex(where: { $0.kind == .softBreak || $0.kind == .lineBreak }) else {
                continue
            }
            html += "<p>"
            walkInlines(inlines[(lineEnd + 1)...])
            html += "</p>\n"
        }
        closeFoldedSections(while: { $0 == quote })
        html += "</div>\n"
    }

    /// `<details>` markup as a folded section: its summary and words escaped, its attributes
    /// but `open` left out. The print view writes every section open, so paper shows it all.
    /// A `</details>` closes a section only in the container that opened it; a stray one is
    /// dropped, and the renderer closes any left open, so the page's elements always nest.
    mutating func foldedSection(_ parts: [RawHTML.DetailsPart], of node: MarkdownNode) {
        let container = node.parent
        for part in parts {
            switch part {
            case .open(let unfolded):
                html += "<details class=\"folded\""
                html.append(page: unfolded ? " open" : "", print: " open")
                html += ">\n"
                openDetails.append(container)
                summaryPlace = html.count
            case .summary(let words) where html.count == summaryPlace:
                html += "<summary>"
                html.appendEscaped(words)
                html += "</summary>\n"
            case .summary(let words), .words(let words):
                html += "<p>"
                html.appendEscaped(words)
                html += "</p>\n"
            case .close:
                if let last = openDetails.last, last == container {
                    openDetails.removeLast()
                    html += "</details>\n"
                }
            }
        }
    }

    /// Closes the open sections, innermost first, while `opened` says the innermost one was
    /// opened in a container that is ending.
    mutating func closeFoldedSections(while opened: (MarkdownNode?) -> Bool) {
        while let last = openDetails.last, opened(last) {
            openDetails.removeLast()
            html += "</details>\n"
        }
    }

    static func calloutTitle(_ kind: Callout.Kind) -> InterfaceString {
        switch kind {
        case .note: .calloutNote
        case .tip: .calloutTip
        case .important: .calloutImportant
        case .warning: .calloutWarning
        case .caution: .calloutCaution
        }
    }

    /// A GFM task item as a real checkbox. The `[ ]` marker and a trailing `{#id}` are not part
    /// of the label; the id becomes the checkbox's, and the key its state is stored under.
    mutating func taskItem(_ item: MarkdownNode, task: TaskAnchor) {
        let id = task.id
        guard let paragraph = item.firstChild, paragraph.kind == .paragraph else {
            html += "<li>"
            walkChildren(of: item)
            closeFoldedSections(while: { $0 == item })
            html += "</li>\n"
            return
        }
        // The extractor found the marker here, so it is there to read.
        let marker = TaskMarker(paragraph: paragraph)
        let markerLine = marker?.line ?? paragraph.range.start.line
        let markerEnd = marker?.endColumn ?? paragraph.range.start.column
        let isDone = marker?.isDone ?? false
        let elementID = "task-" + id
        html += "<li class=\"task\"><input type=\"checkbox\" id=\""
        html.append(id: elementID, printPrefix: Self.printTaskPrefix)
        html += "\" data-task=\"\(Escape.attribute(id))\""
        html += isDone ? " data-default=\"checked\" checked>" : ">"
        html += "<label for=\""
        html.append(id: elementID, printPrefix: Self.printTaskPrefix)
        html += "\">"
        let inlines = Array(paragraph.children)
        let explicitID = task.writtenID
        autolinkContext = ExtendedAutolink.Context()
        var atStart = true
        for (index, inline) in inlines.enumerated() {
            let inlineStart = inline.range.start
            let inMarker = inlineStart.line == markerLine && inlineStart.column < markerEnd
            guard inline.kind == .text, let words = inline.withLiteralBytes({ Array($0) }) else {
                if inMarker { continue }
                inline.walk(&self)
                atStart = false
                continue
            }
            // The part of the words the label shows: after the marker and the space that
            // follows it, before a `{#id}` that ends the item.
            var shown = 0..<words.count
            if inMarker { shown = min(max(markerEnd - inlineStart.column, 0), words.count)..<words.count }
            if atStart {
                while let first = shown.first, words[first] == UInt8(ascii: " ") || words[first] == UInt8(ascii: "\t") {
                    shown = (first + 1)..<shown.upperBound
                }
            }
            if index == inlines.count - 1, explicitID != nil,
                case .id(explicitID, let before) = TrailingID.split(String(decoding: words[shown], as: UTF8.self))
            {
                shown = shown.lowerBound..<(shown.lowerBound + before.utf8.count)
            }
            if !shown.isEmpty { atStart = false }
            appendText(of: inline, within: shown)
        }
        closeRawInlines()
        html += "</label>"
        walkChildren(of: item, from: 1)
        closeFoldedSections(while: { $0 == item })
        html += "</li>\n"
    }

    /// A checkbox's id in the print view: its page's id would name the page's own checkbox.
    private static let printTaskPrefix = Array("print-".utf8)

    mutating func codeBlock(_ node: MarkdownNode) {
        let info = node.infoString ?? ""
        let language = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
        if page.configBlocks.contains(Self.position(node.location)) {
            html += configView.html(
                for: node.range, info: info, code: SyntaxHighlighter.html(node.literal ?? "", language: language),
                languageClass: Self.languageClass(language))
            return
        }
        html += "<pre><code\(Self.languageClass(language))>"
        let highlighted = SyntaxHighlighter.language(named: language)
        node.withLiteralBytes { SyntaxHighlighter.appendHTML($0, language: highlighted, to: &html) }
        html += "</code></pre>\n"
    }

    /// ` class="language-swift"`, with the name reduced to letters, digits and `-`.
    static func languageClass(_ language: String?) -> String {
        guard let language else { return "" }
        let name = String(
            language.lowercased().unicodeScalars.filter {
                ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
            }.map(Character.init))
        return name.isEmpty ? "" : " class=\"language-\(name)\""
    }
}
