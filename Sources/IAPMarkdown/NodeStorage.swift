/// A slice of the document's string arena.
struct StringRef: Sendable {
    var offset: Int32
    var length: Int32

    static let none = StringRef(offset: 0, length: -1)
    var isNone: Bool { length < 0 }
}

/// One node of the flat tree. Nodes live in one array and point at each other by index, so
/// a document of a million nodes is one allocation, and releasing it never recurses however
/// deep the nesting goes.
struct NodeRecord: Sendable {
    var kind: MarkdownNodeKind
    /// List style for lists; 1 when a list is tight; 1 when a code block is fenced.
    var style: UInt8 = 0
    var flag: Bool = false
    /// Heading level, or the start number of an ordered list.
    var number: Int32 = 0
    var startLine: Int32
    var startColumn: Int32
    var endLine: Int32
    var endColumn: Int32
    var parent: Int32
    var firstChild: Int32 = -1
    var lastChild: Int32 = -1
    var nextSibling: Int32 = -1
    /// Literal text (text, code, HTML, code block contents).
    var literal: StringRef = .none
    /// Fence info string of a code block, or destination of a link or image.
    var detail: StringRef = .none
    /// Title of a link or image.
    var title: StringRef = .none
}

/// The growing arrays the converter fills; frozen into a `MarkdownDocument` at the end.
struct NodeStorage: Sendable {
    var nodes: [NodeRecord] = []
    var arena: [UInt8] = []

    mutating func intern(_ pointer: UnsafePointer<CChar>?) -> StringRef {
        guard let pointer else { return .none }
        let length = strlen(pointer)
        let offset = arena.count
        pointer.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            arena.append(contentsOf: UnsafeBufferPointer(start: bytes, count: length))
        }
        return StringRef(offset: Int32(offset), length: Int32(length))
    }

    func string(_ ref: StringRef) -> String? {
        guard !ref.isNone else { return nil }
        let start = Int(ref.offset)
        return String(decoding: arena[start..<start + Int(ref.length)], as: UTF8.self)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif
