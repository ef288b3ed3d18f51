/// The kinds of node in a CommonMark document, one for each of cmark's node types.
public enum MarkdownNodeKind: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    // Blocks
    case document
    case blockQuote
    case list
    case item
    case codeBlock
    case htmlBlock
    case customBlock
    case paragraph
    case heading
    case thematicBreak
    // Inlines
    case text
    case softBreak
    case lineBreak
    case code
    case htmlInline
    case customInline
    case emphasis
    case strong
    case link
    case image

    public var isBlock: Bool { rawValue <= MarkdownNodeKind.thematicBreak.rawValue }
    public var isInline: Bool { !isBlock }

    /// The name used in tree dumps.
    public var description: String {
        switch self {
        case .document: "document"
        case .blockQuote: "blockQuote"
        case .list: "list"
        case .item: "item"
        case .codeBlock: "codeBlock"
        case .htmlBlock: "htmlBlock"
        case .customBlock: "customBlock"
        case .paragraph: "paragraph"
        case .heading: "heading"
        case .thematicBreak: "thematicBreak"
        case .text: "text"
        case .softBreak: "softBreak"
        case .lineBreak: "lineBreak"
        case .code: "code"
        case .htmlInline: "htmlInline"
        case .customInline: "customInline"
        case .emphasis: "emphasis"
        case .strong: "strong"
        case .link: "link"
        case .image: "image"
        }
    }
}

/// Whether a list is bulleted or numbered, and with which delimiter.
public enum MarkdownListStyle: UInt8, Sendable {
    case bullet
    case orderedPeriod
    case orderedParenthesis

    public var isOrdered: Bool { self != .bullet }
}
