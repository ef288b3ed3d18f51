/// JSON: strings (a string followed by `:` is a key), numbers, and `true`, `false`, `null`.
enum JSONTokenizer {
    static func spans(_ code: [UInt8]) -> [SyntaxSpan] {
        var scanner = ByteScanner(code)
        while let byte = scanner.peek() {
            if byte == UInt8(ascii: "\"") {
                let start = scanner.begin()
                scanner.advancePastString(quote: byte)
                var lookahead = scanner.position
                while lookahead < scanner.bytes.count, ByteClass.isSpace(scanner.bytes[lookahead]) { lookahead += 1 }
                let isKey = lookahead < scanner.bytes.count && scanner.bytes[lookahead] == UInt8(ascii: ":")
                scanner.emit(isKey ? .key : .string, from: start)
            } else if ByteClass.isDigit(byte)
                || (byte == UInt8(ascii: "-") && scanner.peek(1).map(ByteClass.isDigit) == true)
            {
                let start = scanner.begin()
                scanner.position += 1
                scanner.advance { ByteClass.isNumberPart($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }
                scanner.emit(.number, from: start)
            } else if scanner.matches("true") || scanner.matches("false") || scanner.matches("null") {
                let start = scanner.begin()
                scanner.advance(while: ByteClass.isIdentifier)
                scanner.emit(.literal, from: start)
            } else {
                scanner.skipCharacter()
            }
        }
        return scanner.finish()
    }
}
