import IAPDiagnostics

/// The elements of an XML document, in order, for the small XML files Xcode writes (schemes).
///
/// It reads what those files use (a prolog, comments, elements, quoted attributes, the five
/// named entities and character references) and refuses the rest, such as a document type
/// declaration, with a located message. Foundation's XMLParser would do the reading, but on Linux
/// it brings libxml2 and ICU into every run of the tool, which then starts at twice the time.
enum XMLEvents {
    enum Event: Equatable {
        /// A start tag; `line` and `column` are where the tag ends, just past its `>`.
        case start(name: String, attributes: [String: String], line: Int, column: Int)
        case end(name: String, line: Int, column: Int)
    }

    struct Failure: Error, Equatable {
        var message: String
        var line: Int
        var column: Int
    }

    static func read(_ bytes: [UInt8]) -> Result<[Event], Failure> {
        var reader = Reader(bytes: bytes)
        do throws(Failure) {
            try reader.document()
            return .success(reader.events)
        } catch {
            return .failure(error)
        }
    }

    /// The markup the reader looks for, as bytes, made once.
    private enum Markup {
        static let processingStart = Array("<?".utf8)
        static let processingEnd = Array("?>".utf8)
        static let commentStart = Array("<!--".utf8)
        static let commentEnd = Array("-->".utf8)
        static let dataStart = Array("<![CDATA[".utf8)
        static let dataEnd = Array("]]>".utf8)
        static let declarationStart = Array("<!".utf8)
        static let endTagStart = Array("</".utf8)
        static let emptyTagEnd = Array("/>".utf8)
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0
        var events: [Event] = []
        var stack: [String] = []
        var rootSeen = false

        init(bytes: [UInt8]) { self.bytes = bytes }

        func failure(_ message: String, at offset: Int? = nil) -> Failure {
            let position = UTF8Validation.lineAndColumn(of: offset ?? index, in: bytes)
            return Failure(message: message, line: position.line, column: position.column)
        }

        func starts(with pattern: [UInt8], at offset: Int) -> Bool {
            guard offset + pattern.count <= bytes.count else { return false }
            return bytes[offset..<(offset + pattern.count)].elementsEqual(pattern)
        }

        /// Moves past `terminator`, which must come; the error names what was left open.
        mutating func skip(past terminator: [UInt8], open what: String) throws(Failure) {
            let start = index
            while index < bytes.count, !starts(with: terminator, at: index) { index += 1 }
            guard index < bytes.count else { throw failure("\(what) is never closed", at: start) }
            index += terminator.count
        }

        static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

        static func isNameByte(_ byte: UInt8) -> Bool {
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".") || byte >= 0x80
        }

