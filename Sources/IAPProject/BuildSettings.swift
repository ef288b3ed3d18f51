import IAPDiagnostics

/// One build setting as written at one level: a key of a configuration in `project.pbxproj`, or a
/// line of an `.xcconfig` file.
public struct BuildSettingEntry: Hashable, Sendable {
    public var key: String
    public var conditions: [BuildSettingCondition]
    public var value: String
    /// Where it is written in an `.xcconfig` file; nil for `project.pbxproj` (see `writtenKey`)
    /// and for settings Xcode supplies itself.
    public var location: SourceLocation?
    /// For a setting of `project.pbxproj`: the key as written there, conditions included, so the
    /// line can be found when a check reports it (finding it for every setting up front would read
    /// the file once per setting).
    public var writtenKey: String?

    public init(
        key: String, conditions: [BuildSettingCondition] = [], value: String, location: SourceLocation?,
        writtenKey: String? = nil
    ) {
        self.key = key
        self.conditions = conditions
        self.value = value
        self.location = location
        self.writtenKey = writtenKey
    }
}

/// A setting's value as the build sees it, with the line that decided it.
public struct ResolvedSetting: Hashable, Sendable {
    public var value: String
    /// The entry that gave the value (the highest one that applies); nil for `expand(_:)`.
    public var entry: BuildSettingEntry?
    /// Names referred to with `$(NAME)` that no level defines; Xcode reads them as empty.
    public var undefined: [String]
}

/// The settings of one target in one configuration, resolved as Xcode resolves them: Xcode's
/// defaults, the project's base configuration file (with its `#include`s), the project's own
/// settings, the target's base configuration file, then the target's settings, each level able to
/// build on the one below with `$(inherited)`, and every value able to use others with `$(NAME)`,
/// `${NAME}`, `$NAME` and modifiers such as `:rfc1034identifier`.
public struct BuildSettings: Sendable {
    /// Every entry, lowest precedence first.
    public private(set) var entries: [BuildSettingEntry]
    public var configuration: String
    /// The platform the conditions `[sdk=…]` are matched against, such as `iphoneos`.
    public var sdk: String
    private var byKey: [String: [Int]] = [:]

    public init(entries: [BuildSettingEntry], configuration: String, sdk: String) {
        self.entries = entries
        self.configuration = configuration
        self.sdk = sdk
        for (index, entry) in entries.enumerated() where Self.applies(entry.conditions, configuration, sdk) {
            byKey[entry.key, default: []].append(index)
        }
    }

    /// The entries of one configuration dictionary of `project.pbxproj`, which has no order:
    /// plain keys first, then those with conditions, which win when they apply.
    public static func entries(ofDictionary settings: [String: String]) -> [BuildSettingEntry] {
        var plain: [BuildSettingEntry] = []
        var conditional: [BuildSettingEntry] = []
        for written in settings.keys.sorted() {
            guard let value = settings[written], let (key, conditions) = XCConfigReader.splitKey(written) else {
                continue
            }
            let entry = BuildSettingEntry(
                key: key, conditions: conditions, value: value, location: nil, writtenKey: written)
            if conditions.isEmpty { plain.append(entry) } else { conditional.append(entry) }
        }
        return plain + conditional
    }

    /// True when `name` is set at some level.
    public func defines(_ name: String) -> Bool { byKey[name] != nil }

    /// The resolved value of `key`, or nil when no level sets it.
    public func value(_ key: String) -> ResolvedSetting? {
        guard let indices = byKey[key], let top = indices.last else { return nil }
        var undefined: [String] = []
        var expander = Expander(settings: self)
        let value = expander.evaluate(key: key, below: indices.count, depth: 0, undefined: &undefined)
        return ResolvedSetting(value: value, entry: entries[top], undefined: undefined)
    }

    /// Expands `$(…)` references in `text` as if it were a value written at the top level.
    public func expand(_ text: String) -> ResolvedSetting {
        var undefined: [String] = []
        var expander = Expander(settings: self)
        let value = expander.expand(text, key: nil, inheritedBelow: 0, depth: 0, undefined: &undefined)
        return ResolvedSetting(value: value, entry: nil, undefined: undefined)
    }

    fileprivate func indices(of key: String) -> [Int] { byKey[key] ?? [] }

    static func applies(_ conditions: [BuildSettingCondition], _ configuration: String, _ sdk: String) -> Bool {
        conditions.allSatisfy { condition in
            switch condition.name {
            case "config": return Self.matches(condition.pattern, configuration)
            case "sdk": return Self.matches(condition.pattern, sdk) || Self.matches(condition.pattern, sdk + "0.0")
            case "arch": return Self.matches(condition.pattern, "arm64")
            case "variant": return Self.matches(condition.pattern, "normal")
            default: return false
            }
        }
    }

