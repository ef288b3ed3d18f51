import IAPTemplates
import Testing

@Suite("Robustness")
struct RobustnessTests {
    @Test("ten thousand nested sections compile and render without deep recursion")
    func deepSections() throws {
        let depth = 10_000
        let source = String(repeating: "{{#a}}", count: depth) + "x" + String(repeating: "{{/a}}", count: depth)
        let template = try Template(source: source, name: "deep")
        #expect(try template.render(["a": true]) == "x")
        #expect(try template.render(["a": false]) == "")
    }

    @Test("ten thousand unclosed sections report the innermost")
    func deepUnclosed() {
        let source = String(repeating: "{{#a}}", count: 10_000)
        #expect(compileError(source)?.message == "section 'a' opened at 1:59995 is never closed")
    }

    @Test("deeply nested data renders through dotted names and sections")
    func deepData() throws {
        var value: TemplateValue = "bottom"
        for _ in 0..<200 {
            value = ["k": value]
        }
        let dotted = Array(repeating: "k", count: 200).joined(separator: ".")
        #expect(try render("{{\(dotted)}}", value) == "bottom")
    }

    @Test("malformed fragments in any order never crash: they compile, or fail with a located error")
    func fragmentSoup() {
        let fragments = [
            "{{", "}}", "{{{", "}}}", "{{#a}}", "{{/a}}", "{{^a}}", "{{/b}}", "{{!", "{{! c }}", "{{>p}}", "{{> q }}",
            "{{=<% %>=}}", "<%", "%>", "<%a%>", "<%/a%>", "{{=| |=}}", "|a|", "{{=", "=}}", "{{.}}", "{{a.b}}",
            "{{&a}}",
            "\n", "\r\n", "\r", " ", "\t", "text", "é", "{{#.}}", "{{/.}}", "{{..}}", "{{ }}", "{{=a=}}", "{",
        ]
        var generator = SplitMix(seed: 0x5EED)
        let partials = DictionaryPartials(["p": "{{a}}\n{{>q}}", "q": "{{#a}}{{>p}}{{/a}}"])
        let context: TemplateValue = ["a": [1, ["a": false]], "b": "x"]
        for _ in 0..<2_000 {
            let count = Int(generator.next() % 12)
            let source = (0..<count).map { _ in fragments[Int(generator.next() % UInt64(fragments.count))] }.joined()
            do {
                let template = try Template(source: source, name: "soup")
                for strict in [false, true] {
                    do {
                        _ = try template.render(context, partials: partials, options: RenderOptions(strict: strict))
                    } catch {
                        #expect(error.location.line >= 1 && error.location.column >= 1)
                    }
                }
            } catch {
                #expect(error.location.file == "soup")
                #expect(error.location.line >= 1 && error.location.column >= 1)
            }
        }
    }

    @Test("every prefix and every one-byte corruption of a JSON document reads or fails cleanly")
    func jsonMutations() {
        let document = Array(#"{"a": [1, -2.5e3, "x\u00e9\n", true, false, null], "b": {"c": "\ud83d\ude00"}}"#.utf8)
        #expect(throws: Never.self) { try TemplateValue(json: document) }
        let replacements: [UInt8] = [0x00, 0x22, 0x5C, 0x7B, 0x5D, 0x2C, 0x30, 0xFF, 0x0A]
        for end in 0..<document.count {
            expectCleanOutcome(Array(document[..<end]))
            for replacement in replacements {
                var mutated = document
                mutated[end] = replacement
                expectCleanOutcome(mutated)
            }
        }
    }

    private func expectCleanOutcome(_ bytes: [UInt8]) {
        do {
            _ = try TemplateValue(json: bytes, name: "m.json")
        } catch {
            #expect(error.location.file == "m.json" && error.location.line >= 1 && error.location.column >= 1)
        }
    }

    @Test("a compiled template renders from many tasks at once")
    func concurrentRendering() async throws {
        let template = try Template(source: "{{#items}}{{.}},{{/items}}", name: "t")
        let results = await withTaskGroup(of: String?.self) { group in
            for index in 0..<16 {
                group.addTask {
                    try? template.render(["items": .list((0...index).map { .number(Double($0)) })])
                }
            }
            var collected: [String] = []
            for await result in group {
                collected.append(result ?? "failed")
            }
            return collected
        }
        #expect(results.count == 16)
        #expect(results.contains("0,1,2,"))
        #expect(!results.contains("failed"))
    }

    @Test("a large list renders in one pass")
    func largeList() throws {
        let items = TemplateValue.list((0..<20_000).map { ["id": .number(Double($0)), "name": "item & co"] })
        let template = try Template(source: "{{#items}}\n<li id=\"{{id}}\">{{name}}</li>\n{{/items}}\n", name: "t")
        let output = try template.render(["items": items])
        #expect(output.hasPrefix("<li id=\"0\">item &amp; co</li>\n<li id=\"1\">"))
        #expect(output.split(separator: "\n").count == 20_000)
    }
}

/// A small deterministic generator, so the fragment test is the same on every run.
private struct SplitMix {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
