import IAPModel

/// What the guide's `platforms` mean for the generated code: which systems an availability
/// annotation must name, and whether every system the app runs on has the Observation
/// framework, so the store can be `@Observable` rather than an `ObservableObject`.
struct PlatformSupport {
    let platforms: [Platform]

    init(_ platforms: [Platform]) {
        self.platforms = platforms
    }

    /// The app's minimum version on a platform, when the guide names it.
    func minimum(of name: String) -> [Int]? {
        platforms.first { $0.name == name }.flatMap { PlatformVersions.parse($0.minimumVersion) }
    }

    /// The StoreKit 2 versions an annotation must name: every platform but visionOS (which
    /// always had StoreKit 2) when the guide names none, else those it names whose minimum lies
    /// below StoreKit 2.
    var storeKit2Versions: [String] {
        PlatformVersions.names.compactMap { name in
            guard let first = PlatformVersions.storeKit2[name] else { return nil }
            if platforms.isEmpty {
                return name == "visionOS" ? nil : "\(name) \(PlatformVersions.text(first))"
            }
            guard let minimum = minimum(of: name), PlatformVersions.precedes(minimum, first) else { return nil }
            return "\(name) \(PlatformVersions.text(first))"
        }
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
                guard let first = PlatformVersions.observation[platform.name], let minimum = minimum(of: platform.name)
                else { return false }
                return !PlatformVersions.precedes(minimum, first)
            }
    }
}
