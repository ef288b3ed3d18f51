import IAPTemplates
import Testing

@Suite("Escaping modes")
struct EscapingTests {
    @Test("HTML mode escapes the five characters that matter in HTML")
    func html() throws {
        #expect(
            try render("{{v}}", ["v": #"<a href="x">Tom & Lee's</a>"#])
                == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Lee&#39;s&lt;/a&gt;")
    }

    @Test("escaping keeps the surrounding non-ASCII text whole")
    func multibyte() throws {
        #expect(try render("{{v}}", ["v": "é&ü<日>"]) == "é&amp;ü&lt;日&gt;")
    }

    @Test("with escaping off, double mustaches insert values verbatim")
    func none() throws {
        let options = RenderOptions(escaping: .none)
        let source = #"let title = "{{title}}" // {{{title}}} {{&title}}"#
        #expect(
            try render(source, ["title": #"a<b & "c" 'd'"#], options: options)
                == #"let title = "a<b & "c" 'd'" // a<b & "c" 'd' a<b & "c" 'd'"#)
    }

    @Test("escaping off still prints numbers and booleans the same way")
    func noneScalars() throws {
        let options = RenderOptions(escaping: .none)
        #expect(try render("{{n}} {{b}}", ["n": 12.0, "b": false], options: options) == "12 false")
    }

    @Test("the default options are HTML escaping, not strict")
    func defaults() {
        #expect(RenderOptions() == RenderOptions(escaping: .html, strict: false))
    }
}
