import Foundation
import IAPGenerate

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// Writes generated files: only those whose content changed, each atomically (a temporary file
/// in the same folder, then a rename), so a reader never sees half a file and an unchanged
/// file keeps its modification time.
struct OutputWriter {
    enum Change: String {
        case create = "created"
        case update = "updated"
        case unchanged
        /// A scaffold that already exists: it belongs to the user.
        case keep = "kept (yours)"
    }

    let directory: String

    func change(for file: GeneratedFile) -> Change {
        let path = target(file)
        guard let existing = FileManager.default.contents(atPath: path) else { return .create }
        if file.isScaffold { return .keep }
        return Self.sameBytes(existing, Array(file.contents.utf8)) ? .unchanged : .update
    }

    /// The current text of `path` below the output folder, if it exists.
    func existingText(of path: String) -> String? {
        FileManager.default.contents(atPath: target(path)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether writing `bytes` to `relativePath` would create, update or leave the file alone.
    func change(path relativePath: String, bytes: [UInt8]) -> Change {
        guard let existing = FileManager.default.contents(atPath: target(relativePath)) else { return .create }
        return Self.sameBytes(existing, bytes) ? .unchanged : .update
    }

    /// Compares whole buffers at once: iterating `Data` byte by byte costs more than rendering
    /// a large page.
    static func sameBytes(_ existing: Data, _ bytes: [UInt8]) -> Bool {
        guard existing.count == bytes.count else { return false }
        return existing.withUnsafeBytes { old in
            bytes.withUnsafeBytes { new in
                guard let oldBase = old.baseAddress, let newBase = new.baseAddress else { return true }
                return memcmp(oldBase, newBase, bytes.count) == 0
            }
        }
    }

    func target(_ file: GeneratedFile) -> String {
        target(file.path)
    }

    func target(_ relativePath: String) -> String {
        directory.isEmpty || directory == "." ? relativePath : directory + "/" + relativePath
    }

    func write(_ file: GeneratedFile) throws {
        try write(path: file.path, bytes: Array(file.contents.utf8))
    }

    func write(path relativePath: String, bytes: [UInt8]) throws {
        let path = target(relativePath)
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let temporary = (folder.isEmpty ? "." : folder) + "/.\((path as NSString).lastPathComponent).iapkit-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
            throw WriteError(path: path, reason: "cannot create a temporary file next to it")
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw WriteError(path: path, reason: reason)
        }
    }

    struct WriteError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot write '\(path)': \(reason)" }
    }
}
