import Foundation
import IAPDiagnostics
import IAPExtract
import IAPFileAccess
import IAPTemplates

/// `iapkit template render`: one template, one JSON context, to standard output, for people
/// writing their own templates.
enum TemplateCommand: Command {
    static let name = "template"
    static let summary = "Render one Mustache template with a JSON context (for writing templates)."
    static let usage = "iapkit template render TEMPLATE --context DATA.json [--partials DIR] [--strict] [--no-escape]"
    static let discussion = """
        Follows the Mustache specification: {{name}} is HTML-escaped unless --no-escape is given
        (as for the built-in Swift templates). With --strict, a name missing from the context is
        an error located in the template. Partials {{> name}} are read from DIR/name.mustache
        (default: the template's own folder).
        """
    static let options: [OptionSpec] = [
        OptionSpec(
            names: ["--context", "-c"], valueName: "file",
            help: "JSON file holding the context ('-' for standard input)."),
        OptionSpec(names: ["--partials"], valueName: "dir", help: "Folder of partials (NAME.mustache)."),
        OptionSpec(names: ["--strict"], help: "Treat a name missing from the context as an error."),
        OptionSpec(names: ["--no-escape"], help: "Insert values as they are instead of HTML-escaping them."),
    ]

    static func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitStatus {
        guard arguments.positionals.first == "render", arguments.positionals.count == 2 else {
            return usage("expected 'render TEMPLATE'", context: context)
        }
        let path = arguments.positionals[1]
        guard let contextPath = arguments.value("--context") else {
            return usage("missing '--context DATA.json'", context: context)
        }
        let source: [UInt8]
        let data: [UInt8]
        do {
            source = try context.fileSystem.contents(of: path)
            data =
                contextPath == "-" ? try context.readStandardInput() : try context.fileSystem.contents(of: contextPath)
        } catch {
            context.standardError.line("iapkit: error: cannot read: \(error)")
            return .usageOrInput
        }
        let value: TemplateValue
        do {
            value = try TemplateValue(json: Data(data))
        } catch {
            context.standardError.line("\(contextPath): error: not a JSON context: \(error)")
            return .usageOrInput
        }
        let folder = arguments.value("--partials") ?? (path as NSString).deletingLastPathComponent
        let partials = FileSystemPartials(fileSystem: context.fileSystem, directory: folder.isEmpty ? "." : folder)
        let options = RenderOptions(
            escaping: arguments.has("--no-escape") ? .none : .html, strict: arguments.has("--strict"))
        do throws(TemplateError) {
            let template = try Template(source: String(decoding: source, as: UTF8.self), name: path)
            context.standardOutput.write(try template.render(value, partials: partials, options: options))
            return .success
        } catch {
            context.standardError.line(error.description)
            return .findings
        }
    }

    private static func usage(_ message: String, context: CommandContext) -> ExitStatus {
        context.standardError.line("iapkit template: error: \(message)")
        context.standardError.line("Run 'iapkit template --help' for usage.")
        return .usageOrInput
    }
}

/// Partials read through the command's file system, so they come from wherever the template did.
/// A partial must be a regular file inside the partials folder, after symbolic links.
private struct FileSystemPartials: PartialSource {
    let fileSystem: any GuideFileSystem
    let directory: String

    func partial(named name: String) throws(TemplateError) -> Template? {
        guard DirectoryPartials.staysInside(name) else { return nil }
        let path = GuidePath.join(directory, name + ".mustache")
        let start = SourceLocation(file: path, line: 1, column: 1)
        switch fileSystem.kind(of: path) {
        case .missing, .directory: return nil
        case .special(let what): throw TemplateError("the partial is \(what), not a regular file", at: start)
        case .file: break
        }
        guard let root = fileSystem.resolvedPath(of: directory), let resolved = fileSystem.resolvedPath(of: path),
            InputFile.isInside(resolved, root: root)
        else {
            throw TemplateError(
                "the partial leads outside the partials folder '\(directory)' through a symbolic link; it is not read",
                at: start)
        }
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.contents(of: path)
        } catch {
            throw TemplateError("the partial file cannot be read: \(error)", at: start)
        }
        return try Template(source: String(decoding: bytes, as: UTF8.self), name: path)
    }
}
