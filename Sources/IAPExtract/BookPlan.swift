import IAPDiagnostics

/// The chapters of a guide, in reading order, and where that order came from.
public struct BookPlan: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var path: String
        /// The SUMMARY link text, when the chapter was listed there.
        public var title: String?
        /// Where the chapter was listed, for errors about it.
        public var listedAt: SourceLocation?

        public init(path: String, title: String? = nil, listedAt: SourceLocation? = nil) {
            self.path = path
            self.title = title
            self.listedAt = listedAt
        }
    }

    public var chapters: [Entry]
    /// The SUMMARY.md files that ordered the chapters.
    public var summaries: [String]

    public init(chapters: [Entry] = [], summaries: [String] = []) {
        self.chapters = chapters
        self.summaries = summaries
    }
}

/// Why a path could not be read as a guide at all. These end a run with exit status 2.
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { "iapkit: error: \(message)" }
}
