import Foundation
import IAPFileAccess

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

extension CommandContext {
    /// The context of the running process: the disk, the real standard streams.
    public static var process: CommandContext {
        var context = CommandContext(
            // Named twice rather than found by a cast: a cast to a protocol searches every
            // conformance in the binary, at every start.
            fileSystem: LocalFileSystem(), outputs: LocalFileSystem(),
            workingDirectory: ".",
            readStandardInput: {
                // Standard input has no size to check first: it is read up to the limit a file has.
                guard let bytes = InputFile.readStream(STDIN_FILENO) else {
                    throw InputFileError(path: "<stdin>", reason: .tooLarge(limit: InputFile.largestFile))
                }
                return bytes
            },
            standardOutput: TextSink { writeAll($0, to: STDOUT_FILENO) },
            standardError: TextSink { writeAll($0, to: STDERR_FILENO) })
        // One variable is looked up, not the whole environment copied into a dictionary: every
        // command starts here, and `iapkit --version` should cost little more than a start.
        let noColour = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
        context.usesColour = !noColour && isatty(STDOUT_FILENO) == 1
        context.standardErrorIsTerminal = isatty(STDERR_FILENO) == 1
        context.printToPDF = { page, pdf in
            PDFPrinter(environment: ProcessInfo.processInfo.environment).print(page: page, to: pdf)
        }
        context.keepUntilExit = { ValuesKeptUntilExit.shared.keep($0) }
        return context
    }
}

/// What the tool's commands hand over when they are done (`CommandContext.keepUntilExit`):
/// kept, never freed, since the process exits next.
private final class ValuesKeptUntilExit: @unchecked Sendable {
    static let shared = ValuesKeptUntilExit()
    private let lock = NSLock()
    private var values: [Any] = []

    func keep(_ value: Any) {
        lock.lock()
        defer { lock.unlock() }
        values.append(value)
    }
}

/// Writes all of `text` to a file descriptor, through short writes and interrupted ones. Written
/// straight to the descriptor rather than through `FileHandle` and `Data`, whose first use costs a
/// search of every protocol conformance in the binary, at every start.
private func writeAll(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { bytes in
        guard var next = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let written = write(descriptor, next, left)
            if written < 0 {
                if errno == EINTR { continue }
                return  // a closed pipe: there is nobody left to tell
            }
            next += written
            left -= written
        }
    }
}
