import CCmark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// CommonMark to HTML through cmark's own renderer.
public enum MarkdownHTML {
    /// Renders `source` as HTML. In the default safe mode raw HTML is replaced by a comment and
    /// `javascript:`, `vbscript:`, `file:` and most `data:` links are emptied, so a guide cannot
    /// inject script into a page; `allowRawHTML` turns that off for trusted input.
    public static func render(_ source: SourceText, allowRawHTML: Bool = false) -> String {
        var options = CMARK_OPT_VALIDATE_UTF8
        if allowRawHTML { options |= CMARK_OPT_UNSAFE }
        // cmark reads `count` bytes, so the missing terminator of an array buffer is fine; an empty
        // array may have no address at all, hence the one-byte stand-in.
        let bytes = source.bytes.isEmpty ? [UInt8(0)] : source.bytes
        let count = source.bytes.count
        return bytes.withUnsafeBufferPointer { buffer -> String in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                guard let base = chars.baseAddress, let rendered = cmark_markdown_to_html(base, count, options)
                else { return "" }
                defer { free(rendered) }
                return String(cString: rendered)
            }
        }
    }

    public static func render(_ markdown: String, allowRawHTML: Bool = false) -> String {
        render(SourceText(file: "", text: markdown), allowRawHTML: allowRawHTML)
    }
}
