import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// Resolves paths as `realpath(3)` does, remembering each folder it resolved: a book's chapters
/// share a few folders, and `realpath` reads every component of every path again (seven
/// look-ups for `/work/book/chapters/one.md`). A file that is not itself a symbolic link
/// resolves to its folder's resolved path and its name, which takes one `lstat`.
///
/// A run reads a book once; a folder replaced by a link while it runs is read through what it
/// was when first resolved, as a file opened a moment after `realpath` would be.
public final class PathResolver: @unchecked Sendable {
    private let lock = NSLock()
    private var folders: [String: String] = [:]

    public init() {}

    /// The absolute path with every symbolic link, `.` and `..` resolved; nil when the path does
    /// not lead to anything.
    public func resolvedPath(of path: String) -> String? {
        let (folder, name) = Self.split(path)
        return resolvedFile(path, in: folder, name: name)
    }

    /// A path's folder (`.` for a bare name, `/` at the root) and its last part.
    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        return (slash == path.startIndex ? "/" : String(path[..<slash]), String(path[path.index(after: slash)...]))
    }

    /// What a folder walk needs of one entry: its kind, its identity and its resolved path.
    /// An entry that is not a symbolic link gives all three from one `lstat` (its folder is
    /// resolved once for all its files); a link is followed by `stat` and `realpath`.
    public func entry(at path: String) -> ResolvedEntry {
        let (folder, name) = Self.split(path)
        var status = stat()
        guard !name.isEmpty, name != ".", name != "..", lstat(path, &status) == 0,
            (status.st_mode & S_IFMT) != S_IFLNK
        else {
            return ResolvedEntry(
                kind: InputFile.kind(of: path), identity: InputFile.identity(of: path),
                resolvedPath: resolvedPath(of: path))
        }
        let resolved =
            resolvedFolder(folder).map { $0 == "/" ? "/" + name : $0 + "/" + name } ?? InputFile.resolvedPath(of: path)
        return ResolvedEntry(kind: InputFile.kind(of: status), identity: FileIdentity(status), resolvedPath: resolved)
    }

    private func resolvedFile(_ path: String, in folder: String, name: String) -> String? {
        guard !name.isEmpty, name != ".", name != ".." else { return InputFile.resolvedPath(of: path) }
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        guard (status.st_mode & S_IFMT) != S_IFLNK, let resolvedFolder = resolvedFolder(folder) else {
            return InputFile.resolvedPath(of: path)
        }
        return resolvedFolder == "/" ? "/" + name : resolvedFolder + "/" + name
    }

    private func resolvedFolder(_ folder: String) -> String? {
        lock.lock()
        let known = folders[folder]
        lock.unlock()
        if let known { return known }
        guard let resolved = InputFile.resolvedPath(of: folder) else { return nil }
        lock.lock()
        folders[folder] = resolved
        lock.unlock()
        return resolved
    }
}

/// One folder entry as `PathResolver.entry(at:)` finds it.
public struct ResolvedEntry: Sendable, Equatable {
    public var kind: InputFile.Kind
    /// The device and inode it leads to; nil when nothing is there.
    public var identity: FileIdentity?
    /// After every symbolic link; nil when nothing is there.
    public var resolvedPath: String?
}
