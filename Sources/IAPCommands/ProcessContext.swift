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
            fileSystem: LocalFileSystem(),
            workingDirectory: ".",
            readStandardInput: {
                // Standard input has no size to check first: it is read up to the limit a file has.
                guard let bytes = InputFile.readStream(STDIN_FILENO) else {
                    throw InputFileError(path: "<stdin>", reason: .tooLarge(limit: InputFile.largestFile))
                }
                return bytes
            },
            standardOutput: TextSink { FileHandle.standardOutput.write(Data($0.utf8)) },
            standardError: TextSink { FileHandle.standardError.write(Data($0.utf8)) })
        let noColour = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        context.usesColour = !noColour && isatty(STDOUT_FILENO) == 1
        context.standardErrorIsTerminal = isatty(STDERR_FILENO) == 1
        let printer = PDFPrinter(environment: ProcessInfo.processInfo.environment)
        context.printToPDF = { page, pdf in printer.print(page: page, to: pdf) }
        return context
    }
}
