import IAPModel

/// How far a reader is through the task items of the guides: per chapter, and per item id,
/// for `iapkit checklist`.
public struct ChecklistProgress: Sendable {
    public struct ChapterCount: Sendable, Equatable {
        public var file: String
        public var title: String
        public var done: Int
        public var total: Int
    }

    public var chapters: [ChapterCount]
    public var items: [ChecklistItem]

    public init(_ workbook: Workbook) {
        chapters = workbook.chapters.map { chapter in
            let items = chapter.checklists.flatMap(\.items)
            return ChapterCount(
                file: chapter.file, title: chapter.title, done: items.count { $0.isDone }, total: items.count)
        }
        items = workbook.chapters.flatMap { $0.checklists.flatMap(\.items) }
    }

    public var done: Int { items.count { $0.isDone } }
    public var total: Int { items.count }
    public var open: [ChecklistItem] { items.filter { !$0.isDone } }

    /// `12/130 done (9%)`.
    public var summary: String {
        let percent = total == 0 ? 100 : done * 100 / total
        return "\(done)/\(total) done (\(percent)%)"
    }

    /// One line per chapter with items, then the total; with `listOpen`, every open item with
    /// its place and id, so an editor can jump to it.
    public func text(listOpen: Bool) -> String {
        let counted = chapters.filter { $0.total > 0 }
        let width = max(counted.map(\.file.count).max() ?? 0, 5)
        var lines = counted.map { chapter in
            chapter.file.padding(toLength: width, withPad: " ", startingAt: 0) + "  \(chapter.done)/\(chapter.total)"
        }
        lines.append("total".padding(toLength: width, withPad: " ", startingAt: 0) + "  " + summary)
        if listOpen, !open.isEmpty {
            lines.append("")
            for item in open {
                let id = item.id.map { "{#\($0)} " } ?? ""
                lines.append("\(item.location): [ ] \(id)\(item.text)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public var json: String {
        let chapterNodes = chapters.map { chapter -> JSONNode in
            .object([
                ("file", .string(chapter.file)), ("title", .string(chapter.title)), ("done", .integer(chapter.done)),
                ("total", .integer(chapter.total)),
            ])
        }
        let itemNodes = items.map { item -> JSONNode in
            var members: [(String, JSONNode)] = []
            if let id = item.id { members.append(("id", .string(id))) }
            members += [
                ("text", .string(item.text)), ("done", .bool(item.isDone)), ("file", .string(item.location.file)),
                ("line", .integer(item.location.line)), ("column", .integer(item.location.column)),
            ]
            return .object(members)
        }
        // `formatVersion` changes whenever a key changes meaning or disappears.
        return JSONNode.object([
            ("formatVersion", .integer(1)), ("done", .integer(done)), ("total", .integer(total)),
            ("chapters", .array(chapterNodes)),
            ("items", .array(itemNodes)),
        ]).pretty
    }
}
