import Foundation

// The few UIKit declarations the generated store names, so that its UIKit paths (confirming a
// purchase in a scene, the refund, manage-subscriptions and offer-code sheets, the foreground
// notification) compile and run on systems without UIKit. Apple's declarations, reduced.

/// An object that takes part in event handling.
@MainActor
open class UIResponder: NSObject {
    public override init() {
        super.init()
    }
}

/// One instance of the app's user interface.
@MainActor
open class UIScene: UIResponder {}

/// A scene that manages one or more windows; StoreKit presents its sheets in one.
@MainActor
open class UIWindowScene: UIScene {}

/// The running app.
@MainActor
open class UIApplication: UIResponder {
    /// Posted shortly before the app leaves the background.
    public nonisolated static let willEnterForegroundNotification = Notification.Name(
        "UIApplicationWillEnterForegroundNotification")
    /// Posted when the app becomes active.
    public nonisolated static let didBecomeActiveNotification = Notification.Name(
        "UIApplicationDidBecomeActiveNotification")
}
