import Foundation
import IAPMarkdown

// The page pool's bookkeeping: which job is which, what each job reads, and where its output
// goes. Jobs run on every core, so each of these is filled and emptied behind a lock.

/// Rendered runs, filled from several threads, each slot by exactly one of them.
final class RenderSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [RenderedArticle]
    /// Runs still to come for each page.
    private var pending: [Int]
    private var pagesDone = 0

    private let frames: [PartFrame]

    init(frames: [PartFrame], pageCount: Int) {
        slots = Array(repeating: RenderedArticle(), count: frames.count)
        pending = Array(repeating: 0, count: pageCount)
        for frame in frames { pending[frame.page] += 1 }
        self.frames = frames
    }

    /// Keeps a run; when it was its page's last, also reports the new count of finished pages
    /// while still holding the lock, so reports arrive one at a time and in increasing order.
    func store(_ article: RenderedArticle, at index: Int, report: (Int) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        slots[index] = article
        let page = frames[index].page
        pending[page] -= 1
        if pending[page] == 0 {
            pagesDone += 1
            report(pagesDone)
        }
    }

    var all: [RenderedArticle] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}

/// Where a run goes in its page and the print view, without the blocks it was made from.
struct PartFrame: Sendable {
    var page: Int
    var startsPage: Bool
    var endsPage: Bool

    init(_ part: ArticlePart) {
        (page, startsPage, endsPage) = (part.page, part.startsPage, part.endsPage)
    }
}

/// One job of the page pool: a page's search results, or one run of an article.
enum RenderJob: Sendable {
    case search(page: Int)
    case run(Int)
}

/// The pages' parsed trees, each kept until the last job that reads it is done, then let go.
final class PageTrees: @unchecked Sendable {
    private let lock = NSLock()
    private var documents: [MarkdownDocument?]
    private var jobsLeft: [Int]

    /// `jobs` says how many jobs read each page's tree.
    init(documents: consuming [MarkdownDocument], jobs: [Int]) {
        self.documents = documents.map { $0 }
        jobsLeft = jobs
    }

    /// The page's tree; only asked for by a job of the page that is not yet done.
    func document(of page: Int) -> MarkdownDocument {
        lock.lock()
        defer { lock.unlock() }
        // Every job of a page asks before it says it is done, so the tree is still here.
        return documents[page] ?? MarkdownDocument(parsing: "", file: "")
    }

    func jobDone(on page: Int) {
        lock.lock()
        jobsLeft[page] -= 1
        let last = jobsLeft[page] == 0 ? documents[page] : nil
        if last != nil { documents[page] = nil }
        lock.unlock()
        // The tree is freed here, outside the lock, when this was the last reference.
        _ = last
    }
}

/// The article runs, each handed to the one job that renders it and forgotten here: a run's
/// blocks hold its page's tree.
final class RunShelf: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [ArticlePart?]

    init(parts: consuming [ArticlePart]) {
        self.parts = parts.map { $0 }
    }

    func take(_ index: Int) -> ArticlePart {
        lock.lock()
        defer { lock.unlock() }
        let part = parts[index]
        parts[index] = nil
        return part
            ?? ArticlePart(page: 0, blocks: [], firstHeading: 0, sourceSize: 0, startsPage: false, endsPage: false)
    }
}
