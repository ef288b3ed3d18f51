import IAPTemplates
import Testing

@Suite("Strict rendering")
struct StrictModeTests {
    @Test("a missing variable is an error at the tag")
    func missingVariable() {
        #expect(
            renderError("Buy\n  {{productName}} now", [:])
                == TemplateError("no value named 'productName' in the context", at: location("page.mustache", 2, 3)))
    }

    @Test("a near miss suggests the key that exists")
    func suggestion() {
        #expect(
            renderError("{{productNme}}", ["productName": "Gold"])?.message
                == "no value named 'productNme' in the context; did you mean 'productName'?")
    }

    @Test("suggestions come from every context on the stack")
    func suggestionFromOuterContext() {
        #expect(
            renderError("{{#item}}{{curency}}{{/item}}", ["currency": "EUR", "item": ["price": 1]])?.message
                == "no value named 'curency' in the context; did you mean 'currency'?")
    }

    @Test("a missing section name is an error, for sections and inverted sections")
    func missingSection() {
        #expect(
            renderError("{{#offers}}x{{/offers}}", [:])
                == TemplateError("no value named 'offers' in the context", at: location("page.mustache", 1, 1)))
        #expect(
            renderError("ok\n{{^offers}}x{{/offers}}", [:])
                == TemplateError("no value named 'offers' in the context", at: location("page.mustache", 2, 1)))
    }

    @Test("null is allowed as a section value: it is false")
    func nullSection() throws {
        let options = RenderOptions(strict: true)
        #expect(try render("{{#gone}}x{{/gone}}{{^gone}}y{{/gone}}", ["gone": nil], options: options) == "y")
    }

    @Test("interpolating null is an error")
    func nullVariable() {
        #expect(
            renderError("[{{gone}}]", ["gone": nil])
                == TemplateError("'gone' is null", at: location("page.mustache", 1, 2)))
    }

    @Test("a broken dotted chain names the key that is missing")
    func brokenChain() {
        #expect(
            renderError("{{product.title}}", ["product": ["name": "Gold"]])?.message
                == "no value named 'product.title' in the context: 'product' has no key 'title'")
        #expect(
            renderError("{{product.nmae}}", ["product": ["name": "Gold"]])?.message
                == "no value named 'product.nmae' in the context: 'product' has no key 'nmae'; did you mean 'name'?")
        #expect(
            renderError("{{a.b.c}}", ["a": ["b": ["d": 1]]])?.message
                == "no value named 'a.b.c' in the context: 'a.b' has no key 'c'")
    }

    @Test("a dotted name through a scalar says what the scalar is")
    func chainThroughScalar() {
        #expect(
            renderError("{{price.amount}}", ["price": 3])?.message
                == "no value named 'price.amount' in the context: 'price' is a number, not an object")
        #expect(
            renderError("{{#tags.first}}{{/tags.first}}", ["tags": ["a"]])?.message
                == "no value named 'tags.first' in the context: 'tags' is a list, not an object")
    }

    @Test("a leading dot only searches the current context, in strict mode too")
    func anchoredMissing() {
        #expect(
            renderError("{{#box}}{{.label}}{{/box}}", ["box": [:], "label": "outer"])?.message
                == "no value named '.label' in the context")
    }

    @Test("lists and objects cannot be inserted as text")
    func notText() {
        #expect(
            renderError("{{items}}", ["items": [1]])?.message
                == "'items' is a list, not text; a section goes through its items")
        #expect(
            renderError("{{product}}", ["product": ["name": "Gold"]])?.message
                == "'product' is an object, not text; name one of its keys, as in 'product.key'")
        #expect(
            renderError("{{#product}}{{.}}{{/product}}", ["product": ["name": "Gold"]])?.message
                == "'.' is an object, not text; name one of its keys, as in '.key'")
    }

    @Test("the error comes from the item that lacks the value")
    func errorInsideList() {
        #expect(
            renderError("{{#items}}\n- {{name}}\n{{/items}}", ["items": [["name": "a"], [:]]])
                == TemplateError("no value named 'name' in the context", at: location("page.mustache", 2, 3)))
    }

    @Test("a missing partial is an error in strict mode only")
    func missingPartial() throws {
        #expect(
            renderError("a {{>footer}}", [:])
                == TemplateError("no partial named 'footer'", at: location("page.mustache", 1, 3)))
        #expect(try render("a {{>footer}}", [:]) == "a ")
    }

    @Test("an error inside a partial is located in the partial")
    func errorInPartial() {
        #expect(
            renderError("{{>row}}", ["items": [1]], partials: ["row": "ok\n {{missing}}"])
                == TemplateError("no value named 'missing' in the context", at: location("row", 2, 2)))
    }

    @Test("the same templates render as empty text when not strict")
    func lenientCounterparts() throws {
        let context: TemplateValue = ["gone": nil, "items": [1], "product": ["name": "Gold"]]
        let source = "[{{missing}}{{gone}}{{items}}{{product}}{{product.title}}{{#nope}}x{{/nope}}]"
        #expect(try render(source, context) == "[]")
    }

    @Test("values that are present render the same in both modes")
    func strictRendersNormally() throws {
        let source = "{{#items}}{{name}}={{price}} {{/items}}{{^empty}}none{{/empty}}"
        let context: TemplateValue = ["items": [["name": "a", "price": 1.5]], "empty": []]
        #expect(try render(source, context, options: RenderOptions(strict: true)) == "a=1.5 none")
        #expect(try render(source, context) == "a=1.5 none")
    }
}
