import Foundation
import IAPMarkdown
import IAPModel

/// The data pages need beyond their own HTML, as a script that assigns globals: a `.js` file
/// loads from `file://`, where fetching a JSON file is refused.
///
/// `IAPKIT_SITE` names the book (the prefix of the keys checkbox states are stored under) and
/// lists every checklist item, so any page can show the whole book's progress;
/// `IAPKIT_SEARCH` holds each page's words and product IDs.
enum SearchIndex {
    /// A page's words, section by section (the text before the first heading, then one piece
    /// per heading), escaped for a JavaScript string. They need only the page's tree.
    ///
    /// The sections are slices of one array the size of the page's words: an array of its own
    /// for each section kept up to a few kilobytes of room beyond its words, and a code-heavy
    /// book of thousands of sections held more room than words until its site was written.
    ///
    /// The references to the page's footnotes (`footnotes`, their labels) and their markers
    /// are markup too.
    static func texts(of document: MarkdownDocument, footnotes: Set<String> = []) -> [ArraySlice<UInt8>] {
        // The words are about the size of the Markdown.
        var text = HTMLBuffer(reservingCapacity: document.source.bytes.count + 1024)
        var ends: [Int] = []
        text.appendEscapedWords(of: document, leavingOut: DocCDirective.settingBlocks(of: document)) { text in
            ends.append(text.count)
        }
        ends.append(text.count)
        var bytes = text.takeBytes()
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(ends.count)
        var start = 0
        var kept = 0
        bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for end in ends {
                let sectionEnd = SearchWords.dropMarkup(
                    in: base, from: start, to: end, writingAt: kept, footnotes: footnotes)
                ranges.append(kept..<sectionEnd)
                (start, kept) = (end, sectionEnd)
            }
        }
        bytes.removeLast(bytes.count - kept)
        if bytes.capacity - bytes.count > bytes.count / 16 + 256 { bytes = Array(bytes[...]) }
        return ranges.map { bytes[$0] }
    }

    /// A page's search results, made from its tree in one job: its words, then the results
    /// around them (see `results(of:sections:products:)`). `products` are the products its
    /// chapter defines.
    static func pageResults(of page: SitePage, document: MarkdownDocument, products: [Product])
        -> [ArraySlice<UInt8>]
    {
        results(of: page, sections: texts(of: document, footnotes: Set(page.footnoteNumbers.keys)), products: products)
    }

    /// The workbook's products by the file that defines them, for `pageResults`.
    static func productsByFile(_ workbook: Workbook) -> [String: [Product]] {
        var products: [String: [Product]] = [:]
        for product in workbook.products { products[product.location.file, default: []].append(product) }
        return products
    }

    /// The script, in pieces: each page's results, from `pageResults` in page order, are
    /// pieces of their own, never copied. They are made while the pages are rendered, so what
    /// is left here is the checklist and the joins.
    ///
    /// A result is a section, not a page: a reader looking for a product ID or a term wants the
    /// part of the chapter that explains it, and the section's heading says what it is.
    static func script(plan: SitePlan, bookKey: String, pageResults: [[ArraySlice<UInt8>]])
        -> [ArraySlice<UInt8>]
    {
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
        script += "\n]"
        // A book too long to list its chapters on every page lists them here, once.
        if plan.pages.count > PageLayout.inlineChapterLimit {
            script += ", \"chapters\": ["
            for (index, page) in plan.pages.enumerated() {
                script += index == 0 ? "\n" : ",\n"
                script += "[\(Escape.javaScriptString(page.fileName)), \(Escape.javaScriptString(page.chapter.title))]"
            }
            script += "\n]"
        }
        script += "};\nwindow.IAPKIT_SEARCH = ["
        var pieces = [script.takeBytes()[...]]
        first = true
        for results in pageResults where !results.isEmpty {
            // Every page's results start with the comma that goes between two of them, but the
            // first page's, which starts the list.
            pieces.append(first ? results[0].dropFirst() : results[0])
            pieces.append(contentsOf: results.dropFirst())
            first = false
        }
        pieces.append(Array("\n];\n".utf8)[...])
        return pieces
    }

    /// A page's search results, in pieces: each section's words (a piece of their own, never
    /// copied) between the pieces that open and close its result. The first piece starts with
    /// the comma that separates the page's results from the page's before it.
    static func results(
        of page: SitePage, sections: [ArraySlice<UInt8>], products: [Product]
    ) -> [ArraySlice<UInt8>] {
        // The frames of all the page's results go into one buffer, cut where each section's
        // words go: one array for the page, however many sections it has.
        var frames = HTMLBuffer(reservingCapacity: 256 * sections.count)
        var cuts: [(offset: Int, words: ArraySlice<UInt8>)] = []
        for (sectionIndex, text) in sections.enumerated() {
            // Piece 0 is the text before the first heading; piece n follows heading n - 1.
            let heading =
                sectionIndex > 0 && sectionIndex - 1 < page.headings.count
                ? page.headings[sectionIndex - 1] : nil
            if heading == nil, sectionIndex > 0 { continue }
            if heading == nil, text.isEmpty { continue }
            let startLine = heading?.position.line ?? 0
            let endLine =
                sectionIndex < page.headings.count ? page.headings[sectionIndex].position.line : Int.max
            // The chapter's opening heading is the page itself.
            let isPageTop = heading == nil || (sectionIndex == 1 && heading?.level == 1)
            frames += ",\n{\"page\": "
            frames.appendJavaScriptString(page.chapter.title)
            frames += ", \"title\": "
            frames.appendJavaScriptString(isPageTop ? page.chapter.title : heading?.title ?? "")
            frames += ", \"url\": "
            frames.appendJavaScriptString(isPageTop ? page.fileName : page.fileName + "#" + (heading?.slug ?? ""))
            frames += ", \"products\": ["
            var firstProduct = true
            for product in products where product.location.line >= startLine && product.location.line < endLine {
                if !firstProduct { frames += ", " }
                frames.appendJavaScriptString(product.id.value)
                firstProduct = false
            }
            frames += "], \"text\": \""
            cuts.append((frames.count, text))
            frames += "\"}"
        }
        guard !cuts.isEmpty else { return [] }
        let bytes = frames.takeBytes()
        var pieces: [ArraySlice<UInt8>] = []
        pieces.reserveCapacity(2 * cuts.count + 1)
        var start = 0
        for cut in cuts {
            pieces.append(bytes[start..<cut.offset])
            pieces.append(cut.words)
            start = cut.offset
        }
        pieces.append(bytes[start...])
        return pieces
    }
}

