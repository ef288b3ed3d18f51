import Foundation
import IAPExtract
import IAPFileAccess

/// The disk, for the real tool. Relative paths resolve against the process's working directory.
///
/// Only regular files are read, each checked for its size before a byte is read; a named pipe
/// or a device is a `.special` path, never opened for reading.
public struct LocalFileSystem: GuideFileSystem, OutputFileSystem {
    /// Larger files are refused: node positions are 32-bit, and no guide is this big.
    public static let largestFile = InputFile.largestFile

    /// Remembers the folders it resolved, for the run's life: the checks that a chapter lies
    /// inside its book resolve every chapter's path.
    private let resolver = PathResolver()

    public init() {}

    public func kind(of path: String) -> GuidePathKind {
        GuidePathKind(InputFile.kind(of: path))
    }

    public func contents(of path: String) throws -> [UInt8] {
        try InputFile.read(path, limit: Self.largestFile)
    }

    public func entries(of directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory)
    }

    public func resolvedPath(of path: String) -> String? {
        resolver.resolvedPath(of: path)
    }

    public func identity(of path: String) -> FileIdentity? {
        InputFile.identity(of: path)
    }

    public func walkEntry(at path: String) -> GuideWalkEntry {
        let entry = resolver.entry(at: path)
        return GuideWalkEntry(
            kind: GuidePathKind(entry.kind), identity: entry.identity, resolvedPath: entry.resolvedPath)
    }

    public func status(of path: String) -> FileStatus? {
        FileStatus.of(path)
    }

    public func folder(_ directory: String) -> any OutputFolder {
        OutputWriter(directory: directory)
    }
}

extension GuidePathKind {
    /// The extraction stage's word for what is on the disk.
    init(_ kind: InputFile.Kind) {
        switch kind {
        case .regular: self = .file
        case .directory: self = .directory
        case .special(let what): self = .special(what)
        case .missing: self = .missing
        }
    }
}
