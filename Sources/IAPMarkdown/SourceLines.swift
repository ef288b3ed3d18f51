import CCmark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// The lines of a document as `HalvedParse` reads them: where to cut, which paragraphs may hold
/// link definitions, and, from cmark's tree, where each block really ends.
struct SourceLines {
    let source: SourceText
    /// Front matter, which cmark was fed as blank lines.
    let hiddenLines: ClosedRange<Int>?

    var count: Int { source.lineCount }

    func start(of line: Int) -> Int { source.lineStarts[line - 1] }

    func end(of line: Int) -> Int { line < count ? source.lineStarts[line] : source.bytes.count }

    func endsWithNewline(_ line: Int) -> Bool {
        let end = end(of: line)
        return end > start(of: line) && (source.bytes[end - 1] == 0x0A || source.bytes[end - 1] == 0x0D)
    }

    func isBlank(_ line: Int) -> Bool {
        if let hiddenLines, hiddenLines.contains(line) { return true }
        return Self.isSpaces(source.line(line))
    }

    /// Whether the bytes are only spaces and tabs, or none.
    private static func isSpaces(_ text: ArraySlice<UInt8>) -> Bool {
        text.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// The text after the up to three spaces a block's first line may start with; nil after
    /// four or more, where the line is code or a continuation.
    private static func unindented(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        let indent = text.prefix { $0 == 0x20 }.count
        return indent <= 3 ? text.dropFirst(indent) : nil
    }

    /// The line nearest the middle of the bytes that may start the second half: an ATX heading
    /// at the margin after a blank line, with at least a quarter of the bytes on each side.
    func cutLine() -> Int? {
        let bytes = source.bytes
        let middle = bytes.count / 2
        var best: Int?
        var bestDistance = Int.max
        guard count >= 3 else { return nil }
        for line in 3...count {
            let offset = start(of: line)
            guard bytes[offset] == UInt8(ascii: "#"), isATXHeading(line), isBlank(line - 1) else { continue }
            if let hiddenLines, line - 1 <= hiddenLines.upperBound { continue }
            let distance = abs(offset - middle)
            if distance < bestDistance {
                best = line
                bestDistance = distance
            }
        }
        guard let best, bestDistance <= bytes.count / 4 else { return nil }
        return best
    }

    /// The last line of a top-level block that starts on line `first`. cmark's end line is one
    /// short for an HTML block closed by its end condition, and one long for a setext heading
    /// of several lines; the block's text says where it really ends.
    func lastLine(of block: OpaquePointer, first: Int, reported: Int) -> Int {
        switch cmark_node_get_type(block) {
        case CMARK_NODE_HTML_BLOCK:
            guard let literal = cmark_node_get_literal(block) else { return max(first, reported) }
            let text = UnsafeRawPointer(literal).assumingMemoryBound(to: UInt8.self)
            return first + max(1, Self.lineCount(UnsafeBufferPointer(start: text, count: strlen(literal)))) - 1
        case CMARK_NODE_HEADING: return headingLastLine(first: first, reported: reported)
        default: return max(first, reported)
        }
    }

    /// The same for a block of the copied tree.
    func lastLine(of block: MarkdownNode) -> Int {
        let first = block.line
        let reported = block.endLine
        switch block.kind {
        case .htmlBlock:
            return block.withLiteralBytes { first + max(1, Self.lineCount($0)) - 1 } ?? max(first, reported)
        case .heading: return headingLastLine(first: first, reported: reported)
        default: return max(first, reported)
        }
    }

    /// A heading's last line: its own for an ATX heading, its underline for a setext one.
    private func headingLastLine(first: Int, reported: Int) -> Int {
        guard !isATXHeading(first) else { return max(first, reported) }
        var line = first + 1
        while line < count, !isSetextUnderline(line) { line += 1 }
        return line
    }

    /// The lines of a text: its line endings, and a last line without one.
    private static func lineCount(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var lines = 0
        var previous: UInt8 = 0x0A
        for byte in text {
            if byte == 0x0A, previous != 0x0D { lines += 1 } else if byte == 0x0D { lines += 1 }
            previous = byte
        }
        return previous == 0x0A || previous == 0x0D ? lines : lines + 1
    }

    /// A run of `=` or of `-` after at most three spaces, with nothing but spaces after it.
    private func isSetextUnderline(_ line: Int) -> Bool {
        guard let body = Self.unindented(source.line(line)), let mark = body.first,
            mark == UInt8(ascii: "=") || mark == UInt8(ascii: "-")
        else { return false }
        return Self.isSpaces(body.drop { $0 == mark })
    }

    /// Whether the line is an ATX heading: one to six `#` after at most three spaces, then a
    /// space, a tab or the end of the line.
    private func isATXHeading(_ line: Int) -> Bool {
        guard let text = Self.unindented(source.line(line)) else { return false }
        let marks = text.prefix { $0 == UInt8(ascii: "#") }.count
        guard (1...6).contains(marks) else { return false }
        guard marks < text.count else { return true }
        let next = text[text.startIndex + marks]
        return next == 0x20 || next == 0x09
    }

    /// What the scan of a half's text found.
    struct DefinitionScan: Sendable {
        var paragraphs: [ClosedRange<Int>] = []
        /// Whether a fence or an HTML block was still open at the end: the cut cannot close it,
        /// and parsing the halves would only be thrown away.
        var endsInsideBlock = false
    }

    /// The paragraphs in `range` that may open with link reference definitions, found by text:
    /// a line that starts like a definition, outside what looks like a fenced code block, up to
    /// the next blank line. The tree says later whether the guess was right.
    func definitionParagraphs(in range: ClosedRange<Int>) -> DefinitionScan {
        var paragraphs: [ClosedRange<Int>] = []
        /// Whether a line closes the fence or HTML block still open.
        var closes: ((ArraySlice<UInt8>) -> Bool)?
        var line = range.lowerBound
        while line <= range.upperBound {
            let text = source.line(line)
            if let hiddenLines, hiddenLines.contains(line) {
                line += 1
                continue
            }
            if let open = closes {
                if open(text) { closes = nil }
                line += 1
                continue
            }
            if let close = Self.blockHidingDefinitions(openedBy: text) {
                closes = close
                line += 1
                continue
            }
            if let body = Self.unindented(text), mayStartDefinition(body) {
                var last = line
                while last < range.upperBound, !isBlank(last + 1), !mayInterruptParagraph(last + 1) { last += 1 }
                paragraphs.append(line...last)
                line = last + 1
                continue
            }
            line += 1
        }
        return DefinitionScan(paragraphs: paragraphs, endsInsideBlock: closes != nil)
    }

    /// For a line that opens a block in which a line like a definition is not one, what closes
    /// it: a fenced code block runs to its fence, an HTML block to a closing tag, `-->`, `?>`,
    /// `>` or `]]>`, or else to a blank line.
    private static func blockHidingDefinitions(openedBy text: ArraySlice<UInt8>) -> ((ArraySlice<UInt8>) -> Bool)? {
        if let opening = fence(in: text), opening.mark == UInt8(ascii: "~") || !opening.rest.contains(UInt8(ascii: "`"))
        {
            return { line in
                guard let closing = fence(in: line) else { return false }
                return closing.mark == opening.mark && closing.length >= opening.length
                    && isSpaces(closing.rest)
            }
        }
        guard let tag = unindented(text), tag.first == UInt8(ascii: "<") else { return nil }
        let body = lowercased(tag.prefix(12))
        let ends: [[UInt8]]
        if ["<pre", "<script", "<style", "<textarea"].contains(where: { opensTag(body, $0) }) {
            ends = ["</pre>", "</script>", "</style>", "</textarea>"].map { Array($0.utf8) }
        } else if body.starts(with: "<!--".utf8) {
            ends = [Array("-->".utf8)]
        } else if body.starts(with: "<?".utf8) {
            ends = [Array("?>".utf8)]
        } else if body.starts(with: "<![cdata[".utf8) {
            ends = [Array("]]>".utf8)]
        } else if body.count > 2, body[1] == UInt8(ascii: "!"),
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(body[2])
        {
            ends = [Array(">".utf8)]
        } else {
            // Any other HTML block runs to a blank line, and so does a paragraph that opens with
            // a tag unless a block cuts it short; then the check after parsing finds definitions
            // the scan skipped, and the document is parsed whole.
            return isSpaces
        }
        let closes = { (line: ArraySlice<UInt8>) in
            let lower = lowercased(line)
            return ends.contains { end in lower.indices.contains { lower[$0...].starts(with: end) } }
        }
        // The end may be on the opening line, after the opening itself.
        return closes(tag.dropFirst(2)) ? nil : closes
    }

    private static func opensTag(_ body: [UInt8], _ tag: String) -> Bool {
        let name = Array(tag.utf8)
        guard body.starts(with: name) else { return false }
        guard body.count > name.count else { return true }
        let next = body[name.count]
        return next == 0x20 || next == 0x09 || next == UInt8(ascii: ">")
    }

    private static func lowercased(_ text: ArraySlice<UInt8>) -> [UInt8] {
        text.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }
    }

