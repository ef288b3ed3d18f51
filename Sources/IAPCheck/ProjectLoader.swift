import IAPDiagnostics
import IAPFileAccess
import IAPProject

/// Finds and reads an Xcode project: a `.xcodeproj` path, or a folder holding one.
///
/// Only a path that is not a project (nothing there, no `.xcodeproj`, an unreadable
/// `project.pbxproj`) fails the load. Every other file that cannot be read becomes a
/// `ProjectReadProblem`, reported by the check that needs the file.
public struct ProjectLoader: Sendable {
    /// Folders never searched: build products, third-party code, and the `__MACOSX` copy of
    /// resource forks that a zip made on a Mac carries beside the project.
    public static let skippedFolders: Set<String> = [
        ".build", "Pods", "DerivedData", "Carthage", ".git", "__MACOSX",
    ]
    /// Source files the checks read.
    static let sourceExtensions: [String: SourceLanguage] = [
        "swift": .swift, "m": .objectiveC, "mm": .objectiveC, "h": .objectiveC, "c": .objectiveC,
    ]
    /// How deep `#include`s of configuration files may nest before the chain is cut.
    static let maximumIncludeDepth = 16
    /// Includes one chain of `.xcconfig` files may follow, repeats counted.
    static let maximumIncludes = 1_000

    public let fileSystem: any ProjectFileSystem

    public init(fileSystem: any ProjectFileSystem) {
        self.fileSystem = fileSystem
    }

    /// The snapshot, or every problem that kept it from being read. A folder holding several
    /// projects (an app beside its Mac or Lite edition, a workspace of frameworks) is read as the
    /// project whose app has `appBundleID`, the guides' bundle ID; failing that, as the only one
    /// whose sources sell through a store API; failing that, the user is asked to name one.
    public func load(_ requested: String, appBundleID: String? = nil) -> Result<ProjectSnapshot, ProjectLoadFailure> {
        let path = ProjectPath.tidy(requested)
        guard let isDirectory = fileSystem.isDirectory(path), isDirectory else {
            return .failure(ProjectLoadFailure([Self.error("no such project folder", path)]))
        }
        if path.hasSuffix(".xcodeproj") { return load(project: path, root: ProjectPath.parent(of: path)) }
        let found = shallowestProjects(in: path)
        guard let first = found.first else {
            return .failure(ProjectLoadFailure([Self.error("no .xcodeproj found in this folder", path)]))
        }
        guard found.count > 1 else { return load(project: first, root: path) }
        return choose(among: found, in: path, appBundleID: appBundleID)
    }

    /// The one of several projects that sells, read with the folder as its root (so a workspace
    /// there that lists it lends its schemes and sibling projects).
    private func choose(among found: [String], in root: String, appBundleID: String?)
        -> Result<ProjectSnapshot, ProjectLoadFailure>
    {
        var loaded: [ProjectSnapshot] = []
        for candidate in found {
            if case .success(let snapshot) = load(project: candidate, root: root) { loaded.append(snapshot) }
        }
        let names = found.joined(separator: ", ")
        if let appBundleID {
            let matching = loaded.filter { Self.hasApp(with: appBundleID, $0) }
            if matching.count == 1, var chosen = matching.first {
                chosen.choice = ProjectChoice(
                    others: found.filter { $0 != chosen.projectPath },
                    reason: "its app's bundle ID is the guides' \(appBundleID)")
                return .success(chosen)
            }
        }
        let selling = loaded.filter { !StoreKitUsage($0.sources).filesUsingStoreKit.isEmpty }
        if selling.count == 1, var chosen = selling.first {
            chosen.choice = ProjectChoice(
                others: found.filter { $0 != chosen.projectPath }, reason: "it is the one whose sources use StoreKit")
            return .success(chosen)
        }
        let hint = appBundleID.map { " and none of them alone has an app with the guides' bundle ID \($0)" } ?? ""
        return .failure(
            ProjectLoadFailure([
                Self.error("this folder holds several projects (\(names))\(hint); name one with --project", root)
            ]))
    }

    /// Whether an app target of the project builds `bundleID` in some configuration.
    static func hasApp(with bundleID: String, _ snapshot: ProjectSnapshot) -> Bool {
        snapshot.project.targets.filter(\.isApplication).contains { SellingTargets.builds(bundleID, $0, snapshot) }
    }

