import SwiftUI

/// The first screen; the store comes into being only when the settings screen opens.
struct HomeView: View {
    var body: some View {
        NavigationStack {
            NavigationLink("Settings") { SettingsView() }
        }
    }
}

struct SettingsView: View {
    @State private var store = Store()

    var body: some View {
        Button("Restore purchases") { Task { try? await store.restore() } }
    }
}
