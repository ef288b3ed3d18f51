import SwiftUI

@main
struct PebbleApp: App {
    @State private var store = Store()

    var body: some Scene {
        WindowGroup {
            RootView(store: store)
        }
    }
}

/// The scene's root view starts the listener as it first appears.
struct RootView: View {
    let store: Store

    var body: some View {
        Text("Pebble")
            .task { store.startListening() }
    }
}
