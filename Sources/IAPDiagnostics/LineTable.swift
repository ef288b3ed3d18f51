/// Turns byte offsets into 1-based lines and columns, columns in UTF-8 bytes, the convention of
/// every layer of IAPKit. Lines end at LF, CR LF or a lone CR, the breaks CommonMark uses, so a
/// config block's positions agree with the Markdown layer's line numbers.
///
/// The one line table of IAPKit (the YAML, JSON and template readers use it): built once per
/// text, so each lookup is a binary search, not a rescan from the start.
public struct LineTable: Sendable {
    private let lineStarts: [Int]
    private let count: Int

    public init(_ bytes: some Collection<UInt8>) {
        var starts = [0]
        var offset = 0
        var afterCR = false
        for byte in bytes {
            offset += 1
            if byte == UInt8(ascii: "\n") {
                if afterCR { starts[starts.count - 1] = offset } else { starts.append(offset) }
                afterCR = false
            } else if byte == UInt8(ascii: "\r") {
                starts.append(offset)
                afterCR = true
            } else {
                afterCR = false
            }
        }
        lineStarts = starts
        count = offset
    }

    /// The line and column of `offset`, clamped to the text.
    public func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        let offset = min(max(offset, 0), count)
        var low = 0
        var high = lineStarts.count - 1
        // The last line start at or before `offset`.
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    public func location(of offset: Int, in file: String) -> SourceLocation {
        let (line, column) = lineAndColumn(of: offset)
        return SourceLocation(file: file, line: line, column: column)
    }
}
