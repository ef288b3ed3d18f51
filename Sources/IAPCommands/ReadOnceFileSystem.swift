import Foundation
import IAPExtract
import IAPFileAccess

/// The file system of one command run with every file's bytes kept after the first read, so
/// each input is read once however many stages look at it: `generate` hashes the guides and
/// `iapkit.yml` to decide whether anything changed, then parses the same bytes, instead of
/// reading the book twice. Only reads are kept; a run that writes a file never reads it back
/// through here.
final class ReadOnceFileSystem: GuideFileSystem, @unchecked Sendable {
    private let base: any GuideFileSystem
    private let lock = NSLock()
    private var kept: [String: [UInt8]] = [:]

    init(_ base: any GuideFileSystem) {
        self.base = base
    }

    func contents(of path: String) throws -> [UInt8] {
        lock.lock()
        if let bytes = kept[path] {
            lock.unlock()
            return bytes
        }
        lock.unlock()
        let bytes = try base.contents(of: path)
        lock.lock()
        kept[path] = bytes
        lock.unlock()
        return bytes
    }

    func kind(of path: String) -> GuidePathKind { base.kind(of: path) }
    func entries(of directory: String) throws -> [String] { try base.entries(of: directory) }
    func resolvedPath(of path: String) -> String? { base.resolvedPath(of: path) }
    func identity(of path: String) -> FileIdentity? { base.identity(of: path) }
    func status(of path: String) -> FileStatus? { base.status(of: path) }
    func walkEntry(at path: String) -> GuideWalkEntry { base.walkEntry(at: path) }
}
