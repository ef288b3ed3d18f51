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

    func applePayEntitlement() -> Outcome {
        guard let snapshot = context.snapshot else { return .noProject }
        let invalid = snapshot.entitlements.compactMap { $0.entry(Entitlements.invalidInAppPurchaseKey) }
        if !invalid.isEmpty {
            return Outcome(
                .fail, "\(Entitlements.invalidInAppPurchaseKey) is not a valid entitlement",
                invalid.compactMap(\.location))
        }
        let applePay = snapshot.entitlements.compactMap { $0.entry(Entitlements.applePayKey) }
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
