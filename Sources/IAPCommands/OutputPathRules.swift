/// What every path a run will write must be, checked before the first byte is written, so that
/// a run that cannot finish leaves the folder as it was instead of half written.
enum OutputPathRules {
    /// The longest name one folder entry may have (`NAME_MAX` on Linux and macOS).
    static let longestName = 255
    /// The longest path the system opens (`PATH_MAX`, less its terminating NUL).
    static let longestPath = 1023

    /// Every problem with `relativePaths` below `directory`, each with the path it concerns.
    /// Paths must be relative and plain (no `.`, `..` or empty parts, no NUL), each part short
    /// enough to be a file name, and no path may be both a file and a folder of another.
    static func problems(_ relativePaths: [String], under directory: String) -> [OutputWriter.WriteError] {
        var problems: [OutputWriter.WriteError] = []
        var files: Set<String> = []
        var folders: Set<String> = []
        for relative in relativePaths {
            let shown = OutputWriter.join(directory, relative)
            let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
            if relative.isEmpty || relative.hasPrefix("/") || relative.utf8.contains(0)
                || parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
            {
                problems.append(.init(path: shown, reason: "the path is not a plain path inside the output folder"))
                continue
            }
            if let long = parts.first(where: { $0.utf8.count > longestName }) {
                let cut = parts.map { $0.utf8.count > longestName ? $0.prefix(40) + "…" : $0 }.joined(separator: "/")
                problems.append(
                    .init(
                        path: OutputWriter.join(directory, cut),
                        reason:
                            "the name '\(long.prefix(40))…' is \(long.utf8.count) bytes long; file names may have at most \(longestName)"
                    ))
                continue
            }
            if shown.utf8.count > longestPath {
                problems.append(
                    .init(
                        path: String(shown.prefix(60)) + "…",
                        reason: "the path is \(shown.utf8.count) bytes long; paths may have at most \(longestPath)"))
                continue
            }
            files.insert(relative)
            for end in parts.indices.dropLast() {
                folders.insert(parts[...end].joined(separator: "/"))
            }
        }
        for clash in files.intersection(folders).sorted() {
            problems.append(
                .init(path: OutputWriter.join(directory, clash), reason: "it would be both a file and a folder"))
        }
        return problems
    }
}
