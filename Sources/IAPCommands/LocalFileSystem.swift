import Foundation
import IAPExtract

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// The disk, for the real tool. Relative paths resolve against the process's working directory.
public struct LocalFileSystem: GuideFileSystem {
    /// Larger files are refused: node positions are 32-bit, and no guide is this big.
    public static let largestFile = 1 << 30

    public init() {}

    public func kind(of path: String) -> GuidePathKind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
    }

    /// Reads the whole file straight into the array the parser uses: one copy, no `Data`.
    public func contents(of path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw FileReadError(path: path, code: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileReadError(path: path, code: errno) }
        guard (info.st_mode & S_IFMT) != S_IFDIR else { throw FileReadError(path: path, code: EISDIR) }
        guard Int(info.st_size) <= Self.largestFile else { throw FileReadError(path: path, code: EFBIG) }
        var bytes: [UInt8] = []
        // A regular file arrives in the first read; pipes and special files in pieces.
        var chunkSize = max(Int(info.st_size) + 1, 4096)
        while true {
            var failure: Int32 = 0
            let chunk = [UInt8](unsafeUninitializedCapacity: chunkSize) { buffer, count in
                let result = read(descriptor, buffer.baseAddress, chunkSize)
                failure = result < 0 ? errno : 0
                count = max(0, result)
            }
            if failure == EINTR { continue }
            if failure != 0 { throw FileReadError(path: path, code: failure) }
            if chunk.isEmpty { break }
            if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
            guard bytes.count <= Self.largestFile else { throw FileReadError(path: path, code: EFBIG) }
            chunkSize = 65_536
        }
        return bytes
    }

    public func entries(of directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory)
    }
}

struct FileReadError: Error, CustomStringConvertible {
    var path: String
    var code: Int32

    var description: String {
        code == EFBIG ? "file is larger than 1 GiB" : String(cString: strerror(code))
    }
}
