import SwiftUI

@main
struct PebbleApp: App {
    var body: some Scene {
        WindowGroup {
            HomeView()
        }
    }
}
