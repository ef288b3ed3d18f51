import Testing

@testable import IAPProject

/// The XML reader behind schemes: what Xcode writes is read, the rest is refused where it is.
@Suite struct XMLEventsTests {
    static func read(_ text: String) -> Result<[XMLEvents.Event], XMLEvents.Failure> {
        XMLEvents.read(Array(text.utf8))
    }

    @Test func elementsAttributesAndEntities() throws {
        let events = try Self.read(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment -->
            <Scheme version = "1.7" name='A &amp; B &#x263A; &#65;'>
               <LaunchAction/>
            </Scheme>

            """
        ).get()
        #expect(events.count == 4)
        guard case .start(let name, let attributes, let line, _) = events[0] else {
            Issue.record("a start tag first")
            return
        }
        #expect(name == "Scheme")
        #expect(attributes == ["version": "1.7", "name": "A & B ☺ A"])
        #expect(line == 3)
        #expect(events[1] == .start(name: "LaunchAction", attributes: [:], line: 4, column: 19))
        #expect(events[2] == .end(name: "LaunchAction", line: 4, column: 19))
    }

    @Test(
        arguments: [
            ("<A><B></A>", "element 'B' is closed by 'A'", 1, 7),
            ("<A>", "the file ends before element 'A' is closed", 1, 4),
            ("", "the file has no root element", 1, 1),
            ("<A/><B/>", "a second root element 'B'", 1, 5),
            ("text", "text before the root element", 1, 1),
            ("<A x=1/>", "an attribute value must be in quotes", 1, 6),
            ("<A x=\"1\" x=\"2\"/>", "attribute 'x' is given twice", 1, 10),
            ("<A x=\"&nope;\"/>", "unknown entity '&nope;'", 1, 7),
            ("<!DOCTYPE A><A/>", "a document type declaration or other '<!' markup is not read", 1, 1),
            ("<A><!-- open", "a comment is never closed", 1, 8),
            ("<A x=\"a<b\"/>", "'<' inside an attribute value", 1, 8),
            ("</A>", "'A' is closed but was never opened", 1, 1),
        ] as [(String, String, Int, Int)])
    func refusedWhereItGoesWrong(text: String, message: String, line: Int, column: Int) {
        #expect(Self.read(text) == .failure(XMLEvents.Failure(message: message, line: line, column: column)))
    }
}
