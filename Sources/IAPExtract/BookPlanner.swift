import IAPDiagnostics
import IAPFileAccess
import IAPMarkdown

/// Turns the paths a user names into the ordered chapters of one book.
///
/// - A `SUMMARY.md` file, or a folder holding one, orders chapters by its links (mdBook's
///   format: links in lists, nested for sub-chapters).
/// - Any other Markdown file is a one-chapter guide.
/// - A folder without a SUMMARY contributes its Markdown files, found recursively, in path order.
///
/// Paths that cannot be read are input errors; a SUMMARY link to a file that does not exist is a
/// located diagnostic, since the SUMMARY is part of the guide. Guides are untrusted: every
/// chapter must be a regular file inside the book's folder (the SUMMARY's, or the folder named),
/// as written and after symbolic links, and a folder walk enters each folder once.
public struct BookPlanner: Sendable {
    public let fileSystem: any GuideFileSystem

    public init(fileSystem: any GuideFileSystem) {
        self.fileSystem = fileSystem
    }

    public func plan(_ paths: [String]) -> (plan: BookPlan, diagnostics: [Diagnostic], inputErrors: [InputError]) {
        var plan = BookPlan()
        var diagnostics: [Diagnostic] = []
        var inputErrors: [InputError] = []
        // What folder walks learned of their files' identities, so no file is looked at twice.
        var identities: [String: FileIdentity] = [:]
        for rawPath in paths {
            let path = GuidePath.normalize(rawPath)
            switch fileSystem.kind(of: path) {
            case .missing:
                inputErrors.append(InputError("no such file or directory: '\(rawPath)'"))
            case .special(let what):
                inputErrors.append(InputError("'\(rawPath)' is \(what), not a guide file; it is not read"))
            case .file where GuidePath.fileName(path) == "SUMMARY.md":
                let root = BookRoot(GuidePath.directory(of: path), fileSystem: fileSystem)
                addSummary(path, root: root, to: &plan, diagnostics: &diagnostics, inputErrors: &inputErrors)
            case .file:
                plan.chapters.append(BookPlan.Entry(path: path))
            case .directory:
                let root = BookRoot(path, fileSystem: fileSystem)
                let summary = GuidePath.join(path, "SUMMARY.md")
                if fileSystem.kind(of: summary) == .file {
                    guard root.holds(summary, fileSystem: fileSystem) else {
                        inputErrors.append(
                            InputError(
                                "'\(summary)' is a symbolic link that leads outside '\(rawPath)'; it is not read"))
                        continue
                    }
                    addSummary(summary, root: root, to: &plan, diagnostics: &diagnostics, inputErrors: &inputErrors)
                } else {
                    let files = markdownFiles(under: root, identities: &identities, inputErrors: &inputErrors)
                    if files.isEmpty {
                        inputErrors.append(InputError("no Markdown files (*.md) in directory '\(rawPath)'"))
                    }
                    plan.chapters += files.map { BookPlan.Entry(path: $0) }
                }
            }
        }
        plan.chapters = removingRepeats(plan.chapters, identities: identities, diagnostics: &diagnostics)
        return (plan, diagnostics, inputErrors)
    }