/// Words of a section that are Markdown a reader never sees on the page: task markers
/// (`[ ]`, `[x]`), checklist ids (`{#id}`), the pipes and dashes of a table's rows, which
/// the site writes as a table but the text holds as written, and the references to a page's
/// footnotes and their markers (`[^label]`, `[^label]:`).
enum SearchWords {
    /// Drops the markup words of `base[start..<end]` and writes the words kept from `written`
    /// on (at most `start`, so they move forward or stay), one space between two of them.
    /// Returns where they end.
    ///
    /// The words kept are moved forward in the same buffer: the text of a code-heavy book is
    /// megabytes, and a second buffer of that size is pages the system must clear first.
    /// Words are found with memchr and moved with memmove, and only once a word before them
    /// has been dropped: most of a code block's words stay where they are.
    static func dropMarkup(
        in base: UnsafeMutablePointer<UInt8>, from start: Int, to end: Int, writingAt written: Int,
        footnotes: Set<String> = []
    ) -> Int {
        let count = end - start
        guard
            UnsafeBufferPointer(start: base + start, count: count).contains(where: {
                $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "|")
            })
        else {
            if written != start { memmove(base + written, base + start, count) }
            return written + count
        }
        let sectionStart = written
        var written = written
        var wordStart = start
        while wordStart <= end {
            var wordEnd = end
            if wordStart < end, let space = memchr(base + wordStart, Int32(UInt8(ascii: " ")), end - wordStart) {
                wordEnd = wordStart + (space - UnsafeMutableRawPointer(base + wordStart))
            }
            var first = wordStart
            wordStart = wordEnd + 1
            while first < wordEnd, base[first] == UInt8(ascii: "|") { first += 1 }
            while wordEnd > first, base[wordEnd - 1] == UInt8(ascii: "|") { wordEnd -= 1 }
            guard first < wordEnd, !isMarkup(UnsafeBufferPointer(start: base + first, count: wordEnd - first)) else {
                continue
            }
            if !footnotes.isEmpty {
                // The word without its references; nothing is left of a marker but its colon.
                let kept = dropFootnoteReferences(in: base, from: first, to: wordEnd, labels: footnotes)
                guard kept > first, !(kept == first + 1 && base[first] == UInt8(ascii: ":")) else { continue }
                wordEnd = kept
            }
            if written > sectionStart {
                base[written] = UInt8(ascii: " ")
                written += 1
            }
            if written != first { memmove(base + written, base + first, wordEnd - first) }
            written += wordEnd - first
        }
        return written
    }

    /// Moves the bytes of `base[start..<end]` that are not a `[^label]` of one of `labels` to
    /// its start, and returns where they end.
    private static func dropFootnoteReferences(
        in base: UnsafeMutablePointer<UInt8>, from start: Int, to end: Int, labels: Set<String>
    ) -> Int {
        let word = UnsafeBufferPointer(start: base + start, count: end - start)
        let references = FootnoteSyntax.references(in: word) { labels.contains($0) }
        var kept = start
        var next = 0
        for range in references.map(\.range) + [word.count..<word.count] {
            // Bytes move forward or stay, so copying in order never overwrites one still to copy.
            for offset in next..<range.lowerBound {
                base[kept] = word[offset]
                kept += 1
            }
            next = range.upperBound
        }
        return kept
    }

    private static func isMarkup<Word: BidirectionalCollection<UInt8>>(_ word: Word) -> Bool {
        // Every marker starts with one of these; most words of a code block are let go here.
        guard let first = word.first,
            first == UInt8(ascii: "[") || first == UInt8(ascii: "]") || first == UInt8(ascii: "{")
                || first == UInt8(ascii: "-") || first == UInt8(ascii: ":")
        else { return false }
        if word.elementsEqual("[".utf8) || word.elementsEqual("]".utf8) || word.elementsEqual("[x]".utf8)
            || word.elementsEqual("[X]".utf8)
        {
            return true
        }
        if word.starts(with: "{#".utf8), word.last == UInt8(ascii: "}") { return true }
        // A table's delimiter row: dashes, colons and pipes only.
        return word.contains(UInt8(ascii: "-"))
            && word.allSatisfy { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "|") }
    }
}

