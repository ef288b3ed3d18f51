import Foundation
import PackagePlugin

/// Generates a target's store from its guides at build time: `iapkit generate --swift-file`
/// writes one Swift file into the plugin's work folder, which the target compiles.
///
/// The guides are the paths that `input` names in the target's `iapkit.yml` (or, failing that,
/// the package's), relative to that file; without one, the target's `Guides/` folder. Every file
/// below them is a declared input and the Swift file the only output, so a build runs iapkit
/// only when a guide changed, and the tool writes nowhere else (the build sandbox allows no
/// more).
@main
struct IAPKitGenerate: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let targetFolder = target.directoryURL
        let guides = GuideLocation.paths(targetFolder: targetFolder, packageFolder: context.package.directoryURL)
        let inputs = guides.flatMap(GuideLocation.files(below:))
        let output = context.pluginWorkDirectoryURL.appending(path: "\(target.name)+IAPKit.swift")
        return [
            .buildCommand(
                displayName: "Generating the store of \(target.name) from \(inputs.count) guide files",
                executable: try context.tool(named: "iapkit").url,
                arguments: ["generate"] + guides.map(\.path) + ["--swift-file", output.path],
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}

enum GuideLocation {
    /// The guide paths for a target, as absolute URLs.
    static func paths(targetFolder: URL, packageFolder: URL) -> [URL] {
        for folder in [targetFolder, packageFolder] {
            let configuration = folder.appending(path: "iapkit.yml")
            guard let text = try? String(contentsOf: configuration, encoding: .utf8) else { continue }
            let inputs = configuredInputs(text)
            if !inputs.isEmpty { return inputs.map { folder.appending(path: $0) } }
        }
        return [targetFolder.appending(path: "Guides")]
    }

    /// The `input` of an `iapkit.yml`: `input: PATH`, `input: [A, B]` or a block list of paths.
    /// iapkit itself reads the file in full; the plugin needs only these paths to declare the
    /// build's inputs.
    static func configuredInputs(_ text: String) -> [String] {
        var paths: [String] = []
        var inList = false
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if inList {
                if trimmed.hasPrefix("- ") {
                    paths.append(unquoted(String(trimmed.dropFirst(2))))
                    continue
                }
                if trimmed.isEmpty { continue }
                inList = false
            }
            guard line.hasPrefix("input:") else { continue }
            let value = line.dropFirst("input:".count).trimmingCharacters(in: .whitespaces)
            if value.isEmpty {
                inList = true
            } else if value.hasPrefix("[") && value.hasSuffix("]") {
                paths += value.dropFirst().dropLast().split(separator: ",").map {
                    unquoted($0.trimmingCharacters(in: .whitespaces))
                }
            } else {
                paths.append(unquoted(value))
            }
        }
        return paths.filter { !$0.isEmpty }
    }

    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first else {
            return text
        }
        return String(text.dropFirst().dropLast())
    }

    /// Every file below a guide path (or the path itself), hidden ones aside, in path order.
    static func files(below url: URL) -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [url] }
        guard
            let enumerator = FileManager.default.enumerator(
                at: url, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var files: [URL] = []
        for case let file as URL in enumerator
        where (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            files.append(file)
        }
        return files.sorted { $0.path < $1.path }
    }
}
