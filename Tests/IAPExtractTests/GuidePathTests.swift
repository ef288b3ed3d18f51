import IAPExtract
import Testing

/// Paths as guides and diagnostics write them: one spelling per file.
@Suite struct GuidePathTests {
    @Test(arguments: [
        ("Workbook/a.md", "Workbook/a.md"),
        ("Workbook/./a.md", "Workbook/a.md"),
        ("./a.md", "a.md"),
        ("a//b", "a/b"),
        ("a/", "a"),
        ("a/../b", "b"),
        ("../a", "../a"),
        ("a/../../b", "../b"),
        ("/../a", "/a"),
        ("/", "/"),
        ("", "."),
        (".", "."),
        ("..", ".."),
        (".hidden/x.md", ".hidden/x.md"),
        ("a/.b/..c/...", "a/.b/..c/..."),
        ("/abs/./x/../y", "/abs/y"),
    ])
    func normalizes(_ path: String, _ expected: String) {
        #expect(GuidePath.normalize(path) == expected)
        // A normal path is its own normal form.
        #expect(GuidePath.normalize(expected) == expected)
    }

    @Test func joinsRelativeAndAbsolutePaths() {
        #expect(GuidePath.join("Workbook", "img/../a.png") == "Workbook/a.png")
        #expect(GuidePath.join(".", "a.md") == "a.md")
        #expect(GuidePath.join("Workbook", "/etc/x") == "/etc/x")
    }
}
