/// Files held in memory: for tests, and for tools that build guides without a disk.
/// Directories exist implicitly wherever a file path passes through them.
public struct MemoryFileSystem: GuideFileSystem {
    public var files: [String: [UInt8]]

    public init(_ files: [String: [UInt8]] = [:]) {
        self.files = Dictionary(files.map { (GuidePath.normalize($0.key), $0.value) }, uniquingKeysWith: { $1 })
    }

    public init(texts: [String: String]) {
        self.init(texts.mapValues { Array($0.utf8) })
    }

    public func kind(of path: String) -> GuidePathKind {
        let path = GuidePath.normalize(path)
        if files[path] != nil { return .file }
        if path == "." { return .directory }
        let prefix = path + "/"
        return files.keys.contains { $0.hasPrefix(prefix) } ? .directory : .missing
    }

    public func contents(of path: String) throws -> [UInt8] {
        guard let bytes = files[GuidePath.normalize(path)] else { throw MissingFile(path: path) }
        return bytes
    }

    public func entries(of directory: String) throws -> [String] {
        let directory = GuidePath.normalize(directory)
        let prefix = directory == "." ? "" : directory + "/"
        var names = Set<String>()
        for path in files.keys where path.hasPrefix(prefix) {
            if let name = path.dropFirst(prefix.count).split(separator: "/").first { names.insert(String(name)) }
        }
        return names.sorted()
    }

    struct MissingFile: Error, CustomStringConvertible {
        var path: String
        var description: String { "no such file" }
    }
}
