import IAPExtract

/// Which guides a command reads when the command line names none: `input` in `iapkit.yml`, else
/// a `Workbook` folder, else the working directory when it holds a `SUMMARY.md` (a book), else
/// nothing, which is an error that says how to start.
enum DefaultInput {
    static let folder = "Workbook"

    /// The paths to read, or nil when the working directory holds no guides at all.
    static func paths(configured: [String]?, fileSystem: any GuideFileSystem) -> [String]? {
        if let configured { return configured }
        if fileSystem.kind(of: folder) != .missing { return [folder] }
        if fileSystem.kind(of: "SUMMARY.md") == .file { return ["."] }
        return nil
    }

    static let notFound =
        "no guides here: no 'input' in iapkit.yml, no \(folder) folder and no SUMMARY.md; run 'iapkit init' to start a book, or name a guide file or folder"
}
