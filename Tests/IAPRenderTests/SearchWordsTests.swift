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
        #expect(String(decoding: SearchWords.withoutMarkup(Array(text.utf8)), as: UTF8.self) == kept)
    }
}
