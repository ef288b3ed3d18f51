import IAPExtract

/// Everything a command may touch outside itself. The real one wraps the process; tests build
/// one over memory, so commands run end to end without a disk or a subprocess.
public struct CommandContext: Sendable {
    /// Where commands read guides, configuration, templates and projects' files.
    public var fileSystem: any GuideFileSystem
    /// Where commands write. The same files as `fileSystem` unless a caller splits them.
    public var outputs: any OutputFileSystem
    public var workingDirectory: String
    /// All of standard input; throws when it is larger than a guide may be.
    public var readStandardInput: @Sendable () throws -> [UInt8]
    public var standardOutput: TextSink
    public var standardError: TextSink
    /// Whether standard output may carry ANSI colours: a terminal, and `NO_COLOR` not set.
    /// Off unless the caller turns it on, so tests and pipes get plain text.
    public var usesColour = false
    /// Whether standard error is a terminal, where a progress line can rewrite itself. Off
    /// unless the caller turns it on.
    public var standardErrorIsTerminal = false
    /// Whether `iapkit.yml` may name paths outside the working directory
    /// (`--allow-outside-paths`). Off unless the user says so.
    public var allowsPathsOutsideWorkingDirectory = false
    /// Prints a page of a rendered site (a path) to a PDF file (a path) for `render --pdf`; the
    /// process's runs headless Chromium, and a context without one has no browser.
    public var printToPDF: (@Sendable (_ page: String, _ pdf: String) -> Result<Void, PDFPrintFailure>)?
    /// Set by `iapkit build`, so its steps read the guides once.
    var sessionCache: GuideSessionCache?
    /// Takes a value a command is done with. The tool's context keeps it until the process
    /// exits, which is right after the command: a large book's model, trees and site were freed
    /// object by object for milliseconds just before the system took the whole memory back at
    /// once. Any other context lets the value go at once.
    public var keepUntilExit: @Sendable (_ value: Any) -> Void = { _ in }

    /// Without `outputs`, a file system that can also be written (the disk, a `MemoryDisk`)
    /// takes the writes; a read-only one (`MemoryFileSystem`) leaves them to the disk.
    public init(
        fileSystem: any GuideFileSystem, outputs: (any OutputFileSystem)? = nil, workingDirectory: String = ".",
        readStandardInput: @escaping @Sendable () throws -> [UInt8], standardOutput: TextSink, standardError: TextSink
    ) {
        self.fileSystem = fileSystem
        self.outputs = outputs ?? (fileSystem as? any OutputFileSystem) ?? DiskOutputs()
        self.workingDirectory = workingDirectory
        self.readStandardInput = readStandardInput
        self.standardOutput = standardOutput
        self.standardError = standardError
    }
}

/// A place text goes: a file descriptor in the tool, a buffer in tests.
public struct TextSink: Sendable {
    public let write: @Sendable (String) -> Void

    public init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    public func line(_ text: String) {
        write(text + "\n")
    }
}
