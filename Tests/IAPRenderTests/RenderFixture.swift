import Foundation
import IAPExtract
import IAPMarkdown
import IAPRender
import IAPTestSupport

/// Renders guides from `Fixtures/` through the real extraction stage, all in memory.
enum RenderFixture {
    static let folder = TestPaths.tests("IAPRenderTests/Fixtures")

    static func fileSystem() throws -> MemoryFileSystem {
        var files: [String: [UInt8]] = [:]
        let base = folder.standardizedFileURL.path
        let enumerator = FileManager.default.enumerator(atPath: base)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".md") else { continue }
            files[relative] = try [UInt8](Data(contentsOf: URL(fileURLWithPath: base).appendingPathComponent(relative)))
        }
        return MemoryFileSystem(files)
    }

    /// One chapter given as text, named `chapter.md`.
    static func renderText(_ markdown: String) throws -> RenderedSite {
        let document = MarkdownDocument(parsing: markdown, file: "chapter.md")
        let loaded = WorkbookLoader(fileSystem: MemoryFileSystem(texts: ["chapter.md": markdown])).load(["chapter.md"])
        return SiteRenderer.render(loaded.workbook, documents: [document], options: SiteOptions(title: "Text"))
    }

    static func render(_ paths: [String], title: String = "Fixture", allowRawHTML: Bool = false) throws -> RenderedSite
    {
        let fileSystem = try fileSystem()
        let loaded = WorkbookLoader(fileSystem: fileSystem).load(paths)
        let documents = try loaded.workbook.chapters.map { chapter in
            MarkdownDocument(source: SourceText(file: chapter.file, bytes: try fileSystem.contents(of: chapter.file)))
        }
        return SiteRenderer.render(
            loaded.workbook, documents: documents, options: SiteOptions(title: title, allowRawHTML: allowRawHTML))
    }
}

extension RenderedSite {
    func text(_ path: String) -> String {
        files.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
    }

    var pages: [RenderedFile] { files.filter { $0.path.hasSuffix(".html") } }
}
