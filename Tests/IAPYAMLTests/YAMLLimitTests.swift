import IAPYAML
import Testing

@Suite("Nesting limits")
struct YAMLLimitTests {
    let depthError = "nesting deeper than 256 levels is not allowed"

    @Test("10,000 nested flow lists fail at the 257th bracket instead of crashing")
    func deepFlow() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(yamlOutcome(text) == "error 1:257 \(depthError)")
    }

    @Test("10,000 nested block mappings fail at the 257th level instead of crashing")
    func deepBlockMappings() {
        // "? " opens a block mapping whose key is what follows, so each pair of bytes nests one
        // more mapping without the quadratic indentation of one key per line.
        let text = String(repeating: "? ", count: 10_000) + "x"
        #expect(yamlOutcome(text) == "error 1:513 \(depthError)")
    }

    @Test("indented block mappings are refused at the line that goes too deep")
    func deepIndentation() {
        let text = (0..<300).map { String(repeating: " ", count: $0) + "k:\n" }.joined()
        #expect(yamlOutcome(text) == "error 257:257 \(depthError)")
    }

    @Test("exactly the maximum depth is allowed")
    func atTheLimit() throws {
        let text = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        let root = try #require(try YAMLReader.parse(text))
        #expect(root.items?.count == 1)
    }

    @Test("a tree at the hard maximum depth is built, decoded and released without trouble")
    func hardMaximum() throws {
        struct Nest: Decodable {
            var inner: [Nest]
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                inner = container.isAtEnd ? [] : [try container.decode(Nest.self)]
            }
        }
        let depth = ConfigLimits.hardMaxDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let limits = ConfigLimits(maxDepth: depth)
        let root = try #require(try YAMLReader.parse(text, limits: limits))
        _ = try ConfigDecoder().decode(Nest.self, from: root)
        #expect(
            yamlOutcome("[" + text + "]", limits: limits)
                == "error 1:1001 nesting deeper than 1000 levels is not allowed")
    }

    @Test("an alias may not carry a deep subtree past the limit")
    func deepAlias() {
        let limits = ConfigLimits(maxDepth: 3)
        #expect(yamlOutcome("a: &a [[1]]\nb: *a", limits: limits).hasPrefix("mapping"))
        #expect(
            yamlOutcome("a: &a [[1]]\nb: [*a]", limits: limits)
                == "error 2:5 nesting deeper than 3 levels is not allowed")
    }

    @Test("depth limits are clamped to a safe range")
    func clamping() {
        #expect(ConfigLimits(maxDepth: 1_000_000).maxDepth == ConfigLimits.hardMaxDepth)
        #expect(ConfigLimits(maxDepth: -5).maxDepth == 1)
    }
}
