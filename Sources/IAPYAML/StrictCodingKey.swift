/// Coding keys that list every key a mapping may hold.
///
/// When a model's `CodingKeys` conform, ConfigDecoder reports each mapping key that is not
/// among `allCases` as an unknown key, with a "did you mean" suggestion, so a misspelt optional
/// field is not silently ignored. The report is recorded, not thrown: decoding carries on, and
/// the caller sees every unknown key of the block at once.
///
///     enum CodingKeys: String, StrictCodingKey {
///         case id, referenceName, price
///     }
public protocol StrictCodingKey: CodingKey, CaseIterable {}

extension StrictCodingKey {
    /// The text of every allowed key, in declaration order.
    static var allKeyNames: [String] { allCases.map(\.stringValue) }
}

/// The allowed key names of a key type known only at run time.
func allowedKeyNames(_ type: any StrictCodingKey.Type) -> [String] {
    type.allKeyNames
}
