import SwiftUI

/// The app's services, made once; the app passes them as `.shared`, so only the parameter's
/// type says which `shared` it is.
struct AppEnvironment {
    static let shared = AppEnvironment(store: Store())
    let store: Store
}

struct Analytics {
    static let shared = Analytics()
}

final class AppModel {
    let environment: AppEnvironment
    let analytics: Analytics

    init(environment: AppEnvironment, analytics: Analytics) {
        self.environment = environment
        self.analytics = analytics
    }
}

@main
struct PebbleApp: App {
    private let model = AppModel(environment: .shared, analytics: .shared)

    var body: some Scene {
        WindowGroup {
            Text("Pebble")
        }
    }
}
