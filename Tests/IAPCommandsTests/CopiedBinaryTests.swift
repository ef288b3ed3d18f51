import Foundation
import IAPTestSupport
import Testing

/// The `iapkit` binary carries its templates: copied alone into an empty folder, far from the
/// build folder, it starts a book, generates a store from it and renders it.
@Suite struct CopiedBinaryTests {
    /// The binary this test run was built with, beside the test bundle (or, on macOS, in the
    /// package's build folder).
    static var builtBinary: String? {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("iapkit").path
        let inPackage = TestPaths.repositoryRoot.appendingPathComponent(".build/debug/iapkit").path
        return [beside, inPackage].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test func aCopiedBinaryGeneratesWithItsOwnTemplates() throws {
        let built = try #require(Self.builtBinary, "the iapkit binary is built with the tests")
        // A binary with a resource bundle records the bundle's build path, and would still find
        // it from a copy on this machine; the copy must owe nothing to it.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: built))
        for bundleName in ["IAPKit_Templates.resources", "IAPKit_Templates.bundle"] {
            #expect(bytes.range(of: Data(bundleName.utf8)) == nil, "the binary names no \(bundleName)")
        }
        let scratch = Scratch()
        let binary = scratch.path("bin/iapkit")
        try FileManager.default.createDirectory(atPath: scratch.path("bin"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: built, toPath: binary)
        try FileManager.default.createDirectory(atPath: scratch.path("app"), withIntermediateDirectories: true)

        let started = run(
            binary, ["init", "--name", "Flint", "--bundle-id", "com.example.flint"], in: scratch.path("app"))
        #expect(started.status == 0, "\(started.output)")
        let generated = run(binary, ["generate"], in: scratch.path("app"))
        #expect(generated.status == 0, "\(generated.output)")
        #expect(generated.output.contains("created: Store/FlintStore.swift"))
        #expect(
            try String(contentsOfFile: scratch.path("app/Store/FlintStore.swift"), encoding: .utf8).contains(
                "final class FlintStore"))
        // The store's folder holds only what an app target compiles; the checklist and the
        // reference its links open are beside it, in IAPKit/.
        let store = try FileManager.default.contentsOfDirectory(atPath: scratch.path("app/Store"))
        #expect(store.filter { !$0.hasPrefix(".") && !$0.hasSuffix(".swift") && !$0.hasSuffix(".storekit") } == [])
        let checklist = try String(contentsOfFile: scratch.path("app/IAPKit/ValidationChecklist.md"), encoding: .utf8)
        let reference = try String(contentsOfFile: scratch.path("app/IAPKit/Troubleshooting.md"), encoding: .utf8)
        let anchors = Set(
            reference.split(separator: "\n").filter { $0.hasPrefix("## ") || $0.hasPrefix("### ") }.map {
                Self.anchor(String($0.drop { $0 == "#" }.dropFirst()))
            })
        let links = checklist.components(separatedBy: "](Troubleshooting.md#").dropFirst().map {
            String($0.prefix { $0 != ")" })
        }
        #expect(links.count >= 20, "the checklist links each item to the reference")
        for link in links { #expect(anchors.contains(link), "Troubleshooting.md has a section #\(link)") }
        // A StoreKit 2 app is not asked about StoreKit 1's delegate.
        #expect(!checklist.contains("main-thread-assumed"))
        let manager = try String(contentsOfFile: scratch.path("app/Store/FlintStore.swift"), encoding: .utf8)
        #expect(manager.contains("See \\(\"IAPKit/Troubleshooting.md\")"))

        let rendered = run(binary, ["render", "-o", "site", "--quiet"], in: scratch.path("app"))
        #expect(rendered.status == 0, "\(rendered.output)")
        #expect(FileManager.default.fileExists(atPath: scratch.path("app/site/index.html")))
    }

    /// GitHub's heading anchor, as the checklist's links use it.
    static func anchor(_ heading: String) -> String {
        String(
            heading.lowercased().compactMap { character -> Character? in
                character == " "
                    ? "-" : character.isLetter || character.isNumber || "-_".contains(character) ? character : nil
            })
    }

    private func run(_ binary: String, _ arguments: [String], in folder: String) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do {
            try process.run()
        } catch {
            return (-1, "\(error)")
        }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
