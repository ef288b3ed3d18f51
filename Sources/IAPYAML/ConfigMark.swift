import IAPDiagnostics

/// A position inside one config block: 1-based line, 1-based column counted in UTF-8 bytes.
///
/// Marks are relative to the block text, not to the Markdown file around it; the extraction
/// stage knows where the block starts and turns marks into file locations with
/// `sourceLocation(file:firstLine:columnOffset:)`. Bytes are used for columns so that a mark
/// agrees with `SourceLocation`, which every other layer of the pipeline reports in bytes.
public struct ConfigMark: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The start of a block, used where no better position exists.
    public static let start = ConfigMark(line: 1, column: 1)

    public var description: String { "\(line):\(column)" }

    public static func < (lhs: ConfigMark, rhs: ConfigMark) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// The file location of this mark when the block's first line is line `firstLine` of `file`
    /// and every line of the block was shifted right by `columnOffset` bytes in the file (an
    /// indented fence, for example).
    public func sourceLocation(file: String, firstLine: Int, columnOffset: Int = 0) -> SourceLocation {
        SourceLocation(file: file, line: firstLine + line - 1, column: column + columnOffset)
    }
}
