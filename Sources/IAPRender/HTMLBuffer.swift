import IAPMarkdown

/// HTML being written, as UTF-8 bytes. Pages end up as bytes on disk, so they are built as
/// bytes: appending copies a run of bytes, and text is escaped straight from the parsed tree
/// without a String for every node.
///
/// The buffer keeps a little zeroed room after what it has written and writes into it through a
/// pointer, so a short append costs a capacity check and a copy, not a trip through the
/// general `Array.append`: a large book is millions of short appends. The room is zeroed only
/// a step ahead of need, so reserved capacity that is never written costs no memory.
///
/// A chapter's article appears twice in the site: on its own page, and in the print view,
/// where every id carries the chapter's name so that ids stay unique across chapters. The two
/// differ only in those ids and in the links that point at them, so the article is written
/// once, as its page shows it, and each place where the print view differs is kept as a patch;
/// `printPieces` applies them. One walk of the tree then serves both.
struct HTMLBuffer {
    /// The written bytes are `storage[..<count]`; the rest is room, zeroed.
    private var storage: [UInt8]
    private(set) var count = 0
    /// Where the print view differs from the written bytes, in increasing order of offset.
    private(set) var printPatches: [PrintPatch] = []

    /// `length` bytes at `offset` are `replacement` in the print view.
    struct PrintPatch {
        var offset: Int
        var length: Int
        var replacement: [UInt8]
    }

    init(reservingCapacity capacity: Int = 0) {
        storage = []
        storage.reserveCapacity(capacity)
    }

    /// The most a caller of `write(atMost:)` should ask for at once; escaping works through
    /// long text in pieces of `chunkSize` bytes, so that the room it asks for stays small.
    static let chunkSize = 4096

    var isEmpty: Bool { count == 0 }

    /// The bytes written so far, leaving the buffer empty. The storage is handed over, not
    /// copied, unless much of it is unused room: a site holds every page until it is written,
    /// and a thousand small pages each keeping a few kilobytes of room add up to megabytes.
    mutating func takeBytes() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &storage)
        defer {
            count = 0
            printPatches = []
        }
        if taken.capacity - count > max(4096, count / 4) { return Array(taken[..<count]) }
        taken.removeLast(taken.count - count)
        return taken
    }

    /// Whether the last character written is a line feed, as `String.last == "\n"` would say: a
    /// CR LF pair is one character, which is not a line feed.
    var endsWithLineFeed: Bool {
        guard count > 0, storage[count - 1] == UInt8(ascii: "\n") else { return false }
        return count < 2 || storage[count - 2] != UInt8(ascii: "\r")
    }

    /// Lets `body` write at most `maximum` bytes after those already written; it returns how
    /// many it wrote.
    @inline(__always)
    mutating func write(atMost maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        guard maximum > 0 else { return }
        if storage.count - count < maximum { grow(toHold: maximum) }
        let start = count
        count += storage.withUnsafeMutableBufferPointer { room in
            guard let base = room.baseAddress else { return 0 }
            return body(base + start)
        }
    }

    /// Zeroes room for `extra` more bytes, and up to a few chunks more while the reserved
    /// capacity lasts; beyond it, the array grows its capacity as it always does.
    private mutating func grow(toHold extra: Int) {
        let spare = storage.capacity - storage.count
        let step = spare >= extra ? min(spare, max(extra, 4 * Self.chunkSize)) : extra
        storage.append(contentsOf: repeatElement(0, count: step))
    }

    /// Copies `source` as it is.
    @inline(__always)
    mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard let from = source.baseAddress else { return }
        write(atMost: source.count) { to in
            to.update(from: from, count: source.count)
            return source.count
        }
    }

    static func += (buffer: inout HTMLBuffer, markup: String) {
        var markup = markup
        markup.withUTF8 { buffer.append($0) }
    }

    /// Appends `other`, print patches included.
    static func += (buffer: inout HTMLBuffer, other: HTMLBuffer) {
        let shift = buffer.count
        other.storage.withUnsafeBufferPointer { buffer.append(UnsafeBufferPointer(rebasing: $0[..<other.count])) }
        for var patch in other.printPatches {
            patch.offset += shift
            buffer.printPatches.append(patch)
        }
    }

    mutating func append(bytes other: [UInt8]) {
        other.withUnsafeBufferPointer { append($0) }
    }

    mutating func append(bytes other: ArraySlice<UInt8>) {
        other.withUnsafeBufferPointer { append($0) }
    }

    /// Markup that the page and the print view write differently, each already escaped.
    mutating func append(page: String, print: String) {
        let offset = count
        self += page
        guard print != page else { return }
        printPatches.append(PrintPatch(offset: offset, length: count - offset, replacement: Array(print.utf8)))
    }

    /// An id (or a URL's fragment) of this chapter, written with `Escape.text` (or, as a
    /// URL, `Escape.url`), which the print view writes after `printPrefix`: there it carries
    /// the chapter's name.
    mutating func append(id: String, asURL: Bool = false, printPrefix: [UInt8]) {
        printPatches.append(PrintPatch(offset: count, length: 0, replacement: printPrefix))
        if asURL { appendURL(id) } else { appendEscaped(id) }
    }

    /// Text between tags, escaped as `Escape.text` does.
    mutating func appendEscaped(_ text: String) {
        var text = text
        text.withUTF8 { Escape.appendText($0, to: &self) }
    }

    /// A URL in an attribute, encoded as `Escape.url` does.
    mutating func appendURL(_ url: String) {
        var url = url
        url.withUTF8 { Escape.appendURL($0, to: &self) }
    }

    /// A URL in an attribute that differs in the print view, both encoded as `Escape.url` does.
    mutating func appendURL(page: String, print: String) {
        guard print != page else { return appendURL(page) }
        append(page: Escape.url(page), print: Escape.url(print))
    }

    /// A text or code node's literal, escaped as `Escape.text` does.
    mutating func appendEscapedLiteral(of node: MarkdownNode) {
        node.withLiteralBytes { Escape.appendText($0, to: &self) }
    }

    /// The HTML as the print view has it, as pieces: runs of `page` (these bytes, taken)
    /// between the patches, and the patches' replacements.
    static func printPieces(of page: [UInt8], patches: [PrintPatch]) -> [ArraySlice<UInt8>] {
        var pieces: [ArraySlice<UInt8>] = []
        pieces.reserveCapacity(patches.count * 2 + 1)
        var cursor = 0
        for patch in patches {
            if cursor < patch.offset { pieces.append(page[cursor..<patch.offset]) }
            if !patch.replacement.isEmpty { pieces.append(patch.replacement[...]) }
            cursor = patch.offset + patch.length
        }
        if cursor < page.count { pieces.append(page[cursor...]) }
        return pieces
    }
}