    /// Reads one `.xcodeproj`; `root` is the folder the user named, whose workspaces count too.
    private func load(project projectPath: String, root: String) -> Result<ProjectSnapshot, ProjectLoadFailure> {
        let projectFolder = ProjectPath.parent(of: projectPath)
        let pbxprojPath = ProjectPath.join(projectPath, "project.pbxproj")
        let project: PBXProject
        do {
            let bytes = try contents(pbxprojPath)
            project = try PBXProjReader.read(bytes, path: pbxprojPath)
        } catch {
            return .failure(ProjectLoadFailure([error]))
        }
        var snapshot = ProjectSnapshot(projectPath: projectPath, projectFolder: projectFolder, project: project)
        readSchemes(into: &snapshot, root: root)
        let allFiles = walk(projectFolder, skipping: Self.skippedFolders) + outsideFiles(project, projectFolder)
        snapshot.files = Set(allFiles)
        let pods = ProjectPath.join(projectFolder, "Pods")
        if fileSystem.isDirectory(pods) == true, let names = try? fileSystem.entries(of: pods) {
            snapshot.committedPods = Set(names.filter { fileSystem.isDirectory(ProjectPath.join(pods, $0)) == true })
        }
        readConfigurationFiles(into: &snapshot)
        let packageFolders =
            project.localPackages
            + project.folderReferences.filter {
                fileSystem.isDirectory(ProjectPath.join(snapshot.path($0), "Package.swift")) == false
            }
        let membership = Membership(project: project, folder: projectFolder, files: allFiles, packages: packageFolders)
        snapshot.targetSources = membership.byTarget
        var sources = membership.shippedSources
        var included = Set(sources)
        for companion in companionProjects(of: snapshot, root: root) {
            // The frameworks of sibling projects (a workspace's libraries) ship in the app too;
            // a sibling app (the macOS edition beside the iOS one) does not.
            guard let bytes = try? fileSystem.contents(of: ProjectPath.join(companion, "project.pbxproj")),
                let other = try? PBXProjReader.read(bytes, path: ProjectPath.join(companion, "project.pbxproj"))
            else { continue }
            let folder = ProjectPath.parent(of: companion)
            let files = walk(folder, skipping: Self.skippedFolders)
            let membership = Membership(project: other, folder: folder, files: files)
            let libraries = other.targets.filter(\.isLibrary).flatMap { membership.byTarget[$0.id] ?? [] }
            for file in libraries.sorted() where included.insert(file).inserted {
                sources.append(file)
            }
        }
        readSources(sources.sorted(), into: &snapshot)
        var storeKitFiles = allFiles.filter { ProjectPath.fileExtension($0) == "storekit" }
        for scheme in snapshot.schemes {
            // A configuration file outside the project folder still configures the run.
            guard let reference = scheme.storeKitConfiguration,
                let target = snapshot.resolvedPath(of: reference, in: scheme), !snapshot.files.contains(target),
                fileSystem.isDirectory(target) == false
            else { continue }
            snapshot.files.insert(target)
            if !storeKitFiles.contains(target) { storeKitFiles.append(target) }
        }
        for file in allFiles + storeKitFiles.filter({ !allFiles.contains($0) }) {
            switch ProjectPath.fileExtension(file) {
            case "entitlements":
                read(file, as: .entitlements, into: &snapshot) { try EntitlementsReader.read($0, path: file) }
                    .map { snapshot.entitlements.append($0) }
            case "storekit":
                read(file, as: .storeKitFile, into: &snapshot) { try StoreKitFileReader.read($0, path: file) }
                    .map { snapshot.storeKitFiles.append($0) }
            default:
                continue
            }
        }
        readInfoPlists(into: &snapshot)
        readLaunchStoryboards(into: &snapshot)
        readResourcePropertyLists(into: &snapshot)
        return .success(snapshot)
    }

    // MARK: Schemes

