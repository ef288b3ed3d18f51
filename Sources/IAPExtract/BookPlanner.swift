import IAPDiagnostics
import IAPMarkdown

/// Turns the paths a user names into the ordered chapters of one book.
///
/// - A `SUMMARY.md` file, or a folder holding one, orders chapters by its links (mdBook's
///   format: links in lists, nested for sub-chapters).
/// - Any other Markdown file is a one-chapter guide.
/// - A folder without a SUMMARY contributes its Markdown files, found recursively, in path order.
///
/// Paths that cannot be read are input errors; a SUMMARY link to a file that does not exist is a
/// located diagnostic, since the SUMMARY is part of the guide.
public struct BookPlanner: Sendable {
    public let fileSystem: any GuideFileSystem

    public init(fileSystem: any GuideFileSystem) {
        self.fileSystem = fileSystem
    }

    public func plan(_ paths: [String]) -> (plan: BookPlan, diagnostics: [Diagnostic], inputErrors: [InputError]) {
        var plan = BookPlan()
        var diagnostics: [Diagnostic] = []
        var inputErrors: [InputError] = []
        for rawPath in paths {
            let path = GuidePath.normalize(rawPath)
            switch fileSystem.kind(of: path) {
            case .missing:
                inputErrors.append(InputError("no such file or directory: '\(rawPath)'"))
            case .file where GuidePath.fileName(path) == "SUMMARY.md":
                addSummary(path, to: &plan, diagnostics: &diagnostics, inputErrors: &inputErrors)
            case .file:
                plan.chapters.append(BookPlan.Entry(path: path))
            case .directory:
                let summary = GuidePath.join(path, "SUMMARY.md")
                if fileSystem.kind(of: summary) == .file {
                    addSummary(summary, to: &plan, diagnostics: &diagnostics, inputErrors: &inputErrors)
                } else {
                    let files = markdownFiles(under: path, inputErrors: &inputErrors)
                    if files.isEmpty {
                        inputErrors.append(InputError("no Markdown files (*.md) in directory '\(rawPath)'"))
                    }
                    plan.chapters += files.map { BookPlan.Entry(path: $0) }
                }
            }
        }
        plan.chapters = removingRepeats(plan.chapters, diagnostics: &diagnostics)
        return (plan, diagnostics, inputErrors)
    }

    private func addSummary(
        _ path: String, to plan: inout BookPlan, diagnostics: inout [Diagnostic], inputErrors: inout [InputError]
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
            if fileSystem.kind(of: target) != .file {
                diagnostics.append(
                    .error("SUMMARY.md links to '\(link.destination)', which does not exist", at: link.location))
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

    private func markdownFiles(under directory: String, inputErrors: inout [InputError]) -> [String] {
        var found: [String] = []
        var pending = [directory]
        while let current = pending.popLast() {
            let names: [String]
            do {
                names = try fileSystem.entries(of: current)
            } catch {
                inputErrors.append(InputError("cannot list directory '\(current)': \(error)"))
                continue
            }
            for name in names where !name.hasPrefix(".") {
                let path = GuidePath.join(current, name)
                switch fileSystem.kind(of: path) {
                case .directory: pending.append(path)
                case .file where name.lowercased().hasSuffix(".md"): found.append(path)
                default: break
                }
            }
        }
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// A chapter named twice (by two SUMMARYs, or a file and its folder) is read once.
    private func removingRepeats(_ entries: [BookPlan.Entry], diagnostics: inout [Diagnostic]) -> [BookPlan.Entry] {
        var seen: [String: BookPlan.Entry] = [:]
        var kept: [BookPlan.Entry] = []
        for entry in entries {
            if let first = seen[entry.path] {
                if let location = entry.listedAt {
                    let note = first.listedAt.map { [Diagnostic.note("first listed here", at: $0)] } ?? []
                    diagnostics.append(
                        .warning("'\(entry.path)' is listed twice; it is read once", at: location, notes: note))
                }
                continue
            }
            seen[entry.path] = entry
            kept.append(entry)
        }
        return kept
    }
}

extension GuidePath {
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
