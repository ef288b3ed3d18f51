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
        guard let slash = path.lastIndex(of: "/") else { return resolvedFile(path, in: ".", name: path) }
        let name = String(path[path.index(after: slash)...])
        let folder = slash == path.startIndex ? "/" : String(path[..<slash])
        return resolvedFile(path, in: folder, name: name)
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