extension HTMLBuffer {
    /// The page's readable text with runs of white space collapsed, code blocks included, as
    /// the inside of a JavaScript string. Works on UTF-8 bytes: only ASCII white space separates
    /// words, so no character is split, and the text is escaped as it is copied.
    ///
    /// `sectionEnds`, when given, is called with the text so far before each heading's words,
    /// so each section's text is a piece of its own; it takes the text out of the buffer. The
    /// top-level `blocks` left out (DocC's page settings) give no words.
    mutating func appendEscapedWords(
        of document: MarkdownDocument, leavingOut blocks: [MarkdownNode] = [],
        sectionEnds: ((inout HTMLBuffer) -> Void)? = nil
    ) {
        var pendingSpace = false
        var wroteWord = false
        document.forEachLiteral(leavingOut: blocks) { kind, literal in
            if kind == .heading, let sectionEnds {
                sectionEnds(&self)
                (pendingSpace, wroteWord) = (false, false)
                return
            }
            // A raw HTML heading starts a section as a Markdown one does, with its words.
            if kind == .htmlBlock, let literal, RawHTML.holdsHeading(literal) {
                for case .heading(let heading) in RawHTML.pieces(String(decoding: literal, as: UTF8.self)) {
                    if let sectionEnds {
                        sectionEnds(&self)
                        (pendingSpace, wroteWord) = (false, false)
                    } else {
                        pendingSpace = true
                    }
                    var title = heading.title
                    title.withUTF8 { appendEscapedWords($0, pendingSpace: &pendingSpace, wroteWord: &wroteWord) }
                }
                return
            }
            // A folded section's summary and words are found as the page shows them.
            if kind == .htmlBlock, let literal, RawHTML.mayHoldDetails(literal),
                let parts = RawHTML.detailsParts(String(decoding: literal, as: UTF8.self))
            {
                for part in parts {
                    switch part {
                    case .summary(var words), .words(var words):
                        pendingSpace = true
                        words.withUTF8 { appendEscapedWords($0, pendingSpace: &pendingSpace, wroteWord: &wroteWord) }
                    case .open, .close:
                        break
                    }
                }
                pendingSpace = true
                return
            }
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
