import IAPDiagnostics

/// One node of a `MarkdownDocument`: a view that reads the document's storage.
///
/// Accessors that do not apply to a node's kind return nil (a paragraph has no heading level).
public struct MarkdownNode: Sendable, Hashable {
    public let document: MarkdownDocument
    let index: Int32

    init(document: MarkdownDocument, index: Int32) {
        self.document = document
        self.index = index
    }

    public static func == (lhs: MarkdownNode, rhs: MarkdownNode) -> Bool {
        lhs.document === rhs.document && lhs.index == rhs.index
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(document))
        hasher.combine(index)
    }

    private var record: NodeRecord { document.nodes[Int(index)] }

    public var kind: MarkdownNodeKind { record.kind }

    /// Where the node starts and ends in its file (lines and byte columns, 1-based).
    public var range: SourceRange {
        let record = record
        let file = document.file
        return SourceRange(
            start: SourceLocation(file: file, line: Int(record.startLine), column: Int(record.startColumn)),
            end: SourceLocation(file: file, line: Int(record.endLine), column: Int(record.endColumn)))
    }

    public var location: SourceLocation { range.start }

    /// The line the node starts on, without making a location.
    public var line: Int { Int(record.startLine) }

    /// The column the node starts at and the line cmark says it ends on, without a location.
    var column: Int { Int(record.startColumn) }
    var endLine: Int { Int(record.endLine) }

    public var parent: MarkdownNode? { node(at: record.parent) }
    public var firstChild: MarkdownNode? { node(at: record.firstChild) }
    public var nextSibling: MarkdownNode? { node(at: record.nextSibling) }

    /// The children in order.
    public var children: MarkdownChildren { MarkdownChildren(first: firstChild) }

    /// Text of text, code span, HTML and code block nodes.
    public var literal: String? { document.string(record.literal) }

    /// Lends the UTF-8 bytes of `literal` without making a String: writers that copy or escape
    /// every text node of a large book save an allocation and a validation per node.
    public func withLiteralBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        document.withBytes(record.literal, body)
    }

    /// 1 to 6 for headings.
    public var headingLevel: Int? { kind == .heading ? Int(record.number) : nil }

    public var listStyle: MarkdownListStyle? {
        kind == .list ? MarkdownListStyle(rawValue: record.style) : nil
    }

    /// The number an ordered list starts at.
    public var listStart: Int? {
        kind == .list && listStyle?.isOrdered == true ? Int(record.number) : nil
    }

    /// Whether a list is tight (no blank lines between items).
    public var isTight: Bool? { kind == .list ? record.flag : nil }

    /// The full info string of a code block (`yaml iap`, `swift file=Store.swift`), empty when none.
    public var infoString: String? { kind == .codeBlock ? document.string(record.detail) ?? "" : nil }

    /// Whether a code block is fenced rather than indented.
    public var isFenced: Bool? { kind == .codeBlock ? record.flag : nil }

    /// Destination of a link or image.
    public var destination: String? {
        kind == .link || kind == .image ? document.string(record.detail) ?? "" : nil
    }

    /// Title of a link or image, when it has one.
    public var title: String? { document.titles[index].flatMap(document.string) }

    private func node(at index: Int32) -> MarkdownNode? {
        index >= 0 ? MarkdownNode(document: document, index: index) : nil
    }
}

/// The children of a node, walked through sibling links.
public struct MarkdownChildren: Sequence, Sendable {
    let first: MarkdownNode?

    public func makeIterator() -> Iterator { Iterator(upcoming: first) }

    public struct Iterator: IteratorProtocol {
        var upcoming: MarkdownNode?
        public mutating func next() -> MarkdownNode? {
            defer { upcoming = upcoming?.nextSibling }
            return upcoming
        }
    }
}
