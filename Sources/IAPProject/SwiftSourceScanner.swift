import IAPDiagnostics

/// One token of Swift source, as far as the IAP checks need to tell tokens apart.
public struct SwiftToken: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A name or keyword (`let`, `SKProductsRequest`, `finish`); backticks are removed.
        case identifier
        /// An attribute, text including the `@`: `@main`, `@MainActor`.
        case attribute
        /// A compiler directive or literal, text including the `#`: `#if`, `#selector`.
        case poundKeyword
        /// A string literal; its details are in `SwiftSourceScan.strings`.
        case stringLiteral
        case number
        /// Punctuation or an operator: `(`, `.`, `+`, `==`, `->`.
        case punctuation
    }

    public var kind: Kind
    /// The token's text; for string literals the decoded value, or empty when it has
    /// interpolation.
    public var text: String
    public var location: SourceLocation
}

/// A string literal in Swift source.
public struct SwiftStringLiteral: Hashable, Sendable {
    /// The decoded text, when the literal has no interpolation.
    public var value: String?
    /// True when the literal contains `\( … )`, so its run-time value is not known.
    public var hasInterpolation: Bool
    /// True when a `+` operator stands right before or after the literal, as in
    /// `"com.example." + name`, so the literal is only part of the final string.
    public var isConcatenated: Bool
    public var isMultiline: Bool
    /// True for `#"…"#` literals.
    public var isRaw: Bool
    /// False when the file or line ends before the closing quote.
    public var isTerminated: Bool
    /// Where the literal starts (its first `#` or `"`).
    public var location: SourceLocation
    /// The literal's own characters, decoded, with its interpolations left out: what a message
    /// such as `"Product not found for \(id)"` says in words.
    public var words: String = ""

    /// The literal text when it is a complete, known value: no interpolation, not concatenated.
    public var constantValue: String? { hasInterpolation || isConcatenated ? nil : value }
}

/// The language of a source file the checks read.
public enum SourceLanguage: String, Hashable, Sendable {
    case swift
    /// Objective-C and Objective-C++ (`.m`, `.mm`, `.h`).
    case objectiveC
}

/// The result of scanning one Swift (or Objective-C) file.
public struct SwiftSourceScan: Hashable, Sendable {
    public var path: String
    public var language: SourceLanguage = .swift
    /// All tokens in source order, including those inside string interpolations. Comments and
    /// the text of string literals never produce tokens.
    public var tokens: [SwiftToken] { didSet { names = Self.names(in: tokens) } }
    public var strings: [SwiftStringLiteral]
    /// Every identifier and attribute text in the file, so a check asks "does this file mention
    /// `SKProductsRequest`?" without walking its tokens; a project has thousands of files.
    public private(set) var names: Set<String>

    public init(path: String, tokens: [SwiftToken], strings: [SwiftStringLiteral]) {
        self.path = path
        self.tokens = tokens
        self.strings = strings
        self.names = Self.names(in: tokens)
    }

    private static func names(in tokens: [SwiftToken]) -> Set<String> {
        var names: Set<String> = []
        for token in tokens where token.kind == .identifier || token.kind == .attribute { names.insert(token.text) }
        return names
    }

    /// True when the identifier (or attribute) `name` occurs in the file.
    public func mentions(_ name: String) -> Bool { names.contains(name) }

    /// Every occurrence of the identifier `name` (or attribute, when `name` starts with `@`).
    public func occurrences(of name: String) -> [SwiftToken] {
        guard names.contains(name) else { return [] }
        return tokens.filter { ($0.kind == .identifier || $0.kind == .attribute) && $0.text == name }
    }

    /// Occurrences of `first . second`, e.g. `Transaction.updates` or `AppStore.sync`.
    public func memberAccesses(_ first: String, _ second: String) -> [SwiftToken] {
        guard names.contains(first), names.contains(second) else { return [] }
        var result: [SwiftToken] = []
        for index in tokens.indices where index + 2 < tokens.count {
            let (a, b, c) = (tokens[index], tokens[index + 1], tokens[index + 2])
            if a.kind == .identifier, a.text == first, b.kind == .punctuation, b.text == ".", c.kind == .identifier,
                c.text == second
            {
                result.append(a)
            }
        }
        return result
    }
}

