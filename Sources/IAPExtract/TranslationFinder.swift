import Foundation
import IAPDiagnostics
import IAPFileAccess
import IAPModel

/// One translation of a book: a folder beside the book's `SUMMARY.md`, named by a language tag,
/// with a `SUMMARY.md` of its own (`Workbook/zh-Hans/SUMMARY.md`). Its chapters carry the same
/// relative paths as the chapters they translate, which is how each finds its counterpart.
public struct Translation: Sendable, Equatable {
    /// The folder's name, a language tag (`zh-Hans`).
    public var language: String
    /// The folder, as the book's paths are written (`Workbook/zh-Hans`).
    public var folder: String

    public init(language: String, folder: String) {
        self.language = language
        self.folder = folder
    }

    public var summary: String { GuidePath.join(folder, "SUMMARY.md") }
}

/// Finds a book's translations. Only a single book has them: one folder holding a `SUMMARY.md`,
/// or one `SUMMARY.md`. A translation's folder must stay inside the book's folder after
/// symbolic links, like every chapter.
public enum TranslationFinder {
    /// A folder named by a tag whose language ISO 639 knows (`zh-Hans`, `uk`, `pt_BR`, `fil`):
    /// `ios/`, `api/` or `faq/` beside a SUMMARY.md are parts of the book, not translations.
    static func isLanguageFolder(_ name: String) -> Bool {
        guard LanguageTag.isWellFormed(name),
            let language = name.split(whereSeparator: { $0 == "-" || $0 == "_" }).first?.lowercased()
        else { return false }
        return knownLanguages.contains(language)
    }

    private static let knownLanguages = Set(Locale.LanguageCode.isoLanguageCodes.map { $0.identifier.lowercased() })

    /// The folder of the one book `paths` name, or nil when they name single files or several books.
    public static func bookFolder(of paths: [String], fileSystem: any GuideFileSystem) -> String? {
        guard paths.count == 1, let path = paths.first.map(GuidePath.normalize) else { return nil }
        switch fileSystem.kind(of: path) {
        case .directory:
            return fileSystem.kind(of: GuidePath.join(path, "SUMMARY.md")) == .file ? path : nil
        case .file where GuidePath.fileName(path) == "SUMMARY.md":
            return GuidePath.directory(of: path)
        default:
            return nil
        }
    }

    /// The translations in `folder`, in the order of their tags.
    public static func translations(of folder: String, fileSystem: any GuideFileSystem) -> [Translation] {
        var ignored: [Diagnostic] = []
        return translations(of: folder, fileSystem: fileSystem, diagnostics: &ignored)
    }

    /// The translations in `folder`, in the order of their tags; a translation whose folder or
    /// `SUMMARY.md` leads outside the book through a symbolic link is left out with a warning,
    /// as a linked chapter is, rather than silently.
    public static func translations(
        of folder: String, fileSystem: any GuideFileSystem, diagnostics: inout [Diagnostic]
    ) -> [Translation] {
        guard let names = try? fileSystem.entries(of: folder) else { return [] }
        let root = BookRoot(folder, fileSystem: fileSystem)
        var found: [Translation] = []
        for name in names.sorted() where isLanguageFolder(name) {
            let translationFolder = GuidePath.join(folder, name)
            let summary = GuidePath.join(translationFolder, "SUMMARY.md")
            guard fileSystem.kind(of: translationFolder) == .directory, fileSystem.kind(of: summary) == .file else {
                continue
            }
            guard root.holds(translationFolder, fileSystem: fileSystem), root.holds(summary, fileSystem: fileSystem)
            else {
                let message =
                    "the '\(name)' translation leads outside the book's folder \(root.quotedName)"
                    + " through a symbolic link; it is not read"
                diagnostics.append(.warning(message, at: SourceLocation(file: summary, line: 1, column: 1)))
                continue
            }
            found.append(Translation(language: LanguageTag.canonical(name), folder: translationFolder))
        }
        return found
    }
}
