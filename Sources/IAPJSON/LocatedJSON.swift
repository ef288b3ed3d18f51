import IAPDiagnostics

/// A JSON value that remembers where it is written. Object members keep their written order
/// and the position of each key, so a reader can point at `"productID"` itself.
public struct LocatedJSON: Sendable {
    public indirect enum Value: Sendable {
        case object([Member])
        case array([LocatedJSON])
        case string(String)
        case number(String)
        case bool(Bool)
        case null
    }

    public struct Member: Sendable {
        public var key: String
        public var keyLine: Int
        public var keyColumn: Int
        public var value: LocatedJSON
    }

    public var value: Value
    public var line: Int
    public var column: Int

    public var members: [Member]? {
        if case .object(let members) = value { return members }
        return nil
    }

    public var elements: [LocatedJSON]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    public var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    public func member(_ key: String) -> Member? { members?.first { $0.key == key } }
}

/// The one JSON reader of IAPKit: a strict RFC 8259 parser over UTF-8 bytes that gives every
/// value and key its line and column, and the first error a message a person can act on
/// ("trailing comma before ']'", "JSON strings must use double quotes", "the object opened at
/// line 3, column 5 is not closed"). Config blocks, `.storekit` files and template contexts
/// are all read by it, and then turned into the tree each needs.
///
/// The grammar runs as a small state machine over an explicit stack of open arrays and
/// objects, so nesting depth is data, never recursion; `maximumDepth` still bounds it, so a
/// hostile file cannot make the trees that readers build from it deep.
public struct LocatedJSONParser {
    public struct Failure: Error, Sendable {
        /// The words, in pieces when they name a second place (where an unclosed array opened).
        public var detail: PlacedMessage
        public var line: Int
        public var column: Int

        public var message: String { detail.description }
    }

    public static let maximumDepth = 256

    /// What the grammar allows at the cursor.
    private enum Expectation {
        case value, valueOrClose, key, keyOrClose, colon, separatorOrClose
    }

    /// An array or object being read, with its members so far.
    private struct Open {
        var isObject: Bool
        var offset: Int
        var line: Int
        var column: Int
        var elements: [LocatedJSON] = []
        var members: [LocatedJSON.Member] = []
        var pendingKey: (key: String, line: Int, column: Int)?
    }

    private var cursor: JSONCursor
    private let lines: LineTable
    private var open: [Open] = []
    private var lastComma = 0
    private let depthLimit: Int

    /// The value `bytes` hold; a byte order mark at the start is skipped. Empty input (or only
    /// white space) is an error: there is no value.
    public static func parse(_ bytes: [UInt8], maximumDepth: Int = maximumDepth) throws(Failure) -> LocatedJSON {
        guard let value = try parseIfPresent(bytes, maximumDepth: maximumDepth) else {
            throw Failure(detail: PlacedMessage("unexpected end of input; expected a value"), line: 1, column: 1)
        }
        return value
    }

