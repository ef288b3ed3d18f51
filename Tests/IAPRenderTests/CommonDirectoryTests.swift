import Testing

@testable import IAPRender

/// The folder every chapter sits in decides the pages' names, so it must be the same whether a
/// file is passed by its bytes or compared folder by folder.
@Suite struct CommonDirectoryTests {
    @Test(arguments: [
        (["book/intro.md", "book/setup/keys.md", "book/setup/sandbox.md"], "book"),
        (["book/setup/keys.md", "book/setup/sandbox.md"], "book/setup"),
        (["/abs/book/a.md", "/abs/book/part/b.md", "/abs/other/c.md"], "/abs"),
        (["/abs/book/a.md", "abs/book/b.md"], "/abs/book"),
        (["book//setup/a.md", "book/setup/b.md", "book//setup//c.md"], "book/setup"),
        (["book/setup/a.md", "book/setupx/b.md"], "book"),
        (["book/setup/a.md", "book/setup/"], "book"),
        (["a.md", "book/b.md"], ""),
        (["book/a.md", "other/b.md", "book/c.md"], ""),
        (["caf\u{E9}/a.md", "cafe\u{301}/b.md"], "caf\u{E9}"),
        ([], ""),
    ])
    func commonFolder(files: [String], expected: String) {
        #expect(SitePlan.commonDirectory(files) == expected)
    }

    @Test func stemsDoNotDependOnWhetherTheFolderIsGiven() {
        let files = ["guides/intro.md", "guides/Setup Guide.md", "guides/part/one.md"]
        #expect(SitePlan.stems(for: files) == SitePlan.stems(for: files, under: "guides"))
        #expect(SitePlan.stems(for: files) == ["index", "setup-guide", "part-one"])
    }

    /// A dot in a file's name separates words as a space does: `README.zh.md`, a translation
    /// as GitHub projects name them, is `readme-zh.html`, not `readmezh.html`.
    @Test func aDotInAFileNameSeparatesWordsOfItsPageName() {
        let files = ["book/README.md", "book/README.zh.md", "book/v1.2 notes.md", "book/.hidden.md"]
        #expect(SitePlan.stems(for: files) == ["index", "readme-zh", "v1-2-notes", "hidden"])
    }
}
