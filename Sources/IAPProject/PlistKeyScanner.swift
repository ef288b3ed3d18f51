import Foundation
import IAPDiagnostics

/// Finds where the top-level keys of an XML property list are written, since Foundation's parser
/// reports values but not positions. Only `<key>` elements directly inside the outermost `<dict>`
/// are recorded; comments, processing instructions and the doctype are skipped.
enum PlistKeyScanner {
    struct KeyPosition {
        var key: String
        var line: Int
        var column: Int
    }

    static func topLevelKeys(in bytes: [UInt8]) -> [KeyPosition] {
        var result: [KeyPosition] = []
        var dictDepth = 0
        var index = 0
        var line = 1
        var lineStart = 0
        func advance(to target: Int) {
            while index < min(target, bytes.count) {
                if bytes[index] == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = index + 1
                }
                index += 1
            }
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                advance(to: index + 1)
                continue
            }
            let tagStart = index
            if starts(with: "<!--", at: index, in: bytes) {
                let end = TextPosition.firstOffset(of: Array("-->".utf8), in: bytes, from: index + 4)
                advance(to: (end ?? bytes.count) + 3)
                continue
            }
            guard let close = TextPosition.firstOffset(of: [UInt8(ascii: ">")], in: bytes, from: index) else { break }
            let tag = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
            let tagLine = line
            let tagColumn = tagStart - lineStart + 1
            advance(to: close + 1)
            if tag == "dict" {
                dictDepth += 1
            } else if tag == "/dict" {
                dictDepth -= 1
            } else if tag == "key" && dictDepth == 1 {
                guard let end = TextPosition.firstOffset(of: Array("</key>".utf8), in: bytes, from: index) else {
                    break
                }
                let raw = String(decoding: bytes[index..<end], as: UTF8.self)
                result.append(KeyPosition(key: decodeEntities(raw), line: tagLine, column: tagColumn))
                advance(to: end + 6)
            }
        }
        return result
    }

    private static func starts(with prefix: String, at offset: Int, in bytes: [UInt8]) -> Bool {
        let needle = Array(prefix.utf8)
        guard offset + needle.count <= bytes.count else { return false }
        return bytes[offset..<(offset + needle.count)].elementsEqual(needle)
    }

    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return
            text
            .replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
