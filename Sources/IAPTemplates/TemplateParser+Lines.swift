/// Line handling: standalone tags and the line-start marks that indent partials.
extension TemplateParser {
    /// The line around a tag that may stand alone, when nothing but spaces and tabs share it.
    /// `start` is where the line begins and `end` is just past its newline (`\n` or `\r\n`),
    /// or the end of the source on the last line.
    func standaloneLine(around tag: ScannedTag) -> (start: Int, end: Int)? {
        var start = tag.start
        while start > textStart, Self.isBlank(bytes[start - 1]) {
            start -= 1
        }
        // Text before the tag starts at `textStart`, so reaching it without a newline means the
        // previous tag is on this line, unless that tag's own line (newline included) was
        // removed, in which case `textStart` follows a newline.
        guard start == 0 || bytes[start - 1] == UInt8(ascii: "\n") else { return nil }
        var end = tag.end
        while end < bytes.count, Self.isBlank(bytes[end]) {
            end += 1
        }
        if end == bytes.count {
            return (start, end)
        }
        if bytes[end] == UInt8(ascii: "\n") {
            return (start, end + 1)
        }
        if bytes[end] == UInt8(ascii: "\r"), end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "\n") {
            return (start, end + 2)
        }
        return nil
    }

    /// Emits the pending text up to `end`, with a `.lineStart` mark at each line start in it.
    ///
    /// A line start at `end` itself is left to whatever comes next: a tag there marks it, and a
    /// standalone tag removes that line.
    mutating func appendText(upTo end: Int) {
        guard textStart < end else { return }
        var chunkStart = textStart
        if isLineStart(textStart) {
            program.append(.lineStart)
        }
        var index = textStart
        while index < end {
            if bytes[index] == UInt8(ascii: "\n"), index + 1 < end {
                program.append(.text(String(decoding: bytes[chunkStart...index], as: UTF8.self)))
                program.append(.lineStart)
                chunkStart = index + 1
            }
            index += 1
        }
        program.append(.text(String(decoding: bytes[chunkStart..<end], as: UTF8.self)))
    }

    func isLineStart(_ offset: Int) -> Bool {
        offset == 0 || bytes[offset - 1] == UInt8(ascii: "\n")
    }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
}
