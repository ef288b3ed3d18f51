import IAPDiagnostics
import IAPTemplates
import Testing

/// A location in a named template, for comparing errors exactly.
func location(_ file: String, _ line: Int, _ column: Int) -> IAPDiagnostics.SourceLocation {
    IAPDiagnostics.SourceLocation(file: file, line: line, column: column)
}

/// The error compiling `source` throws, or nil when it compiles.
func compileError(_ source: String, name: String = "page.mustache") -> TemplateError? {
    do {
        _ = try Template(source: source, name: name)
        return nil
    } catch {
        return error
    }
}

/// Compiles and renders in one step, for tests about rendering.
func render(
    _ source: String, _ context: TemplateValue, partials: [String: String] = [:],
    options: RenderOptions = RenderOptions(), name: String = "page.mustache"
) throws(TemplateError) -> String {
    try Template(source: source, name: name).render(context, partials: DictionaryPartials(partials), options: options)
}

/// The error rendering throws, or nil when it renders.
func renderError(
    _ source: String, _ context: TemplateValue, partials: [String: String] = [:],
    options: RenderOptions = RenderOptions(strict: true)
) -> TemplateError? {
    do {
        _ = try render(source, context, partials: partials, options: options)
        return nil
    } catch {
        return error
    }
}
