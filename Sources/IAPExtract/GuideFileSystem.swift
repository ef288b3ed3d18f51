import IAPFileAccess

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// What the extraction stage needs from a file system. The command line passes the real one;
/// tests pass a dictionary, so the whole pipeline runs in memory.
public protocol GuideFileSystem: Sendable {
    func kind(of path: String) -> GuidePathKind
    func contents(of path: String) throws -> [UInt8]
    /// Names (not paths) of the entries of a directory, in any order.
    func entries(of directory: String) throws -> [String]
    /// The absolute path with every symbolic link followed, to decide whether a file a guide
    /// names lies inside the book's folder; nil when nothing is there.
    func resolvedPath(of path: String) -> String?
    /// The device and inode a path leads to, to read a file reached by two paths once and to
    /// stop a folder walk that comes back to a folder; nil where files have none (memory).
    func identity(of path: String) -> FileIdentity?
    /// The size and modification time of a file, so a run can tell that nothing changed
    /// without reading it; nil where files have none (memory) or nothing is there.
    func status(of path: String) -> FileStatus?
    /// What a folder walk needs of one entry (`kind`, `identity` and `resolvedPath` together),
    /// so the disk can answer a book of a thousand files with one look at each.
    func walkEntry(at path: String) -> GuideWalkEntry
}

/// One entry of a folder walk: what `kind(of:)`, `identity(of:)` and `resolvedPath(of:)` say.
public struct GuideWalkEntry: Sendable, Equatable {
    public var kind: GuidePathKind
    public var identity: FileIdentity?
    public var resolvedPath: String?

    public init(kind: GuidePathKind, identity: FileIdentity?, resolvedPath: String?) {
        self.kind = kind
        self.identity = identity
        self.resolvedPath = resolvedPath
    }
}

extension GuideFileSystem {
    /// Without symbolic links, a path resolves as it is written, from the root of the files.
    public func resolvedPath(of path: String) -> String? {
        kind(of: path) == .missing ? nil : GuidePath.normalize("/" + path)
    }

    public func identity(of path: String) -> FileIdentity? { nil }

    public func status(of path: String) -> FileStatus? { nil }

    public func walkEntry(at path: String) -> GuideWalkEntry {
        GuideWalkEntry(kind: kind(of: path), identity: identity(of: path), resolvedPath: resolvedPath(of: path))
    }
}

public enum GuidePathKind: Sendable, Equatable {
    /// A regular file.
    case file
    case directory
    /// A named pipe, a device or a socket: never read as a guide, since reading it could block
    /// for ever or never end.
    case special(String)
    case missing
}

/// Paths as guides and diagnostics write them: `/`-separated, `.` and `..` resolved where that
/// is possible without touching the disk, so `Workbook/./a.md` and `Workbook/a.md` are one file.
public enum GuidePath {
    public static func join(_ directory: String, _ relative: String) -> String {
        if relative.hasPrefix("/") || directory.isEmpty || directory == "." { return normalize(relative) }
        return normalize(directory + "/" + relative)
    }

    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    public static func normalize(_ path: String) -> String {
        if isNormal(path) { return path }
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if part == "..", absolute { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// Whether `normalize` would give the path back as it is: no empty, `.` or `..` part, no
    /// trailing `/`. Most paths are, and telling so takes one pass over the bytes.
    static func isNormal(_ path: String) -> Bool {
        path.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard !bytes.isEmpty else { return false }
            var partStart = bytes[0] == UInt8(ascii: "/") ? 1 : 0
            if partStart == 1 && bytes.count == 1 { return true }  // "/"
            var index = partStart
            while index <= bytes.count {
                if index == bytes.count || bytes[index] == UInt8(ascii: "/") {
                    let length = index - partStart
                    if length == 0 { return false }
                    if bytes[partStart] == UInt8(ascii: "."),
                        length == 1 || (length == 2 && bytes[partStart + 1] == UInt8(ascii: "."))
                    {
                        return false
                    }
                    partStart = index + 1
                }
                index += 1
            }
            return true
        } ?? false
    }
}

extension GuideFileSystem {
    /// The file at `path`, which must lie inside the folder `root` once symbolic links are
    /// followed (where the files have links); nil when no file is there. The same rule as
    /// `InputFile.read(_:inside:)`, over these files.
    public func read(_ path: String, inside root: String) throws(InputFileError) -> [UInt8]? {
        switch kind(of: path) {
        case .missing, .directory: return nil
        case .special(let what): throw InputFileError(path: path, reason: .notRegular(what))
        case .file: break
        }
        guard let resolvedRoot = resolvedPath(of: root), let resolved = resolvedPath(of: path),
            InputFile.isInside(resolved, root: resolvedRoot)
        else { throw InputFileError(path: path, reason: .outside(root)) }
        do {
            return try contents(of: path)
        } catch let error as InputFileError {
            throw error
        } catch {
            throw InputFileError(path: path, reason: .system(EIO))
        }
    }

    /// Every file below `folder`, by path relative to it, in path order; folders reached again
    /// through a link are not entered twice.
    public func files(below folder: String) -> [String] {
        var found: [String] = []
        var pending = [""]
        var entered: Set<FileIdentity> = []
        while let relative = pending.popLast() {
            let path = relative.isEmpty ? folder : GuidePath.join(folder, relative)
            if let identity = identity(of: path), !entered.insert(identity).inserted { continue }
            for name in (try? entries(of: path)) ?? [] {
                let child = relative.isEmpty ? name : relative + "/" + name
                switch kind(of: GuidePath.join(folder, child)) {
                case .file: found.append(child)
                case .directory: pending.append(child)
                default: continue
                }
            }
        }
        return found.sorted()
    }
}
