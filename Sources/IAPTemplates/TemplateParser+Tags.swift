import IAPDiagnostics

/// Reading one tag: its sigil, its closing delimiter and its content.
extension TemplateParser {
    /// Scans the tag whose opening delimiter is at `start`.
    func scanTag(at start: Int) throws(TemplateError) -> ScannedTag {
        let afterOpener = start + openDelimiter.count
        let sigil = afterOpener < bytes.count ? bytes[afterOpener] : nil
        var closer = closeDelimiter
        var sigilLength = 1
        let kind: ScannedTag.Kind?
        switch sigil {
        case UInt8(ascii: "{"):
            closer = [UInt8(ascii: "}")] + closeDelimiter
            kind = .variable(escaped: false)
        case UInt8(ascii: "&"): kind = .variable(escaped: false)
        case UInt8(ascii: "#"): kind = .section
        case UInt8(ascii: "^"): kind = .invertedSection
        case UInt8(ascii: "/"): kind = .sectionEnd
        case UInt8(ascii: "!"): kind = .comment
        case UInt8(ascii: ">"): kind = .partial
        case UInt8(ascii: "="):
            closer = [UInt8(ascii: "=")] + closeDelimiter
            kind = nil
        default:
            kind = .variable(escaped: true)
            sigilLength = 0
        }
        let contentStart = min(afterOpener + sigilLength, bytes.count)
        guard let contentEnd = find(closer, from: contentStart) else {
            throw TemplateError(
                "unclosed tag: no \(quoted(closer)) after this \(quoted(bytes[start..<contentStart]))",
                at: location(of: start))
        }
        let end = contentEnd + closer.count
        let content = trimmed(contentStart..<contentEnd)
        guard let kind else {
            return try delimiterTag(content: content, start: start, end: end)
        }
        return ScannedTag(kind: kind, content: content, start: start, end: end)
    }

    /// A set-delimiter tag: its content must be exactly two delimiters.
    private func delimiterTag(content: String, start: Int, end: Int) throws(TemplateError) -> ScannedTag {
        let parts = content.split(whereSeparator: {
            $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r\n" || $0 == "\r"
        })
        guard parts.count == 2 else {
            throw TemplateError(
                "set-delimiter tag \(quoted(bytes[start..<end])) needs two delimiters separated by a space, as in '{{=<% %>=}}'",
                at: location(of: start))
        }
        return ScannedTag(
            kind: .delimiters(open: Array(parts[0].utf8), close: Array(parts[1].utf8)),
            content: content, start: start, end: end)
    }

    /// Source bytes, quoted for a message.
    func quoted(_ text: some Collection<UInt8>) -> String {
        Diagnostic.quote(String(decoding: text, as: UTF8.self))
    }

    /// The name in a variable or section tag.
    func tagName(of tag: ScannedTag) throws(TemplateError) -> TagName {
        guard !tag.content.isEmpty else {
            throw TemplateError("tag \(quotedText(of: tag)) has no name", at: location(of: tag.start))
        }
        guard let name = TagName(tag.content) else {
            throw TemplateError(
                "\(Diagnostic.quote(tag.content)) is not a valid name; a name is keys joined by dots, without spaces",
                at: location(of: tag.start))
        }
        return name
    }

    /// The name in a partial tag: any text without whitespace; its meaning is up to the
    /// `PartialSource`.
    func partialName(of tag: ScannedTag) throws(TemplateError) -> String {
        guard !tag.content.isEmpty else {
            throw TemplateError("tag \(quotedText(of: tag)) has no name", at: location(of: tag.start))
        }
        guard !tag.content.unicodeScalars.contains(where: TagName.isWhitespace) else {
            throw TemplateError(
                "\(Diagnostic.quote(tag.content)) is not a valid partial name; it cannot contain spaces",
                at: location(of: tag.start))
        }
        return tag.content
    }

    /// The text of a byte range without leading and trailing whitespace.
    private func trimmed(_ range: Range<Int>) -> String {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, Self.isTagWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower, Self.isTagWhitespace(bytes[upper - 1]) { upper -= 1 }
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    private static func isTagWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    /// The first occurrence of `needle` at or after `start`.
    func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, needle.count <= bytes.count else { return nil }
        let lastStart = bytes.count - needle.count
        var index = start
        while index <= lastStart {
            if bytes[index] == first {
                var matched = 1
                while matched < needle.count, bytes[index + matched] == needle[matched] {
                    matched += 1
                }
                if matched == needle.count { return index }
            }
            index += 1
        }
        return nil
    }
}
