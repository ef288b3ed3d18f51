import IAPDiagnostics
import IAPModel

/// A `file=` block names where `iapkit tangle` writes it, so the name is a path inside the folder
/// tangle is given: a guide is untrusted input, and `file=../../.ssh/config` must never leave
/// that folder. The rules here are the ones tangle applies again before it writes.
public enum CodeFileRules {
    /// The longest name one folder entry may have (`NAME_MAX` on Linux and macOS).
    static let longestName = 255

    /// Why `path` cannot be a `file=` target, or nil when it is a plain relative path.
    public static func problem(with path: String) -> String? {
        if path.isEmpty { return "names no file" }
        if path.hasPrefix("/") || path.hasPrefix("~") { return "must be a path relative to the tangle folder" }
        if path.contains("\\") { return "must separate folders with '/', not '\\'" }
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "holds a control character"
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if parts.contains(where: { $0 == ".." }) { return "must not climb out of the tangle folder with '..'" }
        if parts.contains(where: { $0.isEmpty || $0 == "." }) { return "has an empty or '.' part" }
        if let long = parts.first(where: { $0.utf8.count > longestName }) {
            return "has a name of \(long.utf8.count) bytes; file names may have at most \(longestName)"
        }
        return nil
    }

    static func check(_ workbook: Workbook, into log: inout DiagnosticLog) {
        var firstByFoldedPath: [String: (path: String, location: SourceLocation)] = [:]
        var files: Set<String> = []
        var blocks: [(path: String, location: SourceLocation)] = []
        // Blocks are read where they are, not gathered into one array first: a code-heavy book
        // has tens of thousands, and copying each (five references to retain) was a pause on one
        // core between reading the chapters and rendering them.
        for chapter in workbook.chapters.indices {
            for block in workbook.chapters[chapter].codeBlocks.indices {
                guard let path = workbook.chapters[chapter].codeBlocks[block].targetFile else { continue }
                let location = workbook.chapters[chapter].codeBlocks[block].location
                if let problem = problem(with: path) {
                    log.error("file=\(Diagnostic.quote(path)) \(problem)", at: location)
                    continue
                }
                blocks.append((path, location))
                files.insert(path)
            }
        }
        for (path, location) in blocks {
            // The same path again is one file written from several blocks; a path that differs
            // only in letter case is another file on Linux and the same one on a Mac.
            let folded = path.lowercased()
            if let first = firstByFoldedPath[folded] {
                if first.path != path {
                    log.error(
                        "file=\(Diagnostic.quote(path)) and file=\(Diagnostic.quote(first.path)) differ only in letter case, which a Mac's disk does not tell apart",
                        at: location, notes: [.note("first named here", at: first.location)])
                }
                continue
            }
            firstByFoldedPath[folded] = (path, location)
        }
        // `Sources/Store` as a file and `Sources/Store/X.swift` cannot both be written.
        var judged: Set<String> = []
        for (path, location) in blocks where judged.insert(path).inserted {
            let parts = path.split(separator: "/")
            for end in parts.indices.dropLast() {
                let folder = parts[...end].joined(separator: "/")
                if files.contains(folder) {
                    log.error(
                        "file=\(Diagnostic.quote(path)) needs a folder '\(folder)', which another block names as a file",
                        at: location)
                    break
                }
            }
        }
    }
}
