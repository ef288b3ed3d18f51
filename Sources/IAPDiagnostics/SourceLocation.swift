/// A place in an input file, as compilers and Xcode print it (`path:line:column`).
///
/// Lines and columns start at 1. Columns count UTF-8 bytes, the unit cmark and clang use, so a
/// location from any layer of the pipeline points at the same character in an editor.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// A span of an input file, from `start` up to and including `end`.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    public var start: SourceLocation
    public var end: SourceLocation

    public init(start: SourceLocation, end: SourceLocation) {
        self.start = start
        self.end = end
    }

    /// The `line:col-line:col` form used by tree dumps.
    public var description: String {
        "\(start.line):\(start.column)-\(end.line):\(end.column)"
    }
}
