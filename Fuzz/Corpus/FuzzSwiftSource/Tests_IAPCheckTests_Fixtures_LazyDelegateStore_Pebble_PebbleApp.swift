import UIKit

/// The app delegate holds the store in a lazy property that only the tip screen reads: it is
/// made when that screen first opens, not at launch.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    static var shared: AppDelegate? { UIApplication.shared.delegate as? AppDelegate }
    lazy var store = Store()

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        true
    }
}

final class TipController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        _ = AppDelegate.shared?.store
    }
}
