/// Swift and Objective-C: line and block comments, string and character literals, numbers,
/// keywords, `@attributes`, `#directives` and capitalised names as types.
struct CFamilyTokenizer {
    let keywords: WordSet
    /// Whether `/* */` comments nest (Swift) or end at the first `*/` (C).
    let nestedComments: Bool
    /// Whether `'...'` is a character literal (C) rather than plain text.
    let singleQuotedStrings: Bool
    /// Whether `"""` opens a multi-line string (Swift).
    let tripleQuotedStrings: Bool

    static let swift = CFamilyTokenizer(
        keywords: WordSet([
            "actor", "any", "as", "associatedtype", "async", "await", "break", "case", "catch", "class", "continue",
            "convenience", "default", "defer", "deinit", "do", "dynamic", "else", "enum", "extension", "fallthrough",
            "false", "fileprivate", "final", "for", "func", "get", "guard", "if", "import", "in", "indirect", "init",
            "inout", "internal", "is", "isolated", "lazy", "let", "mutating", "nil", "nonisolated", "nonmutating",
            "open", "operator", "optional", "override", "private", "protocol", "public", "repeat", "required",
            "rethrows", "return", "self", "Self", "set", "some", "static", "struct", "subscript", "super", "switch",
            "throw", "throws", "true", "try", "typealias", "unowned", "var", "weak", "where", "while", "willSet",
            "didSet", "consuming", "borrowing", "sending",
        ]), nestedComments: true, singleQuotedStrings: false, tripleQuotedStrings: true)

    static let objectiveC = CFamilyTokenizer(
        keywords: WordSet([
            "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum",
            "extern", "float", "for", "goto", "if", "inline", "int", "long", "register", "return", "short",
            "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void", "volatile",
            "while", "id", "self", "super", "nil", "Nil", "YES", "NO", "BOOL", "instancetype", "nonatomic",
            "atomic", "strong", "weak", "copy", "assign", "readonly", "readwrite", "nullable", "nonnull",
            "_Nullable", "_Nonnull", "__weak", "__strong", "__block", "NULL", "true", "false",
        ]), nestedComments: false, singleQuotedStrings: true, tripleQuotedStrings: false)

    func spans(_ code: [UInt8]) -> [SyntaxSpan] {
        var scanner = ByteScanner(code)
        while let byte = scanner.peek() {
            if scanner.matches("//") {
                let start = scanner.begin()
                scanner.advanceToLineEnd()
                scanner.emit(.comment, from: start)
            } else if scanner.matches("/*") {
                let start = scanner.begin()
                skipBlockComment(&scanner)
                scanner.emit(.comment, from: start)
            } else if tripleQuotedStrings, scanner.matches("\"\"\"") {
                let start = scanner.begin()
                scanner.position += 3
                while !scanner.isAtEnd, !scanner.matches("\"\"\"") {
                    if scanner.peek() == UInt8(ascii: "\\") { scanner.position += 1 }
                    scanner.skipCharacter()
                }
                scanner.position += 3
                scanner.emit(.string, from: start)
            } else if byte == UInt8(ascii: "\"") || (singleQuotedStrings && byte == UInt8(ascii: "'")) {
                let start = scanner.begin()
                scanner.advancePastString(quote: byte)
                scanner.emit(.string, from: start)
            } else if byte == UInt8(ascii: "@"), scanner.peek(1) == UInt8(ascii: "\"") {
                let start = scanner.begin()
                scanner.position += 1
                scanner.advancePastString(quote: UInt8(ascii: "\""))
                scanner.emit(.string, from: start)
            } else if byte == UInt8(ascii: "@") || byte == UInt8(ascii: "#"),
                let next = scanner.peek(1), ByteClass.isIdentifier(next)
            {
                let start = scanner.begin()
                scanner.position += 1
                scanner.advance(while: ByteClass.isIdentifier)
                scanner.emit(byte == UInt8(ascii: "@") ? .attribute : .directive, from: start)
            } else if ByteClass.isDigit(byte) {
                let start = scanner.begin()
                scanner.advance(while: ByteClass.isNumberPart)
                scanner.emit(.number, from: start)
            } else if ByteClass.isIdentifier(byte) {
                let start = scanner.position
                scanner.advance(while: ByteClass.isIdentifier)
                let kind: SyntaxToken.Kind? =
                    keywords.contains(scanner.word(from: start)) ? .keyword : ByteClass.isUpper(byte) ? .type : nil
                if let kind {
                    let end = scanner.position
                    scanner.position = start
                    let tokenStart = scanner.begin()
                    scanner.position = end
                    scanner.emit(kind, from: tokenStart)
                }
            } else {
                scanner.skipCharacter()
            }
        }
        return scanner.finish()
    }

    private func skipBlockComment(_ scanner: inout ByteScanner) {
        scanner.position += 2
        var depth = 1
        while !scanner.isAtEnd {
            if scanner.matches("*/") {
                scanner.position += 2
                depth -= 1
                if depth == 0 { return }
            } else if nestedComments, scanner.matches("/*") {
                scanner.position += 2
                depth += 1
            } else {
                scanner.skipCharacter()
            }
        }
    }
}
