import IAPDiagnostics

/// A small JSON reader producing `TemplateValue`s, so IAPTemplates needs nothing beyond the
/// standard library and reads the same way on every platform (Foundation's reader differs
/// between Linux and macOS in how it reports booleans and numbers).
///
/// It recurses once per nesting level, so depth is capped well below what any stack allows.
struct JSONValueReader {
    static let maximumDepth = 256

    let bytes: [UInt8]
    let file: String
    var offset = 0
    private var depth = 0

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    mutating func readDocument() throws(TemplateError) -> TemplateValue {
        if let bad = UTF8Validation.firstInvalidOffset(in: bytes) {
            throw error("the JSON is not valid UTF-8", at: bad)
        }
        // A byte order mark is not JSON, but editors on Windows add one; it carries no meaning.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            offset = 3
        }
        skipWhitespace()
        let value = try readValue()
        skipWhitespace()
        guard offset == bytes.count else {
            throw error("unexpected \(describeCurrent()) after the JSON value")
        }
        return value
    }

    mutating func readValue() throws(TemplateError) -> TemplateValue {
        guard let byte = current else {
            throw error("the JSON ends where a value was expected")
        }
        switch byte {
        case UInt8(ascii: "{"): return try readObject()
        case UInt8(ascii: "["): return try readList()
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"):
            try readWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try readWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try readWord("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try readNumber())
        default:
            throw error("expected a JSON value, found \(describeCurrent())")
        }
    }

    private mutating func readObject() throws(TemplateError) -> TemplateValue {
        try enterContainer()
        offset += 1
        skipWhitespace()
        var members: [String: TemplateValue] = [:]
        if current == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw error("expected a quoted key, found \(describeCurrent())")
            }
            let keyOffset = offset
            let key = try readString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw error("expected ':' after the key, found \(describeCurrent())")
            }
            offset += 1
            skipWhitespace()
            let value = try readValue()
            guard members.updateValue(value, forKey: key) == nil else {
                throw error("duplicate key \(Diagnostic.quote(key))", at: keyOffset)
            }
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                offset += 1
            } else if current == UInt8(ascii: "}") {
                offset += 1
                depth -= 1
                return .object(members)
            } else {
                throw error("expected ',' or '}' in the object, found \(describeCurrent())")
            }
        }
    }

    private mutating func readList() throws(TemplateError) -> TemplateValue {
        try enterContainer()
        offset += 1
        skipWhitespace()
        var items: [TemplateValue] = []
        if current == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return .list(items)
        }
        while true {
            skipWhitespace()
            items.append(try readValue())
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                offset += 1
            } else if current == UInt8(ascii: "]") {
                offset += 1
                depth -= 1
                return .list(items)
            } else {
                throw error("expected ',' or ']' in the list, found \(describeCurrent())")
            }
        }
    }

    private mutating func enterContainer() throws(TemplateError) {
        guard depth < Self.maximumDepth else {
            throw error("the JSON is nested deeper than \(Self.maximumDepth) levels")
        }
        depth += 1
    }

    private mutating func readWord(_ word: String) throws(TemplateError) {
        let expected = Array(word.utf8)
        guard bytes[offset...].starts(with: expected) else {
            throw error("expected a JSON value, found \(describeCurrent())")
        }
        offset += expected.count
    }

    var current: UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = current,
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                || byte == UInt8(ascii: "\t")
        {
            offset += 1
        }
    }

    /// The character at the current offset, quoted, or "the end of the JSON".
    func describeCurrent() -> String {
        guard offset < bytes.count else { return "the end of the JSON" }
        let text = String(decoding: bytes[offset..<min(offset + 4, bytes.count)], as: UTF8.self)
        return Diagnostic.quote(text.first.map(String.init) ?? "")
    }

    func error(_ message: String, at errorOffset: Int? = nil) -> TemplateError {
        let location = LineTable(bytes).location(of: errorOffset ?? offset, in: file)
        return TemplateError(message, at: location)
    }
}
