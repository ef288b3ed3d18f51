import Foundation

/// Writes the built-in templates as one Swift source file, so that the `iapkit` binary carries
/// them and works wherever it is copied (a resource bundle beside it would have to travel
/// too).
///
/// usage: TemplateEmbedder OUTPUT.swift ROOT FILE...
/// Each FILE lies below ROOT; its path relative to ROOT, without `.mustache`, is the template's
/// name (`StoreKit2/StoreManager.swift`). Files are written in name order, so the output is the
/// same whatever order the build system lists them in, and it is written only when it changed,
/// so an unchanged template set rebuilds nothing.
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: TemplateEmbedder OUTPUT.swift ROOT FILE...\n".utf8))
    exit(2)
}
let output = arguments[0]
let root = URL(fileURLWithPath: arguments[1]).standardizedFileURL.path + "/"
var entries: [(name: String, text: String)] = []
for path in arguments.dropFirst(2) {
    let full = URL(fileURLWithPath: path).standardizedFileURL.path
    guard full.hasPrefix(root), full.hasSuffix(".mustache") else { continue }
    guard let data = FileManager.default.contents(atPath: full) else {
        FileHandle.standardError.write(Data("\(full):1:1: error: the template cannot be read\n".utf8))
        exit(1)
    }
    guard let text = String(data: data, encoding: .utf8) else {
        FileHandle.standardError.write(Data("\(full):1:1: error: the template is not valid UTF-8\n".utf8))
        exit(1)
    }
    entries.append((String(full.dropFirst(root.count).dropLast(".mustache".count)), text))
}
entries.sort { $0.name < $1.name }

/// A raw string literal that holds `text` unchanged: more `#` than follow any quote or
/// backslash inside it, so nothing in it closes the literal early or reads as an escape.
func rawLiteral(_ text: String) -> String {
    var longest = 0
    var run = -1
    for character in text {
        if character == "\"" || character == "\\" {
            run = 0
        } else if character == "#", run >= 0 {
            run += 1
            longest = max(longest, run)
        } else {
            run = -1
        }
    }
    let hashes = String(repeating: "#", count: longest + 1)
    return "\(hashes)\"\"\"\n\(text.replacingOccurrences(of: "\r", with: "\\\(hashes)r"))\n\"\"\"\(hashes)"
}

/// FNV-1a over every name and source, so that a generation stamp can tell that the built-in
/// templates changed without hashing them again on every run.
var digest: UInt64 = 0xcbf2_9ce4_8422_2325
for entry in entries {
    for byte in Array(entry.name.utf8) + [0] + Array(entry.text.utf8) + [0] {
        digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3
    }
}

var source = """
    // Written by TemplateEmbedder from the files in Templates/ at build time: edit those instead.

    extension BuiltInTemplates {
        /// Changes whenever a name or a source below changes.
        public static let digest = "\(String(digest, radix: 16))"

        /// Each built-in template's source, by name (`StoreKit2/StoreManager.swift`).
        public static let sources: [String: String] = [

    """
for entry in entries {
    source += "        \"\(entry.name)\": \(rawLiteral(entry.text)),\n"
}
source += "    ]\n}\n"
if entries.isEmpty { source = source.replacingOccurrences(of: "[\n    ]", with: "[:]") }

let data = Data(source.utf8)
if FileManager.default.contents(atPath: output) != data {
    do {
        try data.write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
        FileHandle.standardError.write(
            Data("\(output):1:1: error: cannot write the embedded templates: \(error)\n".utf8))
        exit(1)
    }
}
