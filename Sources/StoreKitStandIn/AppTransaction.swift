import Foundation

/// The App Store's record of the customer's purchase or download of the app itself, for apps
/// that move from paid to free and must honour what earlier customers paid for.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
public struct AppTransaction: Sendable {
    /// The app version the customer first bought or downloaded (`CFBundleVersion`).
    public let originalAppVersion: String
    /// When the customer first bought or downloaded the app.
    public let originalPurchaseDate: Date
    /// The version the App Store signed this record for.
    public let appVersion: String
    public let environment: AppStore.Environment

    /// The signed record for this device (`FakeAppStore.appTransaction`).
    public static var shared: VerificationResult<AppTransaction> {
        get async throws {
            await Task.yield()
            guard let fake = StoreBackend.shared.state.withLock({ $0.appTransaction }) else {
                throw StoreKitError.unknown
            }
            return .verified(
                AppTransaction(
                    originalAppVersion: fake.originalAppVersion, originalPurchaseDate: fake.originalPurchaseDate,
                    appVersion: fake.appVersion, environment: .xcode))
        }
    }
}