        mutating func skipSpaces() { while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 } }

        mutating func name() throws(Failure) -> String {
            let start = index
            while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
            guard index > start, !(0x30...0x39).contains(bytes[start]), bytes[start] != UInt8(ascii: "-"),
                bytes[start] != UInt8(ascii: ".")
            else { throw failure("a name is expected here", at: start) }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        mutating func document() throws(Failure) {
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "<") {
                    try markup()
                } else {
                    try text()
                }
            }
            if let open = stack.last { throw failure("the file ends before element '\(open)' is closed") }
            guard rootSeen else { throw failure("the file has no root element") }
        }

        /// Text between tags: only white space outside the root element; entities must be known.
        mutating func text() throws(Failure) {
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "<") {
                if bytes[index] == UInt8(ascii: "&") {
                    _ = try entity()
                    continue
                }
                if stack.isEmpty, !Self.isSpace(bytes[index]) {
                    throw failure(rootSeen ? "text after the root element" : "text before the root element", at: start)
                }
                index += 1
            }
        }

        mutating func markup() throws(Failure) {
            if starts(with: Markup.processingStart, at: index) {
                index += Markup.processingStart.count
                try skip(past: Markup.processingEnd, open: "a processing instruction")
            } else if starts(with: Markup.commentStart, at: index) {
                index += Markup.commentStart.count
                try skip(past: Markup.commentEnd, open: "a comment")
            } else if starts(with: Markup.dataStart, at: index) {
                guard !stack.isEmpty else { throw failure("character data outside the root element") }
                index += Markup.dataStart.count
                try skip(past: Markup.dataEnd, open: "a CDATA section")
            } else if starts(with: Markup.declarationStart, at: index) {
                throw failure("a document type declaration or other '<!' markup is not read")
            } else if starts(with: Markup.endTagStart, at: index) {
                try endTag()
            } else {
                try startTag()
            }
        }

        mutating func endTag() throws(Failure) {
            let tagStart = index
            index += Markup.endTagStart.count
            let closed = try name()
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
                throw failure("the end tag of '\(closed)' is not closed by '>'", at: tagStart)
            }
            index += 1
            guard let open = stack.last else {
                throw failure("'\(closed)' is closed but was never opened", at: tagStart)
            }
            guard open == closed else { throw failure("element '\(open)' is closed by '\(closed)'", at: tagStart) }
            stack.removeLast()
            let position = UTF8Validation.lineAndColumn(of: index, in: bytes)
            events.append(.end(name: closed, line: position.line, column: position.column))
        }

        mutating func startTag() throws(Failure) {
            let tagStart = index
            index += 1
            let element = try name()
            if stack.isEmpty, rootSeen { throw failure("a second root element '\(element)'", at: tagStart) }
            var attributes: [String: String] = [:]
            while true {
                let beforeSpace = index
                skipSpaces()
                guard index < bytes.count else { throw failure("the tag '\(element)' is never closed", at: tagStart) }
                if bytes[index] == UInt8(ascii: ">") || starts(with: Markup.emptyTagEnd, at: index) { break }
                guard index > beforeSpace else {
                    throw failure("attributes of '\(element)' need white space between them")
                }
                let attributeStart = index
                let key = try name()
                skipSpaces()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                    throw failure("attribute '\(key)' has no value", at: attributeStart)
                }
                index += 1
                skipSpaces()
                guard attributes[key] == nil else {
                    throw failure("attribute '\(key)' is given twice", at: attributeStart)
                }
                attributes[key] = try quoted()
            }
            let selfClosing = bytes[index] == UInt8(ascii: "/")
            index += selfClosing ? Markup.emptyTagEnd.count : 1
            rootSeen = true
            let position = UTF8Validation.lineAndColumn(of: index, in: bytes)
            events.append(.start(name: element, attributes: attributes, line: position.line, column: position.column))
            if selfClosing {
                events.append(.end(name: element, line: position.line, column: position.column))
            } else {
                stack.append(element)
            }
        }

        /// A value in `"` or `'`, entities decoded; `<` may not appear in it.
        mutating func quoted() throws(Failure) -> String {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw failure("an attribute value must be in quotes")
            }
            let quote = bytes[index]
            let start = index
            index += 1
            var value: [UInt8] = []
            while index < bytes.count, bytes[index] != quote {
                switch bytes[index] {
                case UInt8(ascii: "<"): throw failure("'<' inside an attribute value")
                case UInt8(ascii: "&"): value += try entity()
                default:
                    value.append(bytes[index])
                    index += 1
                }
            }
            guard index < bytes.count else { throw failure("an attribute value is never closed", at: start) }
            index += 1
            return String(decoding: value, as: UTF8.self)
        }

        /// `&amp;`, `&#10;`, `&#x1F600;` and the like, as UTF-8.
        mutating func entity() throws(Failure) -> [UInt8] {
            let start = index
            guard let semicolon = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                throw failure("'&' starts no entity; write '&amp;'", at: start)
            }
            let body = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
            index = semicolon + 1
            switch body {
            case "amp": return [UInt8(ascii: "&")]
            case "lt": return [UInt8(ascii: "<")]
            case "gt": return [UInt8(ascii: ">")]
            case "quot": return [UInt8(ascii: "\"")]
            case "apos": return [UInt8(ascii: "'")]
            default:
                let hex = body.hasPrefix("#x") || body.hasPrefix("#X")
                let digits = body.dropFirst(hex ? 2 : 1)
                guard body.hasPrefix("#"), !digits.isEmpty, let code = UInt32(digits, radix: hex ? 16 : 10),
                    let scalar = Unicode.Scalar(code), code != 0
                else { throw failure("unknown entity '&\(body);'", at: start) }
                return Array(String(Character(scalar)).utf8)
            }
        }
    }
}
