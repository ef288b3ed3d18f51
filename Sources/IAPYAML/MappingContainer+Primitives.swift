/// The fixed-type requirements of the keyed container, each a scalar conversion of the value.
extension MappingContainer {
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try valueDecoder(for: key).decodeBool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try valueDecoder(for: key).decodeString() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try valueDecoder(for: key).decodeFloat(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try valueDecoder(for: key).decodeFloat(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try valueDecoder(for: key).decodeInteger(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try valueDecoder(for: key).decodeInteger(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try valueDecoder(for: key).decodeInteger(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try valueDecoder(for: key).decodeInteger(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try valueDecoder(for: key).decodeInteger(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try valueDecoder(for: key).decodeInteger(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try valueDecoder(for: key).decodeInteger(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try valueDecoder(for: key).decodeInteger(type)
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try valueDecoder(for: key).decodeInteger(type)
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try valueDecoder(for: key).decodeInteger(type)
    }
}
