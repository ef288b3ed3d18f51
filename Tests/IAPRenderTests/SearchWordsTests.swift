import Testing

@testable import IAPRender

/// The search text keeps what a reader sees: Markdown markers are dropped word by word, and the
/// words left are joined by single spaces.
@Suite struct SearchWordsTests {
    @Test(arguments: [
        ("plain words stay as they are", "plain words stay as they are"),
        ("[ ] Tick the box {#tick-the-box}", "Tick the box"),
        ("[x] [X] {#a} {#b} done", "done"),
        ("| Key | Value |", "Key Value"),
        ("|---|:---:| ---: |--| row", "row"),
        ("||id|| |com.example.pro|", "id com.example.pro"),
        ("{#only}", ""),
        ("[ ] ]", ""),
        ("a  [  b", "a b"),
        ("let x = [1, 2] { y }", "let x = [1, 2] { y }"),
        ("| - a -1 -- b", "a -1 b"),
        ("{#not-an-id no", "{#not-an-id no"),
    ])
    func markersAreDroppedAndWordsJoined(_ text: String, _ kept: String) {
        var bytes = Array(text.utf8)
        let count = bytes.count
        let end = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { SearchWords.dropMarkup(in: $0, from: 0, to: count, writingAt: 0) } ?? 0
        }
        #expect(String(decoding: bytes[..<end], as: UTF8.self) == kept)
    }

    /// The references to a page's footnotes and their markers are dropped from the words they
    /// are written in; any other `[^…]` is text like any other.
    @Test(arguments: [
        ("Ed448[^1] and X448[^1], [^Note] too.", "Ed448 and X448, too."),
        ("[^1]: An experimental curve.", "An experimental curve."),
        ("a[^1][^note]b [^ x] [^] [^missing] [^a[^1]", "ab [^ x] [^] [^missing] [^a"),
    ])
    func referencesToThePagesFootnotesAreMarkup(_ text: String, _ kept: String) {
        let cases: [(labels: Set<String>, kept: String)] = [(["1", "note"], kept), ([], text)]
        for (labels, expected) in cases {
            var bytes = Array(text.utf8)
            let count = bytes.count
            let end = bytes.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress.map {
                    SearchWords.dropMarkup(in: $0, from: 0, to: count, writingAt: 0, footnotes: labels)
                } ?? 0
            }
            #expect(String(decoding: bytes[..<end], as: UTF8.self) == expected, "labels: \(labels)")
        }
    }

    /// A page's sections share one buffer: each section's words move up behind the words kept
    /// of the section before, and a section is dropped to nothing without touching its
    /// neighbours.
    @Test func sectionsOfOneBufferMoveUpBehindEachOther() {
        let sections = ["[ ] Buy {#buy}", "{#empty}", "| Plan | Price |", "no markers here"]
        var bytes = Array(sections.joined().utf8)
        var kept: [String] = []
        var (start, written) = (0, 0)
        bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for section in sections {
                let end = start + section.utf8.count
                let sectionEnd = SearchWords.dropMarkup(in: base, from: start, to: end, writingAt: written)
                kept.append(
                    String(
                        decoding: UnsafeBufferPointer(start: base + written, count: sectionEnd - written), as: UTF8.self
                    ))
                (start, written) = (end, sectionEnd)
            }
        }
        #expect(kept == ["Buy", "", "Plan Price", "no markers here"])
        #expect(String(decoding: bytes[..<written], as: UTF8.self) == "BuyPlan Priceno markers here")
    }
}
