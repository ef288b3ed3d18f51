import IAPDiagnostics
import IAPMarkdown
import IAPModel

/// Recognises GitHub alerts: a block quote whose first line is `[!NOTE]`, `[!TIP]`,
/// `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]`, alone on its line; and the asides written
/// before them (`AsideSyntax`).
enum CalloutMarker {
    enum Result {
        case callout(Callout)
        case unknownKind(String, Diagnostic)
        case none
    }

    static func inspect(_ quote: MarkdownNode) -> Result {
        guard let paragraph = quote.firstChild, paragraph.kind == .paragraph else { return .none }
        let start = paragraph.range.start
        let line = paragraph.document.source.line(start.line)
        let rest = String(decoding: line.dropFirst(start.column - 1), as: UTF8.self).trimmingWhitespace()
        guard rest.hasPrefix("[!"), rest.hasSuffix("]"), rest.count > 3 else { return aside(quote, paragraph) }
        let word = String(rest.dropFirst(2).dropLast())
        guard word.allSatisfy({ $0.isLetter }) else { return .none }
        guard let kind = Callout.Kind(rawValue: word.lowercased()) else {
            let known = Callout.Kind.allCases.map { $0.rawValue.uppercased() }
            let advice =
                Suggestion.closest(to: word, among: known).map { "did you mean '[!\($0)]'?" }
                ?? "GitHub alerts are [!NOTE], [!TIP], [!IMPORTANT], [!WARNING] and [!CAUTION]"
            return .unknownKind(word, .warning("unknown callout kind '[!\(word)]'; \(advice)", at: start))
        }
        return .callout(Callout(kind: kind, text: body(of: quote, after: start.line), location: quote.location))
    }

    /// A quote that opens `Note:` (DocC) or `**Note**` (GitHub before alerts) is that callout.
    private static func aside(_ quote: MarkdownNode, _ paragraph: MarkdownNode) -> Result {
        guard let opening = AsideSyntax.opening(of: paragraph), let kind = Callout.Kind(rawValue: opening.kind) else {
            return .none
        }
        var words = ""
        var inline = opening.words
        if let first = inline, first.kind == .text {
            words = String(decoding: Array((first.literal ?? "").utf8).dropFirst(opening.offset), as: UTF8.self)
            inline = first.nextSibling
        }
        while let current = inline {
            words += current.kind == .softBreak ? " " : current.plainText
            inline = current.nextSibling
        }
        let rest = quote.children.dropFirst().map { $0.plainText.trimmingWhitespace() }
        let text = ([words.trimmingWhitespace()] + rest).filter { !$0.isEmpty }.joined(separator: "\n")
        return .callout(Callout(kind: kind, text: text, location: quote.location))
    }

    /// The quote's text without the marker line.
    private static func body(of quote: MarkdownNode, after markerLine: Int) -> String {
        var parts: [String] = []
        for block in quote.children {
            if block.kind == .paragraph, block.range.start.line == markerLine {
                var words = ""
                var pastMarker = false
                for inline in block.children {
                    if pastMarker {
                        words += inline.kind == .softBreak ? " " : inline.plainText
                    } else if inline.kind == .softBreak || inline.kind == .lineBreak {
                        pastMarker = true
                    }
                }
                if !words.isEmpty { parts.append(words.trimmingWhitespace()) }
            } else {
                parts.append(block.plainText.trimmingWhitespace())
            }
        }
        return parts.filter { !$0.isEmpty }.joined(separator: "\n")
    }
}
