import IAPFileAccess
import IAPGenerate

/// Where commands write: one output folder at a time. The tool writes to the disk through
/// `OutputWriter`; tests give the commands a `MemoryDisk`, so a run and the run after it happen
/// in memory, with no temporary folder and no waiting for a file's time to change.
///
/// Every command that writes asks the context's `outputs` for its folder; none opens a file of
/// its own.
public protocol OutputFileSystem: Sendable {
    /// The folder `directory` (empty or `.` for the working directory), not yet opened.
    func folder(_ directory: String) -> any OutputFolder
    /// The size and time of a file as written, by the path `OutputFolder.target` gives; nil when
    /// there is none.
    func status(of path: String) -> FileStatus?
}

/// One output folder for one run: what is there, then, once opened and locked, the writes.
/// Implementations keep the promises `OutputWriter` lists: nothing is written before every
/// path is checked, and a file is replaced whole or not at all.
public protocol OutputFolder: AnyObject, Sendable {
    /// The folder as the user named it; empty or `.` for the working directory.
    var directory: String { get }
    /// The bytes of the regular file at `relativePath`; nil when there is none.
    func existingBytes(_ relativePath: String) -> [UInt8]?
    /// Whether a regular file is at `relativePath`, without reading it.
    func exists(_ relativePath: String) -> Bool
    /// Whether writing `pieces`, one after another, would create, update or leave the file.
    func change(path relativePath: String, pieces: [ArraySlice<UInt8>]) -> OutputWriter.Change
    /// Opens (with `creating`, makes) the folder and takes its lock; `waiting` is told when
    /// another run holds it.
    func open(creating: Bool, holder: String, waiting: (String) -> Void) throws(OutputWriter.WriteError)
    /// Checks, then makes, the folders on the way to every path.
    func prepare(_ relativePaths: [String]) throws(OutputWriter.WriteError)
    /// Whether another run is writing the folder, or a killed one left files in it.
    var holdsRunLeftovers: Bool { get }
    /// Replaces the file's content with `pieces`; its folder must have been prepared.
    func write(path relativePath: String, pieces: [ArraySlice<UInt8>]) throws(OutputWriter.WriteError)
    /// Removes a file an earlier run wrote; never a folder.
    func remove(path relativePath: String)
    /// Ends the run: lets go of the lock.
    func close()
}

extension OutputFolder {
    func target(_ file: GeneratedFile) -> String { target(file.path) }
    func target(_ relativePath: String) -> String { OutputWriter.join(directory, relativePath) }

    /// The current text of `path` below the folder, if it exists.
    func existingText(of path: String) -> String? {
        existingBytes(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// What writing `file` would do; an existing scaffold is the user's and is kept.
    func change(for file: GeneratedFile) -> OutputWriter.Change {
        guard exists(file.path) else { return .create }
        if file.isScaffold { return .keep }
        return change(path: file.path, pieces: [Array(file.contents.utf8)[...]])
    }

    func write(_ file: GeneratedFile) throws(OutputWriter.WriteError) {
        try write(path: file.path, bytes: Array(file.contents.utf8))
    }

    func write(path relativePath: String, bytes: [UInt8]) throws(OutputWriter.WriteError) {
        try write(path: relativePath, pieces: [bytes[...]])
    }
}

/// The disk, for the tool.
public struct DiskOutputs: OutputFileSystem {
    public init() {}

    public func folder(_ directory: String) -> any OutputFolder { OutputWriter(directory: directory) }

    public func status(of path: String) -> FileStatus? { FileStatus.of(path) }
}
