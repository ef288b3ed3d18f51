import SwiftUI

@main
struct PebbleApp: App {
    init() {
        bootstrap()
    }

    var body: some Scene {
        WindowGroup {
            Text("Pebble")
        }
    }

    /// Everything the app starts before its first screen.
    private func bootstrap() {
        Store.shared.startListening()
    }
}
