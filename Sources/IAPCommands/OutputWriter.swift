import Foundation
import IAPGenerate

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// Writes a run's files into one output folder, only those whose content changed.
///
/// Guides and projects are untrusted, and so is what sits in the output folder already, so:
///
/// - every path is checked before the first write (`OutputPathRules`, then the folders on
///   disk), so a run that cannot finish writes nothing;
/// - the folder is locked for the run (`OutputLock`), so two runs never interleave;
/// - each file is written to a temporary file with an unpredictable name, created exclusively
///   (`O_CREAT | O_EXCL | O_NOFOLLOW`: never an existing file or a planted symbolic link), then
///   renamed over its name, so a reader sees the old file or the new one, never half of one;
/// - folders are opened one part at a time without following symbolic links, so a link
///   planted inside the folder (`site/assets -> elsewhere`) is refused, never written through;
/// - temporary files that a killed run left behind are removed by the next run.
///
/// Only the folder itself may be reached through a symbolic link: its path is the user's.
public final class OutputWriter: OutputFolder, @unchecked Sendable {
    public enum Change: String, Sendable {
        case create = "created"
        case update = "updated"
        case unchanged
        /// A scaffold that already exists: it belongs to the user.
        case keep = "kept (yours)"
    }

    public struct WriteError: Error, CustomStringConvertible, Sendable {
        public var path: String
        public var reason: String
        public var description: String { "cannot write '\(path)': \(reason)" }

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// Temporary files are `.iapkit-tmp-` and 16 random hexadecimal digits.
    static let temporaryPrefix = ".iapkit-tmp-"

    /// The folder as the user named it; empty or `.` for the working directory.
    public let directory: String
    /// Open folders below the output folder, by relative path (`""` is the folder itself), once
    /// `open` and `prepare` have run. Read, never changed, while files are written in parallel.
    private var folders: [String: Int32] = [:]
    /// The names each prepared folder held when it was prepared, temporary files aside, and
    /// those written since: a name not there is a file to create, with nothing to open and
    /// compare first. A fresh site is a thousand pages, and each look on disk is a system call.
    private let knownNames = KnownNames()
    private var lock: OutputLock?
    /// Temporary names are drawn from this and a count: one call to the system's random source
    /// per run instead of one per file.
    private let temporaryNames = TemporaryNames()

    init(directory: String) {
        self.directory = directory
    }

    deinit { close() }

    static func join(_ directory: String, _ relative: String) -> String {
        directory.isEmpty || directory == "." ? relative : directory + "/" + relative
    }

    // MARK: Reading what is there

    /// The bytes of the regular file at `relativePath`, never through a symbolic link; nil when
    /// there is none.
    public func existingBytes(_ relativePath: String) -> [UInt8]? {
        let descriptor = openExisting(relativePath)
        guard descriptor >= 0 else { return nil }
        defer { systemClose(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? bytes : nil }
            bytes += chunk[..<count]
        }
    }

    public func exists(_ relativePath: String) -> Bool {
        let descriptor = openExisting(relativePath)
        guard descriptor >= 0 else { return false }
        systemClose(descriptor)
        return true
    }

    /// A descriptor of the regular file at `relativePath`, or -1. The file's own name is never
    /// followed as a link: a link in its place is replaced, not read.
    private func openExisting(_ relativePath: String) -> Int32 {
        let flags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
        let (folder, name) = Self.split(relativePath)
        let descriptor =
            if let parent = folders[folder] {
                openat(parent, name, flags)
            } else {
                systemOpen(target(relativePath), flags)
            }
        guard descriptor >= 0 else { return -1 }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            systemClose(descriptor)
            return -1
        }
        return descriptor
    }

