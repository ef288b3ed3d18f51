import IAPDiagnostics
import IAPProject

/// Checks of `project.pbxproj` and the entitlements files.
struct ProjectFileChecks {
    let context: CheckContext

    func iapCapability() -> Outcome {
        guard let snapshot = context.snapshot else { return .noProject }
        let marked = snapshot.project.targets.filter { $0.inAppPurchaseCapability == true }
        guard !marked.isEmpty else {
            return Outcome(.info, "no In-App Purchase marker; modern Xcode records none, so nothing is wrong")
        }
        let evidence = snapshot.project.location(of: "com.apple.InAppPurchase").map { [$0] } ?? []
        return Outcome(
            .info, "\(marked.map(\.name).joined(separator: ", ")) record the In-App Purchase capability", evidence)
    }

    func storeKitLinked() -> Outcome {
        guard let snapshot = context.snapshot else { return .noProject }
        let linking = snapshot.project.targets.filter { target in
            target.linkedFrameworks.contains { $0.hasPrefix("StoreKit") }
        }
        guard !linking.isEmpty else {
            return Outcome(.info, "StoreKit is not linked by hand; Swift links it when imported")
        }
        let evidence = snapshot.project.location(of: "StoreKit.framework").map { [$0] } ?? []
        return Outcome(.info, "\(linking.map(\.name).joined(separator: ", ")) link StoreKit explicitly", evidence)
    }

    /// The entitlements files a target signs with (`CODE_SIGN_ENTITLEMENTS`, in any
    /// configuration of a target that is not a test). A file no target names is a left-over that
    /// grants nothing; when no target names any, every file is judged, as the project's
    /// settings may live where they cannot be read.
    static func signedEntitlements(_ snapshot: ProjectSnapshot) -> [Entitlements] {
        var named: Set<String> = []
        for target in snapshot.project.targets where !target.isTest {
            for configuration in target.configurations {
                guard
                    let value = snapshot.buildSettings(target, configuration: configuration.name)
                        .value("CODE_SIGN_ENTITLEMENTS")?.value,
                    !value.isEmpty, let path = ProjectPath.resolve(value, from: snapshot.projectFolder)
                else { continue }
                named.insert(ProjectPath.tidy(path))
            }
        }
        guard !named.isEmpty else { return snapshot.entitlements }
        return snapshot.entitlements.filter { named.contains(ProjectPath.tidy($0.path)) }
    }

    func applePayEntitlement() -> Outcome {
        guard let snapshot = context.snapshot else { return .noProject }
        // The invented key is a mistake in any file; Apple Pay's key matters where it is signed.
        let invalid = snapshot.entitlements.flatMap(\.inventedInAppPurchaseEntries)
        if let first = invalid.first {
            return Outcome(.fail, "\(first.key) is not a valid entitlement", invalid.compactMap(\.location))
        }
        let applePay = Self.signedEntitlements(snapshot).compactMap { $0.entry(Entitlements.applePayKey) }
        if !applePay.isEmpty {
            if let use = applePayUse(in: snapshot.sources) {
                // The key is right for an app that also takes Apple Pay, as for donations.
                return Outcome(
                    .pass,
                    "\(Entitlements.applePayKey) serves the app's Apple Pay code (\(use.name) at \(use.location)); "
                        + "in-app purchases need no entitlement", applePay.compactMap(\.location) + [use.location])
            }
            return Outcome(
                .warning, "\(Entitlements.applePayKey) enables Apple Pay, which in-app purchases do not need",
                applePay.compactMap(\.location))
        }
        return Outcome(.pass, "no entitlements file confuses Apple Pay with in-app purchase")
    }

    static let applePayTypes = [
        "PKPaymentRequest", "PKPaymentAuthorizationViewController", "PKPaymentAuthorizationController",
        "PKPaymentButton", "PayWithApplePayButton",
    ]

    /// The first place the sources take an Apple Pay payment, if any.
    private func applePayUse(in scans: [SwiftSourceScan]) -> (name: String, location: SourceLocation)? {
        for scan in scans {
            guard let name = Self.applePayTypes.first(where: scan.mentions),
                let token = scan.occurrences(of: name).first
            else { continue }
            return (name, token.location)
        }
        return nil
    }
}
