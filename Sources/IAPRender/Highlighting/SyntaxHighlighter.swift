/// Highlighting done once, when the site is built: a code block becomes spans with classes,
/// so pages need no highlighting script. Each language has a small tokenizer that knows its
/// comments, strings, numbers and keywords; anything it does not know stays plain text.
enum SyntaxHighlighter {
    enum Language: Equatable {
        case swift, objectiveC, yaml, json, shell
    }

    /// The language a code block's info string names, if it is one the site highlights.
    static func language(named name: String?) -> Language? {
        switch name?.lowercased() {
        case "swift": .swift
        case "objc", "objective-c", "objectivec", "obj-c", "m", "h", "c": .objectiveC
        case "yaml", "yml": .yaml
        case "json", "jsonc": .json
        case "sh", "bash", "shell", "zsh", "console", "shell-session": .shell
        default: nil
        }
    }

    static func spans(_ code: [UInt8], language: Language) -> [SyntaxSpan] {
        switch language {
        case .swift: CFamilyTokenizer.swift.spans(code)
        case .objectiveC: CFamilyTokenizer.objectiveC.spans(code)
        case .yaml: YAMLTokenizer.spans(code)
        case .json: JSONTokenizer.spans(code)
        case .shell: ShellTokenizer.spans(code)
        }
    }

    /// The tokens of `code`, each with its text.
    static func tokens(_ code: String, language: Language) -> [SyntaxToken] {
        let bytes = Array(code.utf8)
        return spans(bytes, language: language).map { span in
            SyntaxToken(kind: span.kind, text: String(decoding: bytes[span.range], as: UTF8.self))
        }
    }

    /// The escaped HTML of a code block: highlighted when the language is known, else plain.
    static func html(_ code: String, language name: String?) -> String {
        var html = HTMLBuffer(reservingCapacity: code.utf8.count * 2)
        var code = code
        code.withUTF8 { appendHTML($0, language: language(named: name), to: &html) }
        return String(decoding: html.takeBytes(), as: UTF8.self)
    }

    /// Appends the escaped HTML of a code block, highlighted when `language` is known.
    static func appendHTML(_ code: UnsafeBufferPointer<UInt8>, language: Language?, to html: inout HTMLBuffer) {
        guard let language else { return Escape.appendText(code, to: &html) }
        for span in spans(Array(code), language: language) {
            let text = UnsafeBufferPointer(rebasing: code[span.range])
            guard let kind = span.kind else {
                Escape.appendText(text, to: &html)
                continue
            }
            html += "<span class=\"hl-"
            html += kind.rawValue
            html += "\">"
            Escape.appendText(text, to: &html)
            html += "</span>"
        }
    }
}
