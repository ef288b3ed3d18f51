import Foundation

/// Loads the small project files kept in `Fixtures/` beside these tests.
enum FixtureFiles {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func bytes(_ name: String) -> [UInt8] {
        let url = directory.appendingPathComponent(name)
        return FileManager.default.contents(atPath: url.path).map { [UInt8]($0) } ?? []
    }

    static func text(_ name: String) -> String {
        String(decoding: bytes(name), as: UTF8.self)
    }
}
