/// The first system versions with the frameworks the generated code depends on, by the names
/// the guide format and `@available` use.
public enum PlatformVersions {
    /// Every platform the guide format knows, in the order annotations name them.
    public static let names = ["iOS", "macOS", "tvOS", "watchOS", "visionOS"]

    /// StoreKit 2 (`Product`, `Transaction`).
    public static let storeKit2: [String: [Int]] = [
        "iOS": [15, 0], "macOS": [12, 0], "tvOS": [15, 0], "watchOS": [8, 0], "visionOS": [1, 0],
    ]

    /// The Observation framework (`@Observable`).
    public static let observation: [String: [Int]] = [
        "iOS": [17, 0], "macOS": [14, 0], "tvOS": [17, 0], "watchOS": [10, 0], "visionOS": [1, 0],
    ]

    /// `16.4` as `[16, 4]`; nil when it is not a version.
    public static func parse(_ version: String) -> [Int]? {
        let parts = version.split(separator: ".", omittingEmptySubsequences: false).compactMap { Int($0) }
        let count = version.split(separator: ".", omittingEmptySubsequences: false).count
        guard !parts.isEmpty, parts.count == count, count <= 3, parts.allSatisfy({ $0 >= 0 }) else { return nil }
        return parts
    }

    /// Whether `version` comes before `other`: `15` before `15.1`, `15.0` not before `15`.
    public static func precedes(_ version: [Int], _ other: [Int]) -> Bool {
        let length = max(version.count, other.count)
        let padded = { (parts: [Int]) in parts + Array(repeating: 0, count: length - parts.count) }
        return padded(version).lexicographicallyPrecedes(padded(other))
    }

    /// `[15, 0]` as `15.0`.
    public static func text(_ version: [Int]) -> String {
        (version.count == 1 ? version + [0] : version).map(String.init).joined(separator: ".")
    }
}
