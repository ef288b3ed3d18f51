#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// What a file's metadata says about its content: its size and when it was last modified, to
/// the nanosecond. Build tools decide that a file is unchanged when both are, without reading it.
public struct FileStatus: Hashable, Sendable {
    public var size: Int64
    /// Nanoseconds since 1970.
    public var modified: Int64

    public init(size: Int64, modified: Int64) {
        self.size = size
        self.modified = modified
    }

    /// The status of the file a path leads to, after symbolic links; nil when nothing is there.
    public static func of(_ path: String) -> FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
            let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
            let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        return FileStatus(size: Int64(info.st_size), modified: modified)
    }
}
