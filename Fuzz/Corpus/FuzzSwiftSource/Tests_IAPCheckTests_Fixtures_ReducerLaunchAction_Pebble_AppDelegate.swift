import FlowKit
import UIKit

final class AppDelegate: NSObject, UIApplicationDelegate {
    let flow = FlowStore(initialState: AppFeature.State()) { AppFeature() }

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        flow.send(.appDelegate(.didFinishLaunching))
        return true
    }
}
