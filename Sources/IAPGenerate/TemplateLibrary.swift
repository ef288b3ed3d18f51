import Foundation
import IAPDiagnostics
import IAPFileAccess
import IAPTemplates
import Templates

/// Finds templates by name (`StoreKit2/StoreManager.swift`): first in the user's folder
/// (`--templates DIR`, file by file), then among the built-in ones compiled into the tool.
public struct TemplateLibrary: Sendable {
    public static let fileExtension = "mustache"

    /// The user's folder of templates, searched first; it holds template sets such as
    /// `StoreKit2/`.
    public let userFolder: String?
    /// Template sources by name, used for every name the user's folder does not have.
    public let builtIn: [String: String]
    /// How the user's folder is read: the disk unless the caller reads elsewhere.
    let read: ContainedFileReader

    public init(
        userFolder: String?, builtIn: [String: String] = BuiltInTemplates.sources,
        read: @escaping ContainedFileReader = { path, folder throws(InputFileError) in
            try InputFile.read(path, inside: folder)
        }
    ) {
        self.userFolder = userFolder
        self.builtIn = builtIn
        self.read = read
    }

    /// Where error locations put a built-in template: the file it was compiled from.
    public static func builtInPath(of name: String) -> String {
        "Templates/" + name + "." + fileExtension
    }

    /// The template's source and the path it was read from (for error locations); nil when no
    /// folder has it. A template must be a regular file inside its folder after symbolic links:
    /// a user folder of templates is as untrusted as the guides.
    public func source(named name: String) throws(TemplateError) -> (text: String, path: String)? {
        if let folder = userFolder {
            let path = (folder.hasSuffix("/") ? folder : folder + "/") + name + "." + Self.fileExtension
            do {
                if let bytes = try read(path, folder) {
                    return (String(decoding: bytes, as: UTF8.self), path)
                }
            } catch {
                throw TemplateError(
                    "the template cannot be read: \(error)", at: SourceLocation(file: path, line: 1, column: 1))
            }
        }
        return builtIn[name].map { ($0, Self.builtInPath(of: name)) }
    }

    /// Partials of one template set: `{{> header}}` in `StoreKit2/X` means `StoreKit2/header`.
    func partials(for templateName: String) -> some PartialSource {
        LibraryPartials(library: self, set: templateName.split(separator: "/").dropLast().joined(separator: "/"))
    }
}

private struct LibraryPartials: PartialSource {
    let library: TemplateLibrary
    let set: String

    func partial(named name: String) throws(TemplateError) -> Template? {
        let qualified = set.isEmpty ? name : set + "/" + name
        guard let found = try library.source(named: qualified) else { return nil }
        return try Template(source: found.text, name: found.path)
    }
}
