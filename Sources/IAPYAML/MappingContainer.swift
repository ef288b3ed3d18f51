import IAPDiagnostics

/// The keyed container over a mapping node.
///
/// Keys are looked up through an index built once per container. A missing key is reported at
/// the mapping, since there is no node for it; a key present with the wrong type is reported at
/// its value.
struct MappingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: NodeDecoder
    let entries: [ConfigEntry]
    private let positions: [String: Int]

    init(decoder: NodeDecoder, entries: [ConfigEntry]) {
        self.decoder = decoder
        self.entries = entries
        // Keys are unique: both readers refuse duplicates.
        positions = Dictionary(entries.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    var codingPath: [any CodingKey] { decoder.codingPath }

    /// Keys in document order, which `[String: T]` and ordered mappings rely on.
    var allKeys: [Key] { entries.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { positions[key.stringValue] != nil }

    func entry(for key: Key) -> ConfigEntry? {
        positions[key.stringValue].map { entries[$0] }
    }

    /// The decoder for `key`'s value, or the "missing required key" error.
    func valueDecoder(for key: Key) throws(ConfigDecodingError) -> NodeDecoder {
        guard let entry = entry(for: key) else {
            throw decoder.error("missing required key '\(key.stringValue)'", key: key)
        }
        return decoder.child(entry.value, key: key)
    }

    /// Under `StrictCodingKey`s, records every key of the mapping that `Key` does not list.
    func recordUnknownKeys() {
        guard let strictType = Key.self as? any StrictCodingKey.Type else { return }
        let allowed = allowedKeyNames(strictType)
        let allowedSet = Set(allowed)
        let place = decoder.pathComponents.isEmpty ? "" : " in \(CodingPathText.describe(decoder.pathComponents))"
        for entry in entries where !allowedSet.contains(entry.key) {
            var message = "unknown key '\(entry.key)'\(place)"
            if let suggestion = Suggestion.closest(to: entry.key, among: allowed) {
                message += "; did you mean '\(suggestion)'?"
            }
            decoder.session.record(decoder.error(message, at: entry.keyMark, key: NameKey(entry.key)))
        }
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try valueDecoder(for: key).node.isNull
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if T.self == ContainerProbe.self, let probe = ContainerProbe(container: self, key: key) as? T {
            return probe
        }
        return try valueDecoder(for: key).decodeValue(type)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try valueDecoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try valueDecoder(for: key).unkeyedContainer()
    }

    /// A decoder for this same mapping. Config has no "super" key: a superclass reads its fields
    /// from the mapping its subclass reads. Unknown keys are not checked again, since each
    /// class's strict keys would list only its own part. The public `recordError(_:)` and
    /// `mappingMark` reach the mapping this way.
    func superDecoder() throws -> any Decoder {
        var same = decoder
        same.checksUnknownKeys = false
        return same
    }

    /// The decoder for the value under `key`, so a field can be decoded by another type's
    /// `init(from:)`.
    func superDecoder(forKey key: Key) throws -> any Decoder {
        try valueDecoder(for: key)
    }
}