    /// The chapters a SUMMARY lists, each of which must be a regular file inside the SUMMARY's
    /// folder, after symbolic links: a guide from someone else must not publish `/etc/passwd`.
    private func addSummary(
        _ path: String, root: BookRoot, to plan: inout BookPlan, diagnostics: inout [Diagnostic],
        inputErrors: inout [InputError]
    ) {
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.contents(of: path)
        } catch {
            inputErrors.append(InputError("cannot read '\(path)': \(error)"))
            return
        }
        plan.summaries.append(path)
        let document = MarkdownDocument(parsing: bytes, file: path)
        let directory = GuidePath.directory(of: path)
        var listed = 0
        for link in SummaryLinks.links(in: document) {
            listed += 1
            let target = GuidePath.join(directory, link.destination)
            let quoted = Diagnostic.quote(link.destination)
            guard root.contains(target) else {
                diagnostics.append(
                    .error(
                        "SUMMARY.md links to \(quoted), which is outside the book's folder \(root.quotedName); chapters must be inside it",
                        at: link.location))
                continue
            }
            switch fileSystem.kind(of: target) {
            case .file:
                break
            case .special(let what):
                diagnostics.append(
                    .error("SUMMARY.md links to \(quoted), which is \(what), not a chapter file", at: link.location))
                continue
            case .directory:
                diagnostics.append(
                    .error("SUMMARY.md links to \(quoted), which is a folder, not a chapter file", at: link.location))
                continue
            case .missing:
                diagnostics.append(.error("SUMMARY.md links to \(quoted), which does not exist", at: link.location))
                continue
            }
            guard root.holds(target, fileSystem: fileSystem) else {
                diagnostics.append(
                    .error(
                        "SUMMARY.md links to \(quoted), a symbolic link that leads outside the book's folder \(root.quotedName); it is not read",
                        at: link.location))
                continue
            }
            plan.chapters.append(BookPlan.Entry(path: target, title: link.title, listedAt: link.location))
        }
        if listed == 0 {
            diagnostics.append(
                .warning(
                    "SUMMARY.md lists no chapters; add links such as '- [Overview](overview.md)'",
                    at: SourceLocation(file: path, line: 1, column: 1)))
        }
    }

    /// The Markdown files below a folder. Each folder is entered once, by device and inode, so a
    /// symbolic link back to a folder above is a loop that is reported, not followed; files
    /// and folders that lead outside the book's folder are not read.
    ///
    /// Each entry is looked at once (`walkEntry`): its kind, where it leads and its identity,
    /// which is kept in `identities` for telling repeats apart.
    private func markdownFiles(
        under root: BookRoot, identities: inout [String: FileIdentity], inputErrors: inout [InputError]
    ) -> [String] {
        var found: [String] = []
        var entered: Set<FileIdentity> = []
        let rootIdentity = fileSystem.identity(of: root.path)
        if let rootIdentity { entered.insert(rootIdentity) }
        // Each folder waits with its own identity, found when it was, and the identities of the
        // folders above it, to tell a loop from a second way into a folder already read.
        var pending: [(path: String, identity: FileIdentity?, above: [FileIdentity: String])] = [
            (root.path, rootIdentity, [:])
        ]
        while let (current, identity, above) = pending.popLast() {
            let names: [String]
            do {
                names = try fileSystem.entries(of: current)
            } catch {
                inputErrors.append(InputError("cannot list directory '\(current)': \(error)"))
                continue
            }
            var chain = above
            if let identity { chain[identity] = current }
            // The entries are looked at on every core (a folder of a thousand chapters is a
            // thousand looks at the disk), then taken in name order.
            let named = names.sorted().filter { !$0.hasPrefix(".") }
            let fileSystem = fileSystem
            let entries = concurrentMap(count: named.count) { index in
                let path = GuidePath.join(current, named[index])
                return (path: path, entry: fileSystem.walkEntry(at: path))
            }
            for (name, (path, entry)) in zip(named, entries) {
                switch entry.kind {
                case .directory:
                    guard root.holds(resolvedPath: entry.resolvedPath) else {
                        inputErrors.append(
                            InputError(
                                "'\(path)' is a symbolic link to a folder outside \(root.quotedName); it is not read"))
                        continue
                    }
                    if let identity = entry.identity {
                        if let loop = chain[identity] {
                            inputErrors.append(
                                InputError("'\(path)' leads back to '\(loop)' (a symbolic link loop); it is not read"))
                            continue
                        }
                        guard entered.insert(identity).inserted else { continue }
                    }
                    pending.append((path, entry.identity, chain))
                case .file where name.lowercased().hasSuffix(".md"):
                    guard root.holds(resolvedPath: entry.resolvedPath) else {
                        inputErrors.append(
                            InputError(
                                "'\(path)' is a symbolic link to a file outside \(root.quotedName); it is not read"))
                        continue
                    }
                    found.append(path)
                    identities[path] = entry.identity
                case .special(let what) where name.lowercased().hasSuffix(".md"):
                    inputErrors.append(InputError("'\(path)' is \(what), not a regular file; it is not read"))
                default:
                    break
                }
            }
        }
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// A chapter named twice (by two SUMMARYs, a file and its folder, or a link and its target)
    /// is read once: files are told apart by device and inode where the file system has them.
    /// `identities` are those a folder walk already found.
    private func removingRepeats(
        _ entries: [BookPlan.Entry], identities: [String: FileIdentity], diagnostics: inout [Diagnostic]
    ) -> [BookPlan.Entry] {
        var seen: [String: BookPlan.Entry] = [:]
        var kept: [BookPlan.Entry] = []
        for entry in entries {
            let key =
                (identities[entry.path] ?? fileSystem.identity(of: entry.path)).map { "\($0.device):\($0.inode)" }
                ?? fileSystem.resolvedPath(of: entry.path) ?? entry.path
            if let first = seen[key] {
                if let location = entry.listedAt {
                    let note = first.listedAt.map { [Diagnostic.note("first listed here", at: $0)] } ?? []
                    let same = first.path == entry.path ? "" : " (it is the same file as '\(first.path)')"
                    diagnostics.append(
                        .warning("'\(entry.path)' is listed twice\(same); it is read once", at: location, notes: note))
                }
                continue
            }
            seen[key] = entry
            kept.append(entry)
        }
        return kept
    }
}

/// The folder a book's files must stay inside: the folder of its SUMMARY, or the folder named
/// on the command line. Paths are checked as written and again after symbolic links.
struct BookRoot {
    /// As the planner writes paths (`book`, `.`, `/abs/book`).
    let path: String
    /// After symbolic links; nil when the file system cannot say.
    let resolved: String?

    init(_ path: String, fileSystem: any GuideFileSystem) {
        self.path = path
        resolved = fileSystem.resolvedPath(of: path)
    }

    var quotedName: String { Diagnostic.quote(path) }

    /// Whether a normalised path, as written, lies inside the folder.
    func contains(_ target: String) -> Bool {
        if path == "." { return !target.hasPrefix("/") && target != ".." && !target.hasPrefix("../") }
        if path == "/" { return target.hasPrefix("/") }
        return target.hasPrefix(path + "/")
    }

    /// Whether the file at `target` still lies inside the folder once every symbolic link on
    /// the way is followed.
    func holds(_ target: String, fileSystem: any GuideFileSystem) -> Bool {
        guard resolved != nil else { return true }
        return holds(resolvedPath: fileSystem.resolvedPath(of: target))
    }

    /// The same, for a target whose resolved path is known already (nil: it leads nowhere).
    func holds(resolvedPath resolvedTarget: String?) -> Bool {
        guard let resolved else { return true }
        guard let resolvedTarget else { return false }
        return InputFile.isInside(resolvedTarget, root: resolved)
    }
}

extension GuidePath {
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
