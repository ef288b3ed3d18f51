import IAPDiagnostics

/// The bytes of one input file after repair, with an index of where each line starts.
///
/// Repair replaces invalid UTF-8 and NUL characters with U+FFFD before cmark sees the text, so
/// the columns cmark reports and the lines kept here describe the same bytes. Later stages read
/// lines from here to see what the tree no longer shows: the `[x]` of a task item, the fence of
/// a code block, the indentation of a config block.
public struct SourceText: Sendable {
    public let file: String
    public let bytes: [UInt8]
    /// Byte offset of the first character of each line; line `n` (1-based) starts at `lineStarts[n - 1]`.
    let lineStarts: [Int]

    /// What repair had to change, if anything: where the first bad byte was (line and byte
    /// column in the original), and whether it was a NUL, the mark of a binary file.
    public let damage: Damage?

    public struct Damage: Sendable, Hashable {
        public var line: Int
        public var column: Int
        public var containsNUL: Bool
    }

    public init(file: String, bytes: some Collection<UInt8>) {
        self.file = file
        let original = Array(bytes)
        let damage = SourceText.inspect(original)
        self.damage = damage
        self.bytes = damage == nil ? original : SourceText.repaired(original)
        self.lineStarts = SourceText.indexLines(self.bytes)
    }

    public init(file: String, text: String) {
        self.init(file: file, bytes: Array(text.utf8))
    }

    public var lineCount: Int { lineStarts.count }

    /// The bytes of line `number` (1-based) without its line ending; empty when out of range.
    public func line(_ number: Int) -> ArraySlice<UInt8> {
        guard number >= 1, number <= lineStarts.count else { return [] }
        let start = lineStarts[number - 1]
        var end = number < lineStarts.count ? lineStarts[number] : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return bytes[start..<end]
    }

    /// The byte offset of a 1-based line and column, or -1 when out of range.
    public func offset(line: Int, column: Int) -> Int {
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return -1 }
        let offset = lineStarts[line - 1] + column - 1
        return offset <= bytes.count ? offset : -1
    }

    /// Line `number` as a string.
    public func lineText(_ number: Int) -> String {
        String(decoding: line(number), as: UTF8.self)
    }

    /// The location of a 1-based line and byte column in this file.
    public func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    private static func inspect(_ bytes: [UInt8]) -> Damage? {
        let nul = bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress, let found = memchr(base, 0, buffer.count) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        let invalid = UTF8Validation.firstInvalidOffset(in: bytes)
        guard let offset = [nul, invalid].compactMap({ $0 }).min() else { return nil }
        let position = UTF8Validation.lineAndColumn(of: offset, in: bytes)
        return Damage(line: position.line, column: position.column, containsNUL: nul != nil)
    }

    private static func repaired(_ bytes: [UInt8]) -> [UInt8] {
        let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
        var repaired: [UInt8] = []
        repaired.reserveCapacity(bytes.count + 16)
        for byte in String(decoding: bytes, as: UTF8.self).utf8 {
            if byte == 0 { repaired.append(contentsOf: replacement) } else { repaired.append(byte) }
        }
        return repaired
    }

    private static func indexLines(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let count = buffer.count
            // Each line ends at the next LF, CR or CR LF; memchr finds both bytes quickly.
            var offset = 0
            var nextLF = memchrOffset(base, UInt8(ascii: "\n"), from: 0, count: count)
            var nextCR = memchrOffset(base, UInt8(ascii: "\r"), from: 0, count: count)
            while offset < count {
                let end = min(nextLF, nextCR)
                guard end < count else { break }
                var next = end + 1
                if end == nextCR, next < count, base[next] == UInt8(ascii: "\n") { next += 1 }
                if next < count { starts.append(next) }
                offset = next
                if nextLF < offset { nextLF = memchrOffset(base, UInt8(ascii: "\n"), from: offset, count: count) }
                if nextCR < offset { nextCR = memchrOffset(base, UInt8(ascii: "\r"), from: offset, count: count) }
            }
        }
        return starts
    }
}

/// The offset of the next `byte` at or after `from`, or `count` when there is none.
private func memchrOffset(_ base: UnsafePointer<UInt8>, _ byte: UInt8, from: Int, count: Int) -> Int {
    guard from < count, let found = memchr(base + from, Int32(byte), count - from) else { return count }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif
