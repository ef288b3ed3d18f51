import IAPMarkdown

/// HTML being written, as UTF-8 bytes. Pages end up as bytes on disk, so they are built as
/// bytes: appending copies a run of bytes, and text is escaped straight from the parsed tree
/// without a String for every node.
struct HTMLBuffer {
    private(set) var bytes: [UInt8] = []

    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    var isEmpty: Bool { bytes.isEmpty }

    /// Whether the last character written is a line feed, as `String.last == "\n"` would say: a
    /// CR LF pair is one character, which is not a line feed.
    var endsWithLineFeed: Bool {
        guard let last = bytes.last, last == UInt8(ascii: "\n") else { return false }
        return bytes.count < 2 || bytes[bytes.count - 2] != UInt8(ascii: "\r")
    }

    static func += (buffer: inout HTMLBuffer, markup: String) {
        var markup = markup
        markup.withUTF8 { buffer.bytes.append(contentsOf: $0) }
    }

    static func += (buffer: inout HTMLBuffer, other: HTMLBuffer) {
        buffer.bytes.append(contentsOf: other.bytes)
    }

    mutating func append(bytes other: [UInt8]) {
        bytes.append(contentsOf: other)
    }

    /// Text between tags, escaped as `Escape.text` does.
    mutating func appendEscaped(_ text: String) {
        var text = text
        text.withUTF8 { Escape.appendText($0, to: &bytes) }
    }

    /// A URL in an attribute, encoded as `Escape.url` does.
    mutating func appendURL(_ url: String) {
        var url = url
        url.withUTF8 { Escape.appendURL($0, to: &bytes) }
    }

    /// A text or code node's literal, escaped as `Escape.text` does.
    mutating func appendEscapedLiteral(of node: MarkdownNode) {
        node.withLiteralBytes { Escape.appendText($0, to: &bytes) }
    }

    /// `bytes` escaped for the inside of a JavaScript string literal.
    mutating func appendJavaScriptStringContent(_ other: UnsafeBufferPointer<UInt8>) {
        Escape.appendJavaScriptStringContent(other, to: &bytes)
    }
}
