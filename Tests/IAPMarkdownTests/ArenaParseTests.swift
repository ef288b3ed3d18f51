import CMarkdownArena
import Testing

@testable import IAPMarkdown

/// Small chapters are parsed in an arena, large ones with cmark's allocator. The tree must not
/// depend on which: each document here is parsed both ways and the two dumps compared. The
/// documents aim at the arena's edges: buffers that grow past a quarter block and become
/// separate allocations, blocks filled many times over, link definitions kept by the parser,
/// and delimiters that are freed out of order.
@Suite struct ArenaParseTests {
    static func bothWays(_ text: String) -> (arena: MarkdownDocument, cmark: MarkdownDocument) {
        let source = SourceText(file: "chapter.md", text: text)
        return (
            MarkdownDocument(source: source, allocation: .arena),
            MarkdownDocument(source: source, allocation: .cmark)
        )
    }

    static let documents: [(name: String, text: String)] = [
        ("empty", ""),
        ("one heading", "# Setup {#setup}\n"),
        (
            "a paragraph of 300 KB, grown a line at a time",
            String(repeating: "The product ID *com.example.pro* is checked `before` launch.\n", count: 5000)
        ),
        (
            "a fenced block of 200 KB",
            "```swift file=Store.swift\n"
                + String(repeating: "let product = try await Product.products(for: ids)\n", count: 4000) + "```\n"
        ),
        (
            "several blocks' worth of small nodes",
            String(repeating: "- [ ] Step with **bold**, _em_ and [a link](page.md#part)\n", count: 6000)
        ),
        (
            "link definitions used before and after they appear",
            (0..<800).map { index in
                "See [guide \(index)] and [guide \((index + 7) % 800)][].\n\n"
                    + "[guide \(index)]: https://example.com/\(index) \"Title \(index)\"\n"
            }
            .joined(separator: "\n")
        ),
        ("unmatched emphasis, freed out of order", String(repeating: "*a **b _c __d ", count: 3000) + "\n"),
        ("quotes nested a thousand deep", String(repeating: ">", count: 1000) + " deep\n"),
        (
            "a table's cells joined as paragraphs",
            (1...2000).map { "| `id.\($0)` | **\($0)** |" }.joined(separator: "\n\n")
        ),
        ("text beyond ASCII", String(repeating: "价格 ¥6 — Підписка «Pro» 🎉\n\n", count: 3000)),
    ]

    @Test(arguments: documents.map(\.name))
    func aDocumentParsesToTheSameTreeInTheArenaAsWithCmarksAllocator(_ name: String) throws {
        let text = try #require(Self.documents.first { $0.name == name }).text
        let (arena, cmark) = Self.bothWays(text)
        #expect(arena.nodeCount == cmark.nodeCount)
        #expect(arena.root.treeDump == cmark.root.treeDump)
    }

    /// The limit is where a chapter changes allocator; either side of it the tree is the same,
    /// and the chapter parsed by `init(parsing:)` is the one a test names.
    @Test func chaptersEitherSideOfTheLimitParseAlike() {
        let line = "Restore purchases with `AppStore.sync()` from *Settings*.\n\n"
        let repeats = CmarkConverter.arenaLimit / line.utf8.count
        for count in [repeats, repeats + 1] {
            let text = String(repeating: line, count: count)
            let parsed = MarkdownDocument(parsing: text, file: "chapter.md")
            #expect(parsed.root.treeDump == Self.bothWays(text).cmark.root.treeDump)
            #expect(Array(parsed.root.children).count == count)
        }
    }

    /// One arena per thread: while one is open, a parse on that thread uses cmark's allocator
    /// instead of sharing it, and the open arena is left as it was.
    @Test func aParseWhileTheThreadsArenaIsOpenUsesCmarksAllocator() {
        #expect(iapkit_arena_open() != 0)
        defer { iapkit_arena_close() }
        #expect(iapkit_arena_open() == 0)
        let text = "# Title\n\nSome *text* with [a link][ref].\n\n[ref]: https://example.com\n"
        let (arena, cmark) = Self.bothWays(text)
        #expect(arena.root.treeDump == cmark.root.treeDump)
        #expect(arena.root.treeDump.contains("link destination=\"https://example.com\""))
    }
}
