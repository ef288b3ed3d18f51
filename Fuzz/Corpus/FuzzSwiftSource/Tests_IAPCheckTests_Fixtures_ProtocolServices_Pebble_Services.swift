/// Puts one part of the app's services in the container.
protocol ServiceProvider {
    func registerServices(in services: Services)
}

/// The app's services, filled at launch by the provider of each part of the app.
final class Services {
    static let shared = Services()
    var store: Store?
    var events: [String] = []

    func register(providers: [any ServiceProvider]) {
        for provider in providers {
            provider.registerServices(in: self)
        }
    }
}

struct StoreServices: ServiceProvider {
    func registerServices(in services: Services) {
        services.store = Store()
    }
}

struct LoggingServices: ServiceProvider {
    func registerServices(in services: Services) {
        services.events.append("launched")
    }
}