    /// As `parse`, but nil for empty input or only white space.
    public static func parseIfPresent(_ bytes: [UInt8], maximumDepth: Int = maximumDepth) throws(Failure)
        -> LocatedJSON?
    {
        try bytes.withUnsafeBufferPointer { buffer throws(Failure) in
            var parser = LocatedJSONParser(bytes: buffer, maximumDepth: maximumDepth)
            if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { parser.cursor.position = 3 }
            return try parser.parse()
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        cursor = JSONCursor(bytes)
        lines = LineTable(bytes)
        depthLimit = maximumDepth
    }

    private mutating func parse() throws(Failure) -> LocatedJSON? {
        cursor.skipWhitespace()
        guard !cursor.isAtEnd else { return nil }
        var expectation = Expectation.value
        var finished: LocatedJSON?
        while true {
            cursor.skipWhitespace()
            switch expectation {
            case .value, .valueOrClose:
                if cursor.current == UInt8(ascii: "]"), let last = open.last, !last.isObject {
                    guard expectation == .valueOrClose else { throw error("trailing comma before ']'", at: lastComma) }
                    finished = try close(finished)
                    expectation = .separatorOrClose
                } else {
                    let (value, next) = try value()
                    if let value { finished = attach(value, finished) }
                    expectation = next
                }
            case .key, .keyOrClose:
                if cursor.current == UInt8(ascii: "}") {
                    guard expectation == .keyOrClose else { throw error("trailing comma before '}'", at: lastComma) }
                    finished = try close(finished)
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
                    return finished
                }
                switch cursor.current {
                case UInt8(ascii: ",")?:
                    lastComma = cursor.position
                    cursor.position += 1
                    expectation = container.isObject ? .key : .value
                case UInt8(ascii: container.isObject ? "}" : "]")?:
                    finished = try close(finished)
                    expectation = .separatorOrClose
                case nil:
                    let what = container.isObject ? "object" : "array"
                    let opened = PlacedMessage.Place(line: container.line, column: container.column)
                    throw error(
                        PlacedMessage("unexpected end of input; the \(what) opened at ", opened, " is not closed"),
                        at: cursor.position)
                default:
                    let message =
                        container.isObject
                        ? "expected ',' or '}' after object member" : "expected ',' or ']' after array element"
                    throw error("\(message), found \(found)", at: cursor.position)
                }
            }
        }
    }

    private var found: String { cursor.isAtEnd ? "end of input" : "'\(cursor.currentCharacter)'" }

    /// Reads a scalar, or opens an array or object (nil then), and says what may follow.
    private mutating func value() throws(Failure) -> (LocatedJSON?, Expectation) {
        let start = cursor.position
        let (line, column) = lines.lineAndColumn(of: start)
        guard let byte = cursor.current else { throw error("unexpected end of input; expected a value", at: start) }
        let value: LocatedJSON.Value
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard open.count < depthLimit else {
                throw error("nesting deeper than \(depthLimit) levels is not allowed", at: start)
            }
            open.append(Open(isObject: byte == UInt8(ascii: "{"), offset: start, line: line, column: column))
            cursor.position += 1
            return (nil, byte == UInt8(ascii: "{") ? .keyOrClose : .valueOrClose)
        case UInt8(ascii: "\""):
            value = .string(try scan { (cursor: inout JSONCursor) throws(JSONSyntaxError) in try cursor.scanString() })
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            value = .number(try scan { (cursor: inout JSONCursor) throws(JSONSyntaxError) in try cursor.scanNumber() })
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            let word = try scan { (cursor: inout JSONCursor) throws(JSONSyntaxError) in try cursor.scanWord() }
            value = word == "null" ? .null : .bool(word == "true")
        case UInt8(ascii: "'"):
            throw error("JSON strings must use double quotes", at: start)
        case UInt8(ascii: "/"):
            throw error("comments are not allowed in JSON", at: start)
        default:
            throw error("unexpected \(found); expected a value", at: start)
        }
        return (LocatedJSON(value: value, line: line, column: column), .separatorOrClose)
    }

    private mutating func key() throws(Failure) {
        let start = cursor.position
        if cursor.current == UInt8(ascii: "'") { throw error("JSON strings must use double quotes", at: start) }
        guard cursor.current == UInt8(ascii: "\"") else {
            let problem = cursor.isAtEnd ? "unexpected end of input" : "unexpected \(found)"
            throw error("\(problem); object keys must be double-quoted strings", at: start)
        }
        let text = try scan { (cursor: inout JSONCursor) throws(JSONSyntaxError) in try cursor.scanString() }
        let (line, column) = lines.lineAndColumn(of: start)
        open[open.count - 1].pendingKey = (text, line, column)
    }

    /// Puts a finished value into the open container, or returns it as the document's value.
    private mutating func attach(_ value: LocatedJSON, _ finished: LocatedJSON?) -> LocatedJSON? {
        guard !open.isEmpty else { return value }
        if open[open.count - 1].isObject, let key = open[open.count - 1].pendingKey {
            open[open.count - 1].members.append(
                LocatedJSON.Member(key: key.key, keyLine: key.line, keyColumn: key.column, value: value))
            open[open.count - 1].pendingKey = nil
        } else {
            open[open.count - 1].elements.append(value)
        }
        return finished
    }

    /// Closes the innermost container at the cursor and attaches it to its parent.
    private mutating func close(_ finished: LocatedJSON?) throws(Failure) -> LocatedJSON? {
        cursor.position += 1
        let container = open.removeLast()
        let value = LocatedJSON(
            value: container.isObject ? .object(container.members) : .array(container.elements), line: container.line,
            column: container.column)
        return attach(value, finished)
    }

    /// Runs one of the cursor's scanners, turning its offset-based error into a located one.
    private mutating func scan<Result>(_ body: (inout JSONCursor) throws(JSONSyntaxError) -> Result) throws(Failure)
        -> Result
    {
        do {
            return try body(&cursor)
        } catch {
            throw self.error(error.message, at: error.offset)
        }
    }

    private mutating func error(_ message: String, at offset: Int) -> Failure {
        error(PlacedMessage(message), at: offset)
    }

    private mutating func error(_ detail: PlacedMessage, at offset: Int) -> Failure {
        let (line, column) = lines.lineAndColumn(of: offset)
        return Failure(detail: detail, line: line, column: column)
    }
}