    /// The project's schemes, and the shared and user schemes of `.xcworkspace` folders beside it
    /// (a CocoaPods workspace keeps the team's schemes there) that launch one of its targets.
    private func readSchemes(into snapshot: inout ProjectSnapshot, root: String) {
        for file in walk(snapshot.projectPath, skipping: []) where file.hasSuffix(".xcscheme") {
            if let scheme = read(file, as: .scheme, into: &snapshot, { try SchemeReader.read($0, path: file) }) {
                snapshot.schemes.append(scheme)
            }
        }
        let targetIDs = Set(snapshot.project.targets.map(\.id))
        for (workspace, _) in workspaces(of: snapshot, root: root) {
            snapshot.workspaces.append(workspace)
            for file in walk(workspace, skipping: []) where file.hasSuffix(".xcscheme") {
                guard let scheme = read(file, as: .scheme, into: &snapshot, { try SchemeReader.read($0, path: file) })
                else { continue }
                if case .product(let blueprint, _)? = scheme.launchTarget, !targetIDs.contains(blueprint) { continue }
                snapshot.schemes.append(scheme)
            }
        }
    }

    /// The workspaces the team may open the project through, with the projects each lists: those
    /// beside it (a CocoaPods workspace), and those in the folders above it that list it (a
    /// workspace at the top of a repository of several projects), up to two folders above the one
    /// the user named (`--project App/App.xcodeproj` in such a repository), never above the
    /// working directory.
    private func workspaces(of snapshot: ProjectSnapshot, root: String) -> [(path: String, lists: [String])] {
        var folders = [snapshot.projectFolder]
        var folder = snapshot.projectFolder
        var top = ProjectPath.tidy(root)
        for _ in 0..<2 where top != "." && top != "/" && !top.hasPrefix("..") && !top.isEmpty {
            top = ProjectPath.parent(of: top)
        }
        while folder != top, folder.hasPrefix(top == "." ? "" : top), !folder.isEmpty, folder != "." {
            folder = ProjectPath.parent(of: folder)
            folders.append(folder)
            if folders.count > 32 { break }
        }
        var found: [(path: String, lists: [String])] = []
        for (depth, folder) in folders.enumerated() {
            let names = ((try? fileSystem.entries(of: folder)) ?? []).sorted()
            for name in names where name.hasSuffix(".xcworkspace") {
                let workspace = ProjectPath.join(folder, name)
                let data = ProjectPath.join(workspace, "contents.xcworkspacedata")
                let listed =
                    (try? fileSystem.contents(of: data)).map {
                        Self.workspaceLocations(String(decoding: $0, as: UTF8.self)).map {
                            ProjectPath.tidy(ProjectPath.join(folder, $0))
                        }
                    } ?? []
                // Beside the project any workspace counts, as before; above it, only one listing it.
                guard depth == 0 || listed.contains(snapshot.projectPath) else { continue }
                found.append((workspace, listed))
            }
        }
        return found
    }

    /// Other projects whose code the app links: projects this one contains, and the projects a
    /// workspace that lists it lists with it (CocoaPods' own project aside).
    private func companionProjects(of snapshot: ProjectSnapshot, root: String) -> [String] {
        var found: [String] = snapshot.project.projectReferences.map(snapshot.path)
        for (_, listed) in workspaces(of: snapshot, root: root) where listed.contains(snapshot.projectPath) {
            found += listed
        }
        var seen: Set<String> = [snapshot.projectPath]
        return found.filter { path in
            path.hasSuffix(".xcodeproj")
                && !path.split(separator: "/").contains(where: { Self.skippedFolders.contains(String($0)) })
                && seen.insert(path).inserted
        }
    }

