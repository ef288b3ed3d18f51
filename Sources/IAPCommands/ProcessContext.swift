import Foundation

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
            fileSystem: LocalFileSystem(),
            workingDirectory: ".",
            readStandardInput: { [UInt8](FileHandle.standardInput.readDataToEndOfFile()) },
            standardOutput: TextSink { FileHandle.standardOutput.write(Data($0.utf8)) },
            standardError: TextSink { FileHandle.standardError.write(Data($0.utf8)) })
        let noColour = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        context.usesColour = !noColour && isatty(STDOUT_FILENO) == 1
        context.standardErrorIsTerminal = isatty(STDERR_FILENO) == 1
        return context
    }
}
