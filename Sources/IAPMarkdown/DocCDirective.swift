/// The settings a DocC article writes for Apple's documentation compiler rather than for its
/// reader: `@Metadata { @PageImage(…) @PageColor(blue) }`, `@Options { … }`, `@Comment { … }`
/// and the like. CommonMark reads them as a paragraph `@Metadata {`, an indented code block of
/// its settings and a paragraph `}`, which a site would show as noise; DocC shows none of it.
///
/// A directive is found at the start of a top-level paragraph, by one of the names below, and
/// ends on the line where its parentheses and braces (outside quoted strings) are all closed.
/// Its blocks are left out only when they are all paragraphs and indented code that lie
/// within those lines, so a directive that runs on into the article's words, or holds a
/// heading, a list or a fenced block, is shown as written.
public enum DocCDirective {
    /// The directives that only set how DocC presents a page.
    static let settingNames: Set<String> = [
        "Metadata", "Options", "TechnologyRoot", "DocumentationExtension", "Redirected", "Available", "PageImage",
        "PageColor", "PageKind", "CallToAction", "SupportedLanguage", "Comment", "AutomaticTitleHeading",
        "AutomaticSeeAlso", "AutomaticArticleSubheading", "TopicsVisualStyle", "DisplayName", "TitleHeading",
    ]

    /// A directive is read over at most this many bytes: an unclosed one is words.
    static let longestDirective = 16 << 10

    /// The top-level blocks of `document` that are DocC settings, in order. A document none of
    /// whose paragraphs opens with `@` is answered without collecting its blocks.
    public static func settingBlocks(of document: MarkdownDocument) -> [MarkdownNode] {
        let source = document.source
        let mayHoldOne = document.root.children.contains { block in
            guard block.kind == .paragraph else { return false }
            let start = source.offset(line: block.line, column: block.column)
            return start >= 0 && start < source.bytes.count && source.bytes[start] == UInt8(ascii: "@")
        }
        guard mayHoldOne else { return [] }
        let blocks = Array(document.root.children)
        return settingBlocks(blocks, source: source).sorted().map { blocks[$0] }
    }

    /// The positions in `blocks`, a document's top-level blocks, of those that are DocC settings.
    public static func settingBlocks(_ blocks: [MarkdownNode], source: SourceText) -> Set<Int> {
        var settings = Set<Int>()
        // Directives that never close are read no further than the document's length in all:
        // a book of a million `@Metadata {` lines stays linear.
        var budget = source.bytes.count + longestDirective
        var index = 0
        while index < blocks.count, budget > 0 {
            let block = blocks[index]
            guard block.kind == .paragraph, let end = lastLine(ofDirectiveAt: block, in: source, budget: &budget) else {
                index += 1
                continue
            }
            var next = index
            while next < blocks.count, blocks[next].line <= end {
                let candidate = blocks[next]
                let kind = candidate.kind
                guard kind == .paragraph || (kind == .codeBlock && candidate.isFenced == false),
                    candidate.range.end.line <= end
                else { break }
                next += 1
            }
            if next < blocks.count, blocks[next].line <= end {
                index += 1
                continue
            }
            settings.formUnion(index..<next)
            index = next
        }
        return settings
    }

    /// The line the setting directives that open `paragraph` end on, one after another (as
    /// `@Available(…)` and `@Comment { … }` on the lines that follow it); nil when it opens none.
    private static func lastLine(ofDirectiveAt paragraph: MarkdownNode, in source: SourceText, budget: inout Int)
        -> Int?
    {
        var start = source.offset(line: paragraph.line, column: paragraph.column)
        var line = paragraph.line
        var last: Int?
        while start >= 0, let end = directive(at: start, line: line, in: source.bytes, budget: &budget) {
            last = end.line
            line = end.line + 1
            start = end.next
            while start < source.bytes.count, source.bytes[start] == UInt8(ascii: " ") { start += 1 }
        }
        return last
    }

    /// The setting directive that starts at `start` (on `line`): the line it ends on and where
    /// the next line starts; nil when none starts there or it does not close.
    private static func directive(at start: Int, line: Int, in bytes: [UInt8], budget: inout Int)
        -> (line: Int, next: Int)?
    {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "@") else { return nil }
        var index = start + 1
        while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
        guard settingNames.contains(String(decoding: bytes[(start + 1)..<index], as: UTF8.self)) else { return nil }
        var line = line
        var depth = 0
        var inQuote = false
        let limit = min(bytes.count, start + longestDirective, index + budget)
        defer { budget -= index - start }
        while index < limit {
            let byte = bytes[index]
            index += 1
            if inQuote {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n") {
                    inQuote = false
                }
                if byte == UInt8(ascii: "\n") { line += 1 }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inQuote = true
            case UInt8(ascii: "("), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "}"):
                depth -= 1
                guard depth >= 0 else { return nil }
            case UInt8(ascii: "\n"):
                if depth == 0 { return (line, index) }
                line += 1
            default: break
            }
        }
        return depth == 0 && index == bytes.count ? (line, index) : nil
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}
