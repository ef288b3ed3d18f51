import Foundation
import IAPTemplates

/// Finds templates by name (`StoreKit2/StoreManager.swift`): first in the user's folder
/// (`--templates DIR`, file by file), then among the built-in ones.
public struct TemplateLibrary: Sendable {
    public static let fileExtension = "mustache"

    /// Folders searched in order; each holds template sets such as `StoreKit2/`.
    public let folders: [URL]

    public init(userFolder: URL?, builtInFolder: URL?) {
        folders = [userFolder, builtInFolder].compactMap { $0 }
    }

    /// The template's source and the path it was read from (for error locations).
    public func source(named name: String) -> (text: String, path: String)? {
        for folder in folders {
            let url = folder.appendingPathComponent(name + "." + Self.fileExtension)
            if let data = FileManager.default.contents(atPath: url.path) {
                return (String(decoding: data, as: UTF8.self), url.path)
            }
        }
        return nil
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
        guard let found = library.source(named: qualified) else { return nil }
        return try Template(source: found.text, name: found.path)
    }
}
