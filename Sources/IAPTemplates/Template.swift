import IAPDiagnostics

/// A compiled Mustache template.
///
/// Compiling checks the whole template (unclosed tags and sections, mismatched closing tags,
/// bad names and set-delimiter tags) and reports the first problem with its location, so a
/// template that compiles can only fail at render time on the data (strict mode) or on its
/// partials. Compile once and render many times: rendering walks the compiled instructions.
public struct Template: Sendable {
    /// The name given at compile time, used as the file in error locations.
    public let name: String
    let program: [Instruction]

    public init(source: String, name: String) throws(TemplateError) {
        var parser = TemplateParser(source: source, file: name)
        program = try parser.parse()
        self.name = name
    }

    /// Renders the template against `context`, taking `{{> name}}` partials from `partials`.
    public func render(
        _ context: TemplateValue,
        partials: any PartialSource = DictionaryPartials([:]),
        options: RenderOptions = RenderOptions()
    ) throws(TemplateError) -> String {
        var renderer = Renderer(partials: partials, options: options)
        return try renderer.render(self, context: context)
    }

    func location(of position: TagPosition) -> SourceLocation {
        SourceLocation(file: name, line: position.line, column: position.column)
    }
}
