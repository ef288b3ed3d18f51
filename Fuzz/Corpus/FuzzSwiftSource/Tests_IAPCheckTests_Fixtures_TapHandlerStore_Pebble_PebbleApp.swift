import UIKit

/// A UIKit app whose store is made only when the customer taps the shop banner or picks "Shop"
/// in an alert: neither handler runs at launch.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        window = UIWindow()
        window?.rootViewController = HomeController()
        return true
    }
}

final class HomeController: UIViewController {
    private let banner = UIView()
    private var store: Store?

    override func viewDidLoad() {
        super.viewDidLoad()
        banner.addTapGestureRecognizer { _ in
            self.openShop()
        }
        let offer = UIAlertController(title: "Pebble Pro", message: nil, preferredStyle: .alert)
        offer.addAction(UIAlertAction(title: "Shop", style: .default, handler: { _ in self.openShop() }))
    }

    func openShop() {
        store = Store()
    }
}
