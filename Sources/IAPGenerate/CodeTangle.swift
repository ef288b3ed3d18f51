import IAPModel

/// One file `iapkit tangle` writes: the `file=` blocks that name it, in book order.
public struct TangledFile: Sendable, Equatable {
    public var path: String
    public var contents: String
    /// The blocks it was joined from, in book order.
    public var blocks: [CodeBlock]
    /// What the blocks say they need (`requires=SwiftUI`, `requires=SwiftUI,UIKit`), in first-seen order: a file that
    /// needs a framework only Apple's systems have is not compiled on Linux.
    public var requirements: [String]

    public init(path: String, contents: String, blocks: [CodeBlock], requirements: [String]) {
        self.path = path
        self.contents = contents
        self.blocks = blocks
        self.requirements = requirements
    }
}

/// From a guide's file-tagged code blocks to the files they make up, the way literate
/// programming tools "tangle" a document: blocks naming the same file are joined in the order
/// the book reads, each ending with a line break, so a long file can be explained a piece at a
/// time. Paths are taken as written; `CodeFileRules` and the writer decide whether they may be
/// written.
public enum CodeTangle {
    public static func files(_ workbook: Workbook) -> [TangledFile] {
        var files: [TangledFile] = []
        var indexByPath: [String: Int] = [:]
        for block in workbook.chapters.flatMap(\.codeBlocks) {
            guard let path = block.targetFile else { continue }
            var content = block.content
            if !content.isEmpty, !content.hasSuffix("\n") { content += "\n" }
            let requirements = (block.attributes["requires"] ?? "").split(separator: ",").map(String.init)
            if let index = indexByPath[path] {
                files[index].contents += content
                files[index].blocks.append(block)
                for requirement in requirements where !files[index].requirements.contains(requirement) {
                    files[index].requirements.append(requirement)
                }
            } else {
                indexByPath[path] = files.count
                files.append(
                    TangledFile(
                        path: path, contents: content, blocks: [block], requirements: requirements))
            }
        }
        return files
    }
}
