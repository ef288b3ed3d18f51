import SwiftUI

@main
struct PebbleApp: App {
    @State private var store = Store(identifier: { "\(Bundle.main.bundleIdentifier ?? "").\($0)" })

    var body: some Scene {
        WindowGroup {
            Text("Pebble")
        }
    }
}
