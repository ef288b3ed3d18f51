import IAPTemplates
import Testing

@Suite("Template compile errors")
struct ParseErrorTests {
    @Test(
        "each malformed template reports one exact message at the tag",
        arguments: [
            ("Hello {{name", "unclosed tag: no '}}' after this '{{'", 1, 7),
            ("{{{name}}", "unclosed tag: no '}}}' after this '{{{'", 1, 1),
            ("a\n {{=<% %>}}", "unclosed tag: no '=}}' after this '{{='", 2, 2),
            ("{{=<% %>=}}\n<%name", "unclosed tag: no '%>' after this '<%'", 2, 1),
            ("{{", "unclosed tag: no '}}' after this '{{'", 1, 1),
            ("x\n{{#a}}{{/b}}", "'{{/b}}' closes 'a' opened at 2:1", 2, 7),
            ("{{#a}}{{/ b }}", "'{{/ b }}' closes 'a' opened at 1:1", 1, 7),
            ("{{#outer}}{{#inner}}{{/outer}}", "'{{/outer}}' closes 'inner' opened at 1:11", 1, 21),
            ("{{=<% %>=}}<%#a%><%/b%>", "'<%/b%>' closes 'a' opened at 1:12", 1, 18),
            ("text {{/a}}", "'{{/a}}' closes no open section", 1, 6),
            ("{{#a}}{{/a}}{{/a}}", "'{{/a}}' closes no open section", 1, 13),
            (
                "{{=<%=}}",
                "set-delimiter tag '{{=<%=}}' needs two delimiters separated by a space, as in '{{=<% %>=}}'", 1, 1
            ),
            (
                "{{=a b c=}}",
                "set-delimiter tag '{{=a b c=}}' needs two delimiters separated by a space, as in '{{=<% %>=}}'", 1, 1
            ),
            (
                "{{= =}}", "set-delimiter tag '{{= =}}' needs two delimiters separated by a space, as in '{{=<% %>=}}'",
                1, 1
            ),
            ("{{}}", "tag '{{}}' has no name", 1, 1),
            ("a {{ }}", "tag '{{ }}' has no name", 1, 3),
            ("{{#}}{{/}}", "tag '{{#}}' has no name", 1, 1),
            ("{{^ }}", "tag '{{^ }}' has no name", 1, 1),
            ("{{{}}}", "tag '{{{}}}' has no name", 1, 1),
            ("{{&}}", "tag '{{&}}' has no name", 1, 1),
            ("{{>}}", "tag '{{>}}' has no name", 1, 1),
            ("{{/}}", "tag '{{/}}' has no name", 1, 1),
            ("{{a b}}", "'a b' is not a valid name; a name is keys joined by dots, without spaces", 1, 1),
            ("{{a..b}}", "'a..b' is not a valid name; a name is keys joined by dots, without spaces", 1, 1),
            ("{{#a.}}{{/a.}}", "'a.' is not a valid name; a name is keys joined by dots, without spaces", 1, 1),
            ("{{..}}", "'..' is not a valid name; a name is keys joined by dots, without spaces", 1, 1),
            ("{{> a b}}", "'a b' is not a valid partial name; it cannot contain spaces", 1, 1),
            ("é {{", "unclosed tag: no '}}' after this '{{'", 1, 4),
        ])
    func malformed(source: String, message: String, line: Int, column: Int) {
        #expect(compileError(source) == TemplateError(message, at: location("page.mustache", line, column)))
    }

    @Test("an unclosed section is reported at the end, naming where it opened")
    func unclosedSection() {
        let source = "Items:\n\n    {{#products}}\n- {{name}}\n"
        #expect(
            compileError(source)
                == TemplateError(
                    "section 'products' opened at 3:5 is never closed", at: location("page.mustache", 5, 1)))
    }

    @Test("of several unclosed sections, the innermost is reported")
    func innermostUnclosed() {
        #expect(
            compileError("{{#a}}\n{{^b}}x")?.message == "section 'b' opened at 2:1 is never closed")
    }

    @Test("columns count UTF-8 bytes, as the rest of IAPKit does")
    func byteColumns() {
        #expect(compileError("日本 {{/x}}")?.location == location("page.mustache", 1, 8))
    }

    @Test("the error prints as file:line:col: error: message")
    func printedForm() {
        #expect(
            compileError("Hello {{name", name: "Views/Paywall.mustache")?.description
                == "Views/Paywall.mustache:1:7: error: unclosed tag: no '}}' after this '{{'")
    }

    @Test("a closing tag written with new delimiters is quoted as written")
    func quotedAsWritten() {
        #expect(compileError("{{=[ ]=}}[#a][/b]")?.message == "'[/b]' closes 'a' opened at 1:10")
    }

    @Test("control characters in a quoted tag are escaped so the message stays on one line")
    func escapedInMessage() {
        #expect(compileError("{{#a}}{{/\nb}}")?.message == "'{{/\\nb}}' closes 'a' opened at 1:1")
    }

    @Test("names that are valid compile")
    func validNames() {
        for source in [
            "{{.}}", "{{.a}}", "{{a.b.c}}", "{{a-b_c}}", "{{#.}}{{/.}}", "{{> shared/row.item }}", "{{ é }}",
        ] {
            #expect(compileError(source) == nil, "\(source)")
        }
    }
}
