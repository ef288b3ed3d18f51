import Foundation

/// What IAPKit reads of raw HTML it does not render as HTML: the `<img>` tags, which guides
/// written for GitHub use for screenshots and badges, line breaks, and a block that is one
/// heading (`<h1 align="center">Stride</h1>`, as READMEs open), which becomes a heading of the
/// chapter. Everything else in raw HTML is left out (it could carry script), with a warning.
public enum RawHTML {
    public struct Image: Equatable, Sendable {
        public var source: String
        public var alternative: String
        public var title: String?
        /// The `href` of the `<a>` around the image, as a badge or a video's thumbnail is
        /// written: where a click on the image leads.
        public var link: String?

        public init(source: String, alternative: String, title: String? = nil, link: String? = nil) {
            self.source = source
            self.alternative = alternative
            self.title = title
            self.link = link
        }
    }

    /// An inline piece of raw HTML that opens or closes a link.
    public enum LinkTag: Equatable, Sendable {
        /// `<a href="…">`: nil when the tag has no `href` (`<a name="top">`).
        case opening(href: String?)
        /// `</a>`.
        case closing
    }

    /// A raw HTML block that is one `<h1>`…`<h6>` element.
    public struct Heading: Equatable, Sendable {
        public var level: Int
        /// Its words: tags left out, entities decoded, white space collapsed.
        public var text: String
        /// What the outline and the search call it: its words, or its images' descriptions
        /// when it has no words of its own.
        public var title: String
        public var images: [Image]
        /// Whether it held markup other than words, images, line breaks, links and inline
        /// formatting, which the heading leaves out.
        public var dropsMarkup: Bool

        public init(level: Int, text: String, title: String, images: [Image], dropsMarkup: Bool) {
            self.level = level
            self.text = text
            self.title = title
            self.images = images
            self.dropsMarkup = dropsMarkup
        }
    }

    /// What a piece of raw HTML holds, read once: its `<img>` tags in order, with their `src`,
    /// `alt` and `title` values (entities decoded; a tag without `src` is not an image to keep)
    /// and the `href` of the `<a>` each is in, whether it holds nothing but such images, the
    /// links around them and white space (then nothing is lost but their sizes, and no warning
    /// is due), and the name of the tag it opens with (`p` for `<p align="center">`, empty for a
    /// closing tag or a comment). An `<a>` without `href` that names a place (`<a name="setup">`,
    /// `<a id="setup">`) is an anchor: its `id`, else its `name`, is in `anchors`, and it loses
    /// nothing either.
    public struct Contents: Equatable, Sendable {
        public var images: [Image]
        public var anchors: [String] = []
        /// Whether it holds images or anchors and nothing else but the links around the images
        /// and white space: showing those loses only the layout its markup gave.
        public var losesOnlyLayout: Bool
        public var firstTag: String
    }

    /// The anchors `html` names (`Contents.anchors`), read only when it may hold an `<a` tag.
    public static func anchors(_ html: String) -> [String] {
        var mayHoldLink = false
        var afterOpening = false
        for byte in html.utf8 {
            if afterOpening, byte | 0x20 == UInt8(ascii: "a") {
                mayHoldLink = true
                break
            }
            afterOpening = byte == UInt8(ascii: "<")
        }
        return mayHoldLink ? read(html).anchors : []
    }

    public static func read(_ html: String) -> Contents {
        let bytes = Array(html.utf8)
        var images: [Image] = []
        var anchors: [String] = []
        var onlyImages = true
        var firstTag: String?
        var link: String?
        var index = 0
        while index < bytes.count {
            if let after = linkClosingEnd(bytes, at: index) {
                link = nil
                index = after
                continue
            }
            guard bytes[index] == UInt8(ascii: "<"), let tagEnd = tagNameEnd(bytes, from: index + 1) else {
                if !isSpace(bytes[index]) { onlyImages = false }
                if firstTag == nil, !isSpace(bytes[index]) { firstTag = "" }
                index += 1
                continue
            }
            let name = lowercased(bytes[(index + 1)..<tagEnd])
            if firstTag == nil { firstTag = name }
            guard name == "img" || name == "a" else {
                onlyImages = false
                index += 1
                continue
            }
            var attributes: [String: String] = [:]
            index = readAttributes(bytes, from: tagEnd, into: &attributes)
            if name == "a" {
                link = href(attributes)
                if link == nil {
                    if let anchor = anchorName(attributes) { anchors.append(anchor) } else { onlyImages = false }
                }
            } else if let source = attributes["src"], !source.isEmpty {
                images.append(
                    Image(source: source, alternative: attributes["alt"] ?? "", title: attributes["title"], link: link))
            } else {
                onlyImages = false
            }
        }
        return Contents(
            images: images, anchors: anchors, losesOnlyLayout: onlyImages && !(images.isEmpty && anchors.isEmpty),
            firstTag: firstTag ?? "")
    }

