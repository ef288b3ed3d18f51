/// What the extraction stage needs from a file system. The command line passes the real one;
/// tests pass a dictionary, so the whole pipeline runs in memory.
public protocol GuideFileSystem: Sendable {
    func kind(of path: String) -> GuidePathKind
    func contents(of path: String) throws -> [UInt8]
    /// Names (not paths) of the entries of a directory, in any order.
    func entries(of directory: String) throws -> [String]
}

public enum GuidePathKind: Sendable, Equatable {
    case file
    case directory
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
}
