import IAPDiagnostics

/// A value together with where the guide wrote it, so validation can point at the exact key.
public struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

extension Located: Encodable where Value: Encodable {
    /// Only the value is encoded: model JSON stays as simple as the guide that produced it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
