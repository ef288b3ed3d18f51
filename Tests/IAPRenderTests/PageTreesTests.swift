import IAPMarkdown
import Testing

@testable import IAPRender

/// A page's parsed tree is let go once the last job that reads it is done, and not before: the
/// trees of the pages done make room for the pages still to come.
@Suite struct PageTreesTests {
    @Test func aTreeIsLetGoAfterItsPagesLastJob() {
        weak var first: MarkdownDocument?
        weak var second: MarkdownDocument?
        let trees: PageTrees = {
            let documents = [
                MarkdownDocument(parsing: "# One\n\nWords.\n", file: "one.md"),
                MarkdownDocument(parsing: "# Two\n", file: "two.md"),
            ]
            (first, second) = (documents[0], documents[1])
            return PageTrees(documents: documents, jobs: [3, 1])
        }()
        #expect(trees.document(of: 0).file == "one.md")
        trees.jobDone(on: 0)
        trees.jobDone(on: 0)
        #expect(first != nil, "two of the first page's three jobs are done")
        trees.jobDone(on: 0)
        #expect(first == nil)
        #expect(second != nil, "the second page's job is not done")
        #expect(trees.document(of: 1).file == "two.md")
        trees.jobDone(on: 1)
        #expect(second == nil)
    }
}
