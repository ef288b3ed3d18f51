import IAPMarkdown
import IAPModel

/// The data pages need beyond their own HTML, as a script that assigns globals: a `.js` file
/// loads from `file://`, where fetching a JSON file is refused.
///
/// `IAPKIT_SITE` names the book (the prefix of the keys checkbox states are stored under) and
/// lists every checklist item, so any page can show the whole book's progress;
/// `IAPKIT_SEARCH` holds each page's words and product IDs.
enum SearchIndex {
    /// Each page's words, escaped for a JavaScript string. They need only the trees, so they
    /// are made while the rest of the site is planned.
    static func texts(of documents: [MarkdownDocument]) -> [[UInt8]] {
        documents.map { document in
            // The words are about the size of the Markdown.
            var text = HTMLBuffer(reservingCapacity: document.source.bytes.count + 1024)
            text.appendEscapedWords(of: document)
            return text.takeBytes()
        }
    }

    /// The script, in pieces: each page's text, from `texts` in page order, is a piece of its
    /// own, never copied.
    static func script(plan: SitePlan, workbook: Workbook, bookKey: String, texts: [[UInt8]]) -> [ArraySlice<UInt8>] {
        var pieces: [ArraySlice<UInt8>] = []
        var script = HTMLBuffer(reservingCapacity: 4096)
        script += "window.IAPKIT_SITE = {\"book\": \(Escape.javaScriptString(bookKey)), \"tasks\": ["
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
            script += "\"text\": \""
            pieces.append(script.takeBytes()[...])
            if index < texts.count { pieces.append(texts[index][...]) }
            script += "\"}"
        }
        script += "\n];\n"
        pieces.append(script.takeBytes()[...])
        return pieces
    }
}

extension HTMLBuffer {
    /// The page's readable text with runs of white space collapsed, code blocks included, as
    /// the inside of a JavaScript string. Works on UTF-8 bytes: only ASCII white space separates
    /// words, so no character is split, and the text is escaped as it is copied.
    mutating func appendEscapedWords(of document: MarkdownDocument) {
        var pendingSpace = false
        var wroteWord = false
        document.forEachLiteral { kind, literal in
            if kind.isBlock { pendingSpace = true }
            guard kind == .text || kind == .code || kind == .codeBlock, let literal else {
                if kind == .softBreak || kind == .lineBreak { pendingSpace = true }
                return
            }
            Escape.forEachChunk(of: literal) { piece in
                appendEscapedWords(piece, pendingSpace: &pendingSpace, wroteWord: &wroteWord)
            }
        }
    }

    /// One piece of a literal, words joined by single spaces: `pendingSpace` says a separator
    /// came before, `wroteWord` that a word has been written since the text began.
    private mutating func appendEscapedWords(
        _ literal: UnsafeBufferPointer<UInt8>, pendingSpace: inout Bool, wroteWord: inout Bool
    ) {
        // A separator becomes at most one space; escapes are at most six bytes for one.
        write(atMost: literal.count * 6 + 1) { out in
            var (written, index, space, word) = (0, 0, pendingSpace, wroteWord)
            while index < literal.count {
                let byte = literal[index]
                if Self.isWordSeparator(byte) {
                    space = true
                    index += 1
                    continue
                }
                if space, word {
                    out[written] = UInt8(ascii: " ")
                    written += 1
                }
                (space, word) = (false, true)
                if Escape.isJavaScriptSpecial(byte) {
                    index += Escape.appendJavaScriptEscape(literal, at: index, to: out + written, written: &written)
                    continue
                }
                // The rest of the word that needs no escape, in one tight loop.
                out[written] = byte
                written += 1
                index += 1
                while index < literal.count {
                    let next = literal[index]
                    if next == UInt8(ascii: " ") || Escape.isJavaScriptSpecial(next) { break }
                    out[written] = next
                    written += 1
                    index += 1
                }
            }
            (pendingSpace, wroteWord) = (space, word)
            return written
        }
    }

    @inline(__always)
    private static func isWordSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
            || byte == UInt8(ascii: "\r")
    }
}
