import FlowKit

/// The app's root feature: it starts watching the payment queue as the app launches.
struct AppFeature: Reducer {
    struct State {}

    enum AppDelegateAction {
        case didFinishLaunching
    }

    enum Action {
        case appDelegate(AppDelegateAction)
        case purchases(PurchaseEvent)
    }

    @Dependency(\.purchases) var purchases

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .appDelegate(.didFinishLaunching):
            return .run { send in
                for await event in purchases.observe() {
                    await send(.purchases(event))
                }
            }
        case .purchases:
            return .none
        }
    }
}
