/// One `key: value` pair of a mapping, in document order.
///
/// Keys are kept as text because config keys are always names; the readers refuse a mapping or
/// list used as a key. The key has its own mark so "unknown key" and "duplicate key" reports
/// can point at the key rather than at its value.
public struct ConfigEntry: Sendable {
    public let key: String
    public let keyMark: ConfigMark
    public let value: ConfigNode

    public init(key: String, keyMark: ConfigMark, value: ConfigNode) {
        self.key = key
        self.keyMark = keyMark
        self.value = value
    }
}
