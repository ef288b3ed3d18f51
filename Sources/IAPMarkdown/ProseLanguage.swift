/// The language a chapter's own words are written in, as far as their letters tell it.
///
/// A book that does not say its language is English by default, and a Chinese README rendered
/// as such is read aloud by a screen reader with an English voice and framed in English
/// buttons. Some writing systems name their language: Chinese characters without kana are
/// Chinese (simplified or traditional by the forms of its commonest characters), kana are
/// Japanese, Hangul is Korean, Greek letters Greek and Thai letters Thai; Cyrillic is Ukrainian
/// or Russian when the letters only one of them has say which. Latin letters say nothing (English,
/// German and Spanish share them), so a chapter in them gets no tag.
///
/// `render` reads it only for a book that does not say its language, so no other command pays
/// for it. Only prose counts: the text of paragraphs, headings, lists, tables and links, not code,
/// whose English keywords would outvote a Chinese guide's sentences, nor raw HTML.
public enum ProseLanguage {
    /// Enough text to tell a language by; a chapter is read up to this many bytes of prose, so
    /// a large one costs no more than a small one.
    public static let sampleLength = 4_096

    /// The language tag `document`'s prose names, or nil when its letters do not name one or
    /// it has too few words to tell.
    public static func of(_ document: MarkdownDocument) -> String? {
        var reader = ProseReader()
        document.root.walk(&reader)
        return reader.tally.language
    }
}

/// Feeds the text of a document's prose to a tally until the sample is full.
private struct ProseReader: MarkdownWalker {
    var tally = ScriptTally()
    var read = 0

    mutating func visit(_ node: MarkdownNode) -> MarkdownWalkAction {
        switch node.kind {
        case .text:
            let length = node.withLiteralBytes { bytes in
                tally.add(bytes)
                return bytes.count
            }
            read += length ?? 0
            return read >= ProseLanguage.sampleLength ? .stop : .skipChildren
        case .softBreak, .lineBreak, .code, .codeBlock, .htmlInline, .htmlBlock:
            tally.endWord()
            return .skipChildren
        default:
            tally.endWord()
            return .descend
        }
    }
}

/// Counts of letters and words by writing system, and the language they point to.
struct ScriptTally {
    /// Words in Latin letters (ASCII and the accented Latin blocks).
    private(set) var latinWords = 0
    /// Chinese characters, which Japanese writes too.
    private(set) var hanCharacters = 0
    /// Hiragana and katakana: only Japanese writes them.
    private(set) var kanaCharacters = 0
    private(set) var hangulWords = 0
    private(set) var cyrillicWords = 0
    private(set) var greekWords = 0
    private(set) var thaiCharacters = 0
    /// Characters only simplified Chinese writes, and their traditional forms.
    private(set) var simplifiedForms = 0
    private(set) var traditionalForms = 0
    /// Letters only Ukrainian (і ї є ґ) and only Russian (ы э ъ ё) writes among the two.
    private(set) var ukrainianLetters = 0
    private(set) var russianLetters = 0

    /// The writing system of the word being read, so a word is counted once.
    private var currentWord = WordScript.none

    private enum WordScript { case none, latin, hangul, cyrillic, greek }

    /// Fewest words (or their worth in characters) that say anything: a title and a line of
    /// text in one language, not a single quoted term.
    static let minimumWords = 8

    /// The language tag the counts point to; see `ProseLanguage`.
    var language: String? {
        // Chinese and Japanese write about two characters a word, Thai about four letters a word,
        // with no spaces between the words to count.
        let candidates: [(tag: String?, words: Int)] = [
            (chineseOrJapanese, (hanCharacters + kanaCharacters) / 2),
            ("ko", hangulWords),
            (cyrillicLanguage, cyrillicWords),
            ("el", greekWords),
            ("th", thaiCharacters / 4),
        ]
        guard let best = candidates.max(by: { $0.words < $1.words }),
            best.words >= Self.minimumWords, best.words > latinWords
        else { return nil }
        return best.tag
    }

    private var chineseOrJapanese: String? {
        // A tenth of kana among Chinese characters is Japanese prose; Chinese has none.
        if kanaCharacters * 10 >= hanCharacters + kanaCharacters { return "ja" }
        if simplifiedForms > traditionalForms { return "zh-Hans" }
        if traditionalForms > simplifiedForms { return "zh-Hant" }
        return "zh"
    }

    private var cyrillicLanguage: String? {
        if ukrainianLetters > 0, russianLetters == 0 { return "uk" }
        if russianLetters > 0, ukrainianLetters == 0 { return "ru" }
        // Both, or neither (Bulgarian, Serbian and others write Cyrillic too): no tag.
        return nil
    }

    mutating func endWord() { currentWord = .none }

