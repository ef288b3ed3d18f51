import Foundation
import IAPCommands
import IAPExtract

/// Runs `iapkit` in process over files held in memory and captures what it prints.
final class CommandHarness: @unchecked Sendable {
    private let lock = NSLock()
    private var output = ""
    private var errors = ""

    struct Outcome: Equatable {
        var status: Int32
        var standardOutput: String
        var standardError: String

        /// The form the catalogue's `expected` files hold.
        var transcript: String {
            "exit: \(status)\n--- stdout\n\(standardOutput)--- stderr\n\(standardError)"
        }
    }

    /// `terminal` makes standard error count as a terminal, where progress is shown. What the
    /// command writes stays in memory with the files, and is gone after the run; a test that
    /// looks at it keeps a `MemoryDisk` of its own.
    static func run(
        _ arguments: [String], files: [String: [UInt8]], stdin: [UInt8] = [], terminal: Bool = false
    ) -> Outcome {
        run(arguments, disk: MemoryDisk(files), stdin: stdin, terminal: terminal)
    }

    /// The same over a `MemoryDisk`, which also takes what the command writes: a run and the
    /// runs after it share the files, with no folder on the disk.
    static func run(_ arguments: [String], disk: MemoryDisk, stdin: [UInt8] = [], terminal: Bool = false) -> Outcome {
        run(arguments, fileSystem: disk, outputs: disk, stdin: stdin, terminal: terminal)
    }

    /// Reading from one file system and writing to another, for a reader that watches the reads.
    static func run(
        _ arguments: [String], fileSystem: any GuideFileSystem, outputs: any OutputFileSystem, stdin: [UInt8] = [],
        terminal: Bool = false
    ) -> Outcome {
        let harness = CommandHarness()
        var context = CommandContext(
            fileSystem: fileSystem, outputs: outputs,
            readStandardInput: { stdin },
            standardOutput: TextSink { text in harness.append(text, error: false) },
            standardError: TextSink { text in harness.append(text, error: true) })
        context.standardErrorIsTerminal = terminal
        let status = IAPKitTool.run(arguments, context: context)
        harness.lock.lock()
        defer { harness.lock.unlock() }
        return Outcome(status: status.rawValue, standardOutput: harness.output, standardError: harness.errors)
    }

    /// The same over the real disk, for what only a disk has: symbolic links, named pipes,
    /// devices. Paths are best given absolute: the process's working directory is shared.
    static func runOnDisk(_ arguments: [String], workingDirectory: String = ".") -> Outcome {
        let harness = CommandHarness()
        let context = CommandContext(
            fileSystem: LocalFileSystem(), workingDirectory: workingDirectory,
            readStandardInput: { [] },
            standardOutput: TextSink { text in harness.append(text, error: false) },
            standardError: TextSink { text in harness.append(text, error: true) })
        let status = IAPKitTool.run(arguments, context: context)
        harness.lock.lock()
        defer { harness.lock.unlock() }
        return Outcome(status: status.rawValue, standardOutput: harness.output, standardError: harness.errors)
    }

    private func append(_ text: String, error: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if error { errors += text } else { output += text }
    }

    /// Every file under `folder`, keyed by its path relative to `folder`.
    static func files(in folder: URL, excluding excluded: Set<String> = []) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let base = folder.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return files }
        while let relative = enumerator.nextObject() as? String {
            let url = URL(fileURLWithPath: base).appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                !excluded.contains(relative)
            else { continue }
            files[relative] = try [UInt8](Data(contentsOf: url))
        }
        return files
    }
}
