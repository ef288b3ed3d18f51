import Foundation
import IAPMarkdown

/// A page's link definitions for its table cells, read from the page's tree the first time a
/// cell names a label in brackets. Most pages have no such cell, and reading the definitions
/// parses each of them again, so no page pays for it before it is needed. The runs of a long
/// page share one, on whichever cores render them.
final class PageLinkDefinitions: @unchecked Sendable {
    private let lock = NSLock()
    private let document: MarkdownDocument?
    private var definitions: LinkDefinitions?

    init(document: MarkdownDocument?) {
        self.document = document
    }

    /// For text that is not a page's.
    static let none = PageLinkDefinitions(document: nil)

    /// What `LinkDefinitions.prelude(for:)` gives for the cells' texts.
    func prelude(for texts: [String]) -> (text: [UInt8], lineCount: Int) {
        guard let document, texts.contains(where: { $0.utf8.contains(UInt8(ascii: "[")) }) else { return ([], 0) }
        lock.lock()
        defer { lock.unlock() }
        let definitions = self.definitions ?? LinkDefinitions(of: document)
        self.definitions = definitions
        return definitions.prelude(for: texts)
    }
}