    /// Whether writing `pieces`, one after another, to `relativePath` would create, update or
    /// leave the file alone. A file of another size differs without being read; one of the
    /// same size is compared a chunk at a time, so a large page is never held twice.
    public func change(path relativePath: String, pieces: [ArraySlice<UInt8>]) -> Change {
        let (folder, name) = Self.split(relativePath)
        if knownNames.certainlyMissing(name, in: folder) { return .create }
        let descriptor = openExisting(relativePath)
        guard descriptor >= 0 else { return .create }
        defer { systemClose(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .update }
        let size = Int(status.st_size)
        guard size == pieces.reduce(0, { $0 + $1.count }) else { return .update }
        return Self.contents(of: descriptor, size: size, equal: pieces) ? .unchanged : .update
    }

    /// Compares what is left to read from `descriptor` with `pieces` joined, reading the file a
    /// chunk at a time: a print view is tens of thousands of pieces. The chunk is no larger than
    /// the file (plus one byte, to see the end) and is never cleared first: a book of a thousand
    /// small pages would otherwise clear a gigabyte to compare a few megabytes.
    private static func contents(of descriptor: Int32, size: Int, equal pieces: [ArraySlice<UInt8>]) -> Bool {
        let capacity = min(size + 1, 1 << 20)
        var expected = PieceCursor(pieces)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
        defer { buffer.deallocate() }
        guard let chunkBase = buffer.baseAddress else { return false }
        while true {
            let count = read(descriptor, chunkBase, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return false }
            if count == 0 { return expected.isAtEnd }
            guard expected.matches(UnsafeRawBufferPointer(start: chunkBase, count: count)) else { return false }
        }
    }

    // MARK: Opening the folder for a run

    /// Opens (and, with `creating`, makes) the output folder and takes its lock. `waiting` is
    /// told when another run holds the lock.
    public func open(creating: Bool, holder: String, waiting: (String) -> Void) throws(WriteError) {
        let path = directory.isEmpty ? "." : directory
        if creating, !Self.isDirectory(path) {
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw WriteError(path: path, reason: "cannot create the folder")
            }
        }
        let root = systemOpen(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else {
            let reason = errno == ENOENT ? "the folder does not exist" : String(cString: strerror(errno))
            throw WriteError(path: path, reason: reason)
        }
        folders[""] = root
        lock = try OutputLock.acquire(in: root, path: path, holder: holder, waiting: waiting)
    }

    /// Checks the folders on the way to every path, then creates the missing ones, opens them
    /// and clears them of temporary files left by killed runs. Nothing is created unless every
    /// path can be written: a part that is a symbolic link or a file, or a file's name taken by
    /// a folder, is an error.
    public func prepare(_ relativePaths: [String]) throws(WriteError) {
        let rules = OutputPathRules.problems(relativePaths, under: directory)
        if let first = rules.first { throw first }
        guard let root = folders[""] else { throw WriteError(path: directory, reason: "the folder is not open") }
        let paths = Set(relativePaths)
        let needed = Set(paths.map { Self.split($0).folder })
        var chains: Set<String> = []
        for folder in needed where !folder.isEmpty {
            let parts = folder.split(separator: "/")
            for end in parts.indices { chains.insert(parts[...end].joined(separator: "/")) }
        }
        // First look, create nothing: every part that exists must be a real folder.
        for folder in chains.sorted(by: Self.shallowFirst) {
            var status = stat()
            guard fstatat(root, folder, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: continue
            case S_IFLNK:
                throw WriteError(
                    path: target(folder),
                    reason: "it is a symbolic link; files are never written through one (remove the link)")
            default: throw WriteError(path: target(folder), reason: "it is a file, where a folder is needed")
            }
        }
        // The output folder itself is read once, not looked up once per file.
        let rootEntries = Self.entries(of: root)
        for path in paths.sorted() {
            let (folder, name) = Self.split(path)
            let isFolder: Bool
            if folder.isEmpty {
                isFolder = rootEntries[name] == true
            } else {
                var status = stat()
                isFolder =
                    fstatat(root, path, &status, AT_SYMLINK_NOFOLLOW) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
            }
            if isFolder { throw WriteError(path: target(path), reason: "a folder has the name of the file") }
        }
        for folder in chains.sorted(by: Self.shallowFirst) where folders[folder] == nil {
            let (parent, name) = Self.split(folder)
            guard let parentDescriptor = folders[parent] else { continue }
            if mkdirat(parentDescriptor, name, 0o777) != 0, errno != EEXIST {
                throw WriteError(
                    path: target(folder), reason: "cannot create the folder: \(String(cString: strerror(errno)))")
            }
            let descriptor = openat(parentDescriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw WriteError(
                    path: target(folder),
                    reason: "cannot open the folder without following links: \(String(cString: strerror(errno)))")
            }
            folders[folder] = descriptor
        }
        for folder in needed.union([""]) {
            guard let descriptor = folders[folder] else { continue }
            let entries = folder.isEmpty ? rootEntries : Self.entries(of: descriptor)
            var names: Set<String> = []
            for name in entries.keys {
                // What killed runs left: only called with the folder locked, so none of them
                // belongs to a run still writing.
                if Self.isTemporaryName(name) { unlinkat(descriptor, name, 0) } else { names.insert(name) }
            }
            knownNames.record(names, in: folder)
        }
    }

    /// Folders before the folders inside them.
    private static func shallowFirst(_ left: String, _ right: String) -> Bool {
        let (leftDepth, rightDepth) = (left.split(separator: "/").count, right.split(separator: "/").count)
        return leftDepth == rightDepth ? left < right : leftDepth < rightDepth
    }

    /// The entries of an open folder, each with whether it is a folder itself (never following
    /// a link). Temporary files of this writer and of earlier versions are among them.
    private static func entries(of folder: Int32) -> [String: Bool] {
        let copy = dup(folder)
        guard copy >= 0 else { return [:] }
        guard let stream = fdopendir(copy) else {
            systemClose(copy)
            return [:]
        }
        defer { closedir(stream) }
        var entries: [String: Bool] = [:]
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." { continue }
            let type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) {
                var status = stat()
                entries[name] =
                    fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
            } else {
                entries[name] = type == UInt8(DT_DIR)
            }
        }
        return entries
    }

    /// Whether the folder holds a lock file or temporary files: another run is writing it, or
    /// a killed run left them for the next full run to sweep.
    public var holdsRunLeftovers: Bool {
        guard let folder = opendir(directory.isEmpty ? "." : directory) else { return false }
        defer { closedir(folder) }
        // Read straight from the folder: this runs at the start of every up-to-date run.
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == OutputLock.fileName || Self.isTemporaryName(name) { return true }
        }
        return false
    }

    static func isTemporaryName(_ name: String) -> Bool {
        if name.hasPrefix(temporaryPrefix) {
            let suffix = name.dropFirst(temporaryPrefix.count)
            return suffix.count == 16 && suffix.allSatisfy(\.isHexDigit)
        }
        // `.page.html.iapkit-1234`, as versions before this writer named them: a dot, a name,
        // `.iapkit-` and digits.
        let bytes = Array(name.utf8)
        let marker = Array(".iapkit-".utf8)
        var digits = bytes.count
        while digits > 0, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[digits - 1]) { digits -= 1 }
        let start = digits - marker.count
        return bytes.first == UInt8(ascii: ".") && digits < bytes.count && start > 1
            && Array(bytes[start..<digits]) == marker
    }

    /// Ends the run: lets go of the lock and closes the folders.
    public func close() {
        if let lock, let root = folders[""] { lock.release(in: root) }
        lock = nil
        for descriptor in folders.values { systemClose(descriptor) }
        folders = [:]
    }

    // MARK: Writing

    /// Writes `pieces` one after another as the file's content: to a new temporary file beside
    /// it, then renamed over it. The folder must have been prepared for this path.
    public func write(path relativePath: String, pieces: [ArraySlice<UInt8>]) throws(WriteError) {
        let (folderPath, name) = Self.split(relativePath)
        guard let folder = folders[folderPath] else {
            throw WriteError(path: target(relativePath), reason: "its folder was not prepared for writing")
        }
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<64 {
            temporary = Self.temporaryPrefix + temporaryNames.next()
            descriptor = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else {
            throw WriteError(
                path: target(relativePath),
                reason: "cannot create a temporary file next to it: \(String(cString: strerror(errno)))")
        }
        if let failure = Self.fill(descriptor, with: pieces) {
            unlinkat(folder, temporary, 0)
            throw WriteError(path: target(relativePath), reason: failure)
        }
        if renameat(folder, temporary, folder, name) != 0 {
            let reason = String(cString: strerror(errno))
            unlinkat(folder, temporary, 0)
            throw WriteError(path: target(relativePath), reason: reason)
        }
        knownNames.add(name, in: folderPath)
    }

    /// Removes a file this writer wrote in an earlier run and no longer writes; never a folder,
    /// never what a link points to.
    public func remove(path relativePath: String) {
        let (folderPath, name) = Self.split(relativePath)
        guard let root = folders[""] else { return }
        var folder = folders[folderPath] ?? -1
        var opened = false
        if folder < 0 {
            // Open the folder part by part without following links; give up on anything odd.
            folder = dup(root)
            opened = true
            for part in folderPath.split(separator: "/") {
                let next = openat(folder, String(part), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                systemClose(folder)
                guard next >= 0 else { return }
                folder = next
            }
        }
        defer { if opened { systemClose(folder) } }
        var status = stat()
        guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0, (status.st_mode & S_IFMT) != S_IFDIR else {
            return
        }
        unlinkat(folder, name, 0)
    }

    static func split(_ relativePath: String) -> (folder: String, name: String) {
        guard let slash = relativePath.lastIndex(of: "/") else { return ("", relativePath) }
        return (String(relativePath[..<slash]), String(relativePath[relativePath.index(after: slash)...]))
    }

    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Pieces shorter than this are gathered and written together; longer ones are written
    /// straight from their arrays (no `Data` copy of a large page).
    private static let gatherSize = 256 * 1024

    /// Writes `pieces` to `descriptor` and closes it. Returns the system's reason when that
    /// fails.
    private static func fill(_ descriptor: Int32, with pieces: [ArraySlice<UInt8>]) -> String? {
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
        let closed = systemClose(descriptor) == 0
        return writeFailure ?? (closed ? nil : String(cString: strerror(errno)))
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
}

/// The names of the prepared folders' files, as far as the writer knows them: what each held
/// when prepared, and what it wrote since. Files are written on several threads.
private final class KnownNames: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String: Set<String>] = [:]

    func record(_ found: Set<String>, in folder: String) {
        lock.lock()
        defer { lock.unlock() }
        names[folder] = found
    }

    func add(_ name: String, in folder: String) {
        lock.lock()
        defer { lock.unlock() }
        names[folder]?.insert(name)
    }

    /// Whether the folder was read and held no such file, and none was written since.
    func certainlyMissing(_ name: String, in folder: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard let known = names[folder] else { return false }
        return !known.contains(name)
    }
}

/// Sixteen hexadecimal digits no one outside the run can guess, a new one at each call: a
/// number drawn once from the system's random source and a count, mixed by the standard
/// library's hasher, whose key is itself random per process. Exclusive creation keeps the files
/// safe whatever the name; the names only keep planted files from getting in the way.
private final class TemporaryNames: @unchecked Sendable {
    private let lock = NSLock()
    private let seed: UInt64
    private var count: UInt64 = 0

    init() {
        var generator = SystemRandomNumberGenerator()
        seed = generator.next()
    }

    func next() -> String {
        lock.lock()
        count += 1
        let number = count
        lock.unlock()
        var hasher = Hasher()
        hasher.combine(seed)
        hasher.combine(number)
        let value = UInt64(bitPattern: Int64(hasher.finalize()))
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
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

/// The system's `write(2)`, `open(2)` and `close(2)`, which the writer's own methods of those
/// names hide inside the type.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}

@discardableResult
private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
