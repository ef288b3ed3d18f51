/// The marker that opens a CommonMark list item: `-`, `+` or `*`, or one to nine digits and
/// `.` or `)`, followed by a space, a tab or the end of the line. One reading for every place
/// that must tell such a line from text: a table cell, a definition inside a list item.
public enum ListMarker {
    /// The marker's length at the start of `text`; nil when the text does not open a list item.
    public static func length<Text: RandomAccessCollection>(at text: Text) -> Int?
    where Text.Element == UInt8, Text.Index == Int {
        let digits = text.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
        let length: Int
        if digits == 0 {
            guard let first = text.first,
                first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "*")
            else { return nil }
            length = 1
        } else {
            guard digits <= 9, text.count > digits else { return nil }
            let delimiter = text[text.startIndex + digits]
            guard delimiter == UInt8(ascii: ".") || delimiter == UInt8(ascii: ")") else { return nil }
            length = digits + 1
        }
        guard text.count > length else { return length }
        let next = text[text.startIndex + length]
        return next == 0x20 || next == 0x09 ? length : nil
    }

    /// Whether `text` opens an ordered list item (`1.`, `2)` and so on).
    public static func opensOrderedItem<Text: RandomAccessCollection>(_ text: Text) -> Bool
    where Text.Element == UInt8, Text.Index == Int {
        guard let first = text.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return length(at: text) != nil
    }
}
