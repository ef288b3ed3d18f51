import Foundation
import IAPExtract

/// The disk, for the real tool. Relative paths resolve against the process's working directory.
public struct LocalFileSystem: GuideFileSystem {
    public init() {}

    public func kind(of path: String) -> GuidePathKind {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
        return isDirectory.boolValue ? .directory : .file
    }

    public func contents(of path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FileReadError(path: path)
        }
        return [UInt8](data)
    }

    public func entries(of directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory)
    }
}

struct FileReadError: Error, CustomStringConvertible {
    var path: String
    var description: String { "permission denied or not a regular file" }
}
