import IAPYAML
import Testing

@Suite("Anchors, aliases and merge keys")
struct YAMLAliasTests {
    @Test("an alias shares the anchored node instead of copying it")
    func aliasesShare() throws {
        let root = try #require(try YAMLReader.parse("base: &b {x: 1}\nother: *b"))
        let base = try #require(root["base"])
        let other = try #require(root["other"])
        #expect(base === other)
    }

    @Test("an alias to an anchor that was never defined is an error at the alias")
    func undefinedAlias() {
        #expect(
            yamlOutcome("a: 1\nb: *missing")
                == "error 2:4 alias '*missing' refers to an anchor that is not defined before it")
    }

    @Test("an alias inside its own anchor is refused rather than looping")
    func selfReference() {
        #expect(yamlOutcome("a: &x [*x]") == "error 1:8 alias '*x' refers to an anchor that is not defined before it")
    }

    @Test("a billion-laughs document is refused at the first alias past the limit, at once")
    func aliasBomb() {
        var text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for (previous, name) in zip("abcdefgh", "bcdefghi") {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
        }
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = yamlOutcome(text)
        #expect(clock.now - start < .seconds(1))
        // Level f's first alias brings the count from about 75,000 to about 141,000.
        #expect(outcome == "error 6:8 aliases expand to more than 100000 nodes; refusing the document (alias bomb?)")
    }

    @Test("the expansion limit can be lowered, and counts every alias as a full copy")
    func expansionLimit() {
        let text = "a: &a [1, 2, 3]\nb: [*a, *a]"
        // The root 1, two keys 2, a's list 4, b's list 1 and each alias 4: 16 in all.
        #expect(yamlOutcome(text, limits: ConfigLimits(maxExpandedNodes: 16)).hasPrefix("mapping"))
        #expect(
            yamlOutcome(text, limits: ConfigLimits(maxExpandedNodes: 15))
                == "error 2:9 aliases expand to more than 15 nodes; refusing the document (alias bomb?)")
    }

    @Test("even the largest node limit cannot be pushed into overflow")
    func countsCannotOverflow() {
        // 30 levels of 9 aliases would be 9^30 nodes, far past Int.max.
        var text = "l0: &l0 [x, x, x, x, x, x, x, x, x]\n"
        for level in 1...30 {
            text +=
                "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        let outcome = yamlOutcome(text, limits: ConfigLimits(maxExpandedNodes: .max))
        #expect(outcome.hasSuffix("refusing the document (alias bomb?)"))
        #expect(ConfigLimits(maxExpandedNodes: .max).maxExpandedNodes == Int.max / 4)
    }

    @Test("merge keys copy missing entries in place of the '<<', explicit keys winning")
    func mergeKeys() {
        let text = """
            base: &base {tier: 1, family: gold}
            product:
              tier: 2
              <<: *base
              id: gold.month
            """
        #expect(
            yamlOutcome(text)
                == lines(
                    "mapping@1:1",
                    "  key \"base\"@1:1: mapping@1:7",
                    "    key \"tier\"@1:14: scalar(plain) \"1\"@1:20",
                    "    key \"family\"@1:23: scalar(plain) \"gold\"@1:31",
                    "  key \"product\"@2:1: mapping@3:3",
                    "    key \"tier\"@3:3: scalar(plain) \"2\"@3:9",
                    "    key \"family\"@1:23: scalar(plain) \"gold\"@1:31",
                    "    key \"id\"@5:3: scalar(plain) \"gold.month\"@5:7"))
    }

    @Test("with a list of merge sources the earlier one wins")
    func mergeList() throws {
        let root = try #require(try YAMLReader.parse("a: &a {x: 1}\nb: &b {x: 2, y: 2}\nc: {<<: [*a, *b]}"))
        #expect(root["c"]?["x"]?.scalarText == "1")
        #expect(root["c"]?["y"]?.scalarText == "2")
    }

    @Test("a merge key needs mappings, and a quoted '<<' is just a key")
    func mergeKeyValues() {
        #expect(
            yamlOutcome("a: {<<: 5}")
                == "error 1:9 the merge key '<<' needs a mapping or a list of mappings, such as '<<: *defaults'")
        #expect(
            yamlOutcome("a: {\"<<\": 5}")
                == lines(
                    "mapping@1:1",
                    "  key \"a\"@1:1: mapping@1:4",
                    "    key \"<<\"@1:5: scalar(plain) \"5\"@1:11"))
    }
}
