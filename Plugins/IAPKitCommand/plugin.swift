import Foundation
import PackagePlugin

/// `swift package iapkit COMMAND [ARGUMENT...]`: runs iapkit, built from this package, in the
/// package's folder, so `swift package iapkit lint`, `… generate` and `… check --project App`
/// work without installing the tool. `generate` and `init` write into the package, which
/// SwiftPM asks the user to allow (or `--allow-writing-to-package-directory`).
@main
struct IAPKitCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "iapkit")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments.isEmpty ? ["--help"] : arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            Diagnostics.error("iapkit \(arguments.first ?? "") exited with status \(process.terminationStatus)")
            return
        }
    }
}
