/// An RFC 8259 parser that builds the same `ConfigNode` tree as the YAML reader.
///
/// The grammar is driven by a small state machine over an explicit stack of open arrays and
/// objects, so nesting depth is data, never recursion. Strings become double-quoted scalars;
/// numbers, `true`, `false` and `null` become plain scalars holding their literal text, which
/// the decoder then types exactly as it types plain YAML.
struct JSONParser {
    /// What the grammar allows at the cursor.
    private enum Expectation {
        case value
        case valueOrClose
        case key
        case keyOrClose
        case colon
        case separatorOrClose
    }

    private var cursor: JSONCursor
    private var lines: LineTable
    private var tree: TreeBuilder
    private var open: [(shape: OpenCollection.Shape, offset: Int)] = []
    private var lastComma = 0

    init(bytes: UnsafeBufferPointer<UInt8>, limits: ConfigLimits) {
        cursor = JSONCursor(bytes)
        lines = LineTable(bytes)
        tree = TreeBuilder(limits: limits)
    }

    mutating func parse() throws(ConfigError) -> ConfigNode? {
        cursor.skipWhitespace()
        guard !cursor.isAtEnd else { return nil }
        var expectation = Expectation.value
        while true {
            cursor.skipWhitespace()
            switch expectation {
            case .value, .valueOrClose:
                if cursor.current == UInt8(ascii: "]"), let last = open.last, last.shape == .sequence {
                    guard expectation == .valueOrClose else { throw error("trailing comma before ']'", at: lastComma) }
                    try close()
                    expectation = .separatorOrClose
                } else {
                    expectation = try value()
                }
            case .key, .keyOrClose:
                if cursor.current == UInt8(ascii: "}") {
                    guard expectation == .keyOrClose else { throw error("trailing comma before '}'", at: lastComma) }
                    try close()
                    expectation = .separatorOrClose
                } else {
                    try key()
                    expectation = .colon
                }
            case .colon:
                guard cursor.current == UInt8(ascii: ":") else {
                    throw error("expected ':' after object key, found \(found)", at: cursor.position)
                }
                cursor.position += 1
                expectation = .value
            case .separatorOrClose:
                guard let container = open.last else {
                    guard cursor.isAtEnd else {
                        throw error("unexpected \(found) after the JSON value", at: cursor.position)
                    }
                    return tree.root
                }
                expectation = try separatorOrClose(in: container)
            }
        }
    }

    private var found: String {
        cursor.isAtEnd ? "end of input" : "'\(cursor.currentCharacter)'"
    }

    /// Reads a value, or opens an array or object, and says what may follow.
    private mutating func value() throws(ConfigError) -> Expectation {
        let start = cursor.position
        let mark = lines.mark(at: start)
        guard let byte = cursor.current else {
            throw error("unexpected end of input; expected a value", at: start)
        }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let shape: OpenCollection.Shape = byte == UInt8(ascii: "{") ? .mapping : .sequence
            try tree.begin(shape, at: mark)
            open.append((shape, start))
            cursor.position += 1
            return shape == .mapping ? .keyOrClose : .valueOrClose
        case UInt8(ascii: "\""):
            try tree.addScalar(try scan(.string), style: .doubleQuoted, at: mark)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try tree.addScalar(try scan(.number), style: .plain, at: mark)
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            try tree.addScalar(try scan(.word), style: .plain, at: mark)
        case UInt8(ascii: "'"):
            throw error("JSON strings must use double quotes", at: start)
        case UInt8(ascii: "/"):
            throw error("comments are not allowed in JSON", at: start)
        default:
            throw error("unexpected \(found); expected a value", at: start)
        }
        return .separatorOrClose
    }

    private mutating func key() throws(ConfigError) {
        let start = cursor.position
        if cursor.current == UInt8(ascii: "'") {
            throw error("JSON strings must use double quotes", at: start)
        }
        guard cursor.current == UInt8(ascii: "\"") else {
            let problem = cursor.isAtEnd ? "unexpected end of input" : "unexpected \(found)"
            throw error("\(problem); object keys must be double-quoted strings", at: start)
        }
        let text = try scan(.string)
        try tree.addScalar(text, style: .doubleQuoted, at: lines.mark(at: start))
    }

    private mutating func separatorOrClose(
        in container: (shape: OpenCollection.Shape, offset: Int)
    ) throws(ConfigError) -> Expectation {
        let isArray = container.shape == .sequence
        switch cursor.current {
        case UInt8(ascii: ",")?:
            lastComma = cursor.position
            cursor.position += 1
            return isArray ? .value : .key
        case UInt8(ascii: isArray ? "]" : "}")?:
            try close()
            return .separatorOrClose
        case nil:
            let opened = lines.mark(at: container.offset)
            let what = isArray ? "array" : "object"
            throw error(
                "unexpected end of input; the \(what) opened at line \(opened.line), column \(opened.column) is not closed",
                at: cursor.position)
        default:
            let message =
                isArray
                ? "expected ',' or ']' after array element" : "expected ',' or '}' after object member"
            throw error("\(message), found \(found)", at: cursor.position)
        }
    }

    private mutating func close() throws(ConfigError) {
        cursor.position += 1
        open.removeLast()
        try tree.end()
    }

    private enum Token {
        case string
        case number
        case word
    }

    /// Scans one token at the cursor, turning the cursor's offset-based error into a located one.
    private mutating func scan(_ token: Token) throws(ConfigError) -> String {
        do {
            switch token {
            case .string: return try cursor.scanString()
            case .number: return try cursor.scanNumber()
            case .word: return try cursor.scanWord()
            }
        } catch {
            throw self.error(error.message, at: error.offset)
        }
    }

    private mutating func error(_ message: String, at offset: Int) -> ConfigError {
        ConfigError(message, at: lines.mark(at: offset))
    }
}
