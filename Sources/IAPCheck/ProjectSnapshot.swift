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
        isDirectory(path) == nil ? nil : ProjectLoader.normalized("/" + path)
    }

    public func identity(of path: String) -> FileIdentity? { nil }
}

/// Everything the checks read from an Xcode project, parsed and held in memory.
public struct ProjectSnapshot: Sendable {
    /// The `.xcodeproj` folder.
    public var projectPath: String
    /// The folder that contains the `.xcodeproj`; paths in schemes are relative to it.
    public var projectFolder: String
    public var project: PBXProject
    public var infoPlists: [InfoPlist] = []
    public var entitlements: [Entitlements] = []
    public var schemes: [Scheme] = []
    public var storeKitFiles: [StoreKitFile] = []
    public var swiftSources: [SwiftSourceScan] = []
    /// Every file found under the project folder, for resolving references.
    public var files: Set<String> = []

    public init(projectPath: String, projectFolder: String, project: PBXProject) {
        self.projectPath = projectPath
        self.projectFolder = projectFolder
        self.project = project
    }
}

/// Finds and reads an Xcode project: a `.xcodeproj` path, or a folder holding one.
public struct ProjectLoader: Sendable {
    /// Folders never searched: build products and third-party code.
    public static let skippedFolders: Set<String> = [".build", "Pods", "DerivedData", "Carthage", ".git"]

    public let fileSystem: any ProjectFileSystem

    public init(fileSystem: any ProjectFileSystem) {
        self.fileSystem = fileSystem
    }

    /// The snapshot, or every problem that kept it from being read.
    public func load(_ path: String) -> Result<ProjectSnapshot, ProjectLoadFailure> {
        let path = Self.trimmed(path)
        guard let isDirectory = fileSystem.isDirectory(path), isDirectory else {
            return .failure(ProjectLoadFailure([Self.error("no such project folder", path)]))
        }
        let projectPath: String
        if path.hasSuffix(".xcodeproj") {
            projectPath = path
        } else {
            let found = shallowestProjects(in: path)
            guard let first = found.first else {
                return .failure(ProjectLoadFailure([Self.error("no .xcodeproj found in this folder", path)]))
            }
            guard found.count == 1 else {
                let names = found.joined(separator: ", ")
                return .failure(
                    ProjectLoadFailure([
                        Self.error("this folder holds several projects (\(names)); name one with --project", path)
                    ]))
            }
            projectPath = first
        }
        let projectFolder = Self.parent(of: projectPath)
        var errors: [ProjectReadError] = []
        let pbxprojPath = Self.join(projectPath, "project.pbxproj")
        guard let pbxBytes = read(pbxprojPath, errors: &errors) else { return .failure(ProjectLoadFailure(errors)) }
        let project: PBXProject
        do {
            project = try PBXProjReader.read(pbxBytes, path: pbxprojPath)
        } catch {
            return .failure(ProjectLoadFailure([error]))
        }
        var snapshot = ProjectSnapshot(projectPath: projectPath, projectFolder: projectFolder, project: project)
        let projectFiles = walk(projectPath, skipping: [])
        for file in projectFiles where file.hasSuffix(".xcscheme") {
            guard let bytes = read(file, errors: &errors) else { continue }
            do { snapshot.schemes.append(try SchemeReader.read(bytes, path: file)) } catch { errors.append(error) }
        }
        let sourceFiles = walk(projectFolder, skipping: Self.skippedFolders) + outsideFiles(project, projectFolder)
        snapshot.files = Set(sourceFiles)
        // Swift files are most of a project's bytes and independent of each other: they are
        // read and scanned on every core, then kept in path order.
        let swiftFiles = sourceFiles.filter { $0.hasSuffix(".swift") }
        let fileSystem = self.fileSystem
        let scans = concurrentMap(count: swiftFiles.count) { index -> Result<SwiftSourceScan, ProjectReadError> in
            let path = swiftFiles[index]
            guard let bytes = try? fileSystem.contents(of: path) else {
                return .failure(Self.error("cannot read this file", path))
            }
            return .success(SwiftSourceScanner.scan(bytes, path: path))
        }
        for scan in scans {
            switch scan {
            case .success(let scanned): snapshot.swiftSources.append(scanned)
            case .failure(let error): errors.append(error)
            }
        }
        for file in sourceFiles {
            if file.hasSuffix(".entitlements") {
                guard let bytes = read(file, errors: &errors) else { continue }
                do {
                    snapshot.entitlements.append(try EntitlementsReader.read(bytes, path: file))
                } catch { errors.append(error) }
            } else if file.hasSuffix(".storekit") {
                guard let bytes = read(file, errors: &errors) else { continue }
                do {
                    snapshot.storeKitFiles.append(try StoreKitFileReader.read(bytes, path: file))
                } catch { errors.append(error) }
            }
        }
        for plistPath in infoPlistPaths(project, projectFolder: projectFolder) where snapshot.files.contains(plistPath)
        {
            guard let bytes = read(plistPath, errors: &errors) else { continue }
            do { snapshot.infoPlists.append(try InfoPlistReader.read(bytes, path: plistPath)) } catch {
                errors.append(error)
            }
        }
        return errors.isEmpty ? .success(snapshot) : .failure(ProjectLoadFailure(errors))
    }