    /// The `group:` and `container:` locations of a workspace's file references.
    static func workspaceLocations(_ text: String) -> [String] {
        var locations: [String] = []
        var rest = Substring(text)
        while let start = rest.range(of: "location = \"") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            let value = rest[..<end]
            for prefix in ["group:", "container:"] where value.hasPrefix(prefix) {
                let path = String(value.dropFirst(prefix.count))
                if !path.isEmpty, !path.hasPrefix("/") { locations.append(path) }
            }
            rest = rest[end...]
        }
        return locations
    }

    // MARK: Build configuration files

    private func readConfigurationFiles(into snapshot: inout ProjectSnapshot) {
        let configurations = snapshot.project.projectConfigurations + snapshot.project.targets.flatMap(\.configurations)
        var cache: [String: XCConfigFile?] = [:]
        for base in Set(configurations.compactMap(\.baseConfigurationPath)).sorted() {
            var entries: [BuildSettingEntry] = []
            var missing: [String] = []
            var reading = IncludeChain(budget: Self.maximumIncludes)
            flatten(
                snapshot.path(base), optional: false, chain: &reading, cache: &cache, entries: &entries,
                missing: &missing, snapshot: &snapshot)
            snapshot.configurationFiles[base] = ConfigurationFileChain(
                path: snapshot.path(base), entries: entries, missing: missing)
        }
    }

    /// The files an `.xcconfig` chain is reading, innermost last, and how many more includes it
    /// may follow: a file that includes itself (directly or not) is not read again inside itself,
    /// and a fan of includes (each file including the next one many times) stops at the budget
    /// instead of multiplying at every level.
    private struct IncludeChain {
        var open: [String] = []
        var budget: Int
        var exhausted = false
    }

    private func exists(_ path: String, cache: [String: XCConfigFile?]) -> Bool {
        if let cached = cache[path] { return cached != nil }
        return fileSystem.isDirectory(path) == false
    }

    private func flatten(
        _ path: String, optional: Bool, chain: inout IncludeChain, cache: inout [String: XCConfigFile?],
        entries: inout [BuildSettingEntry], missing: inout [String], snapshot: inout ProjectSnapshot
    ) {
        guard chain.open.count < Self.maximumIncludeDepth, !chain.open.contains(path), !path.hasPrefix("$(") else {
            return
        }
        if cache[path] == nil {
            if fileSystem.isDirectory(path) == false, let bytes = try? fileSystem.contents(of: path) {
                cache[path] = XCConfigReader.read(bytes, path: path)
            } else {
                cache[path] = .some(nil)
                if !optional {
                    snapshot.problems.append(
                        ProjectReadProblem(
                            Self.error("this build configuration file does not exist or cannot be read", path),
                            input: .buildConfigurationFile))
                }
            }
        }
        guard let file = cache[path] ?? nil else {
            if !optional, !missing.contains(path) { missing.append(path) }
            return
        }
        for line in file.lines {
            switch line {
            case .assignment(let assignment):
                entries.append(
                    BuildSettingEntry(
                        key: assignment.key, conditions: assignment.conditions, value: assignment.value,
                        location: assignment.location))
            case .include(let include):
                // `<DEVELOPER_DIR>/…` names Xcode's own files, which are not part of the project.
                guard !include.path.hasPrefix("<") else { continue }
                guard var target = ProjectPath.resolve(include.path, from: ProjectPath.parent(of: path)) else {
                    continue
                }
                // A path that does not exist beside the including file is looked for from the
                // project's folder, where projects that share one set of files (`../XCConfig/…`
                // written from a subfolder) find it.
                if !exists(target, cache: cache),
                    let fromProject = ProjectPath.resolve(include.path, from: snapshot.projectFolder),
                    exists(fromProject, cache: cache)
                {
                    target = fromProject
                }
                guard chain.budget > 0 else {
                    if !chain.exhausted {
                        chain.exhausted = true
                        snapshot.problems.append(
                            ProjectReadProblem(
                                ProjectReadError(
                                    "this chain of build configuration files includes more than \(Self.maximumIncludes) files, counting repeats; the rest are not read",
                                    at: include.location),
                                input: .buildConfigurationFile))
                    }
                    continue
                }
                chain.budget -= 1
                chain.open.append(path)
                flatten(
                    target, optional: include.isOptional, chain: &chain, cache: &cache, entries: &entries,
                    missing: &missing, snapshot: &snapshot)
                chain.open.removeLast()
            }
        }
    }

    // MARK: Sources

    /// Reads and scans the Swift and Objective-C files that ship in some target, on every core,
    /// then keeps them in path order.
    private func readSources(_ sourceFiles: [String], into snapshot: inout ProjectSnapshot) {
        let fileSystem = self.fileSystem
        let scans = concurrentMap(count: sourceFiles.count) {
            index -> Result<(SwiftSourceScan, Bool), ProjectReadError> in
            let path = sourceFiles[index]
            guard let bytes = try? fileSystem.contents(of: path) else {
                return .failure(Self.error("cannot read this file", path))
            }
            let language = Self.sourceExtensions[ProjectPath.fileExtension(path)] ?? .swift
            return .success((SwiftSourceScanner.scan(bytes, path: path, language: language), Self.isGenerated(bytes)))
        }
        for scan in scans {
            switch scan {
            case .success(let (scanned, generated)):
                snapshot.sources.append(scanned)
                if generated { snapshot.generatedFiles.insert(scanned.path) }
            case .failure(let error): snapshot.problems.append(ProjectReadProblem(error, input: .source))
            }
        }
    }

    /// True for a file that opens with the header `iapkit generate` writes.
    static func isGenerated(_ bytes: [UInt8]) -> Bool {
        let marker = Array("// Generated by iapkit from ".utf8)
        let head = bytes.prefix(400)
        guard head.count >= marker.count else { return false }
        for start in 0...(head.count - marker.count) where head[head.startIndex + start] == marker[0] {
            if head[(head.startIndex + start)..<(head.startIndex + start + marker.count)].elementsEqual(marker) {
                return true
            }
        }
        return false
    }

    // MARK: Info.plist

    /// Each target's `Info.plist` per configuration, named by `INFOPLIST_FILE` as the build
    /// settings resolve it, and run through the preprocessor when the target asks for that.
    private func readInfoPlists(into snapshot: inout ProjectSnapshot) {
        var read: Set<String> = []
        for target in snapshot.project.targets where !target.isTest {
            for configuration in target.configurations {
                let settings = snapshot.buildSettings(target, configuration: configuration.name)
                guard let file = settings.value("INFOPLIST_FILE")?.value, !file.isEmpty,
                    let path = ProjectPath.resolve(file, from: snapshot.projectFolder)
                else { continue }
                snapshot.targetInfoPlists.append(
                    TargetInfoPlist(targetID: target.id, configuration: configuration.name, path: path))
                guard read.insert(path).inserted, fileSystem.isDirectory(path) == false else { continue }
                let preprocess = settings.value("INFOPLIST_PREPROCESS")?.value.uppercased() == "YES"
                let definitions =
                    settings.value("INFOPLIST_PREPROCESSOR_DEFINITIONS")?.value.split(separator: " ").map(String.init)
                    ?? []
                let plist = self.read(path, as: .infoPlist, into: &snapshot) { bytes in
                    var bytes = bytes
                    if preprocess || PlistPreprocessor.hasDirectives(bytes) {
                        bytes = PlistPreprocessor.process(bytes, definitions: definitions)
                    }
                    return try InfoPlistReader.read(bytes, path: path)
                }
                if let plist { snapshot.infoPlists.append(plist) }
            }
        }
    }

    /// The controllers the apps' main storyboards show at launch: the storyboard named by
    /// `UIMainStoryboardFile` (`NSMainStoryboardFile` on a Mac, or a scene's
    /// `UISceneStoryboardFile`) in an app's Info.plist or its `INFOPLIST_KEY_` build setting.
    private func readLaunchStoryboards(into snapshot: inout ProjectSnapshot) {
        var names: [String] = []
        func add(_ name: String?) {
            guard let name, !name.isEmpty, !names.contains(name) else { return }
            names.append(name)
        }
        for target in snapshot.project.targets where target.isApplication {
            for configuration in target.configurations {
                let settings = snapshot.buildSettings(target, configuration: configuration.name)
                add(settings.value("INFOPLIST_KEY_UIMainStoryboardFile")?.value)
                add(settings.value("INFOPLIST_KEY_NSMainStoryboardFile")?.value)
            }
        }
        for plist in snapshot.infoPlists {
            let values = plist.document.values
            add(values["UIMainStoryboardFile"]?.stringValue)
            add(values["NSMainStoryboardFile"]?.stringValue)
            let configurations =
                values["UIApplicationSceneManifest"]?.dictionaryValue?["UISceneConfigurations"]?
                .dictionaryValue ?? [:]
            for (_, roles) in configurations.sorted(by: { $0.key < $1.key }) {
                for role in roles.arrayValue ?? [] { add(role.dictionaryValue?["UISceneStoryboardFile"]?.stringValue) }
            }
        }
        guard !names.isEmpty else { return }
        let wanted = Set(names.map { $0 + ".storyboard" })
        for file in snapshot.files.sorted() where wanted.contains(ProjectPath.lastComponent(file)) {
            guard let bytes = try? fileSystem.contents(of: file) else { continue }
            for controller in StoryboardReader.launchControllers(bytes, path: file)
            where !snapshot.launchControllers.contains(controller) {
                snapshot.launchControllers.append(controller)
            }
        }
    }

    /// The `.plist` files the sources name as resources: `url(forResource: "Products",
    /// withExtension: "plist")`, `path(forResource:ofType:)` and their Objective-C forms. Only
    /// names the code spells are read, so a project's many other plists cost nothing; one that
    /// cannot be read is left out (the code may name a file the project no longer has).
    private func readResourcePropertyLists(into snapshot: inout ProjectSnapshot) {
        var names: Set<String> = []
        let labels = ResourcePropertyList.resourceLabels
        for scan in snapshot.sources where labels.contains(where: scan.mentions) {
            let tokens = scan.tokens
            for position in tokens.indices.dropFirst().dropLast(2)
            where labels.contains(tokens[position].text) && tokens[position + 1].text == ":" {
                guard let literal = scan.strings.first(where: { $0.location == tokens[position + 2].location }),
                    let name = literal.constantValue, !name.isEmpty
                else { continue }
                names.insert(ResourcePropertyList.lookupName(name))
            }
        }
        guard !names.isEmpty else { return }
        for file in snapshot.files.sorted() where ProjectPath.fileExtension(file) == "plist" {
            let name = ResourcePropertyList.lookupName(ProjectPath.lastComponent(file))
            guard names.contains(name), snapshot.resourcePropertyLists[name] == nil,
                let bytes = try? fileSystem.contents(of: file),
                let list = try? ResourcePropertyList.read(bytes, path: file)
            else { continue }
            snapshot.resourcePropertyLists[name] = list
        }
    }

    // MARK: Files

    private func contents(_ path: String) throws(ProjectReadError) -> [UInt8] {
        do {
            return try fileSystem.contents(of: path)
        } catch {
            throw Self.error("cannot read this file", path)
        }
    }

    /// Reads and parses one file; a failure becomes a problem of `input`.
    private func read<Value>(
        _ path: String, as input: ProjectInput, into snapshot: inout ProjectSnapshot,
        _ parse: ([UInt8]) throws -> Value
    ) -> Value? {
        do {
            return try parse(try contents(path))
        } catch let error as ProjectReadError {
            snapshot.problems.append(ProjectReadProblem(error, input: input))
        } catch {
            snapshot.problems.append(ProjectReadProblem(Self.error("cannot read this file", path), input: input))
        }
        return nil
    }

    /// The `.xcodeproj` folders nearest to `folder`, breadth first, names sorted: one level's
    /// worth, so an app project next to a demo project is a question for the user, not a guess.
    private func shallowestProjects(in folder: String) -> [String] {
        var level = [folder]
        // Each folder once, so symbolic link loops cannot make the levels grow for ever.
        var entered: Set<FileIdentity> = []
        if let identity = fileSystem.identity(of: folder) { entered.insert(identity) }
        while !level.isEmpty {
            var found: [String] = []
            var next: [String] = []
            for current in level {
                let names = ((try? fileSystem.entries(of: current)) ?? []).sorted()
                for name in names where fileSystem.isDirectory(ProjectPath.join(current, name)) == true {
                    if name.hasSuffix(".xcodeproj") {
                        found.append(ProjectPath.join(current, name))
                    } else if !Self.skippedFolders.contains(name) {
                        let path = ProjectPath.join(current, name)
                        if let identity = fileSystem.identity(of: path), !entered.insert(identity).inserted { continue }
                        next.append(path)
                    }
                }
            }
            if !found.isEmpty { return found }
            level = next
        }
        return []
    }

    /// Sources the project uses that live outside its folder: synchronised folders, local
    /// packages and file references with `../` paths, as when several apps share one folder of code.
    private func outsideFiles(_ project: PBXProject, _ projectFolder: String) -> [String] {
        var files: Set<String> = []
        func outside(_ relative: String) -> String? {
            let path = ProjectPath.tidy(ProjectPath.join(projectFolder, relative))
            return ProjectPath.isInside(path, projectFolder) ? nil : path
        }
        for folder in project.synchronizedFolders + project.localPackages + project.folderReferences {
            // `..` itself, as when the project sits in a package whose sources are the app's.
            guard let path = outside(folder) else { continue }
            files.formUnion(walk(path, skipping: Self.skippedFolders))
        }
        for reference in project.fileReferences {
            guard let path = outside(reference.projectRelativePath) else { continue }
            if fileSystem.isDirectory(path) == false { files.insert(path) }
        }
        return files.filter { !ProjectPath.isInside($0, projectFolder) }.sorted()
    }

    /// Every file below `folder`, sorted, not descending into `skipping`. Each folder is entered
    /// once (by device and inode), so a symbolic link loop ends the walk instead of growing it,
    /// and a symbolic link to a folder outside `folder` (`/`, a home folder) is not followed.
    private func walk(_ folder: String, skipping: Set<String>) -> [String] {
        var files: [String] = []
        var stack = [folder]
        let root = fileSystem.resolvedPath(of: folder)
        var entered: Set<FileIdentity> = []
        if let identity = fileSystem.identity(of: folder) { entered.insert(identity) }
        while let current = stack.popLast() {
            // `._Name.entitlements`: an AppleDouble file, the Finder's metadata of `Name.entitlements`
            // copied onto a disk without resource forks, is no file of the project.
            for name in (try? fileSystem.entries(of: current)) ?? []
            where !skipping.contains(name) && !name.hasPrefix("._") {
                let path = ProjectPath.join(current, name)
                switch fileSystem.isDirectory(path) {
                case true:
                    if let root, let resolved = fileSystem.resolvedPath(of: path),
                        !InputFile.isInside(resolved, root: root)
                    {
                        continue
                    }
                    if let identity = fileSystem.identity(of: path), !entered.insert(identity).inserted { continue }
                    stack.append(path)
                case false: files.append(path)
                case nil: break
                }
            }
        }
        return files.sorted()
    }

    static func error(_ message: String, _ path: String) -> ProjectReadError {
        ProjectReadError(message, at: SourceLocation(file: path, line: 1, column: 1))
    }
}

