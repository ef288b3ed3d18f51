/// YAML, a line at a time: comments, `key:` at the start of an entry, quoted strings, numbers,
/// the core schema's literals, anchors and aliases, and `---` document markers.
enum YAMLTokenizer {
    static let literals = WordSet([
        "true", "false", "null", "yes", "no", "on", "off", "~", "True", "False", "Null",
    ])

    static func spans(_ code: [UInt8]) -> [SyntaxSpan] {
        var scanner = ByteScanner(code)
        var atEntryStart = true
        while let byte = scanner.peek() {
            if byte == UInt8(ascii: "\n") {
                atEntryStart = true
                scanner.skip()
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                scanner.skip()
            } else if byte == UInt8(ascii: "#"), scanner.followsSpaceOrStart {
                let start = scanner.begin()
                scanner.advanceToLineEnd()
                scanner.emit(.comment, from: start)
            } else if scanner.isAtLineStart, scanner.matches("---") || scanner.matches("...") {
                let start = scanner.begin()
                scanner.position += 3
                scanner.emit(.directive, from: start)
            } else if byte == UInt8(ascii: "-"), scanner.peek(1).map(ByteClass.isSpace) ?? true {
                scanner.skip()
                atEntryStart = true
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                let start = scanner.begin()
                scanner.advancePastString(quote: byte, escapes: byte == UInt8(ascii: "\""))
                scanner.emit(isKeyEnd(scanner) && atEntryStart ? .key : .string, from: start)
                atEntryStart = false
            } else if byte == UInt8(ascii: "&") || byte == UInt8(ascii: "*") {
                let start = scanner.begin()
                scanner.skip()
                scanner.advance { !ByteClass.isSpace($0) && $0 != UInt8(ascii: ",") }
                scanner.emit(.variable, from: start)
                atEntryStart = false
            } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "{")
                || byte == UInt8(ascii: "}") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":")
            {
                scanner.skip()
                atEntryStart = byte == UInt8(ascii: "{") || byte == UInt8(ascii: ",")
            } else {
                plainScalar(&scanner, atEntryStart: atEntryStart)
                atEntryStart = false
            }
        }
        return scanner.finish()
    }

    /// A plain (unquoted) scalar up to `: `, ` #`, a flow indicator or the end of the line.
    private static func plainScalar(_ scanner: inout ByteScanner, atEntryStart: Bool) {
        let start = scanner.position
        var end = start
        var index = start
        let bytes = scanner.bytes
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") { break }
            if byte == UInt8(ascii: ":"), index + 1 >= bytes.count || ByteClass.isSpace(bytes[index + 1]) { break }
            if byte == UInt8(ascii: "#"), index > start, ByteClass.isSpace(bytes[index - 1]) { break }
            if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") { break }
            index += 1
            if !ByteClass.isSpace(byte) { end = index }
        }
        let word = bytes[start..<end]
        let isKey = index < bytes.count && bytes[index] == UInt8(ascii: ":") && atEntryStart
        let kind: SyntaxToken.Kind? =
            isKey ? .key : literals.contains(word) ? .literal : isNumber(word) ? .number : nil
        if let kind {
            let tokenStart = scanner.begin()
            scanner.position = end
            scanner.emit(kind, from: tokenStart)
        } else {
            scanner.position = max(end, start + 1)
        }
    }

    private static func isKeyEnd(_ scanner: ByteScanner) -> Bool {
        var index = scanner.position
        while index < scanner.bytes.count, scanner.bytes[index] == UInt8(ascii: " ") { index += 1 }
        return index < scanner.bytes.count && scanner.bytes[index] == UInt8(ascii: ":")
    }

    private static func isNumber(_ word: ArraySlice<UInt8>) -> Bool {
        guard let first = word.first else { return false }
        let body = first == UInt8(ascii: "-") || first == UInt8(ascii: "+") ? word.dropFirst() : word
        guard let lead = body.first, ByteClass.isDigit(lead) else { return false }
        return body.allSatisfy { ByteClass.isDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") }
    }
}
