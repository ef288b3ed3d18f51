/// The web addresses and e-mail addresses that GitHub turns into links without any markup
/// (`https://appstoreconnect.apple.com`, `www.apple.com`, `support@example.com`), found in one
/// run of a paragraph's text.
///
/// Guides are written for GitHub, and an integration guide names App Store Connect, Apple's
/// documentation and a support address in plain text: a training site that printed them as
/// words would send the learner back to GitHub to click them. The rules are GitHub Flavored
/// Markdown's "extended autolinks" as cmark-gfm applies them, read here from the text of a tree
/// that plain CommonMark parsed, so the same words become the same links:
///
/// - `http://`, `https://` or `ftp://` (any letter case, no letter just before it) followed by
///   a character a host name can start with starts a link;
/// - `www.` starts one after the start of the text, white space, or `*`, `_`, `~`, `(`; its
///   URL is `http://` and the text;
/// - an address (`name@host.tld`, letters, digits and `.+-_` before the `@`; letters, digits,
///   `-`, `_` and inner dots after it, ending in a letter) links to `mailto:` and the address,
///   and `mailto:` written before it is part of the link;
/// - a web link runs to white space or `<`; the host's last two parts may not hold `_`; then
///   `? ! . , : * _ ~ ' "` at its end are left out, a `)` without its `(`, and an entity
///   reference (`&hellip;`);
/// - inside square brackets that are still open, only addresses are linked, as GitHub does.
///
/// Each scan looks at every byte a bounded number of times, so hostile text (a megabyte of
/// `www._` or of `a@`) costs what its length does.
public enum ExtendedAutolink {
    public struct Match: Equatable, Sendable {
        /// The link's words: these bytes of the scanned text.
        public var range: Range<Int>
        /// What the URL has before those words.
        public var prefix: Prefix

        public init(range: Range<Int>, prefix: Prefix) {
            self.range = range
            self.prefix = prefix
        }
    }

    public enum Prefix: String, Sendable {
        /// The words are the URL.
        case none = ""
        /// A `www.` link.
        case http = "http://"
        /// An address written without `mailto:`.
        case mailto = "mailto:"
    }

    /// Where a run of text stands in its paragraph, as far as the links in it care.
    public struct Context: Sendable {
        /// Whether a `www.` link may start at the first byte: at the start of a paragraph or
        /// line, or after emphasis, but not right after a code span, a link or an image.
        public var wwwMayStart = true
        /// Literal `[` not yet closed by a `]` earlier in the paragraph.
        public var openBrackets = 0

        public init(wwwMayStart: Bool = true, openBrackets: Int = 0) {
            self.wwwMayStart = wwwMayStart
            self.openBrackets = openBrackets
        }
    }

    /// The links in `text`, in order and apart; `context` is updated for the text that follows.
    public static func matches(in text: UnsafeBufferPointer<UInt8>, context: inout Context) -> [Match] {
        var scanner = Scanner(text: text)
        let matches = scanner.matches(context: &context)
        if let last = text.last { context.wwwMayStart = wwwMayFollow(last) }
        return matches
    }

    /// Whether a `www.` link may start right after `byte`: white space, `*`, `_`, `~` or `(`.
    fileprivate static func wwwMayFollow(_ byte: UInt8) -> Bool {
        Scanner.isSpace(byte) || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "~") || byte == UInt8(ascii: "(")
    }

    // Constants rather than stored properties: a stored `static let` is checked for its first
    // use at every read, and these are read for every byte of a page's text.
    fileprivate static var colon: UInt8 { UInt8(ascii: ":") }
    fileprivate static var at: UInt8 { UInt8(ascii: "@") }
    fileprivate static var letterW: UInt8 { UInt8(ascii: "w") }
    fileprivate static var openBracket: UInt8 { UInt8(ascii: "[") }
    fileprivate static var closeBracket: UInt8 { UInt8(ascii: "]") }
}

/// One scan of one run of text.
private struct Scanner {
    let text: UnsafeBufferPointer<UInt8>
    /// The second-last dot of the last `www.` host refused for its `_`: a later `www.` before
    /// it is in the same host and gets the same verdict without reading it again (`wwwMatch`).
    var refusedHostSecondLastDot = -1

    init(text: UnsafeBufferPointer<UInt8>) {
        self.text = text
    }

