import Foundation
import IAPDiagnostics

/// Reads `project.pbxproj`, the old-style (OpenStep) property list inside an `.xcodeproj`.
///
/// Parsing is Foundation's; this reader walks the object graph. Broken references (a target
/// naming an object that does not exist, say) are skipped, never fatal.
public enum PBXProjReader {
    /// The file extensions whose references are reported in `PBXProject.fileReferences`; headers
    /// because Objective-C product IDs are often `#define`s in one.
    public static let interestingExtensions: Set<String> = ["storekit", "entitlements", "swift", "h"]

    public static func read(_ bytes: [UInt8], path: String) throws(ProjectReadError) -> PBXProject {
        let (raw, _) = try PlistDecoding.decode(bytes, path: path)
        let start = SourceLocation(file: path, line: 1, column: 1)
        guard case .dictionary(let root)? = PlistValue.from(raw) else {
            throw ProjectReadError("project.pbxproj's root is not a dictionary", at: start)
        }
        guard let objects = root["objects"]?.dictionaryValue else {
            throw ProjectReadError("project.pbxproj has no 'objects' dictionary", at: start)
        }
        let graph = ObjectGraph(objects: objects)
        let rootID = root["rootObject"]?.stringValue
        let project = rootID.flatMap { graph.object($0) }
        let text = String(decoding: bytes, as: UTF8.self)

        let targetAttributes = project?["attributes"]?.dictionaryValue?["TargetAttributes"]?.dictionaryValue ?? [:]
        let targetIDs = project?["targets"]?.arrayValue?.compactMap(\.stringValue) ?? graph.ids(isa: "PBXNativeTarget")
        var targets: [PBXTarget] = []
        for id in targetIDs {
            guard let object = graph.object(id), object["isa"]?.stringValue == "PBXNativeTarget" else { continue }
            let capabilities = targetAttributes[id]?.dictionaryValue?["SystemCapabilities"]?.dictionaryValue
            let iap = capabilities?["com.apple.InAppPurchase"]?.dictionaryValue?["enabled"]
            let groups = (object["fileSystemSynchronizedGroups"]?.arrayValue ?? []).compactMap(\.stringValue)
            var target = PBXTarget(
                id: id,
                name: object["name"]?.stringValue ?? id,
                productType: object["productType"]?.stringValue,
                configurations: graph.configurations(object["buildConfigurationList"]?.stringValue),
                inAppPurchaseCapability: iap.flatMap(flag),
                linkedFrameworks: graph.linkedFrameworks(of: object),
                synchronizedFolders: groups.compactMap { graph.resolvedPath(of: $0) })
            target.productName = object["productName"]?.stringValue
            target.buildPhaseFiles = graph.buildPhaseFiles(of: object)
            target.compilerFlags = graph.compilerFlags(of: object)
            target.packageProducts = (object["packageProductDependencies"]?.arrayValue ?? []).compactMap {
                $0.stringValue.flatMap(graph.object)?["productName"]?.stringValue
            }
            let membership = graph.synchronizedMembership(targetID: id, groups: groups)
            target.synchronizedExclusions = membership.excluded
            target.synchronizedAdditions = membership.added
            targets.append(target)
        }

        var references: [PBXFileReference] = []
        var folders: [String] = []
        var projects: [String] = []
        for id in graph.ids(isa: "PBXFileReference") {
            guard let object = graph.object(id), let filePath = object["path"]?.stringValue else { continue }
            let kind = object["lastKnownFileType"]?.stringValue ?? object["explicitFileType"]?.stringValue ?? ""
            if let resolved = graph.resolvedPath(of: id), !resolved.hasPrefix("$(") {
                if kind == "wrapper.pb-project" {
                    projects.append(resolved)
                } else if kind == "wrapper" || kind == "folder" {
                    folders.append(resolved)
                }
            }
            let fileExtension = lastComponent(filePath).split(separator: ".").last.map { $0.lowercased() } ?? ""
            guard interestingExtensions.contains(fileExtension), lastComponent(filePath).contains(".") else {
                continue
            }
            references.append(
                PBXFileReference(
                    id: id, path: filePath, projectRelativePath: graph.resolvedPath(of: id) ?? filePath,
                    sourceTree: object["sourceTree"]?.stringValue ?? "<group>", fileExtension: fileExtension))
        }
        references.sort { ($0.projectRelativePath, $0.id) < ($1.projectRelativePath, $1.id) }

        return PBXProject(
            path: path,
            objectVersion: root["objectVersion"].flatMap(integer),
            targets: targets,
            projectConfigurations: graph.configurations(project?["buildConfigurationList"]?.stringValue),
            fileReferences: references,
            synchronizedFolders: graph.ids(isa: "PBXFileSystemSynchronizedRootGroup")
                .compactMap { graph.resolvedPath(of: $0) }.sorted(),
            text: text,
            localPackages: graph.ids(isa: "XCLocalSwiftPackageReference").compactMap {
                graph.object($0)?["relativePath"]?.stringValue.map(ProjectPath.tidy)
            }.sorted(),
            folderReferences: folders.sorted(),
            projectReferences: projects.sorted())
    }

