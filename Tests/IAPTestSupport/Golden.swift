import Foundation
import Testing

/// Compares text with a golden file kept beside the tests.
///
/// Run the tests with `RECORD=1` to write the current output as the new golden instead; review
/// the diff in version control before committing it.
public enum Golden {
    public static var isRecording: Bool {
        ProcessInfo.processInfo.environment["RECORD"].map { !$0.isEmpty && $0 != "0" } ?? false
    }

    /// Checks `actual` against the file at `path`; records it instead when recording.
    public static func check(
        _ actual: String, matches path: URL, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if isRecording {
            do {
                try FileManager.default.createDirectory(
                    at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: path, options: .atomic)
            } catch {
                Issue.record("could not record \(path.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: path.path) else {
            Issue.record(
                "missing golden file \(path.path); run the tests with RECORD=1 to create it",
                sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected != actual {
            Issue.record(
                "\(path.lastPathComponent) differs from the output (RECORD=1 re-records):\n\(lineDiff(expected, actual))",
                sourceLocation: sourceLocation)
        }
    }

    /// The first differing lines, enough to see what changed without a diff tool.
    static func lineDiff(_ expected: String, _ actual: String) -> String {
        let left = expected.components(separatedBy: "\n")
        let right = actual.components(separatedBy: "\n")
        var report: [String] = []
        for index in 0..<max(left.count, right.count) where report.count < 12 {
            let l = index < left.count ? left[index] : "<end>"
            let r = index < right.count ? right[index] : "<end>"
            if l != r { report.append("line \(index + 1):\n  expected: \(l)\n  actual:   \(r)") }
        }
        return report.joined(separator: "\n")
    }
}

/// Folders of the test sources, found from this file's own path so tests run from any directory.
public enum TestPaths {
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static func tests(_ relative: String) -> URL {
        repositoryRoot.appendingPathComponent("Tests").appendingPathComponent(relative)
    }
}
