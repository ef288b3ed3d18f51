/// A message that names a second place in the text it is about ("the list that started at line 3,
/// column 7"), kept in pieces.
///
/// A reader of a block cut from a larger file (a config block, a page's front matter) counts
/// lines from the block's first line. The stage that knows where the block sits turns the
/// message's main mark into a file location; with the pieces it can do the same to the place
/// named inside the words, so both point into the file the author has open.
public struct PlacedMessage: Hashable, Sendable, CustomStringConvertible {
    /// A line, and a column when the message names one, in the reader's own numbering.
    public struct Place: Hashable, Sendable {
        public var line: Int
        public var column: Int?

        public init(line: Int, column: Int? = nil) {
            self.line = line
            self.column = column
        }
    }

    public var before: String
    public var place: Place?
    public var after: String

    /// A message that names no other place.
    public init(_ text: String) {
        before = text
        place = nil
        after = ""
    }

    /// `before`, then the place as "line L, column C" (or "line L"), then `after`.
    public init(_ before: String, _ place: Place, _ after: String = "") {
        self.before = before
        self.place = place
        self.after = after
    }

    /// The message with the place as the reader numbered it.
    public var description: String { text { $0 } }

    /// The message with the place moved by `placing`, from the reader's numbering to the file's.
    public func text(placing: (Place) -> Place) -> String {
        guard let place else { return before }
        let placed = placing(place)
        let position = placed.column.map { "line \(placed.line), column \($0)" } ?? "line \(placed.line)"
        return before + position + after
    }
}
