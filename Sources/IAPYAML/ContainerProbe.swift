/// A way through `KeyedDecodingContainer`, whose underlying container is hidden, back to the
/// ConfigDecoder state behind it.
///
/// The public extensions ask the container to decode a probe for a key. Only `MappingContainer`
/// answers with a real probe; under any other decoder the probe's `init(from:)` throws, and the
/// extensions fall back to plain `Decodable` behaviour.
struct ContainerProbe: Decodable {
    /// The decoder of the mapping the container reads.
    let mapping: NodeDecoder
    let key: any CodingKey
    let entry: ConfigEntry?

    init<Key: CodingKey>(container: MappingContainer<Key>, key: Key) {
        mapping = container.decoder
        self.key = key
        entry = container.entry(for: key)
    }

    init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(
            .init(codingPath: decoder.codingPath, debugDescription: "only ConfigDecoder can locate config values"))
    }

    /// The value decoded if present and not null; otherwise nil. A failure is recorded in the
    /// session rather than thrown. With `required`, an absent key is recorded as missing.
    func decodeCollecting<T: Decodable>(_ type: T.Type, required: Bool) -> T? {
        guard let entry else {
            if required { record(mapping.error("missing required key '\(key.stringValue)'", key: key)) }
            return nil
        }
        if entry.value.isNull && !required { return nil }
        do {
            return try mapping.child(entry.value, key: key).decodeValue(type)
        } catch {
            record(error)
            return nil
        }
    }

    func record(_ error: ConfigDecodingError) {
        mapping.session.record(error)
    }
}
