import SwiftUI

@main
struct PebbleApp: App {
    @State private var store = Store()

    var body: some Scene {
        WindowGroup {
            Text("Pebble")
        }
    }
}
