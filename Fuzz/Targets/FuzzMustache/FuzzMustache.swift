import FuzzSupport
import IAPTemplates

/// A template compiled and rendered against a context with every kind of value, with itself
/// and a small template as partials, strict and lenient, escaped and not.
@_cdecl("FuzzMustache_main")
func fuzzMustacheMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    let context: TemplateValue = [
        "name": "Pebble <Store>", "count": 3, "flag": true, "none": false, "empty": [],
        "items": [["name": "a", "last": false], ["name": "b", "last": true]],
        "nested": ["deeper": ["value": "x"]],
    ]
    return runFuzzer(argc, argv) { bytes in
        let source = text(bytes)
        guard let template = try? Template(source: source, name: "fuzz.mustache") else { return }
        let partials = DictionaryPartials(["self": source, "row": "{{name}}{{^last}}, {{/last}}"])
        for options in [
            RenderOptions(escaping: .html, strict: false), RenderOptions(escaping: .none, strict: true),
        ] {
            _ = try? template.render(context, partials: partials, options: options)
        }
    }
}
