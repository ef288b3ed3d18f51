import IAPDiagnostics

/// One file of the site, by its path inside the output folder.
public struct RenderedFile: Sendable, Equatable {
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }
}

/// What the site is built with, beyond the guides themselves.
public struct SiteOptions: Sendable {
    /// The site's name in the header and in every page title.
    public var title: String
    /// Keep raw HTML from the guides (trusted guides only); by default it is dropped.
    public var allowRawHTML: Bool

    public init(title: String, allowRawHTML: Bool = false) {
        self.title = title
        self.allowRawHTML = allowRawHTML
    }
}

/// The site and what the link checker found.
public struct RenderedSite: Sendable {
    /// Every output file, in a fixed order.
    public var files: [RenderedFile]
    /// Broken links and anchors, unsafe URLs: warnings located in the guides.
    public var diagnostics: [Diagnostic]
}
