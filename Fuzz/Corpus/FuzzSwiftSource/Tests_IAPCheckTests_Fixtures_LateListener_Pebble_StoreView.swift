import SwiftUI

/// Starts the listener only when the store screen appears: too late for purchases that finish
/// while the app is closed.
struct StoreView: View {
    let store: Store

    var body: some View {
        Text("Store")
            .onAppear { store.startListening() }
    }
}
