/// A mapping with free-form keys decoded in document order, such as localizations keyed by
/// locale, where the order the author wrote is the order a report or export should use.
/// (`[String: Value]` decodes too, but a dictionary forgets the order.)
public struct OrderedMapping<Value: Decodable>: Decodable {
    public struct Entry {
        public var key: String
        /// Nil only when decoded by a decoder other than ConfigDecoder.
        public var keyMark: ConfigMark?
        public var valueMark: ConfigMark?
        public var value: Value

        public init(key: String, keyMark: ConfigMark? = nil, valueMark: ConfigMark? = nil, value: Value) {
            self.key = key
            self.keyMark = keyMark
            self.valueMark = valueMark
            self.value = value
        }
    }

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    public var keys: [String] { entries.map(\.key) }

    public subscript(key: String) -> Value? {
        entries.first { $0.key == key }?.value
    }

    public init(from decoder: any Decoder) throws {
        guard let decoder = decoder as? NodeDecoder else {
            let container = try decoder.container(keyedBy: NameKey.self)
            entries = try container.allKeys.map { key in
                Entry(key: key.stringValue, value: try container.decode(Value.self, forKey: key))
            }
            return
        }
        guard let mapping = decoder.node.entries else { throw decoder.mismatch(expected: "a mapping") }
        entries = try mapping.map { (entry) throws(ConfigDecodingError) in
            let value = try decoder.child(entry.value, key: NameKey(entry.key)).decodeValue(Value.self)
            return Entry(key: entry.key, keyMark: entry.keyMark, valueMark: entry.value.mark, value: value)
        }
    }
}

extension OrderedMapping: Sendable where Value: Sendable {}
extension OrderedMapping.Entry: Sendable where Value: Sendable {}
extension OrderedMapping: Equatable where Value: Equatable {}
extension OrderedMapping.Entry: Equatable where Value: Equatable {}
