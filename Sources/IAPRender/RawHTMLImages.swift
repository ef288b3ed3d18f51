import Foundation

/// What the site keeps of raw HTML it does not render: the `<img>` tags, which guides written
/// for GitHub use for screenshots and badges, and line breaks. Everything else in raw HTML is
/// left out (it could carry script), with a warning.
enum RawHTMLImages {
    struct Image: Equatable {
        var source: String
        var alternative: String
        var title: String?
    }

    /// What a piece of raw HTML holds, read once: its `<img>` tags in order, with their `src`,
    /// `alt` and `title` values (entities decoded; a tag without `src` is not an image to keep),
    /// whether it holds nothing but such images and white space (then nothing is lost but their
    /// sizes, and no warning is due), and the name of the tag it opens with (`p` for
    /// `<p align="center">`, empty for a closing tag or a comment).
    struct Contents: Equatable {
        var images: [Image]
        var holdsOnlyImages: Bool
        var firstTag: String
    }

    static func read(_ html: String) -> Contents {
        let bytes = Array(html.utf8)
        var images: [Image] = []
        var onlyImages = true
        var firstTag: String?
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), let tagEnd = tagNameEnd(bytes, from: index + 1) else {
                if !isSpace(bytes[index]) { onlyImages = false }
                if firstTag == nil, !isSpace(bytes[index]) { firstTag = "" }
                index += 1
                continue
            }
            let name = lowercased(bytes[(index + 1)..<tagEnd])
            if firstTag == nil { firstTag = name }
            guard name == "img" else {
                onlyImages = false
                index += 1
                continue
            }
            var attributes: [String: String] = [:]
            index = readAttributes(bytes, from: tagEnd, into: &attributes)
            if let source = attributes["src"], !source.isEmpty {
                images.append(Image(source: source, alternative: attributes["alt"] ?? "", title: attributes["title"]))
            } else {
                onlyImages = false
            }
        }
        return Contents(images: images, holdsOnlyImages: onlyImages && !images.isEmpty, firstTag: firstTag ?? "")
    }

    /// `<br>`, `<br/>` or `<br />`, in any letter case.
    static func isLineBreak(_ html: String) -> Bool {
        let compact = html.lowercased().filter { $0 != " " && $0 != "\t" && $0 != "\n" }
        return compact == "<br>" || compact == "<br/>"
    }

    /// Where the name of a tag opened at `start - 1` ends; nil when no name follows the `<`
    /// (`</p>`, `<!--`, `< 3`).
    private static func tagNameEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count, isNameStart(bytes[start]) else { return nil }
        var index = start
        while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
        return index
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r") || byte == 0x0C
    }

    /// Reads `name="value"`, `name='value'`, `name=value` and bare `name` up to the tag's `>`,
    /// as HTML does; returns the index after the tag. The first of a repeated name counts.
    private static func readAttributes(_ bytes: [UInt8], from start: Int, into attributes: inout [String: String])
        -> Int
    {
        var index = start
        while index < bytes.count {
            while index < bytes.count, isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") { index += 1 }
            guard index < bytes.count, bytes[index] != UInt8(ascii: ">") else { return index + 1 }
            let nameStart = index
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="),
                bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/")
            {
                index += 1
            }
            let name = lowercased(bytes[nameStart..<index])
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            var value = ""
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                if index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                    let quote = bytes[index]
                    let valueStart = index + 1
                    index = valueStart
                    while index < bytes.count, bytes[index] != quote { index += 1 }
                    value = String(decoding: bytes[valueStart..<min(index, bytes.count)], as: UTF8.self)
                    index += 1
                } else {
                    let valueStart = index
                    while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                    value = String(decoding: bytes[valueStart..<index], as: UTF8.self)
                }
            }
            if !name.isEmpty, attributes[name] == nil { attributes[name] = decodeEntities(value) }
        }
        return index
    }

    private static func lowercased(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self).lowercased()
    }

    /// The entities attribute values in guides use: `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`.
    private static func decodeEntities(_ value: String) -> String {
        guard value.contains("&") else { return value }
        var result = value
        for (entity, character) in [
            ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#x27;", "'"), ("&amp;", "&"),
        ] {
            result = result.replacingOccurrences(of: entity, with: character)
        }
        return result
    }
}
