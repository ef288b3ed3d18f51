import IAPDiagnostics
import IAPExtract
import IAPFileAccess
import IAPModel
import IAPYAML

/// `iapkit.yml` in the working directory: the project's defaults, so that a bare `iapkit lint`
/// reads the right guides (like `swiftgen.yml`).
///
/// ```yaml
/// input: docs/iap          # or a list of paths
/// output: Sources/Store    # where `iapkit generate` writes
/// templates: MyTemplates   # overrides built-in templates file by file
/// site: docs/site          # where `iapkit render` writes
/// accessLevel: public
/// params: {key: value}
/// project: MyApp.xcodeproj # what `iapkit check` and `iapkit generate` check
/// docs: IAPKit             # where the checklist and troubleshooting reference go
/// troubleshooting: https://example.com/iap-troubleshooting  # link there instead
/// tangle: .                # where `iapkit tangle` writes the file-tagged code blocks
/// language: zh-Hans         # the book's language (default en); translations are folders
/// ```
struct ProjectConfiguration: Equatable {
    static let fileName = "iapkit.yml"
    static let knownKeys = [
        "input", "output", "templates", "site", "accessLevel", "params", "project", "docs", "troubleshooting",
        "tangle", "language",
    ]

    var input: [String]?
    var output: String?
    var templates: String?
    var site: String?
    var accessLevel: String?
    var project: String?
    /// Where `generate` writes the validation checklist and the troubleshooting reference,
    /// when not into the output folder (so that the folder holds only what an app compiles).
    var docs: String?
    /// A URL of the troubleshooting reference: every link goes there, and `generate` writes no
    /// copy of it.
    var troubleshooting: String?
    /// Where `tangle` writes the guides' file-tagged code blocks, when not the working directory.
    var tangle: String?
    /// The language the book is written in (`en` unless it says): it sets `lang` on the pages
    /// and the site's interface text, and the language `generate` writes the checklist in.
    var language: String?

    /// Where `generate` writes when neither `--output` nor `output` says.
    static let defaultOutput = "Generated"

    /// The folder `generate` writes the code to, after `--output`.
    static func outputDirectory(_ arguments: ParsedArguments, _ configuration: ProjectConfiguration?) -> String {
        arguments.value("--output") ?? configuration?.output ?? defaultOutput
    }

    /// The folder `generate` writes the checklist and the troubleshooting reference to, after
    /// `--docs`: the output folder unless `docs` names another.
    static func docsDirectory(_ arguments: ParsedArguments, _ configuration: ProjectConfiguration?) -> String {
        arguments.value("--docs") ?? configuration?.docs ?? outputDirectory(arguments, configuration)
    }
    var params: [String: String] = [:]
    /// Every path the file names, with its key and place, to check where it leads.
    var paths: [ConfiguredPath] = []

    struct ConfiguredPath: Equatable {
        var key: String
        var path: String
        var location: SourceLocation
    }

    enum LoadResult {
        case success(ProjectConfiguration?)
        case failure([Diagnostic])
    }

    static func load(context: CommandContext) -> LoadResult {
        let path = GuidePath.join(context.workingDirectory, fileName)
        guard context.fileSystem.kind(of: path) == .file else { return .success(nil) }
        let bytes: [UInt8]
        do {
            bytes = try context.fileSystem.contents(of: path)
        } catch {
            return .failure([.error("cannot read \(fileName): \(error)", at: nil)])
        }
        let parsed = parse(String(decoding: bytes, as: UTF8.self), file: fileName)
        guard case .success(let configuration?) = parsed, !context.allowsPathsOutsideWorkingDirectory else {
            return parsed
        }
        let outside = configuration.pathsOutside(context.workingDirectory, fileSystem: context.fileSystem)
        return outside.isEmpty ? parsed : .failure(outside)
    }

    /// The option that lets `iapkit.yml` name paths outside the working directory.
    static let outsidePathsOption = OptionSpec(
        names: ["--allow-outside-paths"],
        help: "Let iapkit.yml name inputs and outputs outside the working directory.")

    /// `iapkit.yml` comes with the project, perhaps from someone else's pull request: a path
    /// it names that leads outside the working directory (`output: ../..`, `site: /etc`, or a
    /// symbolic link that goes there) would read or write anywhere. Each is an error unless
    /// `--allow-outside-paths` says the user means it.
    func pathsOutside(_ workingDirectory: String, fileSystem: any GuideFileSystem) -> [Diagnostic] {
        let root = fileSystem.resolvedPath(of: workingDirectory)
        var problems: [Diagnostic] = []
        for entry in paths {
            let written = GuidePath.normalize(entry.path)
            var outside = written.hasPrefix("/") || written == ".." || written.hasPrefix("../")
            if !outside, let root,
                let resolved = Self.resolvedPrefix(
                    GuidePath.join(workingDirectory, written), fileSystem: fileSystem)
            {
                outside = !InputFile.isInside(resolved, root: root)
            }
            if outside {
                problems.append(
                    .error(
                        "'\(entry.key)' names \(Diagnostic.quote(entry.path)), which is outside the working directory; "
                            + "pass --allow-outside-paths if that is meant", at: entry.location))
            }
        }
        return problems
    }

