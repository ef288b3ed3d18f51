import IAPMarkdown

/// HTML being written, as UTF-8 bytes. Pages end up as bytes on disk, so they are built as
/// bytes: appending copies a run of bytes, and text is escaped straight from the parsed tree
/// without a String for every node.
///
/// A chapter's article appears twice in the site: on its own page, and in the print view,
/// where every id carries the chapter's name so that ids stay unique across chapters. The two
/// differ only in those ids and in the links that point at them, so the article is written
/// once, as its page shows it, and each place where the print view differs is kept as a patch;
/// `printBytes()` applies them. One walk of the tree then serves both.
struct HTMLBuffer {
    private(set) var bytes: [UInt8] = []
    /// Where the print view differs from `bytes`, in increasing order of offset.
    private(set) var printPatches: [PrintPatch] = []

    /// `length` bytes at `offset` are `replacement` in the print view.
    struct PrintPatch {
        var offset: Int
        var length: Int
        var replacement: [UInt8]
    }

    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    var isEmpty: Bool { bytes.isEmpty }

    var count: Int { bytes.count }

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

    /// Appends `other`, print patches included.
    static func += (buffer: inout HTMLBuffer, other: HTMLBuffer) {
        let shift = buffer.bytes.count
        buffer.bytes.append(contentsOf: other.bytes)
        for var patch in other.printPatches {
            patch.offset += shift
            buffer.printPatches.append(patch)
        }
    }

    mutating func append(bytes other: [UInt8]) {
        bytes.append(contentsOf: other)
    }

    mutating func append(bytes other: ArraySlice<UInt8>) {
        bytes.append(contentsOf: other)
    }

    /// Markup that the page and the print view write differently, each already escaped.
    mutating func append(page: String, print: String) {
        let offset = bytes.count
        self += page
        guard print != page else { return }
        printPatches.append(PrintPatch(offset: offset, length: bytes.count - offset, replacement: Array(print.utf8)))
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

    /// A URL in an attribute that differs in the print view, both encoded as `Escape.url` does.
    mutating func appendURL(page: String, print: String) {
        guard print != page else { return appendURL(page) }
        append(page: Escape.url(page), print: Escape.url(print))
    }

    /// A text or code node's literal, escaped as `Escape.text` does.
    mutating func appendEscapedLiteral(of node: MarkdownNode) {
        node.withLiteralBytes { Escape.appendText($0, to: &bytes) }
    }

    /// `bytes` escaped for the inside of a JavaScript string literal.
    mutating func appendJavaScriptStringContent(_ other: UnsafeBufferPointer<UInt8>) {
        Escape.appendJavaScriptStringContent(other, to: &bytes)
    }

    /// The HTML as the print view has it: the bytes with every patch applied.
    func printBytes() -> [UInt8] {
        guard !printPatches.isEmpty else { return bytes }
        let growth = printPatches.reduce(0) { $0 + $1.replacement.count - $1.length }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + growth)
        bytes.withUnsafeBufferPointer { page in
            var cursor = 0
            for patch in printPatches {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: page[cursor..<patch.offset]))
                output.append(contentsOf: patch.replacement)
                cursor = patch.offset + patch.length
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: page[cursor...]))
        }
        return output
    }
}
