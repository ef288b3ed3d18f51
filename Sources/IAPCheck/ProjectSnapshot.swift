import IAPDiagnostics
import IAPFileAccess
import IAPProject

/// The files `ProjectLoader` reads: a folder tree, by path.
public protocol ProjectFileSystem: Sendable {
    /// `true` for a folder, `false` for a regular file, `nil` when nothing is there (or only a
    /// named pipe, a device or a socket, which no project file can be).
    func isDirectory(_ path: String) -> Bool?
    func contents(of path: String) throws -> [UInt8]
    /// Names (not paths) of a folder's entries, in any order.
    func entries(of directory: String) throws -> [String]
    /// The absolute path after symbolic links; nil when nothing is there.
    func resolvedPath(of path: String) -> String?
    /// The device and inode a path leads to; nil where files have none (memory).
    func identity(of path: String) -> FileIdentity?
}

extension ProjectFileSystem {
    /// Without symbolic links, a path resolves as written.
    public func resolvedPath(of path: String) -> String? {
        isDirectory(path) == nil ? nil : ProjectPath.tidy("/" + path)
    }

    public func identity(of path: String) -> FileIdentity? { nil }
}

/// Which kind of project file a problem is about, so that the check that reads that kind of file
/// reports it.
public enum ProjectInput: String, Hashable, Sendable {
    case scheme
    case storeKitFile
    case entitlements
    case infoPlist
    case buildConfigurationFile
    case source
}

/// A project file that could not be read. The project still gets its report: the check that
/// needs the file says so at the file's place.
public struct ProjectReadProblem: Hashable, Sendable {
    public var error: ProjectReadError
    public var input: ProjectInput

    public init(_ error: ProjectReadError, input: ProjectInput) {
        self.error = error
        self.input = input
    }
}

/// An `.xcconfig` file with everything it includes, flattened in the order Xcode reads it.
public struct ConfigurationFileChain: Hashable, Sendable {
    public var path: String
    public var entries: [BuildSettingEntry]
    /// Files of the chain that do not exist or cannot be read, the first one included.
    public var missing: [String]
}

/// The `Info.plist` of one target in one build configuration.
public struct TargetInfoPlist: Hashable, Sendable {
    public var targetID: String
    public var configuration: String
    public var path: String
}

/// Everything the checks read from an Xcode project, parsed and held in memory.
public struct ProjectSnapshot: Sendable {
    /// The `.xcodeproj` folder.
    public var projectPath: String
    /// The folder that contains the `.xcodeproj`; project-relative paths start here.
    public var projectFolder: String
    public var project: PBXProject
    public var infoPlists: [InfoPlist] = []
    /// Which `Info.plist` each target uses in each configuration.
    public var targetInfoPlists: [TargetInfoPlist] = []
    public var entitlements: [Entitlements] = []
    /// The project's schemes, and those of workspaces beside it that run its targets.
    public var schemes: [Scheme] = []
    /// The `.xcworkspace` folders beside the project (such as CocoaPods'), which the team may
    /// open it through.
    public var workspaces: [String] = []
    public var storeKitFiles: [StoreKitFile] = []
    /// The Swift and Objective-C files that ship in a target (tests and files in no target are
    /// left out), in path order.
    public var sources: [SwiftSourceScan] = []
    /// Sources `iapkit generate` wrote (they open with its header): their IDs come from the
    /// guides, so the ID checks do not second-guess them.
    public var generatedFiles: Set<String> = []
    /// Every file found under the project folder, and every file a scheme names that exists
    /// outside it, for resolving references.
    public var files: Set<String> = []
    /// For each target that is not a test, the Swift and Objective-C files it ships.
    public var targetSources: [String: Set<String>] = [:]
    /// The base configuration files of the configurations, by the path the project names.
    public var configurationFiles: [String: ConfigurationFileChain] = [:]
    /// Files that could not be read, each for the check that needs it.
    public var problems: [ProjectReadProblem] = []
    /// The libraries CocoaPods installed into a `Pods` folder beside the project, when the team
    /// commits that folder: their code ships but is not read, yet what it does is known.
    public var committedPods: Set<String> = []
    /// The property lists the sources read by name as resources (`forResource: "Products"`),
    /// by that name, for the product IDs some apps keep there.
    public var resourcePropertyLists: [String: ResourcePropertyList] = [:]
    /// The view controllers the apps' main storyboards create at launch.
    public var launchControllers: [StoryboardReader.Controller] = []
    /// Set when the folder the user named holds several projects and this one was chosen.
    public var choice: ProjectChoice?

    public init(projectPath: String, projectFolder: String, project: PBXProject) {
        self.projectPath = projectPath
        self.projectFolder = projectFolder
        self.project = project
    }