    private func infoPlistPaths(_ project: PBXProject, projectFolder: String) -> [String] {
        var paths: [String] = []
        for target in project.targets {
            for configuration in target.configurations {
                guard var file = configuration.infoPlistFile, !file.isEmpty else { continue }
                for prefix in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/", "${PROJECT_DIR}/"]
                where file.hasPrefix(prefix) {
                    file = String(file.dropFirst(prefix.count))
                }
                let path = Self.join(projectFolder, file)
                if !paths.contains(path) { paths.append(path) }
            }
        }
        return paths
    }

    private func read(_ path: String, errors: inout [ProjectReadError]) -> [UInt8]? {
        do {
            return try fileSystem.contents(of: path)
        } catch {
            errors.append(Self.error("cannot read this file", path))
            return nil
        }
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
                for name in names where fileSystem.isDirectory(Self.join(current, name)) == true {
                    if name.hasSuffix(".xcodeproj") {
                        found.append(Self.join(current, name))
                    } else if !Self.skippedFolders.contains(name) {
                        let path = Self.join(current, name)
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

    /// Sources the project uses that live outside its folder: synchronised folders and file
    /// references with `../` paths, as when several apps share one folder of code.
    private func outsideFiles(_ project: PBXProject, _ projectFolder: String) -> [String] {
        var files: Set<String> = []
        for folder in project.synchronizedFolders where folder.hasPrefix("../") {
            let path = Self.normalized(Self.join(projectFolder, folder))
            files.formUnion(walk(path, skipping: Self.skippedFolders))
        }
        for reference in project.fileReferences where reference.projectRelativePath.hasPrefix("../") {
            let path = Self.normalized(Self.join(projectFolder, reference.projectRelativePath))
            if fileSystem.isDirectory(path) == false { files.insert(path) }
        }
        return files.sorted()
    }

    /// `a/b/../c` → `a/c`; leading `..` that cannot be resolved stays.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        if path.hasPrefix("/") { return "/" + joined }
        return joined.isEmpty ? "." : joined
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
            for name in (try? fileSystem.entries(of: current)) ?? [] where !skipping.contains(name) {
                let path = Self.join(current, name)
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

    static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder == "." || folder.isEmpty ? name : folder + "/" + name
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }

    static func error(_ message: String, _ path: String) -> ProjectReadError {
        ProjectReadError(message, at: SourceLocation(file: path, line: 1, column: 1))
    }
}

/// Why a project could not be read: every problem, each at its place.
public struct ProjectLoadFailure: Error, Sendable {
    public var errors: [ProjectReadError]

    public init(_ errors: [ProjectReadError]) {
        self.errors = errors
    }
}