    /// Web links first, left to right; addresses in the text between them, as cmark-gfm finds
    /// them after parsing: an `@` inside `https://x.com/@team` is the web link's.
    mutating func matches(context: inout ExtendedAutolink.Context) -> [ExtendedAutolink.Match] {
        var matches: [ExtendedAutolink.Match] = []
        var index = 0
        var gapStart = 0
        while index < text.count {
            let byte = text[index]
            if byte == ExtendedAutolink.openBracket {
                context.openBrackets += 1
            } else if byte == ExtendedAutolink.closeBracket, context.openBrackets > 0 {
                context.openBrackets -= 1
            } else if context.openBrackets == 0 {
                var found: ExtendedAutolink.Match?
                if byte == ExtendedAutolink.colon {
                    found = schemeMatch(colon: index, floor: gapStart)
                } else if byte == ExtendedAutolink.letterW,
                    index == 0 ? context.wwwMayStart : ExtendedAutolink.wwwMayFollow(text[index - 1])
                {
                    found = wwwMatch(at: index)
                }
                if let found {
                    addressMatches(from: gapStart, to: found.range.lowerBound, into: &matches)
                    matches.append(found)
                    index = found.range.upperBound
                    gapStart = index
                    continue
                }
            }
            index += 1
        }
        addressMatches(from: gapStart, to: text.count, into: &matches)
        return matches
    }

    // MARK: web links

    /// `http://`, `https://` or `ftp://` whose `:` is at `colon`; the scheme's letters go back
    /// no further than `floor`, where the text or the last link ended.
    func schemeMatch(colon: Int, floor: Int) -> ExtendedAutolink.Match? {
        guard text.count - colon >= 4, text[colon + 1] == UInt8(ascii: "/"), text[colon + 2] == UInt8(ascii: "/"),
            isHostCharacter(at: colon + 3)
        else { return nil }
        var start = colon
        // A scheme is at most five letters; a longer run of letters is a word, not a scheme.
        while start > floor, Self.isLetter(text[start - 1]), colon - start <= 5 { start -= 1 }
        guard start == floor || !Self.isLetter(text[start - 1]) else { return nil }
        guard Self.webSchemes.contains(Array(text[start..<colon]).map({ $0 | 0x20 })) else { return nil }
        let host = self.host(at: colon + 3)
        guard host.isValid else { return nil }
        return webLink(start: start, delimitFrom: colon, hostEnd: host.end, prefix: .none)
    }

    /// `www.` at `start`.
    mutating func wwwMatch(at start: Int) -> ExtendedAutolink.Match? {
        guard text.count - start >= 4, text[start + 1] == ExtendedAutolink.letterW,
            text[start + 2] == ExtendedAutolink.letterW, text[start + 3] == UInt8(ascii: ".")
        else { return nil }
        // A host refused for a `_` in its last two parts is refused from any `www.` before its
        // second-last dot too: the host ends at the same byte, and its last two parts are the
        // same. Without this, `www._` repeated would read the rest of the text at every `www.`.
        if start < refusedHostSecondLastDot { return nil }
        let host = self.host(at: start)
        // `www.` always has a dot, so only a `_` refuses it.
        guard host.isValid else {
            refusedHostSecondLastDot = host.secondLastDot
            return nil
        }
        // `www.` alone names no host.
        guard let match = webLink(start: start, delimitFrom: start, hostEnd: host.end, prefix: .http),
            match.range.count > 4
        else { return nil }
        return match
    }

    /// The link from `start`: the host, then every byte up to white space or `<`, less what
    /// `delimitedEnd` leaves out.
    func webLink(start: Int, delimitFrom base: Int, hostEnd: Int, prefix: ExtendedAutolink.Prefix) -> ExtendedAutolink
        .Match?
    {
        var end = hostEnd
        while end < text.count, !Self.isSpace(text[end]), text[end] != UInt8(ascii: "<") { end += 1 }
        end = delimitedEnd(base: base, end: end)
        guard end > base else { return nil }
        return ExtendedAutolink.Match(range: start..<end, prefix: prefix)
    }