    /// The 1-based line and byte column where `needle` first occurs in `source`, so a check can
    /// point at `project.pbxproj:LINE:COL` (Foundation's parser keeps no positions).
    public static func lineOf(text needle: String, in source: String) -> (line: Int, column: Int)? {
        TextPosition.locate(needle, in: source)
    }

    private static func flag(_ value: PlistValue) -> Bool? {
        switch value {
        case .bool(let flag): return flag
        case .integer(let number): return number != 0
        case .string(let text): return ["1", "yes", "true"].contains(text.lowercased())
        default: return nil
        }
    }

    private static func integer(_ value: PlistValue) -> Int? {
        switch value {
        case .integer(let number): return number
        case .string(let text): return Int(text)
        default: return nil
        }
    }

    static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}

/// The `objects` dictionary with the lookups the reader needs.
private struct ObjectGraph {
    var objects: [String: [String: PlistValue]]
    /// Child identifier → identifier of the group that lists it.
    var parents: [String: String] = [:]

    init(objects raw: [String: PlistValue]) {
        objects = raw.compactMapValues(\.dictionaryValue)
        for (id, object) in objects.sorted(by: { $0.key < $1.key }) {
            for child in object["children"]?.arrayValue ?? [] {
                if let childID = child.stringValue, parents[childID] == nil { parents[childID] = id }
            }
        }
    }

    func object(_ id: String) -> [String: PlistValue]? { objects[id] }

    func ids(isa: String) -> [String] {
        objects.filter { $0.value["isa"]?.stringValue == isa }.keys.sorted()
    }

    func configurations(_ listID: String?) -> [BuildConfiguration] {
        guard let listID, let list = object(listID) else { return [] }
        return (list["buildConfigurations"]?.arrayValue ?? []).compactMap { entry in
            guard let id = entry.stringValue, let configuration = object(id) else { return nil }
            var settings: [String: String] = [:]
            for (key, value) in configuration["buildSettings"]?.dictionaryValue ?? [:] {
                switch value {
                case .string(let text): settings[key] = text
                case .array(let items): settings[key] = items.compactMap(\.stringValue).joined(separator: " ")
                case .integer(let number): settings[key] = String(number)
                default: break
                }
            }
            var base = configuration["baseConfigurationReference"]?.stringValue.flatMap { resolvedPath(of: $0) }
            if base == nil, let anchor = configuration["baseConfigurationReferenceAnchor"]?.stringValue,
                let relative = configuration["baseConfigurationReferenceRelativePath"]?.stringValue,
                let folder = resolvedPath(of: anchor)
            {
                // Format 110 names the file by a synchronized folder and a path inside it.
                base = ProjectPath.tidy(ProjectPath.join(folder, relative))
            }
            return BuildConfiguration(
                name: configuration["name"]?.stringValue ?? id, settings: settings, baseConfigurationPath: base)
        }
    }

