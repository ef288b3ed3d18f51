import IAPDiagnostics

/// Compiles template source into instructions in one pass over its UTF-8 bytes.
///
/// Open sections are kept on an explicit stack and closed by patching jump targets, so the
/// parser never recurses however deeply sections nest. Delimiters are lexical: a set-delimiter
/// tag applies to the rest of this source (across section boundaries) and never to partials,
/// which are compiled on their own.
struct TemplateParser {
    let bytes: [UInt8]
    let file: String
    let lines: LineTable
    var openDelimiter = Array("{{".utf8)
    var closeDelimiter = Array("}}".utf8)
    var program: [Instruction] = []
    var openSections: [OpenSection] = []
    /// Where the text not yet turned into instructions starts.
    var textStart = 0

    /// A section tag waiting for its closing tag.
    struct OpenSection {
        let name: TagName
        let isInverted: Bool
        let instructionIndex: Int
        let offset: Int
    }

    init(source: String, file: String) {
        bytes = Array(source.utf8)
        self.file = file
        lines = LineTable(bytes)
    }

    mutating func parse() throws(TemplateError) -> [Instruction] {
        while let tagStart = find(openDelimiter, from: textStart) {
            let tag = try scanTag(at: tagStart)
            if tag.canStandAlone, let line = standaloneLine(around: tag) {
                appendText(upTo: line.start)
                let indent = String(decoding: bytes[line.start..<tag.start], as: UTF8.self)
                try emit(tag, standaloneIndent: indent)
                textStart = line.end
            } else {
                appendText(upTo: tag.start)
                if isLineStart(tag.start) {
                    program.append(.lineStart)
                }
                try emit(tag, standaloneIndent: nil)
                textStart = tag.end
            }
        }
        appendText(upTo: bytes.count)
        if let unclosed = openSections.last {
            let opened = location(of: unclosed.offset)
            throw TemplateError(
                "section \(Diagnostic.quote(unclosed.name.text)) opened at \(opened.line):\(opened.column) is never closed",
                at: location(of: bytes.count))
        }
        return program
    }

    /// Turns a scanned tag into instructions, or applies it to the parser's state.
    private mutating func emit(_ tag: ScannedTag, standaloneIndent: String?) throws(TemplateError) {
        switch tag.kind {
        case .variable(let escaped):
            let name = try tagName(of: tag)
            program.append(.variable(name, escaped: escaped, at: position(of: tag.start)))
        case .section, .invertedSection:
            let name = try tagName(of: tag)
            var isInverted = false
            if case .invertedSection = tag.kind { isInverted = true }
            openSections.append(
                OpenSection(name: name, isInverted: isInverted, instructionIndex: program.count, offset: tag.start))
            program.append(.sectionStart(name, inverted: isInverted, end: -1, at: position(of: tag.start)))
        case .sectionEnd:
            try closeSection(tag)
        case .comment:
            break
        case .partial:
            let name = try partialName(of: tag)
            program.append(.partial(name, indent: standaloneIndent, at: position(of: tag.start)))
        case .delimiters(let open, let close):
            openDelimiter = open
            closeDelimiter = close
        }
    }

    /// Matches a closing tag with the innermost open section and patches the section's jump.
    private mutating func closeSection(_ tag: ScannedTag) throws(TemplateError) {
        let name = try tagName(of: tag)
        guard let open = openSections.popLast() else {
            throw TemplateError("\(quotedText(of: tag)) closes no open section", at: location(of: tag.start))
        }
        guard open.name.text == name.text else {
            let opened = location(of: open.offset)
            throw TemplateError(
                "\(quotedText(of: tag)) closes \(Diagnostic.quote(open.name.text)) opened at \(opened.line):\(opened.column)",
                at: location(of: tag.start))
        }
        program[open.instructionIndex] = .sectionStart(
            open.name, inverted: open.isInverted, end: program.count, at: position(of: open.offset))
        program.append(.sectionEnd(start: open.instructionIndex))
    }

    func location(of offset: Int) -> SourceLocation {
        lines.location(of: offset, in: file)
    }

    func position(of offset: Int) -> TagPosition {
        let location = location(of: offset)
        return TagPosition(line: location.line, column: location.column)
    }

    /// The tag as written, quoted for a message.
    func quotedText(of tag: ScannedTag) -> String {
        quoted(bytes[tag.start..<tag.end])
    }
}