    /// Counts the letters of UTF-8 `bytes`; a malformed sequence counts as a space.
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                // Most prose is ASCII: its run is found, then its words are counted as the
                // letters after a byte that is not one, which no byte's answer depends on.
                var end = index + 1
                while end < count, bytes[end] < 0x80 { end += 1 }
                var words = Self.isASCIILetter(lead) && currentWord != .latin ? 1 : 0
                for position in (index + 1)..<end {
                    words &+= Int(Self.letterBit(bytes[position]) & (1 ^ Self.letterBit(bytes[position - 1])))
                }
                latinWords += words
                currentWord = Self.isASCIILetter(bytes[end - 1]) ? .latin : .none
                index = end
                continue
            }
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            guard length > 1, index + length <= count else {
                currentWord = .none
                index += 1
                continue
            }
            var scalar = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            var valid = true
            for offset in 1..<length {
                let byte = bytes[index + offset]
                if byte & 0xC0 != 0x80 { valid = false }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
            }
            if valid { tally(scalar) } else { currentWord = .none }
            index += valid ? length : 1
        }
    }

    @inline(__always)
    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26
    }

    /// 1 for an ASCII letter, else 0, without a branch, so a run's loop can be vectorized.
    @inline(__always)
    private static func letterBit(_ byte: UInt8) -> UInt8 {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 ? 1 : 0
    }

    private mutating func startWord(_ script: WordScript) {
        guard currentWord != script else { return }
        currentWord = script
        switch script {
        case .latin: latinWords += 1
        case .hangul: hangulWords += 1
        case .cyrillic: cyrillicWords += 1
        case .greek: greekWords += 1
        case .none: break
        }
    }

    private mutating func tally(_ scalar: UInt32) {
        switch scalar {
        case 0xC0...0x24F where scalar != 0xD7 && scalar != 0xF7:
            startWord(.latin)
        case 0x370...0x3FF:
            startWord(.greek)
        case 0x400...0x4FF:
            startWord(.cyrillic)
            switch scalar {
            case 0x406, 0x407, 0x404, 0x456, 0x457, 0x454, 0x490, 0x491: ukrainianLetters += 1
            case 0x42B, 0x42D, 0x42A, 0x401, 0x44B, 0x44D, 0x44A, 0x451: russianLetters += 1
            default: break
            }
        case 0xE00...0xE7F:
            currentWord = .none
            thaiCharacters += 1
        case 0x3040...0x30FF:
            currentWord = .none
            kanaCharacters += 1
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF:
            currentWord = .none
            hanCharacters += 1
            if let form = ChineseForms.form(of: scalar) {
                if form == .simplified { simplifiedForms += 1 } else { traditionalForms += 1 }
            }
        case 0xAC00...0xD7AF:
            startWord(.hangul)
        default:
            currentWord = .none
        }
    }
}

/// Common characters whose simplified and traditional forms differ, to tell the two apart.
enum ChineseForms {
    enum Form { case simplified, traditional }

    /// Each simplified form with its traditional one, pair by pair: among the commonest
    /// characters of guides (this, person plural, one, say, time, can, buy, subscribe, test,
    /// open, close, select, price, page, data, setting, product, question, learn…), each rare
    /// or unknown in the other form's text.
    private static let pairs: [(simplified: Character, traditional: Character)] = [
        ("这", "這"), ("们", "們"), ("个", "個"), ("说", "說"), ("时", "時"), ("会", "會"), ("对", "對"),
        ("过", "過"), ("还", "還"), ("发", "發"), ("为", "為"), ("来", "來"), ("国", "國"), ("买", "買"),
        ("购", "購"), ("应", "應"), ("实", "實"), ("现", "現"), ("与", "與"), ("认", "認"), ("证", "證"),
        ("订", "訂"), ("阅", "閱"), ("务", "務"), ("单", "單"), ("项", "項"), ("设", "設"), ("测", "測"),
        ("试", "試"), ("开", "開"), ("关", "關"), ("请", "請"), ("点", "點"), ("选", "選"), ("择", "擇"),
        ("钱", "錢"), ("页", "頁"), ("码", "碼"), ("数", "數"), ("该", "該"), ("让", "讓"), ("学", "學"),
        ("书", "書"), ("见", "見"), ("从", "從"), ("经", "經"), ("问", "問"), ("题", "題"), ("东", "東"),
        ("产", "產"), ("动", "動"), ("户", "戶"), ("写", "寫"), ("错", "錯"), ("误", "誤"), ("间", "間"),
        ("后", "後"), ("处", "處"),
    ]

    private static let forms: [UInt32: Form] = {
        var forms: [UInt32: Form] = [:]
        for (simplified, traditional) in pairs {
            if let scalar = simplified.unicodeScalars.first { forms[scalar.value] = .simplified }
            if let scalar = traditional.unicodeScalars.first { forms[scalar.value] = .traditional }
        }
        return forms
    }()

    static func form(of scalar: UInt32) -> Form? { forms[scalar] }
}
