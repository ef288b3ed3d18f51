/// Where `{{> name}}` tags find their templates.
///
/// Returning nil means there is no such partial: it renders as empty, as the Mustache
/// specification asks, or is an error in strict mode. Throwing means the partial exists but is
/// broken (it does not compile, or cannot be read); the error should locate the problem in the
/// partial itself.
public protocol PartialSource: Sendable {
    func partial(named name: String) throws(TemplateError) -> Template?
}

/// Partials given as source text, keyed by name. Each is compiled once, here, and its name is
/// used as the file in error locations; a partial that does not compile reports its error when
/// a template first includes it.
public struct DictionaryPartials: PartialSource {
    private let templates: [String: Result<Template, TemplateError>]

    public init(_ sources: [String: String]) {
        var templates: [String: Result<Template, TemplateError>] = [:]
        for (name, source) in sources {
            do {
                templates[name] = .success(try Template(source: source, name: name))
            } catch {
                templates[name] = .failure(error)
            }
        }
        self.templates = templates
    }

    public func partial(named name: String) throws(TemplateError) -> Template? {
        try templates[name]?.get()
    }
}
