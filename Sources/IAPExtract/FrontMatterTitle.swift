import IAPDiagnostics
import IAPMarkdown
import IAPYAML

/// The `title` a site generator would give a page, read from its front matter.
///
/// Pages written for Jekyll or Hugo often carry their title only there, the layout printing it
/// above the text, so without it such a chapter would be named after its first subheading.
enum FrontMatterTitle {
    /// The title, if the block has a non-empty one, and a warning when YAML front matter cannot
    /// be read at all (it stays out of the chapter either way).
    static func read(_ frontMatter: FrontMatter, file: String) -> (title: String?, diagnostics: [Diagnostic]) {
        switch frontMatter.format {
        case .yaml:
            switch YAMLReader.read(frontMatter.text) {
            case .success(let node):
                return (nonEmpty(node?["title"]?.scalarText), [])
            case .failure(let error):
                let locate = { (mark: ConfigMark) in
                    mark.sourceLocation(file: file, firstLine: frontMatter.firstTextLine)
                }
                let message =
                    "front matter is not valid YAML (\(error.message(locating: locate))); it is left out of the chapter "
                    + "and its title is not read"
                return (nil, [.warning(message, at: locate(error.mark))])
            }
        case .toml:
            return (nonEmpty(tomlTitle(frontMatter.text)), [])
        }
    }

    private static func nonEmpty(_ title: String?) -> String? {
        guard let title = title?.trimmingWhitespace(), !title.isEmpty else { return nil }
        return title
    }

    /// The `title = "…"` or `title = '…'` line before the first table, its string unescaped.
    private static func tomlTitle(_ text: String) -> String? {
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("[") { return nil }
            guard trimmed.hasPrefix("title") else { continue }
            let afterKey = trimmed.dropFirst("title".count).drop { $0 == " " || $0 == "\t" }
            guard afterKey.hasPrefix("=") else { continue }
            return tomlString(afterKey.dropFirst().drop { $0 == " " || $0 == "\t" })
        }
        return nil
    }

    /// A TOML basic (`"…"`, with backslash escapes) or literal (`'…'`) string at the start of `value`.
    private static func tomlString(_ value: Substring) -> String? {
        guard let quote = value.first, quote == "\"" || quote == "'" else { return nil }
        var result = ""
        var scalars = value.unicodeScalars.dropFirst().makeIterator()
        while let scalar = scalars.next() {
            if scalar == quote.unicodeScalars.first { return result }
            guard quote == "\"", scalar == "\\" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            guard let escaped = scalars.next() else { return nil }
            switch escaped {
            case "n": result += "\n"
            case "t": result += "\t"
            case "r": result += "\r"
            case "b": result += "\u{8}"
            case "f": result += "\u{C}"
            case "e": result += "\u{1B}"
            case "\"", "\\": result.unicodeScalars.append(escaped)
            case "u", "U":
                var hex = ""
                for _ in 0..<(escaped == "u" ? 4 : 8) {
                    guard let digit = scalars.next() else { return nil }
                    hex.unicodeScalars.append(digit)
                }
                guard let code = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(code) else { return nil }
                result.unicodeScalars.append(decoded)
            default:
                return nil
            }
        }
        return nil
    }
}
