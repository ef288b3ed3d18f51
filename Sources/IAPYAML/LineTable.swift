/// Turns byte offsets in a block's text into `ConfigMark`s.
///
/// Lines end at LF, CR LF or a lone CR, the same breaks CommonMark uses, so marks agree with the
/// Markdown layer's line numbers. The table records line starts only as far as it has been
/// asked about: a reader that stops at an early error never scans the rest of a large input.
struct LineTable {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var lineStarts: [Int] = [0]
    private var scanned = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func mark(at offset: Int) -> ConfigMark {
        let offset = min(max(offset, 0), bytes.count)
        scan(through: offset)
        // The last line start at or before `offset`.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return ConfigMark(line: low + 1, column: offset - lineStarts[low] + 1)
    }

    private mutating func scan(through offset: Int) {
        while scanned < offset {
            let byte = bytes[scanned]
            scanned += 1
            if byte == UInt8(ascii: "\n") {
                lineStarts.append(scanned)
            } else if byte == UInt8(ascii: "\r") {
                let followedByNewline = scanned < bytes.count && bytes[scanned] == UInt8(ascii: "\n")
                if !followedByNewline { lineStarts.append(scanned) }
            }
        }
    }
}
