import Foundation

/// Type-checks generated Swift in Swift 6 mode against the modules this test run was built
/// with: on Linux among them the StoreKit and UIKit stand-ins, so generated code is checked as an
/// app would compile it.
public enum SwiftTypeCheck {
    public struct Outcome: Sendable {
        public let status: Int32
        public let output: String

        /// Passed without errors or warnings.
        public var isClean: Bool { status == 0 && !output.contains("warning:") }
    }

    /// One `swiftc -typecheck` per module, at most `parallel` at a time; each module is a list of
    /// source files. Outcomes come back in the modules' order.
    public static func run(modules: [[URL]], parallel: Int = 2) throws -> [Outcome] {
        let built = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("Modules")
        let toolchain = "/opt/swift/usr/bin/swiftc"
        let compiler = FileManager.default.isExecutableFile(atPath: toolchain) ? toolchain : "swiftc"
        var outcomes: [Outcome] = []
        var running: [(Process, Pipe)] = []
        func collect() {
            for (process, pipe) in running {
                let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                outcomes.append(Outcome(status: process.terminationStatus, output: text))
            }
            running.removeAll()
        }
        for (index, sources) in modules.enumerated() {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments =
                [compiler, "-typecheck", "-swift-version", "6", "-I", built.path, "-module-name", "Checked\(index)"]
                + sources.map(\.path)
            let pipe = Pipe()
            process.standardError = pipe
            process.standardOutput = pipe
            try process.run()
            running.append((process, pipe))
            if running.count == parallel { collect() }
        }
        collect()
        return outcomes
    }
}
