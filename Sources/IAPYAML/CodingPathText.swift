/// The list-position key ConfigDecoder uses, shown as `[index]` in paths.
struct IndexKey: CodingKey {
    let index: Int

    init(_ index: Int) { self.index = index }
    init?(intValue: Int) { self.index = intValue }
    init?(stringValue: String) { nil }

    var intValue: Int? { index }
    var stringValue: String { "Index \(index)" }
}

/// A mapping key known only by its text, for decoding mappings with open-ended keys.
struct NameKey: CodingKey {
    let stringValue: String

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    var intValue: Int? { nil }
}

/// Conversions between coding paths and their text.
enum CodingPathText {
    /// Each key as text, list positions as `[index]`. Foundation's decoders name positions
    /// "Index 3", which is recognised too, so paths from errors thrown by model code read the
    /// same as ConfigDecoder's own.
    static func components(_ path: [any CodingKey]) -> [String] {
        path.map { key in
            if let key = key as? IndexKey { return "[\(key.index)]" }
            if let index = key.intValue, key.stringValue == "Index \(index)" { return "[\(index)]" }
            return key.stringValue
        }
    }

    /// `products[1].subscription.period`; an empty path is the empty string.
    static func describe(_ components: [String]) -> String {
        var text = ""
        for component in components {
            let isIndex = component.hasPrefix("[") && component.hasSuffix("]")
            if !isIndex && !text.isEmpty { text += "." }
            text += component
        }
        return text
    }
}