    /// Where a path leads once symbolic links are followed, for as much of it as exists: an
    /// output folder is often not there yet, but a link to its parent still counts.
    private static func resolvedPrefix(_ path: String, fileSystem: any GuideFileSystem) -> String? {
        var existing = path
        var rest: [String] = []
        while fileSystem.kind(of: existing) == .missing {
            let parent = GuidePath.directory(of: existing)
            guard parent != existing else { return nil }
            rest.insert(existing.split(separator: "/").last.map(String.init) ?? existing, at: 0)
            existing = parent
        }
        guard let resolved = fileSystem.resolvedPath(of: existing) else { return nil }
        return ([resolved] + rest).joined(separator: "/")
    }

    static func parse(_ text: String, file: String) -> LoadResult {
        func location(_ mark: ConfigMark) -> SourceLocation {
            mark.sourceLocation(file: file, firstLine: 1)
        }
        let root: ConfigNode?
        switch YAMLReader.read(text) {
        case .success(let node): root = node
        case .failure(let error): return .failure([.error(error.message, at: location(error.mark))])
        }
        guard let root else { return .success(ProjectConfiguration()) }
        guard let entries = root.entries else {
            return .failure([
                .error("\(fileName) must be a mapping of settings, such as 'input: Workbook'", at: location(root.mark))
            ])
        }
        var configuration = ProjectConfiguration()
        var problems: [Diagnostic] = []
        for entry in entries {
            switch entry.key {
            case "input":
                if let path = entry.value.scalarText {
                    configuration.input = [path]
                    configuration.paths.append(
                        ConfiguredPath(key: "input", path: path, location: location(entry.value.mark)))
                } else if let items = entry.value.items, items.allSatisfy({ $0.scalarText != nil }) {
                    configuration.input = items.compactMap(\.scalarText)
                    for item in items {
                        configuration.paths.append(
                            ConfiguredPath(key: "input", path: item.scalarText ?? "", location: location(item.mark)))
                    }
                } else {
                    problems.append(.error("'input' must be a path or a list of paths", at: location(entry.value.mark)))
                }
            case "output", "templates", "site", "accessLevel", "project", "docs", "troubleshooting", "tangle",
                "language":
                guard let text = entry.value.scalarText else {
                    problems.append(.error("'\(entry.key)' must be a single value", at: location(entry.value.mark)))
                    continue
                }
                if ["output", "templates", "project", "site", "docs", "tangle"].contains(entry.key) {
                    configuration.paths.append(
                        ConfiguredPath(key: entry.key, path: text, location: location(entry.value.mark)))
                }
                if entry.key == "output" { configuration.output = text }
                if entry.key == "templates" { configuration.templates = text }
                if entry.key == "project" { configuration.project = text }
                if entry.key == "site" { configuration.site = text }
                if entry.key == "docs" { configuration.docs = text }
                if entry.key == "tangle" { configuration.tangle = text }
                if entry.key == "troubleshooting" {
                    guard text.hasPrefix("https://") || text.hasPrefix("http://") else {
                        problems.append(
                            .error(
                                "'troubleshooting' is the URL of the troubleshooting reference, such as https://example.com/troubleshooting",
                                at: location(entry.value.mark)))
                        continue
                    }
                    configuration.troubleshooting = text
                }
                if entry.key == "language" {
                    guard LanguageTag.isWellFormed(text) else {
                        problems.append(
                            .error(
                                "'language' is a language tag, such as 'en', 'zh-Hans' or 'uk'",
                                at: location(entry.value.mark)))
                        continue
                    }
                    configuration.language = LanguageTag.canonical(text)
                }
                if entry.key == "accessLevel" {
                    guard ["public", "internal"].contains(text) else {
                        problems.append(
                            .error("'accessLevel' is 'public' or 'internal'", at: location(entry.value.mark)))
                        continue
                    }
                    configuration.accessLevel = text
                }
            case "params":
                guard let pairs = entry.value.entries, pairs.allSatisfy({ $0.value.scalarText != nil }) else {
                    problems.append(.error("'params' must map names to text", at: location(entry.value.mark)))
                    continue
                }
                for pair in pairs { configuration.params[pair.key] = pair.value.scalarText }
            default:
                let hint = Suggestion.closest(to: entry.key, among: knownKeys).map { "; did you mean '\($0)'?" } ?? ""
                problems.append(
                    .error(
                        "unknown key \(Diagnostic.quote(entry.key)) in \(fileName)\(hint)", at: location(entry.keyMark))
                )
            }
        }
        if configuration.input?.isEmpty == true {
            problems.append(.error("'input' lists no paths", at: location(root.mark)))
        }
        return problems.isEmpty ? .success(configuration) : .failure(problems)
    }
}