    /// Glob match where `*` stands for any run of characters.
    static func matches(_ pattern: String, _ text: String) -> Bool {
        let pattern = Array(pattern)
        let text = Array(text)
        var p = 0
        var t = 0
        var star = -1
        var mark = 0
        while t < text.count {
            if p < pattern.count, pattern[p] != "*", pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                mark = t
                p += 1
            } else if star >= 0 {
                p = star + 1
                mark += 1
                t = mark
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}

/// Evaluates values with their references; a reference chain longer than `maximumDepth` (a
/// setting that refers to itself, say) expands to nothing, as a cycle does in Xcode.
///
/// Project files may come from anyone, so the work is bounded whatever they hold: each setting
/// is evaluated once per level and depth (`A = $(B)$(B)`, `B = $(C)$(C)`, … would otherwise
/// double the work at every step), a value stops growing at `maximumLength` characters, and the
/// brackets of a value are matched in one pass.
private struct Expander {
    static let maximumDepth = 32
    /// Far longer than any real setting, short enough that a doubling chain stays small.
    static let maximumLength = 65_536
    let settings: BuildSettings

    private struct Evaluation: Hashable {
        var key: String
        var below: Int
        var depth: Int
    }

    private var evaluated: [Evaluation: (value: String, undefined: [String])] = [:]

    init(settings: BuildSettings) {
        self.settings = settings
    }

    /// The value of `key` using only its entries below position `below` in its own list.
    mutating func evaluate(key: String, below: Int, depth: Int, undefined: inout [String]) -> String {
        let indices = settings.indices(of: key)
        guard below > 0, below <= indices.count, depth < Self.maximumDepth else { return "" }
        let evaluation = Evaluation(key: key, below: below, depth: depth)
        if let known = evaluated[evaluation] {
            for name in known.undefined where !undefined.contains(name) { undefined.append(name) }
            return known.value
        }
        let entry = settings.entries[indices[below - 1]]
        var found: [String] = []
        let value = expand(entry.value, key: key, inheritedBelow: below - 1, depth: depth + 1, undefined: &found)
        evaluated[evaluation] = (value, found)
        for name in found where !undefined.contains(name) { undefined.append(name) }
        return value
    }

    mutating func expand(_ text: String, key: String?, inheritedBelow: Int, depth: Int, undefined: inout [String])
        -> String
    {
        guard text.contains("$"), depth < Self.maximumDepth else { return text }
        let characters = Array(text)
        let closes = Self.matchingCloses(characters)
        var output = ""
        var index = 0
        while index < characters.count {
            if output.utf8.count >= Self.maximumLength {
                return String(decoding: output.utf8.prefix(Self.maximumLength), as: UTF8.self)
            }
            let character = characters[index]
            guard character == "$", index + 1 < characters.count else {
                output.append(character)
                index += 1
                continue
            }
            let next = characters[index + 1]
            if next == "(" || next == "{" {
                guard let end = closes[index + 1] else {
                    output.append(character)
                    index += 1
                    continue
                }
                let inner = expand(
                    String(characters[(index + 2)..<end]), key: key, inheritedBelow: inheritedBelow, depth: depth + 1,
                    undefined: &undefined)
                output += reference(
                    inner, key: key, inheritedBelow: inheritedBelow, depth: depth, undefined: &undefined)
                index = end + 1
            } else if next.isLetter || next == "_" {
                var end = index + 1
                while end < characters.count,
                    characters[end].isLetter || characters[end].isNumber || characters[end] == "_"
                {
                    end += 1
                }
                let name = String(characters[(index + 1)..<end])
                output += reference(name, key: key, inheritedBelow: inheritedBelow, depth: depth, undefined: &undefined)
                index = end
            } else {
                output.append(character)
                index += 1
            }
        }
        return output.utf8.count > Self.maximumLength
            ? String(decoding: output.utf8.prefix(Self.maximumLength), as: UTF8.self) : output
    }

    /// The text of one `$(NAME:modifier…)`.
    mutating func reference(_ inner: String, key: String?, inheritedBelow: Int, depth: Int, undefined: inout [String])
        -> String
    {
        var parts = inner.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let name = parts.removeFirst()
        var value: String
        if name.isEmpty {
            value = ""
        } else if name == "inherited" {
            value =
                key.map { evaluate(key: $0, below: inheritedBelow, depth: depth + 1, undefined: &undefined) } ?? ""
        } else if name == key {
            // `FOO = $(FOO) x` reads the level below, like `$(inherited)`.
            value = evaluate(key: name, below: inheritedBelow, depth: depth + 1, undefined: &undefined)
        } else {
            let count = settings.indices(of: name).count
            if count == 0 {
                if !undefined.contains(name) { undefined.append(name) }
                value = ""
            } else {
                value = evaluate(key: name, below: count, depth: depth + 1, undefined: &undefined)
            }
        }
        for modifier in parts { value = Self.apply(modifier, to: value) }
        return value
    }

    static func apply(_ modifier: String, to value: String) -> String {
        switch modifier {
        case "rfc1034identifier":
            return String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "-" })
        case "c99extidentifier", "identifier":
            let mapped = String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" })
            return mapped.first?.isNumber == true ? "_" + mapped : mapped
        case "lower": return value.lowercased()
        case "upper": return value.uppercased()
        case "base":
            let name = ProjectPath.lastComponent(value)
            return name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        case "file": return ProjectPath.lastComponent(value)
        case "dir": return ProjectPath.parent(of: value)
        case "standardizepath": return ProjectPath.tidy(value)
        default:
            if modifier.hasPrefix("default="), value.isEmpty { return String(modifier.dropFirst("default=".count)) }
            return value
        }
    }

    /// Where each `(` and `{` of `characters` is closed, counting only brackets of its own kind,
    /// found in one pass; an unclosed bracket has none.
    static func matchingCloses(_ characters: [Character]) -> [Int: Int] {
        var closes: [Int: Int] = [:]
        var openParentheses: [Int] = []
        var openBraces: [Int] = []
        for (index, character) in characters.enumerated() {
            switch character {
            case "(": openParentheses.append(index)
            case ")": if let open = openParentheses.popLast() { closes[open] = index }
            case "{": openBraces.append(index)
            case "}": if let open = openBraces.popLast() { closes[open] = index }
            default: break
            }
        }
        return closes
    }
}
