/// Shell commands: comments, single- and double-quoted strings, `$VAR` and `${...}`, the
/// language's keywords, and a `$ ` prompt at the start of a line in a console transcript.
enum ShellTokenizer {
    static let keywords = WordSet([
        "if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac", "in",
        "function", "return", "export", "local", "set", "unset", "exit", "cd", "echo", "source", "sudo",
    ])

    static func spans(_ code: [UInt8]) -> [SyntaxSpan] {
        var scanner = ByteScanner(code)
        while let byte = scanner.peek() {
            if byte == UInt8(ascii: "#"), scanner.followsSpaceOrStart {
                let start = scanner.begin()
                scanner.advanceToLineEnd()
                scanner.emit(.comment, from: start)
            } else if byte == UInt8(ascii: "$"), scanner.isAtLineStart, scanner.peek(1) == UInt8(ascii: " ") {
                let start = scanner.begin()
                scanner.position += 1
                scanner.emit(.directive, from: start)
            } else if byte == UInt8(ascii: "'") {
                let start = scanner.begin()
                scanner.advancePastString(quote: byte, escapes: false, singleLine: false)
                scanner.emit(.string, from: start)
            } else if byte == UInt8(ascii: "\"") {
                let start = scanner.begin()
                scanner.advancePastString(quote: byte, singleLine: false)
                scanner.emit(.string, from: start)
            } else if byte == UInt8(ascii: "$"), let next = scanner.peek(1),
                next == UInt8(ascii: "{") || ByteClass.isIdentifier(next)
            {
                let start = scanner.begin()
                scanner.position += 1
                if next == UInt8(ascii: "{") {
                    scanner.advance { $0 != UInt8(ascii: "}") && $0 != UInt8(ascii: "\n") }
                    if scanner.peek() == UInt8(ascii: "}") { scanner.position += 1 }
                } else {
                    scanner.advance(while: ByteClass.isIdentifier)
                }
                scanner.emit(.variable, from: start)
            } else if ByteClass.isIdentifier(byte) || byte == UInt8(ascii: "-") {
                let start = scanner.position
                scanner.advance { ByteClass.isIdentifier($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
                let isWordStart = start == 0 || !ByteClass.isIdentifier(scanner.bytes[start - 1])
                if isWordStart, keywords.contains(scanner.word(from: start)) {
                    let end = scanner.position
                    scanner.position = start
                    let tokenStart = scanner.begin()
                    scanner.position = end
                    scanner.emit(.keyword, from: tokenStart)
                }
            } else {
                scanner.skipCharacter()
            }
        }
        return scanner.finish()
    }
}
