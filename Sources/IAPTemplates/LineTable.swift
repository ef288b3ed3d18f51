import IAPDiagnostics

/// Turns byte offsets into `line:column` locations, both 1-based with columns in UTF-8 bytes,
/// the convention of every other layer of IAPKit.
///
/// Built once per text so each lookup is a binary search, not a rescan from the start: a
/// template's tags are all located while it compiles.
struct LineTable: Sendable {
    private let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        lineStarts = starts
    }

    func location(of offset: Int, in file: String) -> SourceLocation {
        var low = 0
        var high = lineStarts.count - 1
        // The last line start at or before the offset.
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return SourceLocation(file: file, line: low + 1, column: offset - lineStarts[low] + 1)
    }
}