/// A small Swift tokenizer: enough of the lexical grammar to tell code from comments and string
/// text. It never fails; malformed input (an unterminated string or comment) ends the token at
/// the end of the line or file.
///
/// Known gaps: regex literals (`/…/`) are read as operators.
///
/// Objective-C files go through the same tokenizer with its few differences switched on: `@"…"`
/// strings, character literals, and no raw strings.
public enum SwiftSourceScanner {
    public static func scan(_ bytes: [UInt8], path: String, language: SourceLanguage = .swift) -> SwiftSourceScan {
        var lexer = SwiftLexer(bytes: bytes, path: path)
        lexer.objectiveC = language == .objectiveC
        lexer.lexLevel(insideInterpolation: false, depth: 0)
        let tokens = lexer.tokens
        let strings = lexer.strings
        var scan = SwiftSourceScan(path: path, tokens: tokens, strings: strings)
        scan.language = language
        return scan
    }

    public static func scan(_ text: String, path: String, language: SourceLanguage = .swift) -> SwiftSourceScan {
        scan(Array(text.utf8), path: path, language: language)
    }
}

private struct SwiftLexer {
    static let maximumInterpolationDepth = 32
    static let operatorCharacters = Set("/=-+!*%<>&|^~?".utf8)

    let bytes: [UInt8]
    let path: String
    var objectiveC = false
    var index = 0
    var line = 1
    var lineStart = 0
    var tokens: [SwiftToken] = []
    var strings: [SwiftStringLiteral] = []

    init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    var location: SourceLocation { SourceLocation(file: path, line: line, column: index - lineStart + 1) }

    func byte(at offset: Int) -> UInt8? {
        let position = index + offset
        return position >= 0 && position < bytes.count ? bytes[position] : nil
    }

    mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    static func isIdentifierBody(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte)
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// One nesting level of code: the whole file, or the inside of one `\( … )`. Returns after
    /// the closing `)` of an interpolation, or at the end of the input.
    mutating func lexLevel(insideInterpolation: Bool, depth: Int) {
        // Token indices of this level, and which of them are string literals (index into `strings`).
        var level: [(token: Int, string: Int?)] = []
        var parenDepth = 0
        func add(_ kind: SwiftToken.Kind, _ text: String, _ start: SourceLocation, string: Int? = nil) {
            tokens.append(SwiftToken(kind: kind, text: text, location: start))
            level.append((tokens.count - 1, string))
        }
        while index < bytes.count {
            let current = bytes[index]
            let next = byte(at: 1)
            let start = location
            if current == UInt8(ascii: " ") || current == UInt8(ascii: "\t") || current == UInt8(ascii: "\n")
                || current == UInt8(ascii: "\r")
            {
                advance()
            } else if current == UInt8(ascii: "/"), next == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { advance() }
            } else if current == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                skipBlockComment()
            } else if objectiveC, current == UInt8(ascii: "@"), next == UInt8(ascii: "\"") {
                advance()
                let tokenIndex = tokens.count
                tokens.append(SwiftToken(kind: .stringLiteral, text: "", location: start))
                let stringIndex = lexString(depth: Self.maximumInterpolationDepth)
                strings[stringIndex].location = start
                tokens[tokenIndex].text = strings[stringIndex].value ?? ""
                level.append((tokenIndex, stringIndex))
            } else if objectiveC, current == UInt8(ascii: "'") {
                skipCharacterLiteral()
                add(.number, "'", start)
            } else if current == UInt8(ascii: "#"), objectiveC || !startsRawString() {
                // A run of `#` that opens no raw string (Objective-C has none): each is a token of
                // its own, the last perhaps the start of `#if` or `#define`. The run is measured
                // once, so a long run is read in one pass instead of once from each of its `#`.
                let run = hashRun()
                for _ in 1..<run {
                    let hash = location
                    advance()
                    add(.punctuation, "#", hash)
                }
                let last = location
                advance()
                // The C preprocessor lets spaces stand between `#` and the directive
                // (`#    define DLog(...)` inside an `#ifdef`).
                var gap = 0
                while objectiveC, let blank = byte(at: gap), blank == UInt8(ascii: " ") || blank == UInt8(ascii: "\t") {
                    gap += 1
                }
                if let after = byte(at: gap), Self.isIdentifierStart(after) {
                    for _ in 0..<gap { advance() }
                    add(.poundKeyword, "#" + readWord(), last)
                } else {
                    add(.punctuation, "#", last)
                }
            } else if current == UInt8(ascii: "\"") || (!objectiveC && current == UInt8(ascii: "#")) {
                // The literal's token goes in before the tokens of its interpolations, so every
                // token list comes out in source order without sorting.
                let tokenIndex = tokens.count
                tokens.append(SwiftToken(kind: .stringLiteral, text: "", location: start))
                let stringIndex = lexString(depth: depth)
                tokens[tokenIndex].text = strings[stringIndex].value ?? ""
                level.append((tokenIndex, stringIndex))
            } else if Self.isIdentifierStart(current) || current == UInt8(ascii: "$") {
                add(.identifier, readWord(), start)
            } else if current == UInt8(ascii: "`") {
                advance()
                let name = readWord()
                if byte(at: 0) == UInt8(ascii: "`") { advance() }
                add(.identifier, name, start)
            } else if current == UInt8(ascii: "@"), let next, Self.isIdentifierStart(next) {
                advance()
                add(.attribute, "@" + readWord(), start)
            } else if Self.isDigit(current) {
                add(.number, readNumber(), start)
            } else if current == UInt8(ascii: "(") {
                parenDepth += 1
                advance()
                add(.punctuation, "(", start)
            } else if current == UInt8(ascii: ")") {
                if insideInterpolation && parenDepth == 0 {
                    advance()
                    break
                }
                parenDepth -= 1
                advance()
                add(.punctuation, ")", start)
            } else if Self.operatorCharacters.contains(current) {
                add(.punctuation, readOperator(), start)
            } else {
                advance()
                add(.punctuation, String(decoding: [current], as: UTF8.self), start)
            }
        }
        for (position, entry) in level.enumerated() {
            guard let string = entry.string else { continue }
            let before = position > 0 ? tokens[level[position - 1].token] : nil
            let after = position + 1 < level.count ? tokens[level[position + 1].token] : nil
            let isPlus = { (token: SwiftToken?) -> Bool in
                guard let token, token.kind == .punctuation else { return false }
                return token.text == "+" || token.text == "+="
            }
            if isPlus(before) || isPlus(after) { strings[string].isConcatenated = true }
        }
    }

    mutating func skipBlockComment() {
        var nesting = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), byte(at: 1) == UInt8(ascii: "*") {
                nesting += 1
                advance(2)
            } else if bytes[index] == UInt8(ascii: "*"), byte(at: 1) == UInt8(ascii: "/") {
                nesting -= 1
                advance(2)
                if nesting == 0 { return }
            } else {
                advance()
            }
        }
    }

    /// `'a'`, `'\''`: Objective-C character literals, which end on their line.
    mutating func skipCharacterLiteral() {
        advance()
        while index < bytes.count, bytes[index] != UInt8(ascii: "'"), bytes[index] != UInt8(ascii: "\n") {
            if bytes[index] == UInt8(ascii: "\\") { advance() }
            advance()
        }
        if byte(at: 0) == UInt8(ascii: "'") { advance() }
    }

    func startsRawString() -> Bool {
        byte(at: hashRun()) == UInt8(ascii: "\"")
    }

    /// How many `#` follow from here.
    func hashRun() -> Int {
        var offset = 0
        while byte(at: offset) == UInt8(ascii: "#") { offset += 1 }
        return offset
    }

    mutating func readWord() -> String {
        let start = index
        while index < bytes.count, Self.isIdentifierBody(bytes[index]) || bytes[index] == UInt8(ascii: "$") {
            advance()
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func readNumber() -> String {
        let start = index
        while index < bytes.count {
            let current = bytes[index]
            if Self.isIdentifierBody(current) && current < 0x80 {
                advance()
            } else if current == UInt8(ascii: "."), let next = byte(at: 1), Self.isDigit(next) {
                advance()
            } else {
                break
            }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func readOperator() -> String {
        let start = index
        advance()
        while index < bytes.count, Self.operatorCharacters.contains(bytes[index]) {
            if bytes[index] == UInt8(ascii: "/"), byte(at: 1) == UInt8(ascii: "/") || byte(at: 1) == UInt8(ascii: "*") {
                break
            }
            advance()
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Reads a string literal starting at `#` or `"`, records it and returns its index in `strings`.
    mutating func lexString(depth: Int) -> Int {
        let start = location
        var hashes = 0
        while byte(at: 0) == UInt8(ascii: "#") {
            hashes += 1
            advance()
        }
        let multiline =
            byte(at: 0) == UInt8(ascii: "\"") && byte(at: 1) == UInt8(ascii: "\"")
            && byte(at: 2) == UInt8(ascii: "\"")
        advance(multiline ? 3 : 1)
        let stringIndex = strings.count
        strings.append(
            SwiftStringLiteral(
                value: nil, hasInterpolation: false, isConcatenated: false, isMultiline: multiline, isRaw: hashes > 0,
                isTerminated: false, location: start))
        var content: [UInt8] = []
        var terminated = false
        var interpolated = false
        while index < bytes.count {
            let current = bytes[index]
            if current == UInt8(ascii: "\"") && closes(multiline: multiline, hashes: hashes) {
                advance((multiline ? 3 : 1) + hashes)
                terminated = true
                break
            }
            if current == UInt8(ascii: "\n") && !multiline { break }
            if current == UInt8(ascii: "\\") && hashesFollow(hashes, from: 1) {
                advance(1 + hashes)
                guard let escape = byte(at: 0) else { break }
                if escape == UInt8(ascii: "(") {
                    advance()
                    interpolated = true
                    if depth < Self.maximumInterpolationDepth {
                        lexLevel(insideInterpolation: true, depth: depth + 1)
                    }
                    continue
                }
                decodeEscape(escape, into: &content)
                continue
            }
            content.append(current)
            advance()
        }
        var value = String(decoding: content, as: UTF8.self)
        if multiline { value = Self.stripIndentation(value) }
        strings[stringIndex].value = interpolated ? nil : value
        strings[stringIndex].words = value
        strings[stringIndex].hasInterpolation = interpolated
        strings[stringIndex].isTerminated = terminated
        return stringIndex
    }

    func closes(multiline: Bool, hashes: Int) -> Bool {
        if multiline {
            guard byte(at: 1) == UInt8(ascii: "\""), byte(at: 2) == UInt8(ascii: "\"") else { return false }
            return hashesFollow(hashes, from: 3)
        }
        return hashesFollow(hashes, from: 1)
    }

    func hashesFollow(_ count: Int, from offset: Int) -> Bool {
        (0..<count).allSatisfy { byte(at: offset + $0) == UInt8(ascii: "#") }
    }

    mutating func decodeEscape(_ escape: UInt8, into content: inout [UInt8]) {
        advance()
        switch escape {
        case UInt8(ascii: "n"): content.append(UInt8(ascii: "\n"))
        case UInt8(ascii: "t"): content.append(UInt8(ascii: "\t"))
        case UInt8(ascii: "r"): content.append(UInt8(ascii: "\r"))
        case UInt8(ascii: "0"): content.append(0)
        case UInt8(ascii: "\n"): break  // a line continuation in a multi-line literal
        case UInt8(ascii: "u"):
            guard byte(at: 0) == UInt8(ascii: "{") else { return }
            advance()
            var code: UInt32 = 0
            var digits = 0
            while let digit = byte(at: 0), let value = Self.hexValue(digit), digits < 8 {
                code = code &* 16 &+ value
                digits += 1
                advance()
            }
            if byte(at: 0) == UInt8(ascii: "}") { advance() }
            let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
            content.append(contentsOf: Array(String(Character(scalar)).utf8))
        default: content.append(escape)
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// Multi-line literal text as Swift sees it: the line break after the opening quotes and the
    /// one before the closing quotes dropped, and the closing line's indentation removed from
    /// every line.
    static func stripIndentation(_ raw: String) -> String {
        var lines = raw.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let first = lines.first, first.allSatisfy({ $0 == " " || $0 == "\t" }) { lines.removeFirst() }
        guard let last = lines.last, last.allSatisfy({ $0 == " " || $0 == "\t" }) else {
            return lines.joined(separator: "\n")
        }
        lines.removeLast()
        return lines.map { $0.hasPrefix(last) ? String($0.dropFirst(last.count)) : $0 }.joined(separator: "\n")
    }
}
