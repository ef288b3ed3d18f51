import IAPDiagnostics

/// A property list bundled as a resource, which an app reads at run time with
/// `Bundle.main.url(forResource:withExtension:)`: the strings in it that can be product IDs, each
/// where it is written, so that IDs an app keeps in `Products.plist` can be compared with the
/// catalogue like IDs written in code.
public struct ResourcePropertyList: Hashable, Sendable {
    public struct Identifier: Hashable, Sendable {
        public var value: String
        public var location: SourceLocation
    }

    public var path: String
    /// The strings that name products, in the order first written.
    public var identifiers: [Identifier]

    /// The argument labels that name a bundle resource: `url(forResource:withExtension:)`,
    /// `path(forResource:ofType:)` and Objective-C's `pathForResource:ofType:` and
    /// `URLForResource:withExtension:`.
    public static let resourceLabels: Set<String> = ["forResource", "pathForResource", "URLForResource"]

    /// The name a list is looked up by: a resource argument (`"Products"` or
    /// `"Products.plist"`) or a file's name, without the `.plist` extension.
    public static func lookupName(_ written: String) -> String {
        written.hasSuffix(".plist") ? String(written.dropLast(".plist".count)) : written
    }

    /// Reads a plist whose root may be an array or a dictionary. The strings kept are those a
    /// list of products is written with: the strings of an array, the keys of a dictionary whose
    /// values are plain (`premium_forever` → `⭐️`, Apple's sample shape) and values under a key
    /// that names an identifier. A key whose value is a list (`ProductIDs` → […]) names the list,
    /// not a product, so only the list's strings count.
    public static func read(_ bytes: [UInt8], path: String) throws(ProjectReadError) -> ResourcePropertyList {
        let (raw, _) = try PlistDecoding.decode(bytes, path: path)
        var values: [String] = []
        if let root = PlistValue.from(raw) { collect(root, into: &values) }
        var seen: Set<String> = []
        let lines = XMLStringLines(bytes)
        let identifiers = values.filter { isIdentifierShaped($0) && seen.insert($0).inserted }.map {
            Identifier(value: $0, location: SourceLocation(file: path, line: lines.line(of: $0) ?? 1, column: 1))
        }
        return ResourcePropertyList(path: path, identifiers: identifiers)
    }

    private static func collect(_ value: PlistValue, into values: inout [String]) {
        switch value {
        case .array(let elements):
            for element in elements {
                if let string = element.stringValue { values.append(string) } else { collect(element, into: &values) }
            }
        case .dictionary(let entries):
            for (key, entry) in entries.sorted(by: { $0.key < $1.key }) {
                switch entry {
                case .array, .dictionary:
                    collect(entry, into: &values)
                case .string(let string):
                    let folded = key.lowercased()
                    if folded == "id" || folded.hasSuffix("identifier") || folded.hasSuffix("productid") {
                        values.append(string)
                    } else if isIdentifierShaped(key) {
                        values.append(key)
                    }
                default:
                    if isIdentifierShaped(key) { values.append(key) }
                }
            }
        default:
            return
        }
    }

    /// Letters, digits, `.`, `_` and `-`, with a `.` or `_` in it: `com.example.pro`,
    /// `premium_forever`. A plain word (`title`, `Pro`) is a label, not an ID.
    static func isIdentifierShaped(_ value: String) -> Bool {
        value.utf8.count >= 3 && value.utf8.count <= 100
            && value.unicodeScalars.allSatisfy {
                ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "." || $0 == "_"
                    || $0 == "-"
            } && (value.contains(".") || value.contains("_"))
    }
}

/// The line each string of an XML plist is first written on (`<string>x</string>` or
/// `<key>x</key>`); binary plists have no lines, and their strings are placed on line 1.
private struct XMLStringLines {
    private var lines: [String: Int] = [:]

    init(_ bytes: [UInt8]) {
        var line = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") { line += 1 }
            if byte == UInt8(ascii: ">"), index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "<") {
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "<") { end += 1 }
                let text = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                if lines[text] == nil { lines[text] = line }
                for inner in bytes[(index + 1)..<end] where inner == UInt8(ascii: "\n") { line += 1 }
                index = end
                continue
            }
            index += 1
        }
    }

    func line(of text: String) -> Int? { lines[text] }
}
