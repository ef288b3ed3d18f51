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

    static func tokens(_ code: String, language: Language) -> [SyntaxToken] {
        switch language {
        case .swift: CFamilyTokenizer.swift.tokenize(code)
        case .objectiveC: CFamilyTokenizer.objectiveC.tokenize(code)
        case .yaml: YAMLTokenizer.tokenize(code)
        case .json: JSONTokenizer.tokenize(code)
        case .shell: ShellTokenizer.tokenize(code)
        }
    }

    /// The escaped HTML of a code block: highlighted when the language is known, else plain.
    static func html(_ code: String, language name: String?) -> String {
        guard let language = language(named: name) else { return Escape.text(code) }
        var html = ""
        html.reserveCapacity(code.utf8.count * 2)
        for token in tokens(code, language: language) {
            if let kind = token.kind {
                html += "<span class=\"hl-\(kind.rawValue)\">" + Escape.text(token.text) + "</span>"
            } else {
                html += Escape.text(token.text)
            }
        }
        return html
    }
}
