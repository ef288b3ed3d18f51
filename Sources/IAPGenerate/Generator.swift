import Foundation
import IAPDiagnostics
import IAPModel
import IAPTemplates

/// What to generate, besides the workbook.
public struct GenerationOptions: Sendable {
    /// Overrides the guide's `accessLevel`.
    public var accessLevel: AccessLevel?
    /// `--param key=value`: available to templates as `{{param.key}}`.
    public var parameters: [String: String]
    /// Where the troubleshooting checklist lives, for the pointer the manager prints.
    public var troubleshooting: String
    /// Named in every generated file's header ("the guides in Workbook").
    public var sourceDescription: String
    /// Put before the generated type names (`ProductID` becomes `ShopProductID`), for apps
    /// that already use those names or hold several catalogues.
    public var typePrefix: String

    public init(
        accessLevel: AccessLevel? = nil, parameters: [String: String] = [:],
        troubleshooting: String = "the troubleshooting checklist", sourceDescription: String = "the guides",
        typePrefix: String = ""
    ) {
        self.typePrefix = typePrefix
        self.accessLevel = accessLevel
        self.parameters = parameters
        self.troubleshooting = troubleshooting
        self.sourceDescription = sourceDescription
    }
}

/// A file the generator produced, not yet written.
public struct GeneratedFile: Sendable, Equatable {
    public var path: String
    public var contents: String
    /// Written only if absent: the user owns it afterwards.
    public var isScaffold: Bool

    public init(path: String, contents: String, isScaffold: Bool = false) {
        self.path = path
        self.contents = contents
        self.isScaffold = isScaffold
    }
}

/// From the model to the text of every output file. Writing is left to the caller, so the
/// whole generator runs in memory.
public enum Generator {
    public static func generate(
        _ workbook: Workbook, options: GenerationOptions, templates: TemplateLibrary
    ) -> (files: [GeneratedFile], diagnostics: [Diagnostic]) {
        let (planned, contextLog) = contexts(for: workbook, options: options)
        var log = contextLog
        var files: [GeneratedFile] = []
        for item in planned {
            let output = item.output
            do throws(TemplateError) {
                guard let source = try templates.source(named: output.template) else {
                    log.error("no template named '\(output.template).\(TemplateLibrary.fileExtension)'", at: nil)
                    continue
                }
                let template = try Template(source: source.text, name: source.path)
                let options = RenderOptions(escaping: output.escapesHTML ? .html : .none, strict: true)
                let text = try template.render(
                    .object(item.context), partials: templates.partials(for: output.template), options: options)
                files.append(GeneratedFile(path: output.path, contents: text, isScaffold: output.isScaffold))
            } catch {
                log.error(error.message, at: error.location)
            }
        }
        return (files, log.all)
    }

    /// One planned output: its template and file name, and the context it is rendered with.
    public struct PlannedOutput: Sendable {
        public var template: String
        public var path: String
        public var context: [String: TemplateValue]
    }

    /// The outputs for the guides and the context each template sees, for `iapkit template
    /// context`: what a custom template can use.
    public static func plannedOutputs(_ workbook: Workbook, options: GenerationOptions) -> (
        outputs: [PlannedOutput], diagnostics: [Diagnostic]
    ) {
        let (planned, log) = contexts(for: workbook, options: options)
        return (
            planned.map { PlannedOutput(template: $0.output.template, path: $0.output.path, context: $0.context) },
            log.all
        )
    }

    private static func contexts(for workbook: Workbook, options: GenerationOptions) -> (
        [(output: OutputPlan.File, context: [String: TemplateValue])], DiagnosticLog
    ) {
        var log = DiagnosticLog()
        // A prefix given to the generator wins over the guide's `typePrefix`.
        var options = options
        if options.typePrefix.isEmpty, let prefix = workbook.app?.typePrefix?.value { options.typePrefix = prefix }
        if !options.typePrefix.isEmpty, !AppConfiguration.isValidTypePrefix(options.typePrefix) {
            log.error(
                "type prefix \(Diagnostic.quote(options.typePrefix)) is not a Swift type name",
                at: workbook.app?.typePrefix?.location)
            return ([], log)
        }
        let names = GeneratedNames.make(for: workbook, typePrefix: options.typePrefix, diagnostics: &log)
        guard !log.hasErrors else { return ([], log) }
        let plan = OutputPlan.files(
            for: names, storekit: workbook.app?.storekit ?? .storeKit2, typePrefix: options.typePrefix,
            objectiveC: workbook.app?.objectiveC ?? false)
        let access = options.accessLevel ?? workbook.app?.accessLevel ?? .internal
        let swift = SwiftSourceContext.make(
            workbook: workbook, names: names, accessLevel: access, troubleshooting: options.troubleshooting,
            sourceDescription: options.sourceDescription)
        let storekit = StoreKitFileContext.make(workbook: workbook)
        let objectiveC = plan.files.first { $0.template.hasPrefix("ObjectiveC/") }.map { file in
            ObjectiveCSourceContext.make(
                workbook: workbook, names: names, className: String(file.path.prefix { $0 != "." }),
                troubleshooting: options.troubleshooting, sourceDescription: options.sourceDescription)
        }
        let parameters = TemplateValue.object(options.parameters.mapValues { .string($0) })
        var planned: [(output: OutputPlan.File, context: [String: TemplateValue])] = []
        for output in plan.files {
            var context = output.template.hasSuffix(".storekit") ? storekit : swift
            if output.template.hasPrefix("ObjectiveC/"), let objectiveC { context = objectiveC }
            context["fileName"] = .string(output.path)
            context["param"] = parameters
            context["typePrefix"] = .string(options.typePrefix)
            context.merge(output.context) { _, override in override }
            planned.append((output, context))
        }
        return (planned, log)
    }
}
