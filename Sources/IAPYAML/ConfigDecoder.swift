/// Decodes `Decodable` models from config trees, with errors located at the offending node.
///
/// Plain scalars are typed by the YAML 1.2 core schema, quoted ones are strings; see
/// `NodeDecoder+Scalars.swift` for the exact rules. Unknown keys (under `StrictCodingKey`) and
/// errors collected with `decodeCollecting` are recorded rather than thrown, so one pass can
/// report every problem in a block: use `decodeCollectingErrors(_:from:)` to get them all.
public struct ConfigDecoder: Sendable {
    /// Handed to every `init(from:)` as `decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    public init() {}

    /// The decoded value, or the first problem in document order. A recorded problem counts
    /// too: a value decoded around an unknown key or a collected field error is not returned as
    /// if the block were sound.
    public func decode<T: Decodable>(_ type: T.Type, from node: ConfigNode) throws(ConfigDecodingError) -> T {
        let outcome = decodeCollectingErrors(type, from: node)
        if let first = outcome.errors.first { throw first }
        guard let value = outcome.value else {
            throw ConfigDecodingError("the config could not be decoded", at: node.mark)
        }
        return value
    }

    /// The decoded value, if decoding got that far, and every problem found, in document order:
    /// the recorded ones and the one that stopped decoding, if any.
    public func decodeCollectingErrors<T: Decodable>(
        _ type: T.Type, from node: ConfigNode
    ) -> (value: T?, errors: [ConfigDecodingError]) {
        let session = DecodingSession(userInfo: userInfo.mapValues { $0 as Any })
        let decoder = NodeDecoder(node: node, codingPath: [], session: session)
        do {
            let value = try decoder.decodeValue(type)
            return (value, session.errors)
        } catch {
            session.record(error)
            return (nil, session.errors)
        }
    }
}
