import Foundation
import IAPDiagnostics
import IAPExtract
import IAPFileAccess
import IAPGenerate
import IAPTemplates
import Templates

/// `iapkit template list|cat|context|render`: for people writing their own templates, the
/// built-in ones to start from, the context each sees, and one template rendered on its own.
enum TemplateCommand: Command {
    static let name = "template"
    static let summary = "List, print or render templates, and show their context (for writing templates)."
    static let usage = """
        iapkit template list | cat NAME | context NAME [PATH...] | render TEMPLATE --context DATA.json [--partials DIR] [--strict] [--no-escape]
        """
    static let discussion = """
        list prints the name of every built-in template (StoreKit2/StoreManager.swift, ...); cat
        NAME prints one, to copy into a folder of your own under the same relative path and pass
        with --templates (or 'templates' in iapkit.yml); context NAME prints, as JSON, what that
        template sees when 'generate' renders it for the guides (PATH, as for 'lint').
        Example: iapkit template cat StoreKit2/StoreManager.swift > MyTemplates/StoreKit2/StoreManager.swift.mustache

        render follows the Mustache specification: {{name}} is HTML-escaped unless --no-escape
        is given (as for the built-in Swift templates). With --strict, a name missing from the
        context is an error located in the template. Partials {{> name}} are read from
        DIR/name.mustache (default: the template's own folder).
        Example: iapkit template context StoreKit2/ProductID.swift > ctx.json && iapkit template render MyTemplates/StoreKit2/ProductID.swift.mustache --context ctx.json --no-escape --strict
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
        switch arguments.positionals.first {
        case "list":
            for name in BuiltInTemplates.names { context.standardOutput.line(name) }
            return .success
        case "cat":
            guard arguments.positionals.count == 2 else { return usage("expected 'cat NAME'", context: context) }
            let name = builtInName(arguments.positionals[1])
            guard let source = BuiltInTemplates.sources[name] else {
                return unknownTemplate(name, context: context)
            }
            context.standardOutput.write(source)
            return .success
        case "context":
            guard arguments.positionals.count >= 2 else {
                return usage("expected 'context NAME [PATH...]'", context: context)
            }
            return printContext(
                of: builtInName(arguments.positionals[1]), guides: Array(arguments.positionals.dropFirst(2)),
                context: context)
        case "render":
            break
        default:
            return usage("expected 'list', 'cat NAME', 'context NAME' or 'render TEMPLATE'", context: context)
        }
        guard arguments.positionals.count == 2 else {
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
            context.standardError.line("iapkit template: error: cannot read \(Diagnostic.quote(path)): \(error)")
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

extension TemplateCommand {
    /// `StoreKit2/StoreManager.swift.mustache` and `StoreKit2/StoreManager.swift` name the same
    /// template.
    static func builtInName(_ name: String) -> String {
        name.hasSuffix(".mustache") ? String(name.dropLast(".mustache".count)) : name
    }

    static func unknownTemplate(_ name: String, context: CommandContext) -> ExitStatus {
        let hint = Suggestion.closest(to: name, among: BuiltInTemplates.names).map { "; did you mean '\($0)'?" } ?? ""
        context.standardError.line(
            "iapkit template: error: no built-in template \(Diagnostic.quote(name))\(hint) ('iapkit template list' names them)"
        )
        return .usageOrInput
    }

    /// The context `generate` renders the template with, for the guides at `guides`.
    static func printContext(of name: String, guides: [String], context: CommandContext) -> ExitStatus {
        guard BuiltInTemplates.sources[name] != nil else { return unknownTemplate(name, context: context) }
        let session = GuideSession.load(guides, context: context)
        if !session.inputErrors.isEmpty || session.errorCount > 0 {
            session.report(to: context.standardError, errors: context.standardError, command: name)
            return session.inputErrors.isEmpty ? .findings : .usageOrInput
        }
        let planned = Generator.plannedOutputs(
            session.workbook, options: GenerationOptions(sourceDescription: "the guides in \(session.inputDescription)")
        )
        guard let output = planned.outputs.first(where: { $0.template == name }) else {
            let used = planned.outputs.map(\.template).joined(separator: ", ")
            context.standardError.line(
                "iapkit template: error: these guides do not render \(Diagnostic.quote(name)); they render \(used)")
            return .findings
        }
        context.standardOutput.write(TemplateValue.object(output.context).jsonText)
        return .success
    }
}
