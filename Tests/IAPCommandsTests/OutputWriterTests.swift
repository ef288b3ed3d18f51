import Foundation
import Testing

@testable import IAPCommands

/// Files are written from pieces: a page is its frame and its article's runs, a print view is
/// tens of thousands of slices. What lands on disk is the pieces joined, and a file already
/// holding those bytes is left alone, wherever the pieces fall.
@Suite struct OutputWriterTests {
    static func temporaryFolder() -> String {
        NSTemporaryDirectory() + "iapkit-writer-\(UUID().uuidString)"
    }

    /// Pieces of every size from empty to larger than the writer gathers, cut from one text.
    static func pieces(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        let sizes = [0, 1, 7, 100, 3000, 13, 262_144, 5, 300_001, 64, 0, 2]
        var pieces: [ArraySlice<UInt8>] = []
        var start = 0
        while start < bytes.count {
            let end = min(start + sizes[pieces.count % sizes.count], bytes.count)
            pieces.append(bytes[start..<end])
            start = end
        }
        return pieces
    }

    static let content: [UInt8] = (0..<1_500_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }

    /// A writer with its folder open and prepared for `paths`, as a run uses it.
    static func preparedWriter(_ folder: String, for paths: [String]) throws -> OutputWriter {
        let writer = OutputWriter(directory: folder)
        try writer.open(creating: true, holder: "test") { _ in }
        try writer.prepare(paths)
        return writer
    }

    @Test func piecesAreWrittenJoinedAndThenFoundUnchanged() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pieces = Self.pieces(of: Self.content)
        #expect(pieces.count > 20)
        #expect(OutputWriter(directory: folder).change(path: "deep/page.html", pieces: pieces) == .create)
        let writer = try Self.preparedWriter(folder, for: ["deep/page.html"])
        try writer.write(path: "deep/page.html", pieces: pieces)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/deep/page.html"))) == Self.content)
        #expect(writer.change(path: "deep/page.html", pieces: pieces) == .unchanged)
        // The same bytes in other pieces are the same file.
        #expect(writer.change(path: "deep/page.html", pieces: [Self.content[...]]) == .unchanged)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/deep") == ["page.html"])
    }

    @Test func anyDifferenceIsAnUpdate() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let writer = try Self.preparedWriter(folder, for: ["page.html"])
        try writer.write(path: "page.html", pieces: Self.pieces(of: Self.content))
        var changed = Self.content
        changed[1_234_567] ^= 1
        #expect(writer.change(path: "page.html", pieces: Self.pieces(of: changed)) == .update)
        #expect(writer.change(path: "page.html", pieces: Self.pieces(of: Array(Self.content.dropLast()))) == .update)
        #expect(writer.change(path: "page.html", pieces: Self.pieces(of: Self.content + [0])) == .update)
        #expect(writer.change(path: "page.html", pieces: []) == .update)
    }

    @Test func emptyPiecesMakeAnEmptyFile() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let writer = try Self.preparedWriter(folder, for: ["empty.txt"])
        try writer.write(path: "empty.txt", pieces: [[], [], []])
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/empty.txt")).isEmpty)
        #expect(writer.change(path: "empty.txt", pieces: []) == .unchanged)
        #expect(writer.change(path: "empty.txt", pieces: [[1]]) == .update)
    }

    @Test func aFolderThatIsAFileCannotBeCreated() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: folder + "/assets", contents: Data([1])))
        #expect(throws: OutputWriter.WriteError.self) { try Self.preparedWriter(folder, for: ["assets/site.css"]) }
    }
}
