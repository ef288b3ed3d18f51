import SwiftUI

/// The settings screen's way back to earlier purchases.
struct RestoreButton: View {
    let store: Store

    var body: some View {
        Button("Restore purchases") { store.restore() }
    }
}