    /// Whether the line may start a block that ends the paragraph above it: a heading, a fence,
    /// a quote, HTML, a rule, a list item, or an underline that makes the paragraph a heading.
    /// A guess either way only sends the document to a whole parse.
    private func mayInterruptParagraph(_ line: Int) -> Bool {
        guard let text = Self.unindented(source.line(line)), let first = text.first else { return false }
        let second = text.dropFirst().first
        switch first {
        case UInt8(ascii: "#"): return isATXHeading(line)
        case UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: "_"): return true
        case UInt8(ascii: "`"), UInt8(ascii: "~"): return Self.fence(in: text) != nil
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"):
            return second == nil || second == 0x20 || second == 0x09 || second == first
        case UInt8(ascii: "1"): return second == UInt8(ascii: ".") || second == UInt8(ascii: ")")
        default: return false
        }
    }

    /// A fence of three or more backticks or tildes after at most three spaces.
    private static func fence(in text: ArraySlice<UInt8>) -> (mark: UInt8, length: Int, rest: ArraySlice<UInt8>)? {
        guard let body = unindented(text), let mark = body.first, mark == UInt8(ascii: "`") || mark == UInt8(ascii: "~")
        else { return nil }
        let length = body.prefix { $0 == mark }.count
        guard length >= 3 else { return nil }
        return (mark, length, body.dropFirst(length))
    }

    /// Whether `text` may open a definition: `[`, then a label without an unescaped bracket that
    /// either closes with `]:` or runs past the end of the line.
    func mayStartDefinition(_ text: ArraySlice<UInt8>) -> Bool {
        guard text.first == UInt8(ascii: "[") else { return false }
        var index = text.startIndex + 1
        while index < text.endIndex {
            switch text[index] {
            case UInt8(ascii: "\\"): index += 1
            case UInt8(ascii: "["): return false
            case UInt8(ascii: "]"): return index + 1 < text.endIndex && text[index + 1] == UInt8(ascii: ":")
            default: break
            }
            index += 1
        }
        return true
    }

    func mayStartDefinition(line: Int, column: Int) -> Bool {
        let text = source.line(line).dropFirst(max(0, column - 1))
        return Self.unindented(text).map(mayStartDefinition) ?? false
    }

    /// Adds the runs of non-blank lines in `range`, which no top-level block covers: paragraphs
    /// that were only definitions, and that cmark therefore dropped. False when a run does not
    /// start like a definition.
    func definitionRuns(in range: Range<Int>, into found: inout [ClosedRange<Int>]) -> Bool {
        for run in nonBlankRuns(in: range, isBlank: isBlank) {
            guard let body = Self.unindented(source.line(run.lowerBound)), mayStartDefinition(body) else {
                return false
            }
            found.append(run)
        }
        return true
    }

    /// The runs of lines in `range` that `isBlank` does not call blank, each up to the next
    /// blank line.
    func nonBlankRuns(in range: Range<Int>, isBlank: (Int) -> Bool) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        var line = range.lowerBound
        while line < range.upperBound {
            guard !isBlank(line) else {
                line += 1
                continue
            }
            var last = line
            while last + 1 < range.upperBound, !isBlank(last + 1) { last += 1 }
            runs.append(line...last)
            line = last + 1
        }
        return runs
    }

    /// The lines from `first` to `last` with `]:` in them, found with memchr: lists of many
    /// thousand lines are common, and most have none.
    private func linesWithLabelEnds(from first: Int, to last: Int) -> [Int] {
        let bytes = start(of: first)..<end(of: last)
        var marked: [Int] = []
        source.bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = bytes.lowerBound
            while offset < bytes.upperBound - 1,
                let found = memchr(base + offset, Int32(UInt8(ascii: "]")), bytes.upperBound - 1 - offset)
            {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                offset = index + 1
                guard base[index + 1] == UInt8(ascii: ":") else { continue }
                // Line n starts at lineStarts[n - 1]: the last start at or before the byte.
                var low = first
                var high = last
                while low < high {
                    let middle = (low + high + 1) / 2
                    if start(of: middle) <= index { low = middle } else { high = middle - 1 }
                }
                if marked.last != low { marked.append(low) }
            }
        }
        return marked
    }

    /// Whether a list or block quote holds no definition. Only lines with `]:` can hold one;
    /// each must lie in code, in HTML, or in a paragraph or heading that does not start like a
    /// definition. A line no block covers was a paragraph of definitions.
    func hasNoDefinitions(inside container: OpaquePointer, from first: Int, to last: Int, shift: Int) -> Bool {
        let marked = linesWithLabelEnds(from: first, to: last)
        guard !marked.isEmpty else { return true }
        var leaves: [(first: Int, last: Int, mayDefine: Bool)] = []
        guard let iterator = cmark_iter_new(container) else { return false }
        defer { cmark_iter_free(iterator) }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            guard cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator)
            else { continue }
            let type = cmark_node_get_type(node)
            let isLeaf =
                type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING || type == CMARK_NODE_CODE_BLOCK
                || type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_THEMATIC_BREAK
            guard isLeaf else { continue }
            let start = Int(cmark_node_get_start_line(node)) + shift
            let end = max(Int(cmark_node_get_end_line(node)), start - shift) + shift
            let mayDefine =
                (type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING)
                && mayStartDefinition(line: start, column: Int(cmark_node_get_start_column(node)))
            leaves.append((start, end, mayDefine))
        }
        // Leaves do not nest, so they are in order of their lines.
        for line in marked {
            var low = 0
            var high = leaves.count
            while low < high {
                let middle = (low + high) / 2
                if leaves[middle].last < line { low = middle + 1 } else { high = middle }
            }
            guard low < leaves.count, leaves[low].first <= line, !leaves[low].mayDefine else { return false }
        }
        return true
    }
}
