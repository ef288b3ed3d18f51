import Foundation
import IAPExtract
import IAPFileAccess

/// Files held in memory that commands both read and write: for tests, and for tools that run
/// `iapkit` without a disk. Directories exist where a file path passes through them or where a
/// run made one. Each write moves a clock on, so a file written again has a new time, as on a
/// disk, without waiting.
public final class MemoryDisk: GuideFileSystem, OutputFileSystem, @unchecked Sendable {
    private struct Entry {
        var bytes: [UInt8]
        var modified: Int64
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var folders: Set<String> = []
    private var locked: Set<String> = []
    private var clock: Int64 = 0

    public init(_ files: [String: [UInt8]] = [:]) {
        for (path, bytes) in files { store(bytes, at: path) }
    }

    public convenience init(texts: [String: String]) {
        self.init(texts.mapValues { Array($0.utf8) })
    }

    /// Every file, by normalized path.
    public var files: [String: [UInt8]] {
        locking { entries.mapValues(\.bytes) }
    }

    /// Writes a file as a user would, outside any run (an edit between two runs).
    public func store(_ bytes: [UInt8], at path: String) {
        locking {
            clock += 1
            entries[GuidePath.normalize(path)] = Entry(bytes: bytes, modified: clock)
        }
    }

    /// Gives a file a new time without changing its bytes, as `touch` does.
    public func touch(_ path: String) {
        locking {
            clock += 1
            entries[GuidePath.normalize(path)]?.modified = clock
        }
    }

    public func delete(_ path: String) {
        _ = locking { entries.removeValue(forKey: GuidePath.normalize(path)) }
    }

    // MARK: Reading

    public func kind(of path: String) -> GuidePathKind {
        let path = GuidePath.normalize(path)
        return locking { kindLocked(path) }
    }

    public func contents(of path: String) throws -> [UInt8] {
        guard let bytes = locking({ entries[GuidePath.normalize(path)]?.bytes }) else {
            throw InputFileError(path: path, reason: .system(ENOENT))
        }
        return bytes
    }

    public func entries(of directory: String) throws -> [String] {
        let directory = GuidePath.normalize(directory)
        return locking { entriesLocked(of: directory) }
    }

    public func status(of path: String) -> FileStatus? {
        locking {
            entries[GuidePath.normalize(path)].map { FileStatus(size: Int64($0.bytes.count), modified: $0.modified) }
        }
    }

    // MARK: Writing

    public func folder(_ directory: String) -> any OutputFolder { MemoryOutputFolder(disk: self, directory: directory) }

    fileprivate func locking<Value>(_ body: () throws -> Value) rethrows -> Value {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    fileprivate func kindLocked(_ path: String) -> GuidePathKind {
        if entries[path] != nil { return .file }
        if path == "." || path == "/" || folders.contains(path) { return .directory }
        let prefix = path + "/"
        if entries.keys.contains(where: { $0.hasPrefix(prefix) }) || folders.contains(where: { $0.hasPrefix(prefix) }) {
            return .directory
        }
        return .missing
    }

    /// The names inside a normalized folder path; the lock must be held.
    fileprivate func entriesLocked(of directory: String) -> [String] {
        let prefix = directory == "." ? "" : directory + "/"
        var names = Set<String>()
        for path in Array(entries.keys) + Array(folders) where path.hasPrefix(prefix) && path != directory {
            if let name = path.dropFirst(prefix.count).split(separator: "/").first { names.insert(String(name)) }
        }
        return names.sorted()
    }

    fileprivate func makeFolders(_ path: String) {
        guard path != ".", path != "/" else { return }
        var current = ""
        for part in path.split(separator: "/") {
            current = current.isEmpty ? String(part) : current + "/" + part
            folders.insert(current)
        }
    }

    fileprivate func write(_ bytes: [UInt8], at path: String) {
        clock += 1
        entries[path] = Entry(bytes: bytes, modified: clock)
    }

    fileprivate func remove(_ path: String) { entries.removeValue(forKey: path) }

    fileprivate func bytes(at path: String) -> [UInt8]? { entries[path]?.bytes }

    fileprivate func takeLock(_ folder: String) -> Bool { locked.insert(folder).inserted }

    fileprivate func releaseLock(_ folder: String) { locked.remove(folder) }

    fileprivate func isLocked(_ folder: String) -> Bool { locked.contains(folder) }
}

/// A folder of a `MemoryDisk`, with the writer's checks: the path rules, no file where a folder
/// is needed nor a folder where a file goes, one run at a time.
private final class MemoryOutputFolder: OutputFolder, @unchecked Sendable {
    let disk: MemoryDisk
    let directory: String
    private var isOpen = false

