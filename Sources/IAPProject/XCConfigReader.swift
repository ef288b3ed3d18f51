import IAPDiagnostics

/// A condition on a build setting, such as `[config=Debug]` or `[sdk=iphoneos*]`.
public struct BuildSettingCondition: Hashable, Sendable {
    public var name: String
    /// A pattern in which `*` stands for any text.
    public var pattern: String

    public init(name: String, pattern: String) {
        self.name = name
        self.pattern = pattern
    }
}

/// One `KEY[condition] = value` line of an `.xcconfig` file.
public struct XCConfigAssignment: Hashable, Sendable {
    public var key: String
    public var conditions: [BuildSettingCondition]
    public var value: String
    /// Where the key is written.
    public var location: SourceLocation
}

/// One `#include "path"` line; `#include?` marks an optional file.
public struct XCConfigInclude: Hashable, Sendable {
    public var path: String
    public var isOptional: Bool
    public var location: SourceLocation

    public init(path: String, isOptional: Bool, location: SourceLocation) {
        self.path = path
        self.isOptional = isOptional
        self.location = location
    }
}

/// The lines of an `.xcconfig` file that set or include something, in the order written.
public struct XCConfigFile: Hashable, Sendable {
    public enum Line: Hashable, Sendable {
        case assignment(XCConfigAssignment)
        case include(XCConfigInclude)
    }

    public var path: String
    public var lines: [Line]
}

/// Reads `.xcconfig` files as Xcode does: `//` starts a comment wherever it stands, `#include`
/// and `#include?` name other files, and a setting may carry `[name=pattern]` conditions. Lines
/// Xcode would reject are skipped, so one odd line never hides the rest of the file.
public enum XCConfigReader {
    public static func read(_ bytes: [UInt8], path: String) -> XCConfigFile {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines: [XCConfigFile.Line] = []
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line = line.dropLast() }
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            let indent = line.prefix { $0 == " " || $0 == "\t" }.utf8.count
            let content = line.drop { $0 == " " || $0 == "\t" }
            guard !content.isEmpty else { continue }
            let location = SourceLocation(file: path, line: number, column: indent + 1)
            if content.hasPrefix("#include") {
                if let include = Self.include(content, at: location) { lines.append(.include(include)) }
            } else if let assignment = Self.assignment(content, at: location) {
                lines.append(.assignment(assignment))
            }
        }
        return XCConfigFile(path: path, lines: lines)
    }

    private static func include(_ content: Substring, at location: SourceLocation) -> XCConfigInclude? {
        var rest = content.dropFirst("#include".count)
        let optional = rest.hasPrefix("?")
        if optional { rest = rest.dropFirst() }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        guard rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") else { return nil }
        let target = String(rest[rest.index(after: rest.startIndex)..<close])
        guard !target.isEmpty else { return nil }
        return XCConfigInclude(path: target, isOptional: optional, location: location)
    }

    private static func assignment(_ content: Substring, at location: SourceLocation) -> XCConfigAssignment? {
        // The `=` of the assignment, not one inside a condition such as `[config=Debug]`.
        var depth = 0
        var found: Substring.Index?
        for index in content.indices {
            switch content[index] {
            case "[": depth += 1
            case "]": depth -= 1
            case "=" where depth == 0: found = index
            default: continue
            }
            if found != nil { break }
        }
        guard let equals = found else { return nil }
        let left = content[..<equals].trimmingWhitespace()
        var value = content[content.index(after: equals)...].trimmingWhitespace()
        if value.hasSuffix(";") { value = value.dropLast().trimmingWhitespace() }
        var key = left
        var conditions: [BuildSettingCondition] = []
        if let bracket = left.firstIndex(of: "[") {
            key = left[..<bracket].trimmingWhitespace()
            guard let parsed = Self.conditions(left[bracket...]) else { return nil }
            conditions = parsed
        }
        guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return XCConfigAssignment(key: String(key), conditions: conditions, value: String(value), location: location)
    }

    /// `[sdk=iphoneos*][config=Debug]` or `[sdk=iphoneos*,arch=*]`.
    static func conditions(_ text: Substring) -> [BuildSettingCondition]? {
        var result: [BuildSettingCondition] = []
        var rest = text.trimmingWhitespace()
        while rest.first == "[" {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            for part in rest[rest.index(after: rest.startIndex)..<close].split(separator: ",") {
                let pair = part.split(separator: "=", maxSplits: 1)
                guard pair.count == 2 else { return nil }
                result.append(
                    BuildSettingCondition(
                        name: String(pair[0].trimmingWhitespace()), pattern: String(pair[1].trimmingWhitespace())))
            }
            rest = rest[rest.index(after: close)...].trimmingWhitespace()
        }
        return rest.isEmpty ? result : nil
    }

    /// `KEY[sdk=iphoneos*]` as written in `project.pbxproj`, split into key and conditions.
    public static func splitKey(_ written: String) -> (key: String, conditions: [BuildSettingCondition])? {
        guard let bracket = written.firstIndex(of: "[") else { return (written, []) }
        guard let conditions = Self.conditions(written[bracket...]) else { return nil }
        return (String(written[..<bracket]), conditions)
    }
}

extension Substring {
    func trimmingWhitespace() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
