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

    /// Whether writing `pieces`, one after another, to `relativePath` would create, update or
    /// leave the file alone. A file of another size differs without being read; one of the
    /// same size is compared a chunk at a time, so a large page is never held twice.
    func change(path relativePath: String, pieces: [ArraySlice<UInt8>]) -> Change {
        let descriptor = open(target(relativePath), O_RDONLY)
        guard descriptor >= 0 else { return .create }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return .create }
        guard Int(status.st_size) == pieces.reduce(0, { $0 + $1.count }) else { return .update }
        return Self.contents(of: descriptor, equal: pieces) ? .unchanged : .update
    }

    /// Compares what is left to read from `descriptor` with `pieces` joined, reading the file a
    /// chunk at a time: a print view is tens of thousands of pieces.
    private static func contents(of descriptor: Int32, equal pieces: [ArraySlice<UInt8>]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var expected = PieceCursor(pieces)
        return chunk.withUnsafeMutableBytes { buffer in
            guard let chunkBase = buffer.baseAddress else { return false }
            while true {
                let count = read(descriptor, chunkBase, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count >= 0 else { return false }
                if count == 0 { return expected.isAtEnd }
                guard expected.matches(UnsafeRawBufferPointer(start: chunkBase, count: count)) else { return false }
            }
        }
    }

    /// A position in pieces read one after another.
    private struct PieceCursor {
        let pieces: [ArraySlice<UInt8>]
        var index = 0
        var offset = 0

        init(_ pieces: [ArraySlice<UInt8>]) {
            self.pieces = pieces
        }

        /// Whether every byte of the pieces has been matched.
        var isAtEnd: Bool {
            var (piece, position) = (index, offset)
            while piece < pieces.count {
                if position < pieces[piece].count { return false }
                (piece, position) = (piece + 1, 0)
            }
            return true
        }

        /// Whether the next bytes of the pieces are `bytes`; moves past them.
        mutating func matches(_ bytes: UnsafeRawBufferPointer) -> Bool {
            guard let base = bytes.baseAddress else { return true }
            var consumed = 0
            while consumed < bytes.count {
                guard index < pieces.count else { return false }
                let piece = pieces[index]
                let count = min(piece.count - offset, bytes.count - consumed)
                let same = piece.withUnsafeBytes { expected -> Bool in
                    guard count > 0, let expectedBase = expected.baseAddress else { return true }
                    return memcmp(expectedBase + offset, base + consumed, count) == 0
                }
                guard same else { return false }
                consumed += count
                offset += count
                if offset == piece.count {
                    index += 1
                    offset = 0
                }
            }
            return true
        }
    }

    /// Compares whole buffers at once: iterating `Data` byte by byte is slow for large files.
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
        try write(path: relativePath, pieces: [bytes[...]])
    }

    /// Writes `pieces` one after another as the file's content, atomically.
    func write(path relativePath: String, pieces: [ArraySlice<UInt8>]) throws {
        let path = target(relativePath)
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, !Self.isDirectory(folder) {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let temporary = (folder.isEmpty ? "." : folder) + "/.\((path as NSString).lastPathComponent).iapkit-\(getpid())"
        if let failure = Self.create(temporary, with: pieces) {
            throw WriteError(path: path, reason: "cannot write a temporary file next to it: \(failure)")
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw WriteError(path: path, reason: reason)
        }
    }

    /// Creates the folders that files at `relativePaths` go into, each once, so that files can
    /// then be written from several threads without racing to create a folder.
    func createFolders(for relativePaths: [String]) throws {
        let folders = Set(relativePaths.map { (target($0) as NSString).deletingLastPathComponent })
        for folder in folders.sorted() where !folder.isEmpty && !Self.isDirectory(folder) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw WriteError(path: folder, reason: "cannot create the folder")
            }
        }
    }

    /// One `stat`: most files go into a folder that already exists, and asking Foundation to
    /// create it again costs more than writing a page.
    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Pieces shorter than this are gathered and written together; longer ones are written
    /// straight from their arrays (no `Data` copy of a large page).
    private static let gatherSize = 256 * 1024

    /// Writes `pieces` to a new file at `path`; a partly written file is removed. Returns the
    /// system's reason when that fails.
    private static func create(_ path: String, with pieces: [ArraySlice<UInt8>]) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var gathered: [UInt8] = []
        var written = true
        for piece in pieces where written {
            if gathered.count + piece.count > gatherSize, !gathered.isEmpty {
                written = writeAll(descriptor, gathered[...])
                gathered.removeAll(keepingCapacity: true)
            }
            if piece.count >= gatherSize {
                written = written && writeAll(descriptor, piece)
            } else {
                if gathered.capacity == 0 { gathered.reserveCapacity(gatherSize) }
                gathered.append(contentsOf: piece)
            }
        }
        if written, !gathered.isEmpty { written = writeAll(descriptor, gathered[...]) }
        let writeFailure = written ? nil : String(cString: strerror(errno))
        let closed = close(descriptor) == 0
        let failure = writeFailure ?? (closed ? nil : String(cString: strerror(errno)))
        if failure != nil { unlink(path) }
        return failure
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                guard let base = buffer.baseAddress else { return false }
                let count = systemWrite(descriptor, base + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }

    struct WriteError: Error, CustomStringConvertible, Sendable {
        var path: String
        var reason: String
        var description: String { "cannot write '\(path)': \(reason)" }
    }
}

/// The system's `write(2)`, which `OutputWriter.write` hides inside the type.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