    /// The host at `start`: the bytes up to the first that no host name holds (white space,
    /// punctuation but `-`, `_` and `.`, or a broken character), the first byte taken as it is.
    /// It is valid when neither of its last two parts holds `_`; `secondLastDot` is where the
    /// second-last of its dots is (`start` when it has fewer than two).
    func host(at start: Int) -> (end: Int, isValid: Bool, secondLastDot: Int) {
        var index = start + 1
        var dots = (last: start, secondLast: start)
        var underscoresBeforeLastDot = 0
        var underscores = 0
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "_") {
                underscores += 1
            } else if byte == UInt8(ascii: ".") {
                underscoresBeforeLastDot = underscores
                underscores = 0
                dots = (last: index, secondLast: dots.last)
            } else if byte != UInt8(ascii: "-"), !isHostCharacter(at: index) {
                break
            }
            index += 1
        }
        return (index, underscoresBeforeLastDot == 0 && underscores == 0, dots.secondLast)
    }

    /// Whether the character at `index` can be part of a host name: not white space and not
    /// punctuation. A byte inside a character ends the host, as it does for cmark-gfm, which
    /// reads the host a byte at a time.
    func isHostCharacter(at index: Int) -> Bool {
        let byte = text[index]
        if byte < 0x80 { return !Self.isSpace(byte) && !UTF8Bytes.isASCIIPunctuation(byte) }
        guard byte >= 0xC0, let scalar = UTF8Bytes.scalar(at: index, in: text) else { return false }
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return false
        default:
            return !scalar.properties.isWhitespace
        }
    }

    /// The end of a link that would end at `end`, less the punctuation GitHub leaves out.
    /// `base` is where cmark-gfm starts reading the link: its `:`, `www.` or `@`.
    func delimitedEnd(base: Int, end: Int) -> Int {
        var end = end
        // Counted once and kept as `)` are dropped: counting again for each would make a
        // long run of `)` cost its length squared.
        var parentheses: (open: Int, close: Int)?
        while end > base {
            let last = text[end - 1]
            switch last {
            case UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ":"),
                UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "'"), UInt8(ascii: "\""):
                end -= 1
            case UInt8(ascii: ";"):
                // `&hellip;` at the end is an entity's name, not part of the address.
                var nameStart = end - 2
                while nameStart > base, Self.isLetter(text[nameStart]) { nameStart -= 1 }
                if nameStart >= base, nameStart < end - 2, text[nameStart] == UInt8(ascii: "&") {
                    end = nameStart
                } else {
                    end -= 1
                }
            case UInt8(ascii: ")"):
                if parentheses == nil {
                    var counts = (open: 0, close: 0)
                    for byte in text[base..<end] {
                        if byte == UInt8(ascii: "(") {
                            counts.open += 1
                        } else if byte == UInt8(ascii: ")") {
                            counts.close += 1
                        }
                    }
                    parentheses = counts
                }
                guard let counts = parentheses, counts.close > counts.open else { return end }
                parentheses = (counts.open, counts.close - 1)
                end -= 1
            default:
                return end
            }
        }
        return end
    }

    // MARK: addresses

    /// The addresses between `start` and `end`, as cmark-gfm finds them in a text node.
    func addressMatches(from start: Int, to end: Int, into matches: inout [ExtendedAutolink.Match]) {
        var floor = start
        var searchFrom = start
        while searchFrom < end {
            guard let at = text[searchFrom..<end].firstIndex(of: ExtendedAutolink.at) else { return }
            guard let match = address(at: at, floor: floor, end: end) else {
                searchFrom = at + 1
                floor = at + 1
                continue
            }
            matches.append(match)
            searchFrom = match.range.upperBound
            floor = searchFrom
        }
    }

    func address(at sign: Int, floor: Int, end: Int) -> ExtendedAutolink.Match? {
        var start = sign
        while start > floor, Self.isAddressLocalByte(text[start - 1]) { start -= 1 }
        guard start < sign else { return nil }
        var prefix = ExtendedAutolink.Prefix.mailto
        // `mailto:name@host` is a link as written, when no letter or digit runs into `mailto`.
        let scheme = "mailto:".utf8
        if start - floor >= scheme.count, text[start - 1] == ExtendedAutolink.colon,
            text[(start - scheme.count)..<start].elementsEqual(scheme),
            start - scheme.count == floor || !Self.isAlphanumeric(text[start - scheme.count - 1])
        {
            start -= scheme.count
            prefix = .none
        }
        var length = 1
        var dots = 0
        scan: while sign + length < end {
            let byte = text[sign + length]
            switch byte {
            case _ where Self.isAlphanumeric(byte), UInt8(ascii: "-"), UInt8(ascii: "_"):
                break
            case UInt8(ascii: "."):
                guard sign + length + 1 < end, Self.isAlphanumeric(text[sign + length + 1]) else { break scan }
                dots += 1
            case ExtendedAutolink.at:
                // A second `@` makes it no address, wherever the rest ends.
                return nil
            default:
                break scan
            }
            length += 1
        }
        guard length >= 2, dots > 0, Self.isLetter(text[sign + length - 1]) else { return nil }
        return ExtendedAutolink.Match(range: start..<(sign + length), prefix: prefix)
    }

    // MARK: bytes

    static let webSchemes = [Array("http".utf8), Array("https".utf8), Array("ftp".utf8)]

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    static func isAddressLocalByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_")
    }

}
