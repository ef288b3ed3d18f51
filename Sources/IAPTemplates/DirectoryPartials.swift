import Foundation
import IAPDiagnostics
import IAPFileAccess

/// Partials stored as files in a folder: `{{> header}}` reads `header.mustache`, and
/// `{{> shared/row}}` reads `shared/row.mustache` below the folder.
///
/// Files are read when a rendering first includes them (a rendering reads each at most once).
/// Names that could leave the folder (`..`, absolute paths) name no partial; a partial file that
/// leads outside the folder through a symbolic link, or is not a regular file, is an error.
/// Errors are located by the file's path.
public struct DirectoryPartials: PartialSource {
    public let directory: URL
    public let fileExtension: String
    /// How the folder is read: the disk unless the caller reads elsewhere.
    let read: ContainedFileReader

    public init(
        directory: URL, fileExtension: String = "mustache",
        read: @escaping ContainedFileReader = { path, folder throws(InputFileError) in
            try InputFile.read(path, inside: folder)
        }
    ) {
        self.directory = directory
        self.fileExtension = fileExtension
        self.read = read
    }

    public func partial(named name: String) throws(TemplateError) -> Template? {
        guard Self.staysInside(name) else { return nil }
        let fileName = fileExtension.isEmpty ? name : "\(name).\(fileExtension)"
        let path = directory.appendingPathComponent(fileName).path
        let bytes: [UInt8]
        do {
            guard let found = try read(path, directory.path) else { return nil }
            bytes = found
        } catch {
            throw TemplateError(
                "the partial file cannot be read: \(error)", at: SourceLocation(file: path, line: 1, column: 1))
        }
        if let bad = UTF8Validation.firstInvalidOffset(in: bytes) {
            throw TemplateError("the partial file is not valid UTF-8", at: LineTable(bytes).location(of: bad, in: path))
        }
        return try Template(source: String(decoding: bytes, as: UTF8.self), name: path)
    }

    /// Whether a partial name is a relative path of plain components, so it cannot reach files
    /// outside the folder.
    public static func staysInside(_ name: String) -> Bool {
        guard !name.isEmpty, !name.contains("\\"), !name.contains("\0") else { return false }
        return name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { component in
            !component.isEmpty && component != "." && component != ".."
        }
    }
}
