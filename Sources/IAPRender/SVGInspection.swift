import IAPDiagnostics

/// Decides whether an SVG file is only a picture. An SVG is a document: opened from the site it
/// can run script (`<script>`, `onload=`), embed HTML (`<foreignObject>`), or load other files
/// (`href`, `url(...)`, `@import`, `<?xml-stylesheet?>`, entities). So the whole file is read as
/// XML and admitted only when every element is on a list of drawing elements, every namespace
/// is a known one, no attribute is an event handler, and every reference points inside the file
/// (`#id`). Anything the reader does not understand is refused, never guessed at.
enum SVGInspection {
    /// Drawing, structure, text, paint and filter elements; no script, no HTML, no animation (an
    /// `<animate>` or `<set>` can rewrite an `href`), no `<image>` or `<feImage>` (they load files).
    static let elements: Set<String> = [
        "svg", "g", "defs", "symbol", "use", "title", "desc", "metadata", "switch", "view", "a", "style",
        "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "tspan", "textPath",
        "linearGradient", "radialGradient", "stop", "pattern", "clipPath", "mask", "marker", "filter",
        "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix", "feDiffuseLighting",
        "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA", "feFuncB", "feFuncG",
        "feFuncR", "feGaussianBlur", "feMerge", "feMergeNode", "feMorphology", "feOffset", "fePointLight",
        "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence",
    ]

    static let svgNamespace = "http://www.w3.org/2000/svg"

    /// Namespaces an SVG may declare, by the prefix drawing tools give them. Elements of the
    /// editor and metadata namespaces are data a browser does not render or run.
    static let namespaces: [String: String] = [
        "svg": svgNamespace,
        "xlink": "http://www.w3.org/1999/xlink",
        "xml": "http://www.w3.org/XML/1998/namespace",
        "inkscape": "http://www.inkscape.org/namespaces/inkscape",
        "sodipodi": "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd",
        "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
        "cc": "http://creativecommons.org/ns#",
        "dc": "http://purl.org/dc/elements/1.1/",
    ]

    /// Prefixes whose elements are inert data.
    static let dataPrefixes: Set<String> = ["inkscape", "sodipodi", "rdf", "cc", "dc"]

    /// Whether the bytes start like an SVG document: after a byte order mark, white space, an
    /// XML declaration and comments, an `<svg` element.
    static func looksLikeSVG(_ bytes: [UInt8]) -> Bool {
        var reader = XMLReader(bytes)
        reader.skipProlog()
        return reader.startsWith("<svg") || reader.startsWith("<svg:svg")
    }

    /// Nil when the file is only a picture, else what it does, as the end of a sentence ("… that
    /// has a script element").
    static func problem(in bytes: [UInt8]) -> String? {
        guard UTF8Validation.firstInvalidOffset(in: bytes) == nil else { return "is not valid UTF-8" }
        var reader = XMLReader(bytes)
        return reader.inspect()
    }
}

/// Just enough XML to walk an SVG file's tags, attributes and text.
private struct XMLReader {
    let bytes: [UInt8]
    var index = 0
    /// Open elements, innermost last; `true` for a `<style>`, whose text is CSS.
    var open: [(name: String, isStyle: Bool)] = []
    var sawRoot = false

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    func startsWith(_ text: String) -> Bool {
        let prefix = Array(text.utf8)
        return bytes.count >= index + prefix.count && Array(bytes[index..<index + prefix.count]) == prefix
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
    }

    mutating func skipSpace() {
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
    }

    /// Moves past `terminator`; false when the file ends first.
    mutating func skip(past terminator: String) -> Bool {
        let end = Array(terminator.utf8)
        while index + end.count <= bytes.count {
            if bytes[index] == end[0], Array(bytes[index..<index + end.count]) == end {
                index += end.count
                return true
            }
            index += 1
        }
        index = bytes.count
        return false
    }

