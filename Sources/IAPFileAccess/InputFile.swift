#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// Reads input files the way an untrusted folder demands: only regular files, their size checked
/// before a byte is read, and never blocking on a named pipe or a device.
public enum InputFile {
    /// What a path names, after symbolic links are followed.
    public enum Kind: Equatable, Sendable {
        case regular
        case directory
        /// A named pipe, a device or a socket, which no guide, template or project file can be.
        case special(String)
        /// Nothing, or a symbolic link that leads nowhere or in a circle.
        case missing
    }

    /// Larger files are refused: node positions are 32-bit, and no guide or project file is this big.
    public static let largestFile = 1 << 30

    public static func kind(of path: String) -> Kind {
        var status = stat()
        guard stat(path, &status) == 0 else { return .missing }
        return kind(of: status)
    }

    static func kind(of status: stat) -> Kind {
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFIFO: return .special("a named pipe (FIFO)")
        case S_IFCHR: return .special("a character device")
        case S_IFBLK: return .special("a block device")
        case S_IFSOCK: return .special("a socket")
        default: return .special("not a regular file")
        }
    }

    /// The device and inode the path leads to, after symbolic links.
    public static func identity(of path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileIdentity(status)
    }

    /// The absolute path with every symbolic link, `.` and `..` resolved; nil when the path does
    /// not lead to anything.
    public static func resolvedPath(of path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` is `root` or lies below it; both must be resolved paths.
    public static func isInside(_ path: String, root: String) -> Bool {
        if root == "/" { return path.hasPrefix("/") }
        return path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// The whole file, read straight into the array the parsers use: one copy, no `Data`.
    ///
    /// The file is opened without blocking (a named pipe would otherwise wait for a writer for
    /// ever), then checked through its descriptor: a regular file no larger than `limit`.
    public static func read(_ path: String, limit: Int = largestFile) throws(InputFileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw InputFileError(path: path, reason: .system(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw InputFileError(path: path, reason: .system(errno)) }
        switch kind(of: status) {
        case .regular: break
        case .directory: throw InputFileError(path: path, reason: .system(EISDIR))
        case .special(let what): throw InputFileError(path: path, reason: .notRegular(what))
        case .missing: throw InputFileError(path: path, reason: .system(ENOENT))
        }
        let size = Int(status.st_size)
        guard size <= limit else { throw InputFileError(path: path, reason: .tooLarge(limit: limit)) }
        // Read straight into the array's storage, not into zeros written first: the pages are
        // touched once.
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            initialized = 0
            guard let base = buffer.baseAddress else { return }
            while initialized < size {
                let result = systemRead(descriptor, base + initialized, size - initialized)
                if result < 0, errno == EINTR || errno == EAGAIN { continue }
                guard result >= 0 else {
                    failure = errno
                    return
                }
                // The file shrank while it was read: keep what is there.
                if result == 0 { return }
                initialized += result
            }
        }
        if failure != 0 { throw InputFileError(path: path, reason: .system(failure)) }
        return bytes
    }

    /// The file at `path`, which must lie inside the folder `root` once every symbolic link is
    /// followed: a template or partial named `../x`, or a link to `/etc/passwd`, is refused.
    /// Nil when nothing is at `path`.
    public static func read(_ path: String, inside root: String, limit: Int = largestFile) throws(InputFileError)
        -> [UInt8]?
    {
        switch kind(of: path) {
        case .missing, .directory: return nil
        case .special(let what): throw InputFileError(path: path, reason: .notRegular(what))
        case .regular: break
        }
        guard let resolvedRoot = resolvedPath(of: root), let resolved = resolvedPath(of: path),
            isInside(resolved, root: resolvedRoot)
        else { throw InputFileError(path: path, reason: .outside(root)) }
        return try read(path, limit: limit)
    }

    /// At most `limit` bytes from a stream that has no size to check first (standard input);
    /// nil when there are more.
    public static func readStream(_ descriptor: Int32, limit: Int = largestFile) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let result = chunk.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return systemRead(descriptor, base, buffer.count)
            }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { return bytes }
            bytes += chunk[..<result]
            if bytes.count > limit { return nil }
        }
    }
}

/// The system's `read(2)`, which the reader's own `read` hides inside the type.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// Why an input file was not read.
public struct InputFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        case system(Int32)
        case notRegular(String)
        case tooLarge(limit: Int)
        /// The file lies outside this folder, after symbolic links.
        case outside(String)
    }

    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .system(let code): String(cString: strerror(code))
        case .notRegular(let what): "it is \(what), not a regular file"
        case .tooLarge(let limit): "file is larger than \(InputFileError.size(limit))"
        case .outside(let root): "it leads outside '\(root)' (through '..' or a symbolic link), so it is not read"
        }
    }

    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 30, bytes % (1 << 30) == 0 { return "\(bytes >> 30) GiB" }
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        return "\(bytes) bytes"
    }
}

/// Reads the file at a path that must lie inside a folder (the second argument) once symbolic
/// links are followed, as `InputFile.read(_:inside:)` does on the disk; nil when nothing is
/// there. Template folders are read through one, so a command reads them where it reads
/// everything else.
public typealias ContainedFileReader = @Sendable (_ path: String, _ folder: String) throws(InputFileError) -> [UInt8]?
