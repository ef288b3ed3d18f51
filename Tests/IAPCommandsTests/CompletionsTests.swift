import Foundation
import Testing

/// Shell completions and the manual page come from the options every command declares: they
/// load in the shell and offer what `--help` lists.
@Suite struct CompletionsTests {
    static func shell(_ program: String, _ script: String) -> (status: Int32, output: String)? {
        guard let path = ["/bin/\(program)", "/usr/bin/\(program)"].first(where: FileManager.default.isExecutableFile)
        else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-c", script]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return nil }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test func bashLoadsThemAndCompletesCommandsOptionsAndValues() throws {
        let script = CommandHarness.run(["completions", "bash"], files: [:]).standardOutput
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "iapkit-completion-\(UUID().uuidString)")
        try script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let probe = """
            source '\(file.path)' && complete -p iapkit
            COMP_WORDS=(iapkit ch); COMP_CWORD=1; _iapkit; echo "commands: ${COMPREPLY[*]}"
            COMP_WORDS=(iapkit generate --dr); COMP_CWORD=2; _iapkit; echo "options: ${COMPREPLY[*]}"
            COMP_WORDS=(iapkit check --format s); COMP_CWORD=3; _iapkit; echo "values: ${COMPREPLY[*]}"
            """
        let result = try #require(Self.shell("bash", probe), "bash runs")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("complete -o filenames -F _iapkit iapkit"))
        #expect(result.output.contains("commands: check checklist\n"))
        #expect(result.output.contains("options: --dry-run\n"))
        #expect(result.output.contains("values: sarif\n"))
    }

    @Test func zshAndFishScriptsParseWhereThoseShellsExist() {
        for (shell, check) in [("zsh", "zsh -n"), ("fish", "fish --no-execute")] {
            let script = CommandHarness.run(["completions", shell], files: [:])
            #expect(script.status == 0)
            #expect(script.standardOutput.contains("--dry-run") || script.standardOutput.contains("dry-run"))
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/\(shell)") else { continue }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "iapkit-\(shell)-\(UUID().uuidString)")
            try? script.standardOutput.write(to: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: file) }
            #expect(Self.shell("sh", "\(check) '\(file.path)'")?.status == 0, "\(shell) parses its completions")
        }
    }

    @Test func anUnknownShellIsAUsageMistake() {
        let outcome = CommandHarness.run(["completions", "tcsh"], files: [:])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("iapkit completions: error: no completions for tcsh"))
    }

    @Test func theManualPageListsEveryCommandAndOption() {
        let page = CommandHarness.run(["man"], files: [:]).standardOutput
        #expect(page.hasPrefix(".TH IAPKIT 1 "))
        for command in ["init", "lint", "generate", "check", "render", "completions"] {
            #expect(page.contains(".SS \(command)\n"), "the page has \(command)")
        }
        #expect(page.contains("\\fB\\-\\-dry\\-run\\fR"))
        #expect(!page.split(separator: "\n").contains { $0.hasPrefix(".") && $0.hasPrefix(". ") })
    }
}
