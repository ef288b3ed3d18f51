import SwiftUI
import UIKit

/// The delegate that owns the store; the adaptor names its type only on the property.
final class AppDelegate: NSObject, UIApplicationDelegate {
    let store = Store()
}

@main
struct PebbleApp: App {
    @UIApplicationDelegateAdaptor private var delegate: AppDelegate

    var body: some Scene {
        WindowGroup {
            Text("Pebble")
        }
    }
}
