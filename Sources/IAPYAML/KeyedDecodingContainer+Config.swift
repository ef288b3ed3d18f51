/// Error collection and marks for models decoded by ConfigDecoder.
///
/// A model's `init(from:)` can use these to report several bad fields from one block instead of
/// stopping at the first. Under other decoders they degrade gracefully: values decode as with
/// `try? decodeIfPresent`, nothing is recorded, and marks are nil.
extension KeyedDecodingContainer {
    /// Decodes the value for `key` if it is present and not null. If decoding fails, the error
    /// is recorded and nil returned, so the model can go on checking its other fields. With
    /// `required: true`, a missing key is recorded as "missing required key" too.
    public func decodeCollecting<T: Decodable>(_ type: T.Type, forKey key: Key, required: Bool = false) -> T? {
        guard let probe = probe(key) else {
            return required ? try? decode(type, forKey: key) : try? decodeIfPresent(type, forKey: key)
        }
        return probe.decodeCollecting(type, required: required)
    }

    /// Records a problem about `key`: at its value when present, otherwise at this mapping.
    /// Returns false when not decoding with ConfigDecoder, where there is nowhere to record it.
    @discardableResult
    public func recordError(_ message: String, forKey key: Key) -> Bool {
        guard let probe = probe(key) else { return false }
        probe.record(probe.mapping.error(message, at: probe.entry?.value.mark, key: key))
        return true
    }

    /// Records a problem about the whole mapping, at its mark. Returns false when not decoding
    /// with ConfigDecoder.
    @discardableResult
    public func recordError(_ message: String) -> Bool {
        guard let decoder = try? superDecoder() else { return false }
        return decoder.recordConfigError(message)
    }

    /// The mark of the mapping this container reads.
    public var mappingMark: ConfigMark? {
        (try? superDecoder())?.configMark
    }

    /// The mark of the value under `key`.
    public func mark(forKey key: Key) -> ConfigMark? {
        probe(key)?.entry?.value.mark
    }

    /// The mark of `key` itself.
    public func keyMark(forKey key: Key) -> ConfigMark? {
        probe(key)?.entry?.keyMark
    }

    private func probe(_ key: Key) -> ContainerProbe? {
        try? decode(ContainerProbe.self, forKey: key)
    }
}

/// The node behind any decoder, for types that decode themselves through a single-value
/// container and want to report their own problems at the right place.
extension Decoder {
    /// The node being decoded, under ConfigDecoder; nil under other decoders.
    public var configNode: ConfigNode? { (self as? NodeDecoder)?.node }

    /// The mark of the node being decoded, under ConfigDecoder.
    public var configMark: ConfigMark? { configNode?.mark }

    /// Records a problem at the node being decoded without stopping the decode. Returns false
    /// when not decoding with ConfigDecoder.
    @discardableResult
    public func recordConfigError(_ message: String) -> Bool {
        guard let decoder = self as? NodeDecoder else { return false }
        decoder.session.record(decoder.error(message))
        return true
    }
}
