import IAPModel

/// What the guide's `platforms` mean for the generated code: which systems an availability
/// annotation must name, and whether every system the app runs on has the Observation
/// framework, so the store can be `@Observable` rather than an `ObservableObject`.
struct PlatformSupport {
    /// The first versions with StoreKit 2, by the names the guide format and `@available` use.
    static let storeKit2: [(name: String, version: [Int])] = [
        ("iOS", [15, 0]), ("macOS", [12, 0]), ("tvOS", [15, 0]), ("watchOS", [8, 0]), ("visionOS", [1, 0]),
    ]
    /// The first versions with the Observation framework.
    static let observation: [String: [Int]] = [
        "iOS": [17, 0], "macOS": [14, 0], "tvOS": [17, 0], "watchOS": [10, 0], "visionOS": [1, 0],
    ]

    let platforms: [Platform]

    init(_ platforms: [Platform]) {
        self.platforms = platforms
    }

    /// The app's minimum version on a platform, when the guide names it.
    func minimum(of name: String) -> [Int]? {
        guard let platform = platforms.first(where: { $0.name == name }) else { return nil }
        let parts = platform.minimumVersion.split(separator: ".").compactMap { Int($0) }
        return parts.isEmpty ? nil : parts
    }

    /// The StoreKit 2 versions an annotation must name: every platform when the guide names
    /// none, else those it names whose minimum lies below StoreKit 2.
    var storeKit2Versions: [String] {
        let needed = Self.storeKit2.filter { name, version in
            guard !platforms.isEmpty else { return name != "visionOS" }
            guard let minimum = minimum(of: name) else { return false }
            return minimum.lexicographicallyPrecedes(version)
        }
        return needed.map { "\($0.name) \($0.version.map(String.init).joined(separator: "."))" }
    }

    /// `@available(iOS 15.0, *)` or nothing, for declarations that use StoreKit 2.
    var storeKit2Attribute: String {
        let versions = storeKit2Versions
        return versions.isEmpty ? "" : "@available(" + (versions + ["*"]).joined(separator: ", ") + ")"
    }

    /// The arguments of a `#available` check for StoreKit 2.
    var storeKit2Check: String {
        let versions = storeKit2Versions
        return (versions.isEmpty ? ["iOS 15.0"] : versions).joined(separator: ", ") + ", *"
    }

    /// Whether every platform the guide names has Observation; false when it names none.
    var hasObservation: Bool {
        !platforms.isEmpty
            && platforms.allSatisfy { platform in
                guard let first = Self.observation[platform.name], let minimum = minimum(of: platform.name) else {
                    return false
                }
                return !minimum.lexicographicallyPrecedes(first)
            }
    }
}