    /// The place an `<a>` without `href` names: its `id`, else its `name`; nil when neither is
    /// one word (an id holds no white space) free of the characters markup is made of.
    private static func anchorName(_ attributes: [String: String]) -> String? {
        for key in ["id", "name"] {
            if let value = attributes[key], !value.isEmpty,
                !value.contains(where: { $0.isWhitespace || "\"'<>&`".contains($0) })
            {
                return value
            }
        }
        return nil
    }

    /// Whether `html`, an inline piece of raw HTML, is one tag that opens or closes a link.
    public static func linkTag(_ html: String) -> LinkTag? {
        let bytes = Array(html.utf8)
        if let end = linkClosingEnd(bytes, at: 0) { return end == bytes.count ? .closing : nil }
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "<"), let tagEnd = tagNameEnd(bytes, from: 1),
            lowercased(bytes[1..<tagEnd]) == "a"
        else { return nil }
        var attributes: [String: String] = [:]
        guard readAttributes(bytes, from: tagEnd, into: &attributes) == bytes.count, bytes.last == UInt8(ascii: ">")
        else { return nil }
        return .opening(href: href(attributes))
    }

    /// An inline tag that changes only how words look (`<kbd>`, `<sup>`, `</b>`), which the site
    /// keeps as its element without attributes: `x<sup>2</sup>` is not `x2`.
    public struct FormattingTag: Equatable, Sendable {
        /// The element the site writes: the obsolete `strike` and `tt` are written `s` and `code`.
        public var element: String
        public var isClosing: Bool
        /// An `<abbr>`'s or `<dfn>`'s `title`: what the term stands for, shown on hover.
        public var title: String?

        public init(element: String, isClosing: Bool, title: String? = nil) {
            self.element = element
            self.isClosing = isClosing
            self.title = title
        }

        /// `<wbr>` has no content and no closing tag.
        public var isVoid: Bool { element == "wbr" }
    }

    /// The formatting elements kept, by tag name, with what each is written as.
    private static let formattingElements: [String: String] = [
        "abbr": "abbr", "b": "b", "cite": "cite", "code": "code", "del": "del", "dfn": "dfn", "em": "em", "i": "i",
        "ins": "ins", "kbd": "kbd", "mark": "mark", "q": "q", "s": "s", "samp": "samp", "small": "small",
        "strike": "s", "strong": "strong", "sub": "sub", "sup": "sup", "tt": "code", "u": "u", "var": "var",
        "wbr": "wbr",
    ]

    /// The names of the tags that change only how words look: those kept (`formattingTag`) and
    /// `span` and `big`, which are left out without a word, their words kept.
    public static let formattingTagNames = Set(formattingElements.keys).union(["span", "big"])

    /// Whether `html`, an inline piece of raw HTML, is one opening or closing formatting tag;
    /// nil for any other tag, a tag that closes itself (`<b/>`) or one with more after it.
    public static func formattingTag(_ html: String) -> FormattingTag? {
        let bytes = Array(html.utf8)
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "<"), bytes.last == UInt8(ascii: ">") else { return nil }
        let isClosing = bytes[1] == UInt8(ascii: "/")
        guard let nameEnd = tagNameEnd(bytes, from: isClosing ? 2 : 1),
            let element = formattingElements[lowercased(bytes[(isClosing ? 2 : 1)..<nameEnd])]
        else { return nil }
        if isClosing {
            var index = nameEnd
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            return index == bytes.count - 1 ? FormattingTag(element: element, isClosing: true) : nil
        }
        var attributes: [String: String] = [:]
        guard readAttributes(bytes, from: nameEnd, into: &attributes) == bytes.count,
            bytes[bytes.count - 2] != UInt8(ascii: "/") || element == "wbr"
        else { return nil }
        let title = element == "abbr" || element == "dfn" ? attributes["title"].flatMap { $0.isEmpty ? nil : $0 } : nil
        return FormattingTag(element: element, isClosing: false, title: title)
    }

    /// A link tag's `href`; nil when it has none, or an empty one.
    private static func href(_ attributes: [String: String]) -> String? {
        guard let href = attributes["href"], !href.isEmpty else { return nil }
        return href
    }

    /// Where `</a>` (any letter case, white space before its `>`) that starts at `index` ends.
    private static func linkClosingEnd(_ bytes: [UInt8], at index: Int) -> Int? {
        guard index + 3 < bytes.count, bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "/"),
            bytes[index + 2] | 0x20 == UInt8(ascii: "a")
        else { return nil }
        var end = index + 3
        while end < bytes.count, isSpace(bytes[end]) { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ">") else { return nil }
        return end + 1
    }

    /// `<br>`, `<br/>` or `<br />`, in any letter case.
    public static func isLineBreak(_ html: String) -> Bool {
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

    /// The entities guides use in attribute values and headings: `&amp;`, `&lt;`, `&gt;`,
    /// `&quot;`, `&apos;`, `&nbsp;` and numeric ones (`&#39;`, `&#x27;`). Others stay as written.
    static func decodeEntities(_ value: String) -> String {
        guard value.contains("&") else { return value }
        let named: [Substring: Character] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
        ]
        var result = ""
        var rest = Substring(value)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            guard let semicolon = rest[afterAmpersand...].prefix(10).firstIndex(of: ";") else {
                result.append("&")
                rest = rest[afterAmpersand...]
                continue
            }
            let name = rest[afterAmpersand..<semicolon]
            var decoded: Character?
            if let character = named[name] {
                decoded = character
            } else if name.hasPrefix("#") {
                let digits = name.dropFirst()
                let number =
                    digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                if let number, number != 0, let scalar = Unicode.Scalar(number) { decoded = Character(scalar) }
            }
            if let decoded {
                result.append(decoded)
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result.append("&")
                rest = rest[afterAmpersand...]
            }
        }
        return result + rest
    }

    /// One part of a raw HTML block made of `<details>` markup.
    public enum DetailsPart: Equatable, Sendable {
        /// `<details>`, or `<details open>` when it starts unfolded.
        case open(unfolded: Bool)
        /// A `<summary>` element's words, tags left out.
        case summary(String)
        /// Words between the tags of a block written without blank lines around them, which
        /// GitHub shows as they are.
        case words(String)
        /// `</details>`.
        case close
    }

    /// The block as `<details>` markup, the folded sections of FAQs and troubleshooting guides,
    /// when that is all it is: `<details>` and `</details>` tags, `<summary>` elements, comments,
    /// and words marked up with nothing but inline formatting. nil for any other block (one with
    /// a script, a form or an image is raw HTML like any other), and for words alone.
    public static func detailsParts(_ html: String) -> [DetailsPart]? {
        var html = html
        guard html.withUTF8(mayHoldDetails) else { return nil }
        let bytes = Array(html.utf8)
        var parts: [DetailsPart] = []
        var words: [UInt8] = []
        func flushWords() {
            let text = collapsedWords(words)
            if !text.isEmpty { parts.append(.words(text)) }
            words.removeAll()
        }
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                words.append(bytes[index])
                index += 1
                continue
            }
            if bytes[index...].starts(with: "<!--".utf8) {
                index = (firstIndex(of: "-->", in: bytes, from: index + 4) ?? bytes.count) + 3
                continue
            }
            let closing = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")
            let nameStart = index + (closing ? 2 : 1)
            guard let nameEnd = tagNameEnd(bytes, from: nameStart) else {
                // `a < b` is words.
                words.append(bytes[index])
                index += 1
                continue
            }
            let name = lowercased(bytes[nameStart..<nameEnd])
            var attributes: [String: String] = [:]
            let tagEnd = readAttributes(bytes, from: nameEnd, into: &attributes)
            switch (name, closing) {
            case ("details", false):
                flushWords()
                parts.append(.open(unfolded: attributes["open"] != nil))
                index = tagEnd
            case ("details", true):
                flushWords()
                parts.append(.close)
                index = tagEnd
            case ("summary", false):
                flushWords()
                guard let end = firstIndex(of: "</summary", in: bytes, from: tagEnd, caseInsensitive: true),
                    let inner = inlineWords(bytes[tagEnd..<end])
                else { return nil }
                parts.append(.summary(collapsedWords(inner)))
                var ignored: [String: String] = [:]
                index = readAttributes(bytes, from: end + "</summary".utf8.count, into: &ignored)
            default:
                // Inline formatting loses only its look; anything else is not a folded section.
                guard name != "img", headingInlineTags.contains(name) else { return nil }
                if name == "br" { words.append(UInt8(ascii: " ")) }
                index = tagEnd
            }
        }
        flushWords()
        let hasTags = parts.contains { part in
            switch part {
            case .open, .close, .summary: true
            case .words: false
            }
        }
        return hasTags ? parts : nil
    }

    /// Whether the bytes hold a `<details`, `</details`, `<summary` or `</summary` tag, in any
    /// letter case: a look for `<` bytes that passes over most raw HTML blocks without a copy.
    /// For readers that hold a block's bytes (the search index) as well as for `detailsParts`.
    public static func mayHoldDetails(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var offset = 0
        while offset < bytes.count, let found = memchr(base + offset, Int32(UInt8(ascii: "<")), bytes.count - offset) {
            var index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "/") { index += 1 }
            if startsWithName(detailsName, bytes, at: index) || startsWithName(summaryName, bytes, at: index) {
                return true
            }
            offset = index
        }
        return false
    }

    private static let detailsName = Array("details".utf8)
    private static let summaryName = Array("summary".utf8)

    /// Whether `name` (lowercase letters) starts at `index`, in any letter case.
    private static func startsWithName(_ name: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index + name.count <= bytes.count else { return false }
        for offset in 0..<name.count where bytes[index + offset] | 0x20 != name[offset] { return false }
        return true
    }

    /// The words of an element's inside, its inline formatting tags left out; nil when it holds
    /// any other tag.
    private static func inlineWords(_ slice: ArraySlice<UInt8>) -> [UInt8]? {
        let inner = Array(slice)
        var words: [UInt8] = []
        var index = 0
        while index < inner.count {
            let closing = index + 1 < inner.count && inner[index + 1] == UInt8(ascii: "/")
            guard inner[index] == UInt8(ascii: "<"), let nameEnd = tagNameEnd(inner, from: index + (closing ? 2 : 1))
            else {
                words.append(inner[index])
                index += 1
                continue
            }
            let name = lowercased(inner[(index + (closing ? 2 : 1))..<nameEnd])
            guard name != "img", headingInlineTags.contains(name) else { return nil }
            var ignored: [String: String] = [:]
            index = readAttributes(inner, from: nameEnd, into: &ignored)
            if name == "br" { words.append(UInt8(ascii: " ")) }
        }
        return words
    }

    /// Entities decoded and runs of white space made one space, trimmed.
    private static func collapsedWords(_ bytes: [UInt8]) -> String {
        decodeEntities(String(decoding: bytes, as: UTF8.self))
            .split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\u{00A0}" })
            .joined(separator: " ")
    }

    /// Where `needle` next starts in `bytes` at or after `start`.
    private static func firstIndex(
        of needle: String, in bytes: [UInt8], from start: Int, caseInsensitive: Bool = false
    ) -> Int? {
        let pattern = Array(needle.utf8)
        guard start >= 0, bytes.count >= pattern.count, start <= bytes.count - pattern.count else { return nil }
        return (start...(bytes.count - pattern.count)).first { at in
            (0..<pattern.count).allSatisfy { offset in
                caseInsensitive
                    ? bytes[at + offset] | 0x20 == pattern[offset] | 0x20 : bytes[at + offset] == pattern[offset]
            }
        }
    }

    /// Tags a heading may hold without a warning: nothing but their look is lost.
    static let headingInlineTags: Set<String> = [
        "a", "abbr", "b", "big", "br", "cite", "code", "del", "dfn", "em", "i", "img", "ins", "kbd", "mark",
        "picture", "q", "s", "samp", "small", "source", "span", "strike", "strong", "sub", "sup", "tt", "u",
        "var", "wbr",
    ]

    /// A piece of a raw HTML block: one heading element, or the HTML between headings.
    public enum Piece: Equatable, Sendable {
        case heading(Heading)
        case other(String)
    }

    /// The block cut at its heading elements, in order: `<p align="center"><img …></p>` then
    /// `<h1 align="center">Stride</h1>` in one block gives the HTML before it and the heading.
    /// Pieces of white space only are left out; a block without headings is one `.other` piece.
    public static func pieces(_ html: String) -> [Piece] {
        // Most blocks hold no heading element; a look at their bytes says so before any copy.
        var html = html
        guard html.withUTF8(holdsHeading) else {
            return html.utf8.contains(where: { !isSpace($0) }) ? [.other(html)] : []
        }
        let bytes = Array(html.utf8)
        var pieces: [Piece] = []
        var otherStart = 0
        var index = 0
        func flushOther(upTo end: Int) {
            let piece = bytes[otherStart..<end]
            if piece.contains(where: { !isSpace($0) }) { pieces.append(.other(String(decoding: piece, as: UTF8.self))) }
        }
        while index + 3 < bytes.count {
            guard let level = headingOpening(bytes, at: index) else {
                index += 1
                continue
            }
            guard let close = closingTag(of: level, in: bytes, from: index + 3),
                let heading = headingElement(bytes, from: index, to: close + 5)
            else {
                index += 3
                continue
            }
            flushOther(upTo: index)
            pieces.append(.heading(heading))
            index = close + 5
            otherStart = index
        }
        flushOther(upTo: bytes.count)
        return pieces
    }

    /// The block as a heading when it is exactly one `<hN …>…</hN>` element (white space around
    /// it allowed); nil for anything else.
    public static func heading(_ html: String) -> Heading? {
        let pieces = pieces(html)
        guard pieces.count == 1, case .heading(let heading) = pieces[0] else { return nil }
        return heading
    }

    /// Whether the block holds a heading element, for readers that only need to know (the
    /// search index, which cuts sections at headings).
    public static func holdsHeading(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.indices.contains { headingOpening(bytes, at: $0) != nil }
    }

    /// The level of a `<hN` opening at `index` (followed by white space, `>` or `/`).
    private static func headingOpening<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: Int) -> UInt8?
    where Bytes.Index == Int {
        guard index + 3 < bytes.count, bytes[index] == UInt8(ascii: "<"), bytes[index + 1] | 0x20 == UInt8(ascii: "h"),
            (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[index + 2]),
            isSpace(bytes[index + 3]) || bytes[index + 3] == UInt8(ascii: ">") || bytes[index + 3] == UInt8(ascii: "/")
        else { return nil }
        return bytes[index + 2]
    }

    /// Where the first `</hN>` of this level after `start` begins.
    private static func closingTag(of level: UInt8, in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 4 < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "/"),
                bytes[index + 2] | 0x20 == UInt8(ascii: "h"), bytes[index + 3] == level,
                bytes[index + 4] == UInt8(ascii: ">")
            {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The heading `bytes[start..<end]` is, from its `<hN` to its `</hN>`; nil when it has no
    /// words (a logo: its images stay raw HTML's) or holds another heading.
    private static func headingElement(_ bytes: [UInt8], from start: Int, to end: Int) -> Heading? {
        let all = Array(bytes[start..<end])
        let levelByte = all[2]
        var ignored: [String: String] = [:]
        var index = readAttributes(all, from: 3, into: &ignored)
        let innerEnd = all.count - 5
        guard index <= innerEnd else { return nil }
        var words: [UInt8] = []
        var images: [Image] = []
        var dropsMarkup = false
        while index < innerEnd {
            let byte = all[index]
            guard byte == UInt8(ascii: "<") else {
                words.append(isSpace(byte) ? UInt8(ascii: " ") : byte)
                index += 1
                continue
            }
            if all[index...].starts(with: Array("<!--".utf8)) {
                var stop = index + 4
                while stop + 2 < innerEnd, !(all[stop] == 0x2D && all[stop + 1] == 0x2D && all[stop + 2] == 0x3E) {
                    stop += 1
                }
                index = stop + 3
                continue
            }
            let closingTag = index + 1 < innerEnd && all[index + 1] == UInt8(ascii: "/")
            guard let nameEnd = tagNameEnd(all, from: index + (closingTag ? 2 : 1)) else {
                words.append(byte)
                index += 1
                continue
            }
            let name = lowercased(all[(index + (closingTag ? 2 : 1))..<nameEnd])
            if name.count == 2, name.hasPrefix("h"), name.last.map({ ("1"..."6").contains($0) }) == true {
                return nil
            }
            if !headingInlineTags.contains(name) { dropsMarkup = true }
            var attributes: [String: String] = [:]
            index = min(readAttributes(all, from: nameEnd, into: &attributes), innerEnd)
            if name == "br" { words.append(UInt8(ascii: " ")) }
            if name == "img", !closingTag, let source = attributes["src"], !source.isEmpty {
                images.append(Image(source: source, alternative: attributes["alt"] ?? "", title: attributes["title"]))
            }
        }
        let text = decodeEntities(String(decoding: words, as: UTF8.self))
            .split(whereSeparator: { $0 == " " || $0 == "\u{00A0}" }).joined(separator: " ")
        let title = text.isEmpty ? images.map(\.alternative).filter { !$0.isEmpty }.joined(separator: " ") : text
        // A heading of one picture without a description is a logo: its images are kept as any
        // other raw HTML's are, and it names no section.
        guard !title.isEmpty else { return nil }
        return Heading(
            level: Int(levelByte - UInt8(ascii: "0")), text: text, title: title, images: images,
            dropsMarkup: dropsMarkup)
    }
}