    /// White space, the XML declaration and comments before the root element.
    mutating func skipProlog() {
        while true {
            skipSpace()
            if startsWith("<?xml"), index + 5 < bytes.count, Self.isSpace(bytes[index + 5]) {
                guard skip(past: "?>") else { return }
            } else if startsWith("<!--") {
                guard skip(past: "-->") else { return }
            } else {
                return
            }
        }
    }

    /// Reads the whole file; the first problem found, or nil.
    mutating func inspect() -> String? {
        while index < bytes.count {
            if bytes[index] != UInt8(ascii: "<") {
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
                if let problem = text(bytes[start..<index]) { return problem }
                continue
            }
            if startsWith("<!--") {
                guard skip(past: "-->") else { return "has a comment that never ends" }
            } else if startsWith("<![CDATA[") {
                index += 9
                let start = index
                guard skip(past: "]]>") else { return "has a CDATA section that never ends" }
                if open.last?.isStyle == true, let problem = Self.styleProblem(bytes[start..<index - 3]) {
                    return problem
                }
            } else if startsWith("<!") {
                return "has a document type or entity declaration"
            } else if startsWith("<?") {
                let isDeclaration = startsWith("<?xml") && index + 5 < bytes.count && Self.isSpace(bytes[index + 5])
                guard isDeclaration else { return "has a processing instruction (such as xml-stylesheet)" }
                guard skip(past: "?>") else { return "has an XML declaration that never ends" }
            } else if startsWith("</") {
                if let problem = endTag() { return problem }
            } else if let problem = startTag() {
                return problem
            }
        }
        if !open.isEmpty { return "is not well-formed (the element '\(open[open.count - 1].name)' is never closed)" }
        return sawRoot ? nil : "has no svg element"
    }

    /// Text between tags: only the entities XML itself defines, and CSS rules inside `<style>`.
    func text(_ text: ArraySlice<UInt8>) -> String? {
        if open.isEmpty, !text.allSatisfy(Self.isSpace) { return "has text outside its svg element" }
        guard let decoded = Self.decodeEntities(text) else { return "uses an entity XML does not define" }
        if open.last?.isStyle == true, let problem = Self.styleProblem(decoded[...]) { return problem }
        return nil
    }

