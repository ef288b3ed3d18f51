import IAPMarkdown

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// GitHub's strikethrough (`~~gone~~`, `StrikethroughSyntax`) as `<del>`: a change a guide
/// shows, such as a price or a step that no longer applies, reads as struck out, and a screen
/// reader can say it was deleted.
extension ChapterRenderer {
    /// A text node's words, with its tildes that pair written as `<del>` and `</del>`. Only a
    /// text holding a tilde makes its container's runs be looked for, once per container.
    /// `range` is the part of the words to write (a checklist item's after its marker), nil for
    /// all of them.
    mutating func appendText(of node: MarkdownNode, within range: Range<Int>? = nil) {
        node.withLiteralBytes { whole in
            let range = range.map { $0.clamped(to: 0..<whole.count) } ?? 0..<whole.count
            let bytes = UnsafeBufferPointer(rebasing: whole[range])
            if let base = bytes.baseAddress, memchr(base, Int32(UInt8(ascii: "~")), bytes.count) != nil,
                let container = node.parent
            {
                if struckContainers.insert(container).inserted {
                    struckRuns.merge(StrikethroughSyntax.delimiters(in: container)) { first, _ in first }
                }
                let runs = (struckRuns[node] ?? []).compactMap { run -> StrikethroughSyntax.Delimiter? in
                    guard range.contains(run.range.lowerBound), run.range.upperBound <= range.upperBound else {
                        return nil
                    }
                    let shifted = (run.range.lowerBound - range.lowerBound)..<(run.range.upperBound - range.lowerBound)
                    return StrikethroughSyntax.Delimiter(range: shifted, opens: run.opens)
                }
                if !runs.isEmpty { return appendText(bytes, striking: runs, in: container) }
            }
            appendText(bytes)
        }
    }

    private mutating func appendText(
        _ bytes: UnsafeBufferPointer<UInt8>, striking runs: [StrikethroughSyntax.Delimiter], in container: MarkdownNode
    ) {
        var written = 0
        for run in runs {
            appendText(UnsafeBufferPointer(rebasing: bytes[written..<run.range.lowerBound]))
            if run.opens {
                openFormatting("del", in: container)
            } else if !closeFormatting("del", in: container) {
                // Raw HTML closed the struck words early (`~~a <b>b~~ c</b>` closed at `</b>`).
                Escape.appendText(UnsafeBufferPointer(rebasing: bytes[run.range]), to: &html)
            }
            // GitHub lets a `www.` address start right after a tilde.
            autolinkContext.wwwMayStart = true
            written = run.range.upperBound
        }
        appendText(UnsafeBufferPointer(rebasing: bytes[written...]))
    }
}