    /// Project-relative paths of the files a target's Sources and Headers build phases list.
    func buildPhaseFiles(of target: [String: PlistValue]) -> [String] {
        var paths: [String] = []
        for phaseID in target["buildPhases"]?.arrayValue ?? [] {
            guard let phase = phaseID.stringValue.flatMap(object),
                ["PBXSourcesBuildPhase", "PBXHeadersBuildPhase"].contains(phase["isa"]?.stringValue ?? "")
            else { continue }
            for fileID in phase["files"]?.arrayValue ?? [] {
                guard let reference = fileID.stringValue.flatMap(object)?["fileRef"]?.stringValue,
                    let path = resolvedPath(of: reference)
                else { continue }
                paths.append(path)
            }
        }
        return paths
    }

    /// Project-relative paths of a target's sources that carry `COMPILER_FLAGS`, with the flags.
    func compilerFlags(of target: [String: PlistValue]) -> [String: String] {
        var flags: [String: String] = [:]
        for phaseID in target["buildPhases"]?.arrayValue ?? [] {
            guard let phase = phaseID.stringValue.flatMap(object), phase["isa"]?.stringValue == "PBXSourcesBuildPhase"
            else { continue }
            for fileID in phase["files"]?.arrayValue ?? [] {
                guard let buildFile = fileID.stringValue.flatMap(object),
                    let value = buildFile["settings"]?.dictionaryValue?["COMPILER_FLAGS"]?.stringValue,
                    let reference = buildFile["fileRef"]?.stringValue, let path = resolvedPath(of: reference)
                else { continue }
                flags[path] = value
            }
        }
        return flags
    }

    /// For one target: the files of its own synchronized folders that its exception sets leave
    /// out, and the files of other targets' folders that exception sets add to it. Xcode writes a
    /// folder's exceptions per target, and the same list means "not in" for a target that owns the
    /// folder and "also in" for one that does not.
    func synchronizedMembership(targetID: String, groups: [String]) -> (excluded: [String], added: [String]) {
        var excluded: [String] = []
        var added: [String] = []
        for groupID in ids(isa: "PBXFileSystemSynchronizedRootGroup") {
            guard let group = object(groupID), let folder = resolvedPath(of: groupID) else { continue }
            for exceptionID in group["exceptions"]?.arrayValue ?? [] {
                guard let exception = exceptionID.stringValue.flatMap(object),
                    exception["isa"]?.stringValue == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                    exception["target"]?.stringValue == targetID
                else { continue }
                let files = (exception["membershipExceptions"]?.arrayValue ?? []).compactMap(\.stringValue).map {
                    ProjectPath.tidy(ProjectPath.join(folder, $0))
                }
                if groups.contains(groupID) { excluded += files } else { added += files }
            }
        }
        return (excluded.sorted(), added.sorted())
    }

    func linkedFrameworks(of target: [String: PlistValue]) -> [String] {
        var names: [String] = []
        for phaseID in target["buildPhases"]?.arrayValue ?? [] {
            guard let phase = phaseID.stringValue.flatMap(object),
                phase["isa"]?.stringValue == "PBXFrameworksBuildPhase"
            else { continue }
            for fileID in phase["files"]?.arrayValue ?? [] {
                guard let buildFile = fileID.stringValue.flatMap(object),
                    let reference = buildFile["fileRef"]?.stringValue.flatMap(object)
                else { continue }
                if let name = reference["name"]?.stringValue
                    ?? reference["path"]?.stringValue.map(PBXProjReader.lastComponent)
                {
                    names.append(name)
                }
            }
        }
        return names
    }

    /// The path of a file or group relative to the project folder, following `<group>` parents.
    func resolvedPath(of id: String) -> String? {
        var components: [String] = []
        var current: String? = id
        var visited: Set<String> = []
        while let currentID = current, visited.insert(currentID).inserted {
            guard let object = object(currentID) else { break }
            let path = object["path"]?.stringValue
            let tree = object["sourceTree"]?.stringValue ?? "<group>"
            if let path, !path.isEmpty { components.append(path) }
            switch tree {
            case "<group>":
                current = parents[currentID]
            case "SOURCE_ROOT", "<absolute>":
                current = nil
            default:
                components.append("$(\(tree))")
                current = nil
            }
        }
        guard !components.isEmpty || object(id) != nil else { return nil }
        let joined = components.reversed().joined(separator: "/")
        let tidy = ProjectPath.tidy(joined)
        return tidy == "." ? "" : tidy
    }
}
