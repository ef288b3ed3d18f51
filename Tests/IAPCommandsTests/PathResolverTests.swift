import Foundation
import IAPFileAccess
import Testing

/// The resolver answers as `realpath(3)` does while reading each folder once: the book-folder
/// check (a chapter reached through a link must still lie inside the book) depends on it.
@Suite struct PathResolverTests {
    /// A book folder with a linked chapter, a linked folder, a link out of the book and a
    /// dangling link.
    static func layout() throws -> Scratch {
        let scratch = Scratch()
        try scratch.write("book/one.md", "# One\n")
        try scratch.write("book/part/two.md", "# Two\n")
        try scratch.write("outside/secret.md", "# Secret\n")
        try scratch.link("book/linked.md", to: "part/two.md")
        try scratch.link("book/shelf", to: scratch.path("outside"))
        try scratch.link("book/out.md", to: "../outside/secret.md")
        try scratch.link("book/nowhere.md", to: "missing.md")
        return scratch
    }

    @Test func agreesWithRealpathOnFilesFoldersAndLinks() throws {
        let scratch = try Self.layout()
        let resolver = PathResolver()
        let paths = [
            "book/one.md", "book/part/two.md", "book/linked.md", "book/shelf/secret.md", "book/out.md",
            "book/part/../one.md", "book/./one.md", "book/part", "book/shelf", "book", "book/part/..",
            "book/nowhere.md", "book/missing.md", "book/one.md/inside", "book/shelf/",
        ].map(scratch.path)
        // Twice: the second round answers from the folders the first one resolved.
        for _ in 0..<2 {
            for path in paths {
                #expect(resolver.resolvedPath(of: path) == InputFile.resolvedPath(of: path), "\(path)")
            }
        }
        #expect(
            resolver.resolvedPath(of: scratch.path("book/shelf/secret.md"))?.hasSuffix("/outside/secret.md") == true)
        #expect(resolver.resolvedPath(of: scratch.path("book/nowhere.md")) == nil)
        #expect(resolver.resolvedPath(of: "/") == "/")
    }

    /// A folder walk takes an entry's kind, identity and resolved path from one look at it; each
    /// must be what the three separate questions answer, links and all.
    @Test func anEntryIsWhatItsKindIdentityAndResolvedPathSay() throws {
        let scratch = try Self.layout()
        let resolver = PathResolver()
        let paths = [
            "book/one.md", "book/part/two.md", "book/linked.md", "book/shelf", "book/shelf/secret.md", "book/out.md",
            "book/part", "book", "book/nowhere.md", "book/missing.md", "book/one.md/inside", "book/shelf/",
            "book/part/..", "book/.",
        ].map(scratch.path)
        for _ in 0..<2 {
            for path in paths {
                let entry = resolver.entry(at: path)
                #expect(entry.kind == InputFile.kind(of: path), "\(path)")
                #expect(entry.identity == InputFile.identity(of: path), "\(path)")
                #expect(entry.resolvedPath == InputFile.resolvedPath(of: path), "\(path)")
            }
        }
        #expect(resolver.entry(at: scratch.path("book/linked.md")).kind == .regular)
        #expect(resolver.entry(at: scratch.path("book/nowhere.md")).kind == .missing)
        #expect(resolver.entry(at: "Package.swift") == resolver.entry(at: "./Package.swift"))
    }

    @Test func relativePathsResolveAgainstTheWorkingDirectory() {
        let resolver = PathResolver()
        for path in ["Package.swift", "./Package.swift", "Sources", "no-such-file"] {
            #expect(resolver.resolvedPath(of: path) == InputFile.resolvedPath(of: path), "\(path)")
        }
    }
}
