import Foundation
import PackagePlugin

/// Compiles the templates below the target's folder into the target as Swift source, so the
/// `iapkit` binary needs no resource bundle. Every template is a declared input, so editing
/// one rebuilds exactly this target, and `Templates/` stays the only copy of them.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        // The target is the package's `Templates/` folder (see Package.swift).
        let root = context.package.directoryURL.appending(path: "Templates")
        let templates = Self.templateFiles(below: root)
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplates.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(templates.count) templates",
                executable: try context.tool(named: "TemplateEmbedder").url,
                arguments: [output.path, root.path] + templates.map(\.path),
                inputFiles: templates,
                outputFiles: [output]
            )
        ]
    }

    /// Every `.mustache` file below `root`, in path order.
    static func templateFiles(below root: URL) -> [URL] {
        guard
            let enumerator = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator where url.pathExtension == "mustache" {
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }
}
