import IAPYAML
import Testing

@Suite("Any input gives a tree or an error, never a crash")
struct RobustnessTests {
    /// Characters that matter to YAML or JSON syntax, plus tabs, line ends and multi-byte text.
    static let alphabet: [String] = [
        "[", "]", "{", "}", ",", ":", "-", "?", "&a", "*a", "!", "!!str ", "|", ">", "#", "'", "\"", "\\",
        "\\u", "D83D", "\n", "\r\n", "\r", "\t", " ", "  ", "a", "1", "0x", ".5", "e", "<<", "null", "true",
        "é", "😀", "\u{2028}", "\u{FEFF}", "\u{01}", "---", "...", "%",
    ]

    /// A fixed-seed generator, so a failure is reproducible.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state
        }
    }

    @Test("random fragments through both readers and the decoder")
    func randomFragments() {
        var generator = Generator(state: 0x1A9_4B1D)
        var trees = 0
        for _ in 0..<3_000 {
            let length = Int.random(in: 0...30, using: &generator)
            let text = (0..<length).map { _ in Self.alphabet.randomElement(using: &generator) ?? "" }.joined()
            for result in [YAMLReader.read(text), JSONReader.read(text)] {
                guard case .success(let node?) = result else { continue }
                trees += 1
                _ = node.dump()
                _ = ConfigDecoder().decodeCollectingErrors([String: [String]].self, from: node)
                _ = ConfigDecoder().decodeCollectingErrors(OrderedMapping<Int>.self, from: node)
            }
        }
        #expect(trees > 0)
    }

    @Test("every mark of an error lies inside the text or just after its end")
    func marksStayInside() {
        var generator = Generator(state: 7)
        for _ in 0..<1_000 {
            let length = Int.random(in: 1...20, using: &generator)
            let text = (0..<length).map { _ in Self.alphabet.randomElement(using: &generator) ?? "" }.joined()
            let lineCount = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count
            for result in [YAMLReader.read(text), JSONReader.read(text)] {
                guard case .failure(let error) = result else { continue }
                #expect(error.mark.line >= 1 && error.mark.line <= lineCount + 1, "\(text.debugDescription)")
                #expect(error.mark.column >= 1 && error.mark.column <= text.utf8.count + 1, "\(text.debugDescription)")
            }
        }
    }
}
