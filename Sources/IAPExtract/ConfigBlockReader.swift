import IAPDiagnostics
import IAPMarkdown
import IAPModel

enum ConfigBlockReader {
    static func read(_ block: CodeBlock, source: SourceText) -> (fragment: ConfigFragment?, diagnostics: [Diagnostic]) {
        (nil, [])
    }
}