    /// The file a scheme's StoreKit configuration names, as Xcode resolves it; nil when the
    /// identifier climbs above the file-system root.
    public func resolvedPath(of reference: StoreKitConfigurationReference, in scheme: Scheme) -> String? {
        guard let own = reference.resolvedPath(container: scheme.container) else { return nil }
        if files.contains(own) { return own }
        // A project's scheme opened through a workspace that lists it resolves the file from that
        // workspace, as Xcode does when the team works in the workspace.
        if ProjectPath.fileExtension(scheme.container) == "xcodeproj" {
            for workspace in workspaces {
                if let path = reference.resolvedPath(container: workspace), files.contains(path) { return path }
            }
        }
        return Self.sameIgnoringCase(own, in: files) ?? own
    }

    /// The one file whose path differs from `path` only in letter case: a Mac's disk is case
    /// insensitive unless formatted otherwise, so Xcode opens `foqos/Tips.storekit` as
    /// `Foqos/Tips.storekit`.
    static func sameIgnoringCase(_ path: String, in files: Set<String>) -> String? {
        let folded = path.lowercased()
        let matches = files.filter { $0.utf8.count == path.utf8.count && $0.lowercased() == folded }
        return matches.count == 1 ? matches.first : nil
    }

    /// The problems with one kind of file.
    public func problems(_ input: ProjectInput) -> [ProjectReadProblem] { problems.filter { $0.input == input } }

    /// A project-relative path as a path the file system knows.
    public func path(_ projectRelative: String) -> String {
        ProjectPath.tidy(ProjectPath.join(projectFolder, projectRelative))
    }

    /// The settings of `target` in `configuration` as the build resolves them.
    public func buildSettings(_ target: PBXTarget, configuration: String) -> BuildSettings {
        let projectConfiguration = project.projectConfigurations.first { $0.name == configuration }
        let targetConfiguration = target.configuration(named: configuration)
        var entries: [BuildSettingEntry] = [
            BuildSettingEntry(key: "TARGET_NAME", value: target.name, location: nil),
            BuildSettingEntry(key: "PRODUCT_NAME", value: "$(TARGET_NAME)", location: nil),
            BuildSettingEntry(key: "PROJECT_NAME", value: projectName, location: nil),
            BuildSettingEntry(key: "CONFIGURATION", value: configuration, location: nil),
            BuildSettingEntry(key: "SRCROOT", value: projectFolder, location: nil),
            BuildSettingEntry(key: "PROJECT_DIR", value: projectFolder, location: nil),
            BuildSettingEntry(key: "SOURCE_ROOT", value: projectFolder, location: nil),
        ]
        if let base = projectConfiguration?.baseConfigurationPath { entries += configurationFiles[base]?.entries ?? [] }
        if let projectConfiguration {
            entries += BuildSettings.entries(ofDictionary: projectConfiguration.settings)
        }
        if let base = targetConfiguration?.baseConfigurationPath { entries += configurationFiles[base]?.entries ?? [] }
        if let targetConfiguration {
            entries += BuildSettings.entries(ofDictionary: targetConfiguration.settings)
        }
        let probe = BuildSettings(entries: entries, configuration: configuration, sdk: "iphoneos")
        var sdk = probe.value("SDKROOT")?.value ?? "iphoneos"
        if sdk == "auto" || sdk.isEmpty {
            sdk = probe.value("SUPPORTED_PLATFORMS")?.value.split(separator: " ").first.map(String.init) ?? "iphoneos"
        }
        sdk = ProjectPath.lastComponent(sdk).prefix { $0.isLetter }.lowercased()
        return BuildSettings(entries: entries, configuration: configuration, sdk: sdk)
    }

    /// Where a resolved setting is written: its `.xcconfig` line, or its line in `project.pbxproj`.
    public func location(of setting: ResolvedSetting) -> SourceLocation? {
        guard let entry = setting.entry else { return nil }
        if let location = entry.location { return location }
        guard let written = entry.writtenKey else { return nil }
        return project.location(ofSetting: written, value: entry.value)
            ?? project.location(ofSetting: "\"\(written)\"", value: entry.value)
    }

    /// The base configuration files of `target` in `configuration` (the project's, then the
    /// target's) that are missing or unreadable.
    public func missingConfigurationFiles(_ target: PBXTarget, configuration: String) -> [String] {
        let paths = [
            project.projectConfigurations.first { $0.name == configuration }?.baseConfigurationPath,
            target.configuration(named: configuration)?.baseConfigurationPath,
        ]
        return paths.compactMap { $0 }.flatMap { configurationFiles[$0]?.missing ?? [] }
    }

    /// The name of the `.xcodeproj` without its extension.
    public var projectName: String {
        let name = ProjectPath.lastComponent(projectPath)
        return name.hasSuffix(".xcodeproj") ? String(name.dropLast(".xcodeproj".count)) : name
    }
}

/// Why a project could not be read: every problem, each at its place.
public struct ProjectLoadFailure: Error, Sendable {
    public var errors: [ProjectReadError]

    public init(_ errors: [ProjectReadError]) {
        self.errors = errors
    }
}

/// Why one of several projects in a folder was read: the others, and the reason, for the report.
public struct ProjectChoice: Sendable, Equatable {
    public var others: [String]
    public var reason: String
}
