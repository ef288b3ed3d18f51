import Foundation

extension CommandContext {
    /// The context of the running process: the disk, the real standard streams.
    public static var process: CommandContext {
        CommandContext(
            fileSystem: LocalFileSystem(),
            workingDirectory: ".",
            readStandardInput: { [UInt8](FileHandle.standardInput.readDataToEndOfFile()) },
            standardOutput: TextSink { FileHandle.standardOutput.write(Data($0.utf8)) },
            standardError: TextSink { FileHandle.standardError.write(Data($0.utf8)) })
    }
}
