import StoreKit
import SwiftUI

/// The listener is a view modifier that a view of the first screen applies: its `.task` runs
/// as the app opens.
@main
struct PebbleApp: App {
    @State private var store = Store()

    var body: some Scene {
        WindowGroup {
            RootView()
        }
    }
}

struct RootView: View {
    var body: some View {
        HomeView()
    }
}

struct HomeView: View {
    var body: some View {
        Text("Pebble")
            .modifier(PurchaseListener())
    }
}

struct PurchaseListener: ViewModifier {
    func body(content: Content) -> some View {
        content.task {
            for await update in Transaction.updates {
                if case .verified(let transaction) = update { await transaction.finish() }
            }
        }
    }
}
