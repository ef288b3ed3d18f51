/// The C preprocessor pass Xcode runs over an `Info.plist` when a target sets
/// `INFOPLIST_PREPROCESS = YES`: `#if`, `#ifdef`, `#ifndef`, `#elif`, `#else`, `#endif`,
/// `#define` and `#undef`. Lines it removes become empty lines, so every key keeps its line number.
/// Macros are not substituted inside the text; the checks read keys, not expanded values.
public enum PlistPreprocessor {
    /// True when some line starts with `#`, the sign that a plist needs this pass to be read.
    public static func hasDirectives(_ bytes: [UInt8]) -> Bool {
        var lineStart = true
        for byte in bytes {
            if lineStart, byte == UInt8(ascii: "#") { return true }
            if byte == UInt8(ascii: "\n") {
                lineStart = true
            } else if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") {
                lineStart = false
            }
        }
        return false
    }

    /// `definitions` as in `INFOPLIST_PREPROCESSOR_DEFINITIONS`: `NAME` or `NAME=value`.
    public static func process(_ bytes: [UInt8], definitions: [String]) -> [UInt8] {
        var macros: [String: String] = [:]
        for definition in definitions {
            let pair = definition.split(separator: "=", maxSplits: 1).map(String.init)
            if let name = pair.first, !name.isEmpty { macros[name] = pair.count > 1 ? pair[1] : "1" }
        }
        /// One open `#if`: whether its text is kept now, and whether a branch was already taken.
        struct Frame {
            var parentActive: Bool
            var active: Bool
            var taken: Bool
        }
        var stack: [Frame] = []
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let active = stack.last?.active ?? true
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("#") {
                let directive = trimmed.dropFirst().drop { $0 == " " || $0 == "\t" }
                let word = String(directive.prefix { $0.isLetter })
                let rest = String(directive.dropFirst(word.count))
                switch word {
                case "if", "ifdef", "ifndef":
                    let condition: Bool
                    switch word {
                    case "ifdef": condition = macros[Self.firstName(rest)] != nil
                    case "ifndef": condition = macros[Self.firstName(rest)] == nil
                    default: condition = Self.evaluate(rest, macros)
                    }
                    stack.append(Frame(parentActive: active, active: active && condition, taken: condition))
                case "elif":
                    if var frame = stack.popLast() {
                        let condition = !frame.taken && Self.evaluate(rest, macros)
                        frame.active = frame.parentActive && condition
                        frame.taken = frame.taken || condition
                        stack.append(frame)
                    }
                case "else":
                    if var frame = stack.popLast() {
                        frame.active = frame.parentActive && !frame.taken
                        frame.taken = true
                        stack.append(frame)
                    }
                case "endif":
                    _ = stack.popLast()
                case "define" where active:
                    let parts = rest.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                    if let name = parts.first {
                        macros[name] = parts.count > 1 ? parts[1...].joined(separator: " ") : "1"
                    }
                case "undef" where active:
                    macros[Self.firstName(rest)] = nil
                default:
                    break
                }
            } else if active {
                output.append(contentsOf: line.utf8)
            }
            if index + 1 < lines.count { output.append(UInt8(ascii: "\n")) }
        }
        return output
    }

    private static func firstName(_ text: String) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }

    /// `#if` expressions: names, numbers, `defined(NAME)`, `!`, `&&`, `||` and parentheses. A name
    /// that is not defined counts as 0, as in C.
    static func evaluate(_ expression: String, _ macros: [String: String]) -> Bool {
        var parser = ConditionParser(tokens: ConditionParser.tokens(expression), macros: macros)
        return parser.parseOr() != 0
    }
}

private struct ConditionParser {
    var tokens: [String]
    var macros: [String: String]
    var position = 0
    var depth = 0

    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var characters = Substring(text)
        while let first = characters.first {
            if first == " " || first == "\t" || first == "\r" {
                characters = characters.dropFirst()
            } else if first.isLetter || first.isNumber || first == "_" {
                let word = characters.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                tokens.append(String(word))
                characters = characters.dropFirst(word.count)
            } else if characters.hasPrefix("&&") || characters.hasPrefix("||") || characters.hasPrefix("==")
                || characters.hasPrefix("!=")
            {
                tokens.append(String(characters.prefix(2)))
                characters = characters.dropFirst(2)
            } else if characters.hasPrefix("//") {
                break
            } else {
                tokens.append(String(first))
                characters = characters.dropFirst()
            }
        }
        return tokens
    }

    var current: String? { position < tokens.count ? tokens[position] : nil }

    mutating func parseOr() -> Int {
        var value = parseAnd()
        while current == "||" {
            position += 1
            let right = parseAnd()
            value = (value != 0 || right != 0) ? 1 : 0
        }
        return value
    }

    mutating func parseAnd() -> Int {
        var value = parseEquality()
        while current == "&&" {
            position += 1
            let right = parseEquality()
            value = (value != 0 && right != 0) ? 1 : 0
        }
        return value
    }

    mutating func parseEquality() -> Int {
        var value = parseUnary()
        while let op = current, op == "==" || op == "!=" {
            position += 1
            let right = parseUnary()
            value = ((value == right) == (op == "==")) ? 1 : 0
        }
        return value
    }

    mutating func parseUnary() -> Int {
        guard let token = current, depth < 64 else { return 0 }
        position += 1
        switch token {
        case "!":
            depth += 1
            defer { depth -= 1 }
            return parseUnary() == 0 ? 1 : 0
        case "(":
            depth += 1
            defer { depth -= 1 }
            let value = parseOr()
            if current == ")" { position += 1 }
            return value
        case "defined":
            var name = current ?? ""
            if name == "(" {
                position += 1
                name = current ?? ""
                position += 1
                if current == ")" { position += 1 }
            } else {
                position += 1
            }
            return macros[name] != nil ? 1 : 0
        default:
            if let number = Int(token) { return number }
            guard let value = macros[token] else { return 0 }
            return Int(value) ?? 1
        }
    }
}
