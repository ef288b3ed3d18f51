import IAPDiagnostics

/// Converts libyaml's positions into `ConfigMark`s.
///
/// libyaml counts `mark.index` and `mark.column` in characters (Unicode scalars) and also breaks
/// lines at U+0085, U+2028 and U+2029, which editors do not. Its character index is therefore
/// turned into a byte offset first and the line and byte column are worked out from that.
/// Marks arrive almost in order, so a cursor that walks forward (or back) from the previous
/// answer keeps the whole conversion linear in the input size.
struct YAMLPositions {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var lines: LineTable
    /// libyaml skips a byte order mark without counting it.
    private let firstOffset: Int
    private var cursorIndex = 0
    private var cursorOffset: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.lines = LineTable(bytes)
        let hasByteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        firstOffset = hasByteOrderMark ? 3 : 0
        cursorOffset = firstOffset
    }

    /// The mark of libyaml's character index `index`.
    mutating func mark(characterIndex index: Int) -> ConfigMark {
        lines.mark(at: byteOffset(characterIndex: index))
    }

    /// The mark of a byte offset into the raw input, as libyaml's reader errors report it.
    mutating func mark(byteOffset offset: Int) -> ConfigMark {
        lines.mark(at: offset)
    }

    /// The byte at a mark's position, if the mark is inside the text.
    mutating func byte(characterIndex index: Int) -> UInt8? {
        let offset = byteOffset(characterIndex: index)
        return offset < bytes.count ? bytes[offset] : nil
    }

    private mutating func byteOffset(characterIndex index: Int) -> Int {
        while cursorIndex < index, cursorOffset < bytes.count {
            cursorOffset = min(cursorOffset + Self.sequenceLength(leadingByte: bytes[cursorOffset]), bytes.count)
            cursorIndex += 1
        }
        while cursorIndex > index, cursorOffset > firstOffset {
            cursorOffset -= 1
            while cursorOffset > firstOffset, bytes[cursorOffset] & 0xC0 == 0x80 { cursorOffset -= 1 }
            cursorIndex -= 1
        }
        return cursorOffset
    }

    private static func sequenceLength(leadingByte byte: UInt8) -> Int {
        switch byte {
        case 0xF0...: return 4
        case 0xE0...: return 3
        case 0xC0...: return 2
        default: return 1
        }
    }
}