/// Which source files ship in some target: those its build phases compile, those of its
/// synchronized folders (less the folder's exceptions for it, plus other folders' files given to
/// it), and the `Sources` of local Swift packages. Test targets do not count, nor do files no
/// target uses. A project that records no membership at all keeps every file.
struct Membership {
    let shippedSources: [String]
    /// The sources of each target that is not a test, by target identifier.
    var byTarget: [String: Set<String>] = [:]

    init(project: PBXProject, folder: String, files: [String], packages packageFolders: [String]? = nil) {
        let sources = files.filter { ProjectLoader.sourceExtensions[ProjectPath.fileExtension($0)] != nil }
        func path(_ relative: String) -> String { ProjectPath.tidy(ProjectPath.join(folder, relative)) }
        let recordsMembership = project.targets.contains {
            !$0.buildPhaseFiles.isEmpty || !$0.synchronizedFolders.isEmpty
        }
        guard recordsMembership else {
            shippedSources = sources
            for target in project.targets where !target.isTest { byTarget[target.id] = Set(sources) }
            return
        }
        // Headers carry the `#define`s of Objective-C product IDs; any the project references count.
        let headers = Set(
            project.fileReferences.filter { $0.fileExtension == "h" }.map { path($0.projectRelativePath) })
        let packages = (packageFolders ?? project.localPackages).map { path(ProjectPath.join($0, "Sources")) }
        var shipped: Set<String> = []
        for target in project.targets where !target.isTest {
            let exact = Set(target.buildPhaseFiles.map(path))
            let folders = target.synchronizedFolders.map { synchronized -> (String, [String]) in
                let root = path(synchronized)
                return (root, target.synchronizedExclusions.map(path).filter { ProjectPath.isInside($0, root) })
            }
            let added = target.synchronizedAdditions.map(path)
            let members = sources.filter { file in
                if exact.contains(file) || headers.contains(file) { return true }
                if added.contains(where: { ProjectPath.isInside(file, $0) }) { return true }
                if !target.packageProducts.isEmpty, packages.contains(where: { ProjectPath.isInside(file, $0) }) {
                    return true
                }
                return folders.contains { root, excluded in
                    ProjectPath.isInside(file, root) && !excluded.contains { ProjectPath.isInside(file, $0) }
                }
            }
            byTarget[target.id] = Set(members)
            shipped.formUnion(members)
        }
        for file in sources where packages.contains(where: { ProjectPath.isInside(file, $0) }) { shipped.insert(file) }
        shippedSources = sources.filter { shipped.contains($0) }
    }
}
