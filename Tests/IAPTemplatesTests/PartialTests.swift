import Foundation
import IAPTemplates
import Testing

@Suite("Partials")
struct PartialTests {
    @Test("a partial that includes itself unconditionally stops at the depth limit")
    func selfInclusion() {
        #expect(
            renderError("{{>loop}}", [:], partials: ["loop": "x{{>loop}}"], options: RenderOptions())
                == TemplateError(
                    "partial 'loop' is nested more than 64 deep; does it include itself with nothing to stop it?",
                    at: location("loop", 1, 2)))
    }

    @Test("two partials including each other stop at the depth limit")
    func mutualInclusion() {
        let error = renderError("{{>a}}", [:], partials: ["a": "{{>b}}", "b": "{{>a}}"], options: RenderOptions())
        #expect(error?.message.hasPrefix("partial ") == true)
        #expect(error?.message.contains("nested more than 64 deep") == true)
    }

    @Test("64 levels of partials render; the 65th is refused")
    func depthBoundary() throws {
        let partials = ["node": "{{#child}}<{{>node}}>{{/child}}"]
        #expect(
            try render("{{>node}}", nested(63), partials: partials) == String(repeating: "<", count: 63)
                + String(repeating: ">", count: 63))
        #expect(renderError("{{>node}}", nested(64), partials: partials, options: RenderOptions()) != nil)
    }

    @Test("a partial that does not compile reports its own location when included")
    func brokenPartial() {
        #expect(
            renderError("{{>bad}}", [:], partials: ["bad": "ok\n{{#x}}"], options: RenderOptions())
                == TemplateError("section 'x' opened at 2:1 is never closed", at: location("bad", 2, 7)))
    }

    @Test("a broken partial that is never included does no harm")
    func unusedBrokenPartial() throws {
        #expect(try render("fine", [:], partials: ["bad": "{{"]) == "fine")
    }

    @Test("a rendering asks its partial source once per name")
    func fetchedOnce() throws {
        let source = CountingPartials(["row": "{{.}}"])
        let template = try Template(source: "{{#items}}{{>row}}{{>none}}{{/items}}", name: "t")
        #expect(try template.render(["items": [1, 2, 3]], partials: source) == "123")
        #expect(source.requests == ["none", "row"])
    }

    @Test("partials are read from files in a folder")
    func directory() throws {
        let folder = try TemporaryFolder()
        try folder.write("header.mustache", "# {{title}}\n")
        try folder.write("shared/row.mustache", "- {{.}}\n")
        try folder.write("plain.txt", "plain {{title}}")
        let source = "{{>header}}\n{{#items}}\n  {{>shared/row}}\n{{/items}}\n{{>missing}}"
        let template = try Template(source: source, name: "page")
        let output = try template.render(
            ["title": "Store", "items": ["a", "b"]], partials: DirectoryPartials(directory: folder.url))
        #expect(output == "# Store\n  - a\n  - b\n")
        let text = DirectoryPartials(directory: folder.url, fileExtension: "txt")
        #expect(try Template(source: "{{>plain}}", name: "p").render(["title": "T"], partials: text) == "plain T")
    }

    @Test("names that would leave the folder find nothing")
    func escapingNames() throws {
        let folder = try TemporaryFolder()
        try folder.write("inner/secret.mustache", "secret")
        let partials = DirectoryPartials(directory: folder.url.appendingPathComponent("inner"))
        #expect(try partials.partial(named: "secret") != nil)
        for name in ["../inner/secret", "/etc/passwd", "./secret", "a//secret", "inner\\secret", ""] {
            #expect(try partials.partial(named: name) == nil, "\(name)")
        }
    }

    @Test("errors in partial files are located by the file's path")
    func directoryErrors() throws {
        let folder = try TemporaryFolder()
        try folder.write("broken.mustache", "line\n{{/x}}")
        try folder.write("binary.mustache", Data([0x61, 0x0A, 0x62, 0xC3, 0x28]))
        let partials = DirectoryPartials(directory: folder.url)
        let brokenPath = folder.url.appendingPathComponent("broken.mustache").path
        #expect(throws: TemplateError("'{{/x}}' closes no open section", at: location(brokenPath, 2, 1))) {
            try partials.partial(named: "broken")
        }
        let binaryPath = folder.url.appendingPathComponent("binary.mustache").path
        #expect(throws: TemplateError("the partial file is not valid UTF-8", at: location(binaryPath, 2, 2))) {
            try partials.partial(named: "binary")
        }
    }

    /// Context nested `depth` levels under `child` keys. The innermost `child` is false: were
    /// it absent, the lookup would find an outer `child` on the context stack and go on.
    private func nested(_ depth: Int) -> TemplateValue {
        var value: TemplateValue = ["child": false]
        for _ in 0..<depth {
            value = ["child": value]
        }
        return value
    }
}

/// Partials from a dictionary that record which names were asked for.
private final class CountingPartials: PartialSource, @unchecked Sendable {
    private let inner: DictionaryPartials
    private let lock = NSLock()
    private var asked: [String] = []

    init(_ sources: [String: String]) {
        inner = DictionaryPartials(sources)
    }

    var requests: [String] {
        lock.lock()
        defer { lock.unlock() }
        return asked.sorted()
    }

    func partial(named name: String) throws(TemplateError) -> Template? {
        lock.lock()
        asked.append(name)
        lock.unlock()
        return try inner.partial(named: name)
    }
}

/// A folder under the system's temporary directory, removed when the value goes away.
private final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("IAPTemplatesTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func write(_ relativePath: String, _ text: String) throws {
        try write(relativePath, Data(text.utf8))
    }

    func write(_ relativePath: String, _ data: Data) throws {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