    mutating func name() -> String {
        let start = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func endTag() -> String? {
        index += 2
        let closed = name()
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { return "is not well-formed" }
        index += 1
        guard let last = open.popLast(), last.name == closed else { return "is not well-formed" }
        return nil
    }

    mutating func startTag() -> String? {
        index += 1
        let element = name()
        if element.isEmpty { return "is not well-formed" }
        if open.isEmpty {
            guard !sawRoot else { return "has more than one root element" }
            guard element == "svg" || element == "svg:svg" else { return "does not start with an svg element" }
            sawRoot = true
        }
        if let problem = Self.elementProblem(element) { return problem }
        var selfClosing = false
        var sawDefaultNamespace = false
        while true {
            let before = index
            skipSpace()
            guard index < bytes.count else { return "has a tag that never ends" }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                break
            }
            if bytes[index] == UInt8(ascii: "/") {
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else {
                    return "is not well-formed"
                }
                index += 2
                selfClosing = true
                break
            }
            guard index > before else { return "is not well-formed" }
            let attribute = name()
            guard !attribute.isEmpty else { return "is not well-formed" }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return "is not well-formed" }
            index += 1
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                return "is not well-formed"
            }
            let quote = bytes[index]
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != quote { index += 1 }
            guard index < bytes.count else { return "has an attribute that never ends" }
            let raw = bytes[start..<index]
            index += 1
            guard let value = Self.decodeEntities(raw) else { return "uses an entity XML does not define" }
            if attribute == "xmlns" { sawDefaultNamespace = true }
            if let problem = Self.attributeProblem(attribute, String(decoding: value, as: UTF8.self)) {
                return problem
            }
        }
        if open.isEmpty, element == "svg", !sawDefaultNamespace {
            // Without the SVG namespace the file is not an SVG image at all.
            return "does not declare the SVG namespace"
        }
        if !selfClosing { open.append((element, element == "style" || element == "svg:style")) }
        return nil
    }

    static func elementProblem(_ element: String) -> String? {
        let parts = element.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty }) else { return "is not well-formed" }
        if parts.count == 2 {
            if SVGInspection.dataPrefixes.contains(parts[0]) { return nil }
            guard parts[0] == "svg" else { return "has an element of an unknown namespace ('\(element)')" }
        }
        let local = parts[parts.count - 1]
        guard SVGInspection.elements.contains(local) else {
            return local == "script"
                ? "has a script element" : "has a '\(local)' element, which may run or load something"
        }
        return nil
    }

    static func attributeProblem(_ attribute: String, _ value: String) -> String? {
        let parts = attribute.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty }) else { return "is not well-formed" }
        let local = parts[parts.count - 1].lowercased()
        if parts.count == 2, parts[0] == "xmlns" {
            guard SVGInspection.namespaces[parts[1]] == value else {
                return "declares a namespace it may not ('\(parts[1])')"
            }
            return nil
        }
        if parts.count == 1, local == "xmlns" {
            return value == SVGInspection.svgNamespace ? nil : "declares a namespace other than SVG's as its own"
        }
        if local.hasPrefix("on") { return "has an event handler ('\(attribute)')" }
        if local == "href" || local == "src" || local == "base" {
            guard value.trimmingSpace().hasPrefix("#") else { return "refers to another file or URL ('\(attribute)')" }
        }
        if let problem = urlProblem(in: value) { return problem }
        if local == "style", let problem = styleProblem(Array(value.utf8)[...]) { return problem }
        return nil
    }

    /// `url(...)` references must name an element of this file.
    static func urlProblem(in value: String) -> String? {
        var rest = Substring(value.lowercased())
        while let range = rest.range(of: "url(") {
            let target = rest[range.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "'" || $0 == "\"" }
            guard target.hasPrefix("#") else { return "refers to another file or URL in a 'url(...)'" }
            rest = rest[range.upperBound...]
        }
        return nil
    }

    /// CSS may style the picture, never load anything: no `@import`, no `url()` but `#id`, and no
    /// backslash escapes that could spell either.
    static func styleProblem(_ css: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: css, as: UTF8.self).lowercased()
        if text.contains("\\") { return "has a style with an escape sequence" }
        if text.contains("@import") || text.contains("@font-face") { return "has a style that loads a file" }
        if text.contains("expression(") || text.contains("javascript:") || text.contains("-moz-binding")
            || text.contains("behavior")
        {
            return "has a style that could run script"
        }
        return urlProblem(in: text)
    }

    /// The text with `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;` and character references
    /// replaced; nil for any other entity.
    static func decodeEntities(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        guard text.contains(UInt8(ascii: "&")) else { return Array(text) }
        var decoded: [UInt8] = []
        var position = text.startIndex
        while position < text.endIndex {
            guard text[position] == UInt8(ascii: "&") else {
                decoded.append(text[position])
                position += 1
                continue
            }
            guard let semicolon = text[position...].firstIndex(of: UInt8(ascii: ";")) else { return nil }
            let entity = String(decoding: text[(position + 1)..<semicolon], as: UTF8.self)
            switch entity {
            case "lt": decoded.append(UInt8(ascii: "<"))
            case "gt": decoded.append(UInt8(ascii: ">"))
            case "amp": decoded.append(UInt8(ascii: "&"))
            case "quot": decoded.append(UInt8(ascii: "\""))
            case "apos": decoded.append(UInt8(ascii: "'"))
            default:
                let hex = entity.hasPrefix("#x") || entity.hasPrefix("#X")
                guard entity.hasPrefix("#"), entity.count > (hex ? 2 : 1), entity.count <= 10,
                    let code = UInt32(entity.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10),
                    let scalar = Unicode.Scalar(code)
                else { return nil }
                decoded += Array(String(Character(scalar)).utf8)
            }
            position = semicolon + 1
        }
        return decoded
    }
}

extension String {
    fileprivate func trimmingSpace() -> Substring {
        self.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    }
}
