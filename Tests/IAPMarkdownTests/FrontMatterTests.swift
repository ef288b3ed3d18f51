import IAPMarkdown
import Testing

/// Page settings at the top of a file written for a site generator are not part of the text.
@Suite struct FrontMatterTests {
    private func parse(_ text: String) -> MarkdownDocument {
        MarkdownDocument(parsing: text, file: "page.md")
    }

    /// The kinds and first lines of the document's top-level blocks.
    private func blocks(_ document: MarkdownDocument) -> [String] {
        document.root.children.map { "\($0.kind) \($0.location.line)" }
    }

    @Test func yamlBetweenRulesIsFrontMatterAndMakesNoNodes() {
        let document = parse("---\ntitle: Selling\nlayout: post\n---\n\n# Selling\n")
        #expect(
            document.frontMatter == FrontMatter(format: .yaml, lines: 1...4, text: "title: Selling\nlayout: post\n"))
        #expect(blocks(document) == ["heading 6"])
    }

    @Test func threeDotsMayCloseYAMLFrontMatter() {
        let document = parse("---\ntitle: Selling\n...\nText.\n")
        #expect(document.frontMatter?.lines == 1...3)
        #expect(blocks(document) == ["paragraph 4"])
    }

    @Test func tomlBetweenPlusLinesIsFrontMatter() {
        let document = parse("+++\ntitle = \"Selling\"\n[params]\nlevel = 2\n+++\nText.\n")
        #expect(document.frontMatter?.format == .toml)
        #expect(document.frontMatter?.text == "title = \"Selling\"\n[params]\nlevel = 2\n")
        #expect(blocks(document) == ["paragraph 6"])
    }

    @Test func anEmptyBlockIsFrontMatter() {
        let document = parse("---\n---\n# Selling\n")
        #expect(document.frontMatter == FrontMatter(format: .yaml, lines: 1...2, text: ""))
        #expect(blocks(document) == ["heading 3"])
    }

    @Test func commentsAndBlankLinesMayComeBeforeTheFirstKey() {
        #expect(parse("---\n\n# settings\n标题: 订阅\n---\n").frontMatter?.lines == 1...5)
    }

    @Test func windowsLineEndingsAndAByteOrderMarkAreRead() {
        let document = parse("\u{FEFF}---  \r\ntitle: Selling\r\n---\r\nText.\r\n")
        #expect(document.frontMatter?.text == "title: Selling\n")
        #expect(blocks(document) == ["paragraph 4"])
    }

    @Test func aRuleAndASetextHeadingAreNotFrontMatter() {
        let document = parse("---\nSelling subscriptions\n---\n")
        #expect(document.frontMatter == nil)
        #expect(blocks(document) == ["thematicBreak 1", "heading 2"])
    }

    @Test func listsAndIndentedValuesBelongToFrontMatter() {
        let yaml = "---\ntitle: Selling\ntags:\n- storekit\n- swift\nauthor:\n  name: Ana\n---\nText.\n"
        #expect(parse(yaml).frontMatter?.lines == 1...8)
        let toml = "+++\ntags = [\n  \"storekit\",\n]\n+++\nText.\n"
        #expect(parse(toml).frontMatter?.lines == 1...5)
    }

    @Test func aPageOpeningWithARuleAndProseIsNotFrontMatter() {
        let document = parse("---\nAuthor: Ana\nThis guide sells a subscription.\n\n## Steps\n\n---\n")
        #expect(document.frontMatter == nil)
        #expect(blocks(document) == ["thematicBreak 1", "paragraph 2", "heading 5", "thematicBreak 7"])
    }

    @Test func aRuleWithoutAClosingLineIsARule() {
        let document = parse("---\ntitle: Selling\n\nText.\n")
        #expect(document.frontMatter == nil)
        #expect(blocks(document).first == "thematicBreak 1")
    }

    @Test func onlyTheFirstLineCanOpenFrontMatter() {
        let document = parse("\n---\ntitle: Selling\n---\n")
        #expect(document.frontMatter == nil)
        #expect(parse("--- \ntitle: x\n--- \n").frontMatter != nil)
        #expect(parse("----\ntitle: x\n----\n").frontMatter == nil)
        #expect(parse("---\ntitle:x\n---\n").frontMatter == nil)
    }

    @Test func theTextAfterFrontMatterKeepsItsLinesAndColumns() {
        let withFrontMatter = parse("---\ntitle: Selling\n---\nSee `com.example.pro` here.\n")
        let without = parse("\n\n\nSee `com.example.pro` here.\n")
        let code = withFrontMatter.allNodes.first { $0.kind == .code }
        #expect(code?.literal == "com.example.pro")
        #expect(code?.location == without.allNodes.first { $0.kind == .code }?.location)
        #expect(code?.location.line == 4)
        #expect(withFrontMatter.root.treeDump == without.root.treeDump)
    }
}
