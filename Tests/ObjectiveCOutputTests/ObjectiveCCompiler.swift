import Foundation
import IAPTestSupport

/// The clang that checks generated Objective-C. On Linux it is the one beside the Swift
/// toolchain (or on `PATH`), reading the stand-in Foundation and StoreKit headers in
/// Tests/ObjectiveCStandIn; on macOS it is the SDK's, through `xcrun`, with Apple's headers.
struct ObjectiveCCompiler: Sendable {
    var command: [String]
    var flags: [String]
    /// Apple systems the code is checked for (`-target`); the oldest versions IAPKit supports,
    /// so a call to newer API without an availability check is an error.
    var targets: [String]

    #if arch(arm64)
        static let hostArchitecture = "arm64"
    #else
        static let hostArchitecture = "x86_64"
    #endif

    /// Nil when no clang is installed; the tests that need one say so and are skipped.
    static let installed: ObjectiveCCompiler? = locate()

    static let standInHeaders = TestPaths.tests("ObjectiveCStandIn")

    /// Strict enough that a warning anywhere in the generated pair fails the check.
    static let warnings = ["-Werror", "-Wall", "-Wextra", "-Wnullable-to-nonnull-conversion", "-Wundeclared-selector"]

    private static func locate() -> ObjectiveCCompiler? {
        #if os(macOS)
            let xcrun = "/usr/bin/xcrun"
            guard FileManager.default.isExecutableFile(atPath: xcrun),
                run([xcrun, "--sdk", "macosx", "--find", "clang"]).status == 0
            else { return nil }
            return ObjectiveCCompiler(
                command: [xcrun, "--sdk", "macosx", "clang"],
                flags: ["-fsyntax-only", "-x", "objective-c", "-fobjc-arc"] + warnings,
                targets: ["\(hostArchitecture)-apple-macos13.0"])
        #else
            let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
            let folders = path.split(separator: ":").map(String.init)
            // The toolchain that runs these tests ships its own clang next to `swift`.
            let besideSwift = folders.filter { FileManager.default.isExecutableFile(atPath: $0 + "/swift") }
            let candidates =
                besideSwift.map { $0 + "/clang" } + ["/opt/swift/usr/bin/clang"] + folders.map { $0 + "/clang" }
            guard let clang = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
                return nil
            }
            return ObjectiveCCompiler(
                command: [clang],
                flags: ["-fsyntax-only", "-x", "objective-c", "-fobjc-arc", "-I", standInHeaders.path] + warnings,
                targets: ["arm64-apple-ios13.0", "arm64-apple-macos13.0"])
        #endif
    }

    /// Checks `file` (and whatever it imports) for every target, stopping at the first failure;
    /// `defines` are `-D` macros such as `DEBUG=1`.
    func check(_ file: URL, defines: [String] = []) -> (status: Int32, output: String) {
        var last: (status: Int32, output: String) = (0, "")
        for target in targets {
            last = Self.run(command + ["-target", target] + flags + defines.map { "-D" + $0 } + [file.path])
            if last.status != 0 { return (last.status, "[\(target)] " + last.output) }
        }
        return last
    }

    /// Builds a C program (`-Werror -Wall`) and runs it, returning what it printed; nil if either
    /// step fails. String literals in C and Objective-C share their escapes, so this shows what
    /// bytes a compiler makes of a generated literal.
    func runProgram(_ source: String, in folder: URL) -> [UInt8]? {
        let file = folder.appendingPathComponent("program.c")
        let executable = folder.appendingPathComponent("program")
        guard (try? Data(source.utf8).write(to: file)) != nil,
            Self.run(command + ["-x", "c", "-Werror", "-Wall", "-o", executable.path, file.path]).status == 0
        else { return nil }
        let result = Self.runCapturingBytes([executable.path])
        return result.status == 0 ? result.output : nil
    }

    static func run(_ arguments: [String]) -> (status: Int32, output: String) {
        let result = runCapturingBytes(arguments)
        return (result.status, String(decoding: result.output, as: UTF8.self))
    }

    static func runCapturingBytes(_ arguments: [String]) -> (status: Int32, output: [UInt8]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments.first ?? "")
        process.arguments = Array(arguments.dropFirst())
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do {
            try process.run()
        } catch {
            return (-1, Array("could not start \(arguments.first ?? ""): \(error)".utf8))
        }
        let output = [UInt8](pipe.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
