/// One highlighted run of a code block. Plain runs have no kind.
struct SyntaxToken: Equatable {
    enum Kind: String {
        case comment, string, keyword, number, type, attribute, key, variable, literal, directive
    }

    var kind: Kind?
    var text: String
}

/// A token as the tokenizers find it: a kind and where its bytes are in the code block. No
/// string is made for a token the site only copies.
struct SyntaxSpan: Equatable {
    var kind: SyntaxToken.Kind?
    var range: Range<Int>
}

/// Words of a language (keywords, literals), looked up by their bytes without making a string.
struct WordSet {
    /// The words, by their length in bytes.
    private let byLength: [[[UInt8]]]

    init(_ words: [String]) {
        var byLength: [[[UInt8]]] = []
        for word in words {
            let bytes = Array(word.utf8)
            while byLength.count <= bytes.count { byLength.append([]) }
            byLength[bytes.count].append(bytes)
        }
        self.byLength = byLength
    }

    func contains(_ word: ArraySlice<UInt8>) -> Bool {
        guard word.count < byLength.count else { return false }
        return byLength[word.count].contains { $0.elementsEqual(word) }
    }
}

/// A cursor over the bytes of a code block, shared by the tokenizers. Every syntax character
/// the tokenizers look for is ASCII, so working on UTF-8 bytes never splits a character: a
/// token boundary always falls before or after an ASCII byte.
struct ByteScanner {
    let bytes: [UInt8]
    var position = 0
    private(set) var spans: [SyntaxSpan] = []
    private var plainStart = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position >= bytes.count }

    func peek(_ offset: Int = 0) -> UInt8? {
        let index = position + offset
        return index < bytes.count ? bytes[index] : nil
    }

    func matches(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let pattern = literal.utf8Start
        for offset in 0..<count where bytes[position + offset] != pattern[offset] { return false }
        return true
    }

    /// The bytes from `start` to the cursor.
    func word(from start: Int) -> ArraySlice<UInt8> {
        bytes[start..<min(position, bytes.count)]
    }

    /// Whether the byte before the cursor is the start of the text or white space.
    var followsSpaceOrStart: Bool { position == 0 || ByteClass.isSpace(bytes[position - 1]) }

    /// Whether the cursor is at the first non-blank byte of its line.
    var isAtLineStart: Bool {
        var index = position - 1
        while index >= 0 {
            if bytes[index] == UInt8(ascii: "\n") { return true }
            if !ByteClass.isSpace(bytes[index]) { return false }
            index -= 1
        }
        return true
    }

    /// Ends the plain run before the cursor and starts a token there.
    mutating func begin() -> Int {
        flushPlain()
        return position
    }

    /// Records `start..<position` as a token of `kind`.
    mutating func emit(_ kind: SyntaxToken.Kind?, from start: Int) {
        position = min(position, bytes.count)
        guard position > start else { return }
        spans.append(SyntaxSpan(kind: kind, range: start..<position))
        plainStart = position
    }

    /// Advances over one byte that belongs to the current plain run.
    mutating func skip() {
        position += 1
    }

    /// Advances over one whole UTF-8 character, so no token ends inside one.
    mutating func skipCharacter() {
        guard !isAtEnd else { return }
        position += 1
        while let byte = peek(), byte & 0xC0 == 0x80 { position += 1 }
    }

    mutating func advance(while condition: (UInt8) -> Bool) {
        while let byte = peek(), condition(byte) { position += 1 }
    }

    mutating func advanceToLineEnd() {
        advance { $0 != UInt8(ascii: "\n") }
    }

    /// Advances past a quoted string that starts at the cursor, honouring backslash escapes
    /// unless `escapes` is false; stops at the end of the line when `singleLine`.
    mutating func advancePastString(quote: UInt8, escapes: Bool = true, singleLine: Bool = true) {
        position += 1
        while let byte = peek() {
            if escapes, byte == UInt8(ascii: "\\") {
                position += 1
                skipCharacter()
                continue
            }
            if singleLine, byte == UInt8(ascii: "\n") { return }
            position += 1
            if byte == quote { return }
        }
        position = min(position, bytes.count)
    }

    mutating func finish() -> [SyntaxSpan] {
        position = min(position, bytes.count)
        flushPlain()
        return spans
    }

    private mutating func flushPlain() {
        position = min(position, bytes.count)
        guard position > plainStart else { return }
        spans.append(SyntaxSpan(kind: nil, range: plainStart..<position))
        plainStart = position
    }
}

enum ByteClass {
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    static func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }

    /// Letters, digits, `_` and any non-ASCII byte (part of an identifier in these languages).
    static func isIdentifier(_ byte: UInt8) -> Bool {
        isDigit(byte) || isUpper(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    static func isNumberPart(_ byte: UInt8) -> Bool {
        isIdentifier(byte) || byte == UInt8(ascii: ".")
    }
}
