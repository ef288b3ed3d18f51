/// The unkeyed container over a list node; positions appear in paths as `[index]`.
struct ListContainer: UnkeyedDecodingContainer {
    let decoder: NodeDecoder
    let items: [ConfigNode]
    private(set) var currentIndex = 0

    init(decoder: NodeDecoder, items: [ConfigNode]) {
        self.decoder = decoder
        self.items = items
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    /// The decoder for the current item, moving past it.
    mutating func next() throws(ConfigDecodingError) -> NodeDecoder {
        guard !isAtEnd else { throw pastTheEnd }
        let item = decoder.child(items[currentIndex], key: IndexKey(currentIndex))
        currentIndex += 1
        return item
    }

    /// True, moving past the item, only when the current item is null.
    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw pastTheEnd }
        guard items[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    private var pastTheEnd: ConfigDecodingError {
        let count = items.count
        return decoder.error("expected more items; the list has only \(count) item\(count == 1 ? "" : "s")")
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try next() }
}

/// The fixed-type requirements, each a scalar conversion of the next item.
extension ListContainer {
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next().decodeBool() }
    mutating func decode(_ type: String.Type) throws -> String { try next().decodeString() }
    mutating func decode(_ type: Double.Type) throws -> Double { try next().decodeFloat(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next().decodeFloat(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next().decodeInteger(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().decodeInteger(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().decodeInteger(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().decodeInteger(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().decodeInteger(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next().decodeInteger(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().decodeInteger(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().decodeInteger(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().decodeInteger(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().decodeInteger(type) }
}