    init(disk: MemoryDisk, directory: String) {
        self.disk = disk
        self.directory = directory
    }

    private var root: String { GuidePath.normalize(directory.isEmpty ? "." : directory) }

    private func path(_ relativePath: String) -> String { GuidePath.normalize(target(relativePath)) }

    func existingBytes(_ relativePath: String) -> [UInt8]? {
        disk.locking { disk.bytes(at: path(relativePath)) }
    }

    func exists(_ relativePath: String) -> Bool { existingBytes(relativePath) != nil }

    func change(path relativePath: String, pieces: [ArraySlice<UInt8>]) -> OutputWriter.Change {
        guard let existing = existingBytes(relativePath) else { return .create }
        return existing == Array(pieces.joined()) ? .unchanged : .update
    }

    func open(creating: Bool, holder: String, waiting: (String) -> Void) throws(OutputWriter.WriteError) {
        let root = self.root
        let result: OutputWriter.WriteError? = disk.locking {
            switch disk.kindLocked(root) {
            case .directory: break
            case .missing where creating: disk.makeFolders(root)
            case .missing: return OutputWriter.WriteError(path: root, reason: "the folder does not exist")
            default: return OutputWriter.WriteError(path: root, reason: "it is a file, where a folder is needed")
            }
            // Memory has no other process to wait for: a second open of a folder is a mistake.
            guard disk.takeLock(root) else {
                return OutputWriter.WriteError(path: root, reason: "another run is writing the folder")
            }
            return nil
        }
        if let result { throw result }
        isOpen = true
    }

    func prepare(_ relativePaths: [String]) throws(OutputWriter.WriteError) {
        if let first = OutputPathRules.problems(relativePaths, under: directory).first { throw first }
        guard isOpen else { throw OutputWriter.WriteError(path: directory, reason: "the folder is not open") }
        let problem: OutputWriter.WriteError? = disk.locking {
            for relative in relativePaths {
                let full = path(relative)
                if disk.kindLocked(full) == .directory {
                    return OutputWriter.WriteError(path: target(relative), reason: "a folder has the name of the file")
                }
                var folder = GuidePath.directory(of: full)
                while folder != root, folder != ".", !folder.isEmpty {
                    if disk.kindLocked(folder) == .file {
                        return OutputWriter.WriteError(path: folder, reason: "it is a file, where a folder is needed")
                    }
                    folder = GuidePath.directory(of: folder)
                }
            }
            for relative in relativePaths { disk.makeFolders(GuidePath.directory(of: path(relative))) }
            return nil
        }
        if let problem { throw problem }
    }

    var holdsRunLeftovers: Bool {
        let root = self.root
        return disk.locking {
            disk.isLocked(root)
                || disk.entriesLocked(of: root).contains {
                    $0 == OutputLock.fileName || OutputWriter.isTemporaryName($0)
                }
        }
    }

    func write(path relativePath: String, pieces: [ArraySlice<UInt8>]) throws(OutputWriter.WriteError) {
        guard isOpen else {
            throw OutputWriter.WriteError(path: target(relativePath), reason: "its folder was not prepared for writing")
        }
        let full = path(relativePath)
        disk.locking { disk.write(Array(pieces.joined()), at: full) }
    }

    func remove(path relativePath: String) {
        let full = path(relativePath)
        disk.locking { disk.remove(full) }
    }

    func close() {
        guard isOpen else { return }
        let root = self.root
        disk.locking { disk.releaseLock(root) }
        isOpen = false
    }

    deinit { close() }
}
