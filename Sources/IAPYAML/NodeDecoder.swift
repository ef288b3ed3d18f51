/// The `Decoder` ConfigDecoder hands to each `init(from:)`: one node, its coding path and the
/// session shared by the whole decode.
struct NodeDecoder: Decoder {
    let node: ConfigNode
    let codingPath: [any CodingKey]
    let session: DecodingSession
    /// Off only for the decoder `superDecoder()` returns, whose mapping has been checked already.
    var checksUnknownKeys = true

    var userInfo: [CodingUserInfoKey: Any] { session.userInfo }

    /// The decoder for a child node one key or index further down.
    func child(_ node: ConfigNode, key: any CodingKey) -> NodeDecoder {
        NodeDecoder(node: node, codingPath: codingPath + [key], session: session)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let entries = node.entries else { throw mismatch(expected: "a mapping") }
        let container = MappingContainer<Key>(decoder: self, entries: entries)
        if checksUnknownKeys { container.recordUnknownKeys() }
        return KeyedDecodingContainer(container)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let items = node.items else { throw mismatch(expected: "a list") }
        return ListContainer(decoder: self, items: items)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ScalarContainer(decoder: self)
    }

    var pathComponents: [String] { CodingPathText.components(codingPath) }

    /// An error at this node (or at `mark`), with this node's path extended by `key`.
    func error(_ message: String, at mark: ConfigMark? = nil, key: (any CodingKey)? = nil) -> ConfigDecodingError {
        let path = key.map { codingPath + [$0] } ?? codingPath
        return ConfigDecodingError(message, at: mark ?? node.mark, codingPath: CodingPathText.components(path))
    }

    /// "expected a mapping, found a list", and the like.
    func mismatch(expected: String, hint: String = "") -> ConfigDecodingError {
        error("expected \(expected), found \(node.foundDescription)\(hint)")
    }
}
