import Foundation
import IAPCheck
import IAPDiagnostics
import IAPModel
import IAPProject
import IAPTestSupport
import Testing

/// Shapes met in real projects that the fixtures did not have: each is one change to a fixture,
/// and the check that must see it.
@Suite struct HoldOutShapesTests {
    typealias Detail = FindingDetailTests

    static func adding(_ path: String, _ text: String, to files: [String: [UInt8]]) -> [String: [UInt8]] {
        var files = files
        files[path] = Array(text.utf8)
        return files
    }

    /// The Clean project with a second application target, `T…09`, whose only configuration
    /// (Debug) sets `settings`; `targetLines` go into the target's own section.
    static func addingAppTarget(
        _ name: String, settings: [String], targetLines: [String] = [], to files: [String: [UInt8]]
    ) throws -> [String: [UInt8]] {
        let path = "Pebble.xcodeproj/project.pbxproj"
        var files = try Detail.replacing(
            path, "\t\t\t\tT10000000000000000000001 /* Pebble */,\n\t\t\t);",
            with:
                "\t\t\t\tT10000000000000000000001 /* Pebble */,\n\t\t\t\tT10000000000000000000009 /* \(name) */,\n\t\t\t);",
            in: files)
        let target =
            [
                "\t\tT10000000000000000000009 /* \(name) */ = {", "\t\t\tisa = PBXNativeTarget;",
                "\t\t\tbuildConfigurationList = L10000000000000000000009;", "\t\t\tbuildPhases = (", "\t\t\t);",
            ]
            + targetLines.map { "\t\t\t" + $0 }
            + ["\t\t\tname = \(name);", "\t\t\tproductType = \"com.apple.product-type.application\";", "\t\t};"]
        files = try Detail.replacing(
            path, "/* End PBXNativeTarget section */",
            with: (target + ["/* End PBXNativeTarget section */"]).joined(separator: "\n"), in: files)
        files = try Detail.replacing(
            path, "/* End XCConfigurationList section */",
            with: """
                \t\tL10000000000000000000009 = {
                \t\t\tisa = XCConfigurationList;
                \t\t\tbuildConfigurations = (
                \t\t\t\tC10000000000000000000009 /* Debug */,
                \t\t\t);
                \t\t};
                /* End XCConfigurationList section */
                """, in: files)
        let configuration =
            [
                "\t\tC10000000000000000000009 /* Debug */ = {", "\t\t\tisa = XCBuildConfiguration;",
                "\t\t\tbuildSettings = {",
            ]
            + settings.map { "\t\t\t\t" + $0 }
            + ["\t\t\t};", "\t\t\tname = Debug;", "\t\t};", "/* End XCBuildConfiguration section */"]
        return try Detail.replacing(
            path, "/* End XCBuildConfiguration section */", with: configuration.joined(separator: "\n"), in: files)
    }

    /// The purchase path finishing is not enough: what `Transaction.updates` delivers must be
    /// finished too, by the loop or by what it calls.
    @Test func aTransactionUpdatesLoopThatFinishesNothingWarns() throws {
        let clean = try Fixture.files(nil)
        let unfinished = try Detail.replacing(
            "Pebble/Store.swift", "await transaction.finish() }", with: "print(transaction.id) }", in: clean)
        let withPurchase = Self.adding(
            "Pebble/Buying.swift",
            """
            import StoreKit

            extension Store {
                func buy(_ product: Product) async throws {
                    if case .success(.verified(let transaction)) = try await product.purchase() { await transaction.finish() }
                }
            }
            """, to: unfinished)
        let result = try Detail.result("finish-transactions", files: withPurchase)
        #expect(result?.status == .warning)
        #expect(result?.evidence.map(\.line) == [10])
        #expect(result?.message.contains("Transaction.updates loop finishes nothing") == true)
        // Finished by a method it calls, or handed to a stream whose reader cannot be followed.
        let delegated = try Detail.replacing(
            "Pebble/Store.swift", "print(transaction.id) }",
            with:
                "await self.deliver(transaction) }\n            }\n        }\n    }\n\n    func deliver(_ transaction: Transaction) async {\n        await transaction.finish()\n        do {\n            do {",
            in: withPurchase)
        #expect(try Detail.result("finish-transactions", files: delegated)?.status == .pass)
        let streamed = try Detail.replacing(
            "Pebble/Store.swift", "print(transaction.id) }", with: "continuation.yield(transaction) }",
            in: withPurchase)
        #expect(try Detail.result("finish-transactions", files: streamed)?.status == .pass)
    }

    /// `[NSNotificationQueue defaultQueue]` is not StoreKit's payment queue: a project that uses
    /// another class's `defaultQueue` and sells nothing is not told to add a transaction
    /// observer, finish, restore and ask whether payments are allowed (a framework of
    /// OmniGroup's got all four).
    @Test func anotherClassesDefaultQueueIsNotStoreKit() throws {
        let files = Self.adding(
            "Pebble/Notifier.m",
            """
            #import <Foundation/Foundation.h>

            void PebblePostWhenIdle(NSNotification *note) {
                [[NSNotificationQueue defaultQueue] enqueueNotification:note postingStyle:NSPostWhenIdle];
            }
            """, to: try Fixture.files("NoStoreCode"))
        for id in ["listener-at-launch", "finish-transactions", "restore-button", "can-make-payments"] {
            let result = try Detail.result(id, files: files)
            #expect(result?.status == .info, "\(id): \(result?.message ?? "no result")")
        }
    }

    /// A framework's project has no app for a scheme to run, so no scheme can lack a StoreKit
    /// configuration file: that is information, as the missing bundle ID is, not a warning.
    @Test func aProjectWithoutAnApplicationTargetIsNotToldToAttachAStoreKitFile() throws {
        let clean = try Fixture.files(nil)
        let unattached = try Detail.replacing(
            "Pebble.xcodeproj/xcshareddata/xcschemes/Pebble.xcscheme",
            "<StoreKitConfigurationFileReference\n         identifier = \"../../Pebble/Products.storekit\">\n      </StoreKitConfigurationFileReference>",
            with: "", in: clean)
        // The same project with an app still warns.
        #expect(try Detail.result("simulator-without-config", files: unattached)?.status == .warning)
        let framework = try Detail.replacing(
            "Pebble.xcodeproj/project.pbxproj", "com.apple.product-type.application",
            with: "com.apple.product-type.framework", in: unattached)
        let result = try Detail.result("simulator-without-config", files: framework)
        #expect(result?.status == .info)
        #expect(result?.message == "the project has no application target for a scheme to run")
        #expect(try Detail.result("bundle-id-mismatch", files: framework)?.status == .info)
    }

    /// One unknown ID requested from two screens is one finding with both places, not the same
    /// sentence twice (a settings screen of a real app asked for its one product twice).
    @Test func anUnknownIDRequestedTwiceIsNamedOnceWithBothPlaces() throws {
        let files = Self.adding(
            "Pebble/Settings.swift",
            """
            import StoreKit

            enum Settings {
                static func price() async throws -> [Product] {
                    try await Product.products(for: ["com.example.pebble.bronze"])
                }
            }
            """, to: try Fixture.files("UnknownID"))
        let result = try #require(try Detail.result("product-id-mismatch", files: files))
        #expect(result.status == .fail)
        #expect(
            result.message
                == "\"com.example.pebble.bronze\" reaches Product.products(for:) but is in neither the guides nor any .storekit file (2 places)"
        )
        #expect(result.evidence.count == 2)
    }

    /// A stored property of an array type with no value, right above `init`, ended where the
    /// initialiser's body did: the initialiser was read as the property's accessor, so the
    /// listener it starts was not reached from launch (Apple's subscription sample shape).
    @Test func anInitialiserAfterAnArrayPropertyWithoutAValueIsStillAnInitialiser() throws {
        let clean = try Fixture.files(nil)
        let files = try Detail.replacing(
            "Pebble/Store.swift", "    private var updates: Task<Void, Never>?\n",
            with: "    private var updates: Task<Void, Never>?\n    private(set) var names: [String]\n", in: clean)
        let result = try Detail.result("listener-at-launch", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "no result")")
        let tuple = try Detail.replacing(
            "Pebble/Store.swift", "    private var updates: Task<Void, Never>?\n",
            with: "    private var updates: Task<Void, Never>?\n    let size: (Int, Int)\n", in: clean)
        #expect(try Detail.result("listener-at-launch", files: tuple)?.status == .pass)
    }

    /// In Objective-C a failed case that falls into the next one is finished by it.
    @Test func anObjectiveCFailedCaseFallingIntoAFinishIsFinished() throws {
        let observer = """
            #import <StoreKit/StoreKit.h>

            @interface PebbleObserver : NSObject <SKPaymentTransactionObserver>
            @end

            @implementation PebbleObserver
            - (void)paymentQueue:(SKPaymentQueue *)queue updatedTransactions:(NSArray *)transactions {
                for (SKPaymentTransaction *transaction in transactions) {
                    switch (transaction.transactionState) {
                        case SKPaymentTransactionStatePurchased:
                            [queue finishTransaction:transaction];
                            break;
                        case SKPaymentTransactionStateFailed:
                        case SKPaymentTransactionStateDeferred:;
                            [queue finishTransaction:transaction];
                            break;
                        default:
                            break;
                    }
                }
            }
            @end
            """
        let files = Self.adding("Pebble/PebbleObserver.m", observer, to: try Fixture.files(nil))
        #expect(try Detail.result("finish-transactions", files: files)?.status == .pass)
        let stopped = try Detail.replacing(
            "Pebble/PebbleObserver.m", "case SKPaymentTransactionStateDeferred:;",
            with: "break;\n            case SKPaymentTransactionStateDeferred:;", in: files)
        let result = try Detail.result("finish-transactions", files: stopped)
        #expect(result?.status == .warning)
        #expect(result?.evidence.map(\.line) == [13])
    }

    /// A restored transaction stays in the queue like a failed one: an observer whose `.restored`
    /// falls into a `default:` that finishes nothing warns, and one whose case falls through
    /// (Swift's `fallthrough`) into a finishing case does not.
    @Test func aRestoredTransactionFallingIntoADefaultThatFinishesNothingWarns() throws {
        let observer = """
            import StoreKit

            final class PebbleObserver: NSObject, SKPaymentTransactionObserver {
                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions {
                        switch transaction.transactionState {
                        case .purchased:
                            queue.finishTransaction(transaction)
                        case .failed:
                            queue.finishTransaction(transaction)
                        default:
                            break
                        }
                    }
                }

                func restore() { SKPaymentQueue.default().restoreCompletedTransactions() }
            }

            final class RestoreButton {
                let observer = PebbleObserver()

                @objc func tapped() { observer.restore() }
            }
            """
        let files = Self.adding("Pebble/PebbleObserver.swift", observer, to: try Fixture.files(nil))
        let result = try Detail.result("finish-transactions", files: files)
        #expect(result?.status == .warning)
        #expect(result?.message.contains("finishes no restored transaction") == true)
        #expect(result?.evidence.map(\.line) == [11])
        let carried = try Detail.replacing(
            "Pebble/PebbleObserver.swift", "            case .failed:",
            with: "            case .restored:\n                fallthrough\n            case .failed:", in: files)
        #expect(try Detail.result("finish-transactions", files: carried)?.status == .pass)
        // Swift 1 and 2 wrote the cases capitalised; they are the same states.
        var swiftTwo = carried
        var swiftTwoDefault = files
        for state in ["purchased", "restored", "failed"] {
            let capital = ".\(state.prefix(1).uppercased())\(state.dropFirst()):"
            swiftTwo = try Detail.replacing("Pebble/PebbleObserver.swift", ".\(state):", with: capital, in: swiftTwo)
            if state != "restored" {
                swiftTwoDefault = try Detail.replacing(
                    "Pebble/PebbleObserver.swift", ".\(state):", with: capital, in: swiftTwoDefault)
            }
        }
        #expect(try Detail.result("finish-transactions", files: swiftTwo)?.status == .pass)
        #expect(try Detail.result("finish-transactions", files: swiftTwoDefault)?.status == .warning)
        // An app that never restores gets no restored transactions.
        let neverRestores = try Detail.replacing(
            "Pebble/PebbleObserver.swift", "SKPaymentQueue.default().restoreCompletedTransactions()", with: "",
            in: files)
        #expect(try Detail.result("finish-transactions", files: neverRestores)?.status == .pass)
    }

    /// An ID made at launch from the bundle ID, in a global constant of another file, is joined
    /// at run time however it is requested.
    @Test func aGlobalIDJoinedToTheBundleIDWarns() throws {
        let globals = """
            import Foundation

            let bundleID = Bundle.main.bundleIdentifier!
            let proProductID = bundleID + ".pro"
            """
        let buying = """
            import SwiftyStoreKit

            final class ProScreen {
                func load() {
                    SwiftyStoreKit.retrieveProductsInfo([proProductID]) { _ in }
                }
            }
            """
        let files = Self.adding(
            "Pebble/ProScreen.swift", buying,
            to: Self.adding("Pebble/Globals.swift", globals, to: try Fixture.files(nil)))
        let result = try Detail.result("product-id-mismatch", files: files)
        #expect(result?.status == .warning)
        #expect(result?.message.contains("joined at run time") == true)
    }

    /// A purchase refused because payments are off is explained only by a branch the customer
    /// sees: one that only logs it explains nothing.
    @Test func aRefusalThatIsOnlyLoggedExplainsNothing() throws {
        let buying = """
            import StoreKit
            import SwiftyStoreKit

            final class ProScreen {
                func buy() {
                    SwiftyStoreKit.purchaseProduct("com.example.pebble.pro", quantity: 1, atomically: true) { result in
                        switch result {
                        case .success: break
                        case .error(let error):
                            switch error.code {
                            case .paymentCancelled: break
                            case .paymentNotAllowed: NSLog("The device is not allowed to make the payment")
                            default: logger.error("failed: \\(error)")
                            }
                        }
                    }
                }
            }
            """
        var files = Self.adding("Pebble/ProScreen.swift", buying, to: try Fixture.files(nil))
        files = try Detail.replacing("Pebble/Store.swift", "AppStore.canMakePayments", with: "true", in: files)
        let result = try Detail.result("can-make-payments", files: files)
        #expect(result?.status == .warning)
        let shown = try Detail.replacing(
            "Pebble/ProScreen.swift", "NSLog(\"The device is not allowed to make the payment\")",
            with: "self.show(\"Purchases are turned off on this device\")", in: files)
        #expect(try Detail.result("can-make-payments", files: shown)?.status == .pass)
    }

    /// A StoreKit 1 observer that sets a `@Published` property of its own straight from the
    /// callback changes what SwiftUI draws off the main thread.
    @Test func anObserverSettingAPublishedPropertyOffTheMainThreadWarns() throws {
        let observer = """
            import StoreKit

            final class PebbleObserver: NSObject, ObservableObject, SKPaymentTransactionObserver {
                @Published var state: SKPaymentTransactionState?
                var count = 0

                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions {
                        count += 1
                        state = transaction.transactionState
                        queue.finishTransaction(transaction)
                    }
                }
            }
            """
        let files = Self.adding("Pebble/PebbleObserver.swift", observer, to: try Fixture.files(nil))
        let result = try Detail.result("main-thread-assumed", files: files)
        #expect(result?.status == .warning)
        #expect(result?.evidence.map(\.line) == [10])
        let hopped = try Detail.replacing(
            "Pebble/PebbleObserver.swift", "state = transaction.transactionState",
            with: "let new = transaction.transactionState\n            DispatchQueue.main.async { self.state = new }",
            in: files)
        #expect(try Detail.result("main-thread-assumed", files: hopped)?.status == .pass)
        // A property that is not published is the observer's own business.
        let plain = try Detail.replacing(
            "Pebble/PebbleObserver.swift", "@Published var state", with: "var state", in: files)
        #expect(try Detail.result("main-thread-assumed", files: plain)?.status == .pass)
        // Published to Combine subscribers only: no SwiftUI view observes a type that is no
        // `ObservableObject`.
        let combineOnly = try Detail.replacing(
            "Pebble/PebbleObserver.swift", "NSObject, ObservableObject,", with: "NSObject,", in: files)
        #expect(try Detail.result("main-thread-assumed", files: combineOnly)?.status == .pass)
    }

    /// Asking whether payments are allowed only to print the answer leaves a Buy button that does
    /// nothing; telling the customer, or refusing in a branch that does more, is heard.
    @Test func askingWhetherPaymentsAreAllowedOnlyToLogItWarns() throws {
        let buying = """
            import StoreKit

            final class Shop {
                func buy(_ product: SKProduct) {
                    if SKPaymentQueue.canMakePayments() {
                        SKPaymentQueue.default().add(SKPayment(product: product))
                    } else {
                        print("User can't make payment.")
                    }
                }
            }
            """
        var files = Self.adding("Pebble/Shop.swift", buying, to: try Fixture.files(nil))
        files = try Detail.replacing("Pebble/Store.swift", "AppStore.canMakePayments", with: "true", in: files)
        let result = try Detail.result("can-make-payments", files: files)
        #expect(result?.status == .warning)
        #expect(result?.message.contains("only logs it or does nothing") == true)
        #expect(result?.evidence.map(\.line) == [5])
        // Swift 1's `println` logs as `print` does.
        let swiftOne = try Detail.replacing(
            "Pebble/Shop.swift", "print(\"User can't", with: "println(\"User can't", in: files)
        #expect(try Detail.result("can-make-payments", files: swiftOne)?.status == .warning)
        let told = try Detail.replacing(
            "Pebble/Shop.swift", "print(\"User can't make payment.\")", with: "showPurchasesDisabledAlert()",
            in: files)
        #expect(try Detail.result("can-make-payments", files: told)?.status == .pass)
        let guarded = try Detail.replacing(
            "Pebble/Shop.swift", "if SKPaymentQueue.canMakePayments() {",
            with: "guard SKPaymentQueue.canMakePayments() else { return }\n        do {", in: files)
        #expect(try Detail.result("can-make-payments", files: guarded)?.status == .warning)
    }

    /// A SpriteKit scene made by the first screen is shown at launch: the observer it adds in
    /// `didMove(to:)` listens from the start.
    @Test func aSceneMadeAtLaunchListensFromDidMove() throws {
        let scene = """
            import SpriteKit
            import StoreKit

            final class MenuScene: SKScene, SKPaymentTransactionObserver {
                override func didMove(to view: SKView) {
                    SKPaymentQueue.default().add(self)
                }

                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions { queue.finishTransaction(transaction) }
                }
            }
            """
        // The scene's observer is the only listener.
        var files = Self.adding("Pebble/MenuScene.swift", scene, to: try Fixture.files(nil))
        files = try Detail.replacing("Pebble/Store.swift", "Transaction.updates", with: "Transaction.all", in: files)
        files = try Detail.replacing(
            "Pebble/Store.swift", "    init() {\n", with: "    init() {\n        _ = MenuScene(fileNamed: \"Menu\")\n",
            in: files)
        #expect(try Detail.result("listener-at-launch", files: files)?.status == .pass)
        // Made only by a tap, it is not.
        let tapped = try Detail.replacing(
            "Pebble/Store.swift", "        _ = MenuScene(fileNamed: \"Menu\")\n", with: "", in: files)
        let later = Self.adding(
            "Pebble/Later.swift", "final class Later { func tapped() { _ = MenuScene(fileNamed: \"Menu\") } }\n",
            to: tapped)
        #expect(try Detail.result("listener-at-launch", files: later)?.status == .warning)
    }

    /// A notification posted from a StoreKit 1 callback is delivered on StoreKit's thread: an
    /// observer that dismisses a screen touches the interface off the main thread.
    @Test func aNotificationPostedFromTheCallbackToAnObserverThatTouchesTheInterfaceWarns() throws {
        let observer = """
            import StoreKit
            import UIKit

            final class PebbleObserver: NSObject, SKPaymentTransactionObserver {
                static let purchased = "pebblePurchased"

                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions {
                        queue.finishTransaction(transaction)
                        announce()
                    }
                }

                func announce() {
                    NotificationCenter.default.post(name: Notification.Name(rawValue: PebbleObserver.purchased), object: nil)
                }
            }

            final class PaywallController: UIViewController {
                override func viewDidLoad() {
                    NotificationCenter.default.addObserver(
                        self, selector: #selector(onPurchased),
                        name: NSNotification.Name(rawValue: PebbleObserver.purchased), object: nil)
                }

                @objc func onPurchased() {
                    dismiss(animated: true)
                }
            }
            """
        let files = Self.adding("Pebble/PebbleObserver.swift", observer, to: try Fixture.files(nil))
        let result = try Detail.result("main-thread-assumed", files: files)
        #expect(result?.status == .warning)
        #expect(result?.evidence.map(\.line) == [27])
        let hopped = try Detail.replacing(
            "Pebble/PebbleObserver.swift", "dismiss(animated: true)",
            with: "DispatchQueue.main.async { self.dismiss(animated: true) }", in: files)
        #expect(try Detail.result("main-thread-assumed", files: hopped)?.status == .pass)
        let otherName = try Detail.replacing(
            "Pebble/PebbleObserver.swift", "name: NSNotification.Name(rawValue: PebbleObserver.purchased)",
            with: "name: UIApplication.didBecomeActiveNotification", in: files)
        #expect(try Detail.result("main-thread-assumed", files: otherName)?.status == .pass)
    }

    /// A StoreKit 1 response handler that looks for each requested product and says which is
    /// missing names them as well as one that reads invalidProductIdentifiers.
    @Test func aResponseHandlerThatReportsEachMissingProductNamesThem() throws {
        let requester = """
            import StoreKit

            final class Catalogue: NSObject, SKProductsRequestDelegate {
                let ids: Set<String> = ["com.example.pebble.gems"]
                var request: SKProductsRequest?
                var products: [SKProduct] = []

                func load() {
                    request = SKProductsRequest(productIdentifiers: ids)
                    request?.delegate = self
                    request?.start()
                }

                func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                    products = response.products
                    refresh()
                }

                func refresh() {
                    for id in ids where !products.contains(where: { $0.productIdentifier == id }) {
                        print("Product not found for \\(id)")
                    }
                }
            }
            """
        let files = Self.adding("Pebble/Catalogue.swift", requester, to: try Fixture.files(nil))
        let named = try Detail.result("invalid-ids-ignored", files: files)
        #expect(named?.status == .pass, "\(named?.message ?? "")")
        let silent = try Detail.replacing(
            "Pebble/Catalogue.swift", "print(\"Product not found for \\(id)\")", with: "_ = id", in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: silent)?.status == .warning)
    }

    /// A StoreKit 2 look-up that says when its product did not come ("… not found") names the
    /// missing ID as surely as one that compares the lists.
    @Test func aLookUpThatReportsItsProductNotFoundNamesIt() throws {
        let clean = try Fixture.files(nil)
        let silent = try Detail.replacing(
            "Pebble/Store.swift", "if !missing.isEmpty { print(\"Unknown product IDs: \\(missing.sorted())\") }",
            with: "_ = products", in: clean)
        let quiet = try Detail.replacing(
            "Pebble/Store.swift", "let missing = Self.productIDs.subtracting(products.map(\\.id))", with: "", in: silent
        )
        #expect(try Detail.result("invalid-ids-ignored", files: quiet)?.status == .warning)
        let told = try Detail.replacing(
            "Pebble/Store.swift", "_ = products", with: "if products.isEmpty { print(\"gems product not found\") }",
            in: quiet)
        #expect(try Detail.result("invalid-ids-ignored", files: told)?.status == .pass)
    }

    /// Store libraries finish a restored transaction three calls down
    /// (`didRestoreTransaction` → `didVerifyTransaction` → `finishTransaction`).
    @Test func aRestoredTransactionFinishedThreeCallsDownIsFinished() throws {
        let observer = """
            #import <StoreKit/StoreKit.h>

            @implementation PebbleStore
            - (void)restore { [[SKPaymentQueue defaultQueue] restoreCompletedTransactions]; }
            - (void)paymentQueue:(SKPaymentQueue *)queue updatedTransactions:(NSArray *)transactions {
                for (SKPaymentTransaction *transaction in transactions) {
                    switch (transaction.transactionState) {
                        case SKPaymentTransactionStatePurchased:
                        case SKPaymentTransactionStateFailed:
                            [queue finishTransaction:transaction];
                            break;
                        case SKPaymentTransactionStateRestored:
                            [self didRestoreTransaction:transaction queue:queue];
                            break;
                        default:
                            break;
                    }
                }
            }
            - (void)didRestoreTransaction:(SKPaymentTransaction *)transaction queue:(SKPaymentQueue *)queue {
                [self didVerifyTransaction:transaction queue:queue];
            }
            - (void)didVerifyTransaction:(SKPaymentTransaction *)transaction queue:(SKPaymentQueue *)queue {
                [self deliverTransaction:transaction queue:queue];
            }
            - (void)deliverTransaction:(SKPaymentTransaction *)transaction queue:(SKPaymentQueue *)queue {
                [queue finishTransaction:transaction];
            }
            @end
            """
        let files = Self.adding("Pebble/PebbleStore.m", observer, to: try Fixture.files(nil))
        #expect(try Detail.result("finish-transactions", files: files)?.status == .pass)
        let lost = try Detail.replacing(
            "Pebble/PebbleStore.m", "    [queue finishTransaction:transaction];\n}", with: "}", in: files)
        #expect(try Detail.result("finish-transactions", files: lost)?.status == .warning)
    }

    /// An older project writes each app's bundle ID in its Info.plist, not in a build setting:
    /// the app whose Info.plist names the guide's bundle ID is the one that sells, and another
    /// app of the project is not judged by it.
    @Test func theAppWhoseInfoPlistNamesTheBundleIDIsTheSellingOne() throws {
        var files = try Fixture.files("DemoApp")
        func plist(_ bundleID: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>CFBundleIdentifier</key>
            \t<string>\(bundleID)</string>
            </dict>
            </plist>
            """
        }
        files = Self.adding("Pebble/Info.plist", plist("com.example.pebble"), to: files)
        files = Self.adding("Demo/Info.plist", plist("org.example.hello"), to: files)
        files = try Detail.replacing(
            "Pebble.xcodeproj/project.pbxproj",
            "GENERATE_INFOPLIST_FILE = YES;\n\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.pebble;",
            with: "INFOPLIST_FILE = Pebble/Info.plist;", in: files)
        files = try Detail.replacing(
            "Pebble.xcodeproj/project.pbxproj",
            "GENERATE_INFOPLIST_FILE = YES;\n\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.pebbledemo;",
            with: "INFOPLIST_FILE = Demo/Info.plist;", in: files)
        let result = try Detail.result("bundle-id-mismatch", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        #expect(result?.message.contains("Pebble Demo is not the app the guides describe") == true)
    }

    /// A subclass's shared instance made with an initialiser it inherits
    /// (`[[self alloc] initWithProductIdentifiers:…]`) runs that initialiser, observer and all.
    @Test func anInheritedInitialiserOfASharedInstanceIsFollowed() throws {
        let helper = """
            #import <StoreKit/StoreKit.h>

            @interface IAPHelper : NSObject <SKPaymentTransactionObserver>
            @end

            @implementation IAPHelper
            - (instancetype)initWithProductIdentifiers:(NSSet *)identifiers {
                if ((self = [super init])) {
                    [[SKPaymentQueue defaultQueue] addTransactionObserver:self];
                }
                return self;
            }
            - (void)paymentQueue:(SKPaymentQueue *)queue updatedTransactions:(NSArray *)transactions {
                for (SKPaymentTransaction *transaction in transactions) { [queue finishTransaction:transaction]; }
            }
            @end

            @interface PebbleIAPHelper : IAPHelper
            @end

            @implementation PebbleIAPHelper
            + (instancetype)sharedInstance {
                static PebbleIAPHelper *shared = nil;
                if (shared == nil) { shared = [[self alloc] initWithProductIdentifiers:[NSSet set]]; }
                return shared;
            }
            @end
            """
        var files = Self.adding("Pebble/IAPHelper.m", helper, to: try Fixture.files(nil))
        files = try Detail.replacing("Pebble/Store.swift", "Transaction.updates", with: "Transaction.all", in: files)
        let unreached = try Detail.result("listener-at-launch", files: files)
        #expect(unreached?.status == .warning)
        files = try Detail.replacing(
            "Pebble/Store.swift", "    init() {\n",
            with: "    init() {\n        _ = PebbleIAPHelper.sharedInstance()\n",
            in: files)
        let reached = try Detail.result("listener-at-launch", files: files)
        #expect(reached?.status == .pass, "\(reached?.message ?? "")")
    }

    /// A delegate callback that shows an alert through a method of its own type, two calls down,
    /// touches the interface as surely as one that shows it itself.
    @Test func aDelegateTouchingTheInterfaceThroughItsOwnMethodsWarns() throws {
        let store = """
            #import <StoreKit/StoreKit.h>

            @implementation PebbleRequests
            - (void)productsRequest:(SKProductsRequest *)request didReceiveResponse:(SKProductsResponse *)response {
                if (response.products.count == 0) {
                    [self showUnavailable];
                }
            }

            - (void)showUnavailable {
                [self showAlertWithTitle:@"Unavailable"];
            }

            - (void)showAlertWithTitle:(NSString *)title {
                PBLAlertController *alert = [PBLAlertController alertWithTitle:title];
                [alert presentWithCompletion:nil];
            }
            @end
            """
        let files = Self.adding("Pebble/PebbleRequests.m", store, to: try Fixture.files(nil))
        let result = try Detail.result("main-thread-assumed", files: files)
        #expect(result?.status == .warning)
        #expect(result?.evidence.map(\.line) == [16])
        let hopped = try Detail.replacing(
            "Pebble/PebbleRequests.m", "[self showUnavailable];",
            with: "dispatch_async(dispatch_get_main_queue(), ^{ [self showUnavailable]; });", in: files)
        #expect(try Detail.result("main-thread-assumed", files: hopped)?.status == .pass)
        // A project's own helper around the main queue is a hop too.
        let helped = try Detail.replacing(
            "Pebble/PebbleRequests.m", "[self showUnavailable];",
            with: "dispatch_async_main(^{ [self showUnavailable]; });", in: files)
        #expect(try Detail.result("main-thread-assumed", files: helped)?.status == .pass)
    }

    /// `#include "../Shared/…"` written from a subfolder, where the file is found from the
    /// project's folder: the setting it holds still counts.
    @Test func anIncludeFoundFromTheProjectFolderIsRead() throws {
        var files = try Fixture.files("XcconfigDevSuffix")
        files["Shared/Common.xcconfig"] = files.removeValue(forKey: "Configurations/Shared.xcconfig")
        for name in ["Debug", "Release"] {
            files = try Detail.replacing(
                "Configurations/\(name).xcconfig", "#include \"Shared.xcconfig\"",
                with: "#include \"Shared/Common.xcconfig\"",
                in: files)
        }
        let result = try Detail.result("bundle-id-mismatch", files: files)
        #expect(result?.status == .fail)
        #expect(result?.message.contains("Debug") == true)
        #expect(result?.message.contains("Release") == false)
    }

    /// The clean fixture moved into `folder`, with its bundle ID replaced when given.
    static func project(in folder: String, bundleID: String? = nil) throws -> [String: [UInt8]] {
        var moved: [String: [UInt8]] = [:]
        for (path, bytes) in try Fixture.files(nil) {
            var bytes = bytes
            if let bundleID, path.hasSuffix("project.pbxproj") {
                bytes = Array(
                    String(decoding: bytes, as: UTF8.self).replacingOccurrences(
                        of: "com.example.pebble;", with: bundleID + ";"
                    )
                    .utf8)
            }
            moved[folder + "/" + path] = bytes
        }
        return moved
    }

    /// A repository of an app beside its Mac edition (or a Lite one, or a second copy): the
    /// project whose app has the guides' bundle ID is read, and the report says so.
    @Test func aFolderOfSeveralProjectsIsReadAsTheOneWithTheGuidesApp() throws {
        let files = try Self.project(in: "iOS").merging(
            try Self.project(in: "macOS", bundleID: "com.example.pebble-mac")
        ) {
            $1
        }
        let loader = ProjectLoader(fileSystem: MemoryProjectFiles(files: files))
        let chosen = try loader.load(".", appBundleID: "com.example.pebble").get()
        #expect(chosen.projectPath == "iOS/Pebble.xcodeproj")
        #expect(chosen.choice?.others == ["macOS/Pebble.xcodeproj"])
        #expect(chosen.choice?.reason == "its app's bundle ID is the guides' com.example.pebble")
        // Both sell and neither is the guides' app: the user must say which.
        guard case .failure(let failure) = loader.load(".", appBundleID: "com.example.unknown") else {
            Issue.record("two selling projects, neither the guides', were not refused")
            return
        }
        #expect(
            failure.errors.map(\.description) == [
                ".:1:1: error: this folder holds several projects (iOS/Pebble.xcodeproj, macOS/Pebble.xcodeproj) and none of them alone has an app with the guides' bundle ID com.example.unknown; name one with --project"
            ])
        // Without a bundle ID to go by, the only project that uses StoreKit is the one.
        var oneSells = files
        oneSells["macOS/Pebble/Store.swift"] = Array("struct Store {}\n".utf8)
        #expect(try loader.with(oneSells).load(".").get().projectPath == "iOS/Pebble.xcodeproj")
    }

    /// A workspace at the top of the repository, listing the app's project and its frameworks'
    /// (the folder the team opens): its schemes count, resolved from the workspace, as those of
    /// a workspace beside the project do.
    @Test func aWorkspaceAboveTheProjectLendsItsSchemesAndSiblingProjects() throws {
        var files = try Self.project(in: "App")
        files["App/Pebble.xcodeproj/xcshareddata/xcschemes/Pebble.xcscheme"] = nil
        let scheme = String(
            decoding: try #require(try Fixture.files(nil)["Pebble.xcodeproj/xcshareddata/xcschemes/Pebble.xcscheme"]),
            as: UTF8.self
        ).replacingOccurrences(of: "../../Pebble/Products.storekit", with: "../App/Pebble/Products.storekit")
        files["Shop.xcworkspace/xcshareddata/xcschemes/Pebble.xcscheme"] = Array(scheme.utf8)
        files["Shop.xcworkspace/contents.xcworkspacedata"] = Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <FileRef location = "group:App/Pebble.xcodeproj"></FileRef>
               <FileRef location = "group:Kit/Kit.xcodeproj"></FileRef>
            </Workspace>
            """.utf8)
        let snapshot = try ProjectLoader(fileSystem: MemoryProjectFiles(files: files)).load(".").get()
        #expect(snapshot.workspaces == ["Shop.xcworkspace"])
        #expect(snapshot.schemes.map(\.name).contains("Pebble"))
        let result = try Detail.result("storekit-config-path", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        // Named as the project (`--project App/Pebble.xcodeproj`), it is still opened through the
        // workspace above that lists it (a repository's README says to open that workspace).
        let named = try ProjectLoader(fileSystem: MemoryProjectFiles(files: files)).load("App/Pebble.xcodeproj").get()
        #expect(named.workspaces == ["Shop.xcworkspace"])
        // A workspace above that does not list the project lends nothing.
        let unlisted = try Detail.replacing(
            "Shop.xcworkspace/contents.xcworkspacedata", "group:App/Pebble.xcodeproj",
            with: "group:Old/Pebble.xcodeproj",
            in: files)
        let alone = try ProjectLoader(fileSystem: MemoryProjectFiles(files: unlisted)).load("App/Pebble.xcodeproj")
            .get()
        #expect(alone.workspaces.isEmpty)
    }

    /// The Release configuration's settings of the clean fixture's app, replaced.
    static func releaseSettings(_ settings: String) throws -> [String: [UInt8]] {
        let path = "Pebble.xcodeproj/project.pbxproj"
        var files = try Fixture.files(nil)
        let text = String(decoding: files[path] ?? [], as: UTF8.self)
        let release = try #require(text.range(of: "C10000000000000000000003 /* Release */"))
        let old = "\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.pebble;\n"
        let setting = try #require(text.range(of: old, range: release.upperBound..<text.endIndex))
        files[path] = Array(text.replacingCharacters(in: setting, with: settings).utf8)
        return files
    }

    /// A Mac edition handed out as a Developer ID download has its own bundle ID and sells
    /// nothing: it is neither the wrong bundle ID nor a way to the sandbox.
    @Test func aConfigurationSignedForDeveloperIDIsNotTheAppStoreApp() throws {
        let files = try Self.releaseSettings(
            "\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.pebble.direct;\n\t\t\t\tCODE_SIGN_IDENTITY = \"Developer ID Application\";\n"
        )
        let result = try Detail.result("bundle-id-mismatch", files: files)
        #expect(result?.status == .pass)
        #expect(result?.message.contains("Pebble (Release) is signed for Developer ID") == true)
        let unsigned = try Self.releaseSettings("\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.pebble.direct;\n")
        #expect(try Detail.result("bundle-id-mismatch", files: unsigned)?.status == .fail)
    }

    /// One provisioning profile for two bundle IDs (a Lite and a full edition of one target) is a
    /// wildcard App ID's, whatever its UUID says.
    @Test func oneProfileForTwoBundleIDsIsAWildcard() throws {
        let uuid = "31C73095-0DD9-4ABA-BB25-8D23F661F10F"
        var files = try Self.releaseSettings(
            "\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.pebblelite;\n\t\t\t\tPROVISIONING_PROFILE = \"\(uuid)\";\n"
        )
        files = try Detail.replacing(
            "Pebble.xcodeproj/project.pbxproj", "PRODUCT_BUNDLE_IDENTIFIER = com.example.pebble;",
            with: "PRODUCT_BUNDLE_IDENTIFIER = com.example.pebble;\n\t\t\t\tPROVISIONING_PROFILE = \"\(uuid)\";",
            in: files)
        let result = try Detail.result("explicit-app-id", files: files)
        #expect(result?.status == .warning)
        #expect(
            result?.message
                == "one profile (\(uuid)) signs com.example.pebble and com.example.pebblelite, which looks like a wildcard App ID"
        )
    }

    /// A Mac's disk ignores letter case unless formatted otherwise, so Xcode finds a `.storekit`
    /// file named `pebble/…` in `Pebble/`.
    @Test func aStoreKitFileNamedInAnotherLetterCaseIsFound() throws {
        var files = try Fixture.files(nil)
        files["PEBBLE/Products.storekit"] = files.removeValue(forKey: "Pebble/Products.storekit")
        #expect(try Detail.result("storekit-config-path", files: files)?.status == .pass)
        #expect(try Detail.result("storekit-config-missing-ids", files: files)?.status == .pass)
        // Two files that both match are not guessed between.
        files["pebble/Products.storekit"] = files["PEBBLE/Products.storekit"]
        #expect(try Detail.result("storekit-config-path", files: files)?.status == .fail)
    }

    /// A Run action with no executable in a scheme that builds targets runs nothing; one that
    /// only names the target whose settings it expands builds it and runs nothing either.
    @Test func aSchemeThatRunsNothingIsReadAsSuch() throws {
        func scheme(_ launch: String) throws -> Scheme {
            let text = """
                <?xml version="1.0" encoding="UTF-8"?>
                <Scheme version = "1.7">
                   <BuildAction>
                      <BuildActionEntries>
                         <BuildActionEntry buildForRunning = "YES">
                            <BuildableReference BlueprintIdentifier = "T1" BuildableName = "Tunnel.appex"></BuildableReference>
                         </BuildActionEntry>
                      </BuildActionEntries>
                   </BuildAction>
                   <LaunchAction buildConfiguration = "Debug">\(launch)</LaunchAction>
                </Scheme>
                """
            return try SchemeReader.read(Array(text.utf8), path: "App.xcodeproj/xcshareddata/xcschemes/Tunnel.xcscheme")
        }
        #expect(try scheme("").launchTarget == .nothingToRun)
        #expect(
            try scheme(
                "<MacroExpansion><BuildableReference BlueprintIdentifier = \"T1\" BuildableName = \"Tunnel.appex\"></BuildableReference></MacroExpansion>"
            ).launchTarget == .buildsOnly(blueprintIdentifier: "T1"))
        // A program started by its path (Automator for an action extension) is not the app.
        #expect(
            try scheme(
                "<PathRunnable BundleIdentifier = \"com.apple.Automator\" FilePath = \"/System/Applications/Automator.app\"></PathRunnable>"
            ).launchTarget == .host(bundleIdentifier: "com.apple.Automator"))
        #expect(
            try scheme("<PathRunnable FilePath = \"/Applications/Safari.app\"></PathRunnable>").launchTarget
                == .host(bundleIdentifier: "/Applications/Safari.app"))
    }

    /// A storyboard app creates its main storyboard's first controllers before any of its own
    /// code runs: a store those controllers hold starts at launch.
    @Test func theMainStoryboardsFirstControllersAreLaunch() throws {
        var files = try Fixture.files(nil)
        files["Pebble/PebbleApp.swift"] = Array(
            """
            import UIKit

            @main
            final class AppDelegate: UIResponder, UIApplicationDelegate {}

            final class ShopController: UIViewController {
                let store = Store()
            }
            """.utf8)
        let late = try Detail.result("listener-at-launch", files: files)
        #expect(late?.status == .warning)
        files = try Detail.replacing(
            "Pebble.xcodeproj/project.pbxproj", "GENERATE_INFOPLIST_FILE = YES;",
            with: "GENERATE_INFOPLIST_FILE = YES;\n\t\t\t\tINFOPLIST_KEY_UIMainStoryboardFile = Main;", in: files)
        files["Pebble/Base.lproj/Main.storyboard"] = Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="nav-1">
                <scenes>
                    <scene sceneID="s1">
                        <objects>
                            <navigationController id="nav-1" sceneMemberID="viewController">
                                <connections>
                                    <segue destination="shop-1" kind="relationship" relationship="rootViewController" id="seg-1"/>
                                </connections>
                            </navigationController>
                        </objects>
                    </scene>
                    <scene sceneID="s2">
                        <objects>
                            <viewController id="shop-1" customClass="ShopController" customModule="Pebble" sceneMemberID="viewController"/>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """.utf8)
        let reached = try Detail.result("listener-at-launch", files: files)
        #expect(reached?.status == .pass, "\(reached?.message ?? "")")
        #expect(reached?.message.contains("Main.storyboard's initial ShopController → ShopController.store") == true)
        #expect(
            reached?.evidence.first == SourceLocation(file: "Pebble/Base.lproj/Main.storyboard", line: 15, column: 17))
    }

    /// Older apps reach their store through C functions, in `.c` files and Objective-C ones.
    @Test func launchIsFollowedThroughCFunctions() throws {
        var files = try Fixture.files(nil)
        files["Pebble/PebbleApp.swift"] = nil
        files["Pebble/AppDelegate.m"] = Array(
            """
            #import <UIKit/UIKit.h>
            #include "boot.h"

            @implementation AppDelegate
            - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
                StartGame();
                return YES;
            }
            @end
            """.utf8)
        files["Pebble/boot.c"] = Array(
            """
            #include "boot.h"

            static int loaded = 0;

            void StartGame(void) {
                loaded = 1;
                StartStore();
            }
            """.utf8)
        files["Pebble/StoreObserver.m"] = Array(
            """
            #import <StoreKit/StoreKit.h>

            @interface StoreObserver : NSObject <SKPaymentTransactionObserver>
            @end

            @implementation StoreObserver
            - (void)paymentQueue:(SKPaymentQueue *)queue updatedTransactions:(NSArray *)transactions {}
            @end

            static StoreObserver *observer;

            void StartStore(void) {
                observer = [[StoreObserver alloc] init];
                [[SKPaymentQueue defaultQueue] addTransactionObserver:observer];
            }
            """.utf8)
        let result = try Detail.result("listener-at-launch", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        #expect(result?.message.contains("StartGame → StartStore → the payment queue observer") == true)
        let cut = try Detail.replacing("Pebble/boot.c", "    StartStore();\n", with: "", in: files)
        #expect(try Detail.result("listener-at-launch", files: cut)?.status == .warning)
    }

    /// Without ARC an `alloc`ed request lives until the code releases it (usually in the
    /// delegate's answer), so a local variable holding it is enough.
    @Test func aRequestAllocatedWithoutARCIsKept() throws {
        let files = try Fixture.files("ObjectiveCStore")
        #expect(try Detail.result("request-not-retained", files: files)?.status == .warning)
        let manual = try Detail.replacing(
            "Pebble.xcodeproj/project.pbxproj", "CLANG_ENABLE_OBJC_ARC = YES;", with: "", in: files)
        #expect(try Detail.result("request-not-retained", files: manual)?.status == .pass)
    }

    /// A spinner or button reached as an instance variable is the interface too: its state set
    /// (`aiv.hidden = YES`) or its animation stopped off the main thread.
    @Test func settingAViewsStateInADelegateCallbackIsATouch() throws {
        let store = """
            #import <StoreKit/StoreKit.h>

            @implementation PebbleRequests {
                __weak IBOutlet UIActivityIndicatorView *aiv;
            }
            - (void)productsRequest:(SKProductsRequest *)request didReceiveResponse:(SKProductsResponse *)response {
                self.products = response.products;
                STATE
            }
            @end
            """
        for (touch, line) in [("aiv.hidden = YES;", 8), ("[aiv stopAnimating];", 8), ("buyButton.enabled = NO;", 8)] {
            let files = Self.adding(
                "Pebble/PebbleRequests.m", store.replacingOccurrences(of: "STATE", with: touch),
                to: try Fixture.files(nil))
            let result = try Detail.result("main-thread-assumed", files: files)
            #expect(result?.status == .warning, "\(touch)")
            #expect(result?.evidence.map(\.line) == [line], "\(touch)")
        }
        let compared = Self.adding(
            "Pebble/PebbleRequests.m", store.replacingOccurrences(of: "STATE", with: "if (aiv.hidden == YES) {}"),
            to: try Fixture.files(nil))
        #expect(try Detail.result("main-thread-assumed", files: compared)?.status == .pass)
    }

    /// What a request's code prints or logs (`print("asking for \\(id)")`) shows the IDs and
    /// never builds one.
    @Test func aLoggedInterpolationIsNoIDJoinedAtRunTime() throws {
        let logged = try Detail.replacing(
            "Pebble/Store.swift", "Product.products(for: Self.productIDs)",
            with: "Product.products(for: Self.productIDs.filter { id in print(\"asking for \\(id)\"); return true })",
            in: try Fixture.files(nil))
        #expect(try Detail.result("product-id-mismatch", files: logged)?.status == .pass)
        let joined = try Detail.replacing(
            "Pebble/Store.swift", "Product.products(for: Self.productIDs)",
            with: "Product.products(for: Self.productIDs.map { id in \"\\(id).v2\" })", in: try Fixture.files(nil))
        #expect(try Detail.result("product-id-mismatch", files: joined)?.status == .warning)
    }

    /// `[NSThread performBlockOnMainThread:^{ … }]`, a project's own category method, is a hop.
    @Test func anObjectiveCMainThreadMessageIsAHop() throws {
        let store = """
            #import <StoreKit/StoreKit.h>

            @implementation PebbleRequests
            - (void)productsRequest:(SKProductsRequest *)request didReceiveResponse:(SKProductsResponse *)response {
                [NSThread performBlockOnMainThread:^{
                    [self.tableView reloadData];
                }];
            }
            @end
            """
        let files = Self.adding("Pebble/PebbleRequests.m", store, to: try Fixture.files(nil))
        #expect(try Detail.result("main-thread-assumed", files: files)?.status == .pass)
        let bare = try Detail.replacing(
            "Pebble/PebbleRequests.m", "[NSThread performBlockOnMainThread:^{", with: "if (YES) {", in: files)
        let unhopped = try Detail.replacing("Pebble/PebbleRequests.m", "}];", with: "}", in: bare)
        #expect(try Detail.result("main-thread-assumed", files: unhopped)?.status == .warning)
    }

    /// Two shared-instance classes that each keep theirs in `static … *instance` and send it
    /// `start`: launch creating the helper does not start the store's observer, which only the
    /// upgrade screen creates (a shoe-collection app's AppHelper and InAppPurchaseManager).
    @Test func aMessageToATypedVariableGoesToItsOwnClass() throws {
        var files = try Fixture.files(nil)
        files["Pebble/PebbleApp.swift"] = nil
        files["Pebble/AppDelegate.m"] = Array(
            """
            #import <UIKit/UIKit.h>
            #import "Helper.h"

            @implementation AppDelegate
            - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
                [Helper sharedInstance];
                return YES;
            }
            @end
            """.utf8)
        files["Pebble/Helper.m"] = Array(
            """
            #import "Helper.h"

            @implementation Helper
            static Helper *instance = nil;

            + (Helper *)sharedInstance {
                if (instance == nil) {
                    instance = [[Helper alloc] init];
                    [instance start];
                }
                return instance;
            }

            - (void)start {
                self.folders = [NSMutableArray array];
            }
            @end
            """.utf8)
        files["Pebble/PurchaseManager.m"] = Array(
            """
            #import <StoreKit/StoreKit.h>

            @implementation PurchaseManager
            static PurchaseManager *instance = nil;

            + (PurchaseManager *)sharedInstance {
                if (instance == nil) {
                    instance = [[PurchaseManager alloc] init];
                    [instance start];
                }
                return instance;
            }

            - (void)start {
                [[SKPaymentQueue defaultQueue] addTransactionObserver:self];
            }

            - (void)paymentQueue:(SKPaymentQueue *)queue updatedTransactions:(NSArray *)transactions {}
            @end
            """.utf8)
        files["Pebble/UpgradeController.m"] = Array(
            """
            #import "PurchaseManager.h"

            @implementation UpgradeController
            - (void)viewDidLoad {
                [super viewDidLoad];
                self.purchases = [PurchaseManager sharedInstance];
            }
            @end
            """.utf8)
        let late = try Detail.result("listener-at-launch", files: files)
        #expect(late?.status == .warning, "\(late?.message ?? "")")
        #expect(late?.message.contains("PurchaseManager.start() is not reached from launch") == true)
        let atLaunch = try Detail.replacing(
            "Pebble/AppDelegate.m", "[Helper sharedInstance];", with: "[PurchaseManager sharedInstance];", in: files)
        let reached = try Detail.result("listener-at-launch", files: atLaunch)
        #expect(reached?.status == .pass, "\(reached?.message ?? "")")
        #expect(reached?.message.contains("PurchaseManager.sharedInstance → PurchaseManager.start") == true)
    }

    /// A view of the project's own, known by its superclass rather than its name, hidden from a
    /// payment-queue callback (`[[ActivityIndicator currentIndicator] hide]`).
    @Test func aDelegateUsingTheProjectsOwnViewTouchesTheInterface() throws {
        let observer = """
            #import <StoreKit/StoreKit.h>
            #import "Spinner.h"

            @implementation StoreObserver
            - (void)paymentQueue:(SKPaymentQueue *)queue updatedTransactions:(NSArray *)transactions {
                for (SKPaymentTransaction *transaction in transactions) {
                    [queue finishTransaction:transaction];
                }
            }

            - (void)paymentQueue:(SKPaymentQueue *)queue removedTransactions:(NSArray *)transactions {
                [[Spinner currentSpinner] hide];
            }
            @end
            """
        let spinner = """
            #import <UIKit/UIKit.h>

            @interface Spinner : UIView
            + (Spinner *)currentSpinner;
            - (void)hide;
            @end
            """
        let files = Self.adding(
            "Pebble/Spinner.h", spinner, to: Self.adding("Pebble/StoreObserver.m", observer, to: try Fixture.files(nil))
        )
        let result = try Detail.result("main-thread-assumed", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        #expect(result?.evidence.map(\.line) == [12])
        let notAView = try Detail.replacing(
            "Pebble/Spinner.h", "Spinner : UIView", with: "Spinner : NSObject", in: files)
        #expect(try Detail.result("main-thread-assumed", files: notAView)?.status == .pass)
        // A loading alert dismissed (UIAlertView's `dismissWithClickedButtonIndex:animated:`).
        let alert = try Detail.replacing(
            "Pebble/StoreObserver.m", "[[Spinner currentSpinner] hide];",
            with: "[self.loadingAlert dismissWithClickedButtonIndex:0 animated:YES];", in: notAView)
        #expect(try Detail.result("main-thread-assumed", files: alert)?.status == .warning)
    }

    /// A store that asks for one product and says so when none comes back, or that looks the
    /// requested ID up among the returned products, compares requested and returned IDs.
    @Test func aLookUpOfTheRequestedProductIsAComparison() throws {
        let silent = try Detail.replacing(
            "Pebble/Store.swift",
            "        let missing = Self.productIDs.subtracting(products.map(\\.id))\n        if !missing.isEmpty { print(\"Unknown product IDs: \\(missing.sorted())\") }\n",
            with: "", in: try Fixture.files(nil))
        let tipJar = """
            import StoreKit

            final class TipJar {
                var tip: Product?
                var problem: String?

                func load() async throws {
                    let products = try await Product.products(for: ["com.example.pebble.gems"])
                    tip = products.first
                    if products.isEmpty { problem = "The App Store sent no tip." }
                }
            }
            """
        let files = Self.adding("Pebble/TipJar.swift", tipJar, to: silent)
        #expect(try Detail.result("invalid-ids-ignored", files: files)?.status == .pass)
        // Two IDs: an answer that is not empty may still lack one of them.
        let two = try Detail.replacing(
            "Pebble/TipJar.swift", "[\"com.example.pebble.gems\"]",
            with: "[\"com.example.pebble.gems\", \"com.example.pebble.pro\"]", in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: two)?.status == .warning)
        let lookedUp = try Detail.replacing(
            "Pebble/TipJar.swift", "tip = products.first",
            with: "tip = products.first(where: { $0.id == \"com.example.pebble.gems\" })", in: two)
        #expect(try Detail.result("invalid-ids-ignored", files: lookedUp)?.status == .pass)
    }

    /// A store method that takes the IDs as a parameter is asked by its callers: the view's
    /// list reaches the request through `getProducts(productIDs:)`, old IDs and all.
    @Test func aParameterHoldsWhatItsCallersPass() throws {
        let manager = """
            import StoreKit

            final class StoreManager: NSObject, SKProductsRequestDelegate {
                private var request: SKProductsRequest?

                func getProducts(productIDs: [String]) {
                    let request = SKProductsRequest(productIdentifiers: Set(productIDs))
                    request.delegate = self
                    request.start()
                    self.request = request
                }

                func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                    print(response.invalidProductIdentifiers)
                }
            }
            """
        let view = """
            import SwiftUI

            struct ShopView: View {
                let productIDs = ["com.example.pebble.gems", "com.example.pebble.bronze"]
                let storeManager = StoreManager()

                var body: some View {
                    Text("Shop").onAppear { storeManager.getProducts(productIDs: productIDs) }
                }
            }
            """
        let files = Self.adding(
            "Pebble/ShopView.swift", view,
            to: Self.adding("Pebble/StoreManager.swift", manager, to: try Fixture.files(nil)))
        let result = try Detail.result("product-id-mismatch", files: files)
        #expect(result?.status == .fail, "\(result?.message ?? "")")
        #expect(result?.message.contains("com.example.pebble.bronze") == true)
        #expect(result?.evidence.map(\.file) == ["Pebble/ShopView.swift"])
        let known = try Detail.replacing(
            "Pebble/ShopView.swift", "\"com.example.pebble.bronze\"", with: "\"com.example.pebble.pro\"", in: files)
        #expect(try Detail.result("product-id-mismatch", files: known)?.status == .pass)
    }

    /// A target without ARC can compile one file with it (`COMPILER_FLAGS = "-fobjc-arc"`): a
    /// request held by a local of that file is released as the method returns.
    @Test func aFileCompiledWithARCOfItsOwnReleasesALocalRequest() throws {
        let path = "Pebble.xcodeproj/project.pbxproj"
        var files = try Detail.replacing(
            path, "CLANG_ENABLE_OBJC_ARC = YES;", with: "CLANG_ENABLE_OBJC_ARC = NO;",
            in: try Fixture.files("ObjectiveCStore"))
        #expect(try Detail.result("request-not-retained", files: files)?.status == .pass)
        files = try Detail.replacing(
            path, "/* Begin PBXFileReference section */\n",
            with: """
                /* Begin PBXFileReference section */
                \t\tF20000000000000000000001 = {isa = PBXFileReference; path = Pebble/LegacyStore.m; sourceTree = SOURCE_ROOT; };
                \t\tB30000000000000000000001 = {isa = PBXBuildFile; fileRef = F20000000000000000000001; settings = {COMPILER_FLAGS = "-fobjc-arc"; }; };
                \t\tB20000000000000000000001 = {isa = PBXSourcesBuildPhase; files = (B30000000000000000000001); };

                """, in: files)
        files = try Detail.replacing(
            path, "buildPhases = (\n", with: "buildPhases = (\n\t\t\t\tB20000000000000000000001,\n", in: files)
        let result = try Detail.result("request-not-retained", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        #expect(result?.evidence.map(\.file) == ["Pebble/LegacyStore.m"])
    }

    /// `- (void)initStoreKit` adds the observer when a screen calls it; making the manager
    /// (`[[self alloc] init]`) at launch does not run it.
    @Test func aVoidMethodNamedInitIsNotAnInitializer() throws {
        var files = try Fixture.files(nil)
        files["Pebble/PebbleApp.swift"] = nil
        files["Pebble/AppDelegate.m"] = Array(
            """
            #import <UIKit/UIKit.h>
            #import "StoreKitManager.h"

            @implementation AppDelegate
            - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
                self.store = [StoreKitManager getInstance];
                return YES;
            }
            @end
            """.utf8)
        files["Pebble/StoreKitManager.m"] = Array(
            """
            #import <StoreKit/StoreKit.h>

            @implementation StoreKitManager
            + (StoreKitManager *)getInstance {
                static StoreKitManager *manager = nil;
                static dispatch_once_t once;
                dispatch_once(&once, ^{ manager = [[self alloc] init]; });
                return manager;
            }

            - (id)init {
                self = [super init];
                return self;
            }

            - (void)initStoreKit {
                [[SKPaymentQueue defaultQueue] addTransactionObserver:self];
            }

            - (void)paymentQueue:(SKPaymentQueue *)queue updatedTransactions:(NSArray *)transactions {}
            @end
            """.utf8)
        let late = try Detail.result("listener-at-launch", files: files)
        #expect(late?.status == .warning, "\(late?.message ?? "")")
        let called = try Detail.replacing(
            "Pebble/AppDelegate.m", "    return YES;", with: "    [self.store initStoreKit];\n    return YES;",
            in: files)
        #expect(try Detail.result("listener-at-launch", files: called)?.status == .pass)
    }

    /// A Lite and a Pro target that inherit one profile from the project's settings: the
    /// profile signs two bundle IDs, though only the Lite app is the guide's, unless its name
    /// says whose it is.
    @Test func aProfileTheProjectGivesTwoAppsIsAWildcard() throws {
        let uuid = "ADA8C8F8-25FB-4B7A-8353-A36EDBCD90DF"
        let profiled = try Detail.replacing(
            "Pebble.xcodeproj/project.pbxproj", "CLANG_ENABLE_OBJC_ARC = YES;",
            with: "CLANG_ENABLE_OBJC_ARC = YES;\n\t\t\t\tPROVISIONING_PROFILE = \"\(uuid)\";",
            in: try Fixture.files(nil))
        let files = try Self.addingAppTarget(
            "PebblePro",
            settings: ["GENERATE_INFOPLIST_FILE = YES;", "PRODUCT_BUNDLE_IDENTIFIER = com.example.pebblepro;"],
            to: profiled)
        let result = try Detail.result("explicit-app-id", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        #expect(
            result?.message
                == "one profile (\(uuid)) signs com.example.pebble and com.example.pebblepro, which looks like a wildcard App ID"
        )
        // A profile named after one of them (fastlane match) is that explicit App ID's, given to
        // the other target by mistake (hold-out 29's Authenticator).
        let matched = try Detail.replacing(
            "Pebble.xcodeproj/project.pbxproj", "PROVISIONING_PROFILE = \"\(uuid)\";",
            with: "PROVISIONING_PROFILE_SPECIFIER = \"match AppStore com.example.pebble\";", in: files)
        let explicit = try Detail.result("explicit-app-id", files: matched)
        #expect(explicit?.status != .warning, "\(explicit?.message ?? "")")
    }

    /// A C++ wrapper around an Objective-C wrapper around `[SKPaymentQueue canMakePayments]`
    /// that no code calls asks nothing; its header's declaration is no call.
    @Test func aWrapperOfAWrapperThatNobodyCallsAsksNothing() throws {
        var files = Self.adding(
            "Pebble/IAPHelper.mm",
            """
            #import <StoreKit/StoreKit.h>

            @implementation IAPHelper
            - (bool)canMakePayments
            {
                return [SKPaymentQueue canMakePayments];
            }
            @end
            """,
            to: try Detail.replacing(
                "Pebble/Store.swift", "AppStore.canMakePayments", with: "true", in: try Fixture.files("ObjectiveCStore")
            ))
        files = Self.adding(
            "Pebble/IAPWrapper.mm",
            """
            #import "IAPHelper.h"

            bool IAPWrapper::canMakePayments()
            {
                return [[IAPHelper sharedHelper] canMakePayments];
            }
            """, to: files)
        files = Self.adding(
            "Pebble/IAPWrapper.h",
            """
            class IAPWrapper {
            public:
                bool canMakePayments();
            };
            """, to: files)
        let result = try Detail.result("can-make-payments", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        let called = Self.adding(
            "Pebble/Shop.mm",
            """
            #import "IAPWrapper.h"

            void ShowShop(IAPWrapper *wrapper) {
                if (!wrapper->canMakePayments()) { ShowAlert("Purchases are turned off"); return; }
                OpenShop();
            }
            """, to: files)
        #expect(try Detail.result("can-make-payments", files: called)?.status == .pass)
    }

    /// The answer kept in a property and searched for a requested ID by a paywall compares;
    /// a search for what a transaction bought (`$0.id == transaction.productID`) does not.
    @Test func aLookUpOfStoredProductsElsewhereIsAComparison() throws {
        let silent = try Detail.replacing(
            "Pebble/Store.swift",
            "        let missing = Self.productIDs.subtracting(products.map(\\.id))\n        if !missing.isEmpty { print(\"Unknown product IDs: \\(missing.sorted())\") }\n",
            with: "        self.products = products\n", in: try Fixture.files(nil))
        let stored = try Detail.replacing(
            "Pebble/Store.swift", "    private var updates: Task<Void, Never>?",
            with: "    private var updates: Task<Void, Never>?\n    var products: [Product] = []", in: silent)
        #expect(try Detail.result("invalid-ids-ignored", files: stored)?.status == .warning)
        let paywall = """
            import StoreKit

            struct Paywall {
                let store: Store
                var problem: String?

                mutating func buyPro() {
                    guard let pro = store.products.first(where: { $0.id == "com.example.pebble.pro" }) else {
                        problem = "Pro was not found in the App Store."
                        return
                    }
                    print(pro)
                }
            }
            """
        let searched = Self.adding("Pebble/Paywall.swift", paywall, to: stored)
        #expect(try Detail.result("invalid-ids-ignored", files: searched)?.status == .pass)
        let bought = try Detail.replacing(
            "Pebble/Paywall.swift", "$0.id == \"com.example.pebble.pro\"", with: "$0.id == transaction.productID",
            in: searched)
        #expect(try Detail.result("invalid-ids-ignored", files: bought)?.status == .warning)
    }

    /// The tutorial helper: the products request's answer goes to a completion block a screen
    /// handed in, and the screen's block reloads its table with no hop.
    @Test func aHandedInCompletionBlockThatTouchesTheInterfaceIsTheDelegatesTouch() throws {
        let helper = """
            #import <StoreKit/StoreKit.h>

            @implementation IAPHelper {
                RequestProductsCompletionHandler _completionHandler;
            }

            - (void)requestProductsWithCompletionHandler:(RequestProductsCompletionHandler)completionHandler {
                _completionHandler = [completionHandler copy];
                SKProductsRequest *request = [[SKProductsRequest alloc] initWithProductIdentifiers:self.identifiers];
                request.delegate = self;
                self.request = request;
                [request start];
            }

            - (void)productsRequest:(SKProductsRequest *)request didReceiveResponse:(SKProductsResponse *)response {
                _completionHandler(YES, response.products);
                _completionHandler = nil;
            }
            @end
            """
        let screen = """
            #import "IAPHelper.h"

            @implementation ShopController
            - (void)reload {
                [[IAPHelper sharedInstance] requestProductsWithCompletionHandler:^(BOOL success, NSArray *products) {
                    self.products = products;
                    [self.tableView reloadData];
                }];
            }
            @end
            """
        let files = Self.adding(
            "Pebble/ShopController.m", screen, to: Self.adding("Pebble/IAPHelper.m", helper, to: try Fixture.files(nil))
        )
        let result = try Detail.result("main-thread-assumed", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        #expect(result?.evidence.map(\.file) == ["Pebble/ShopController.m"])
        let hopped = try Detail.replacing(
            "Pebble/ShopController.m", "[self.tableView reloadData];",
            with: "dispatch_async(dispatch_get_main_queue(), ^{ [self.tableView reloadData]; });", in: files)
        #expect(try Detail.result("main-thread-assumed", files: hopped)?.status == .pass)
        // Swift: `completionHandler?(true, products)` and a trailing closure.
        let swiftHelper = """
            import StoreKit

            final class TipHelper: NSObject, SKProductsRequestDelegate {
                private var completionHandler: ((Bool, [SKProduct]) -> Void)?
                private var request: SKProductsRequest?

                func requestProducts(_ completion: @escaping (Bool, [SKProduct]) -> Void) {
                    completionHandler = completion
                    let request = SKProductsRequest(productIdentifiers: ["com.example.pebble.gems"])
                    request.delegate = self
                    self.request = request
                    request.start()
                }

                func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                    print(response.invalidProductIdentifiers)
                    completionHandler?(true, response.products)
                }
            }
            """
        let swiftScreen = """
            import UIKit

            final class TipController: UITableViewController {
                let helper = TipHelper()

                override func viewDidLoad() {
                    super.viewDidLoad()
                    helper.requestProducts { success, products in
                        self.tableView.reloadData()
                    }
                }
            }
            """
        let swift = Self.adding(
            "Pebble/TipController.swift", swiftScreen,
            to: Self.adding("Pebble/TipHelper.swift", swiftHelper, to: try Fixture.files(nil)))
        #expect(try Detail.result("main-thread-assumed", files: swift)?.status == .warning)
    }

    /// An observer that implements `paymentQueue:removedTransactions:` but not
    /// `updatedTransactions:` finishes nothing: the finishing switch is in the wrong method.
    @Test func finishingInRemovedTransactionsFinishesNothing() throws {
        let observer = """
            #import <StoreKit/StoreKit.h>

            @implementation StoreObserver
            - (void)paymentQueue:(SKPaymentQueue *)queue removedTransactions:(NSArray *)transactions {
                for (SKPaymentTransaction *transaction in transactions) {
                    [[SKPaymentQueue defaultQueue] finishTransaction:transaction];
                }
            }
            @end
            """
        let files = Self.adding("Pebble/StoreObserver.m", observer, to: try Fixture.files("ObjectiveCStore"))
        let result = try Detail.result("finish-transactions", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        #expect(result?.message.contains("no paymentQueue:updatedTransactions:") == true)
        let renamed = try Detail.replacing(
            "Pebble/StoreObserver.m", "removedTransactions:", with: "updatedTransactions:", in: files)
        #expect(try Detail.result("finish-transactions", files: renamed)?.status == .pass)
    }

    /// A subscription store view with its Restore Purchases button shown restores; hidden (the
    /// default), it does not.
    @Test func aStoreViewsRestoreButtonRestores() throws {
        let clean = try Detail.replacing(
            "Pebble/Store.swift", "try await AppStore.sync()", with: "print(\"later\")", in: try Fixture.files(nil))
        let noRestore = try Detail.replacing("Pebble/Store.swift", "func restore()", with: "func later()", in: clean)
        #expect(try Detail.result("restore-button", files: noRestore)?.status == .warning)
        let paywall = """
            import StoreKit
            import SwiftUI

            struct Paywall: View {
                var body: some View {
                    SubscriptionStoreView(groupID: "21482801")
                        .storeButton(.visible, for: .restorePurchases)
                }
            }
            """
        let files = Self.adding("Pebble/Paywall.swift", paywall, to: noRestore)
        let result = try Detail.result("restore-button", files: files)
        #expect(result?.status == .pass)
        #expect(result?.message.contains("Restore Purchases button of a StoreKit view") == true)
        let hidden = try Detail.replacing("Pebble/Paywall.swift", ".visible", with: ".hidden", in: files)
        #expect(try Detail.result("restore-button", files: hidden)?.status == .warning)
    }

    /// A request factory handed in (`makeRequest: SKProductsRequest.init`, or a stub's
    /// `{ _ in SKProductsRequest() }`): the closure's result is kept by its caller, and the
    /// response handler that never reads the invalid IDs is still found.
    @Test func aRequestMadeByAnInjectedFactory() throws {
        let loader = """
            import StoreKit

            final class ProductLoader: NSObject, SKProductsRequestDelegate {
                private let makeRequest: (Set<String>) -> SKProductsRequest
                private var loading: SKProductsRequest?

                init(makeRequest: @escaping (Set<String>) -> SKProductsRequest) {
                    self.makeRequest = makeRequest
                }

                func load(_ ids: Set<String>) {
                    let request = makeRequest(ids)
                    request.delegate = self
                    loading = request
                    request.start()
                }

                func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                    print(response.products.count)
                }
            }

            final class PreviewLoader {
                let loader = ProductLoader(makeRequest: { _ in SKProductsRequest() })
                let live = ProductLoader(makeRequest: SKProductsRequest.init)
            }
            """
        let files = Self.adding("Pebble/ProductLoader.swift", loader, to: try Fixture.files(nil))
        #expect(try Detail.result("request-not-retained", files: files)?.status == .pass)
        let ignored = try Detail.result("invalid-ids-ignored", files: files)
        #expect(ignored?.status == .warning, "\(ignored?.message ?? "")")
        #expect(ignored?.message.contains("invalidProductIdentifiers is never read") == true)
    }

    /// A look-up of stored products whose `else` only returns nil (a discount shown when both
    /// products are there) reports nothing; a computed property's look-up whose users report
    /// its absence does.
    @Test func aStoredLookUpCountsOnlyWhenItsAbsenceIsReported() throws {
        let silent = try Detail.replacing(
            "Pebble/Store.swift",
            "        let missing = Self.productIDs.subtracting(products.map(\\.id))\n        if !missing.isEmpty { print(\"Unknown product IDs: \\(missing.sorted())\") }\n",
            with: "        self.products = products\n", in: try Fixture.files(nil))
        let stored = try Detail.replacing(
            "Pebble/Store.swift", "    private var updates: Task<Void, Never>?",
            with: "    private var updates: Task<Void, Never>?\n    var products: [Product] = []", in: silent)
        let discount = """
            import StoreKit

            extension Store {
                func discount() -> Decimal? {
                    guard let pro = products.first(where: { $0.id == "com.example.pebble.pro" }) else {
                        return nil
                    }
                    return pro.price / 2
                }

                var proProduct: Product? { products.first { $0.id == "com.example.pebble.pro" } }
            }
            """
        let quiet = Self.adding("Pebble/Discount.swift", discount, to: stored)
        #expect(try Detail.result("invalid-ids-ignored", files: quiet)?.status == .warning)
        let buyer = """
            struct Buyer {
                let store: Store
                var problem: String?

                mutating func buy() {
                    guard let product = store.proProduct else {
                        problem = "Pro is missing from the App Store."
                        return
                    }
                    print(product)
                }
            }
            """
        let told = Self.adding("Pebble/Buyer.swift", buyer, to: quiet)
        #expect(try Detail.result("invalid-ids-ignored", files: told)?.status == .pass)
    }

    /// The handed-in handler may touch the interface one step away: a block that calls its
    /// coordinator's own method, which reaches the navigation controller, or a view model's
    /// method passed by name (`setCallBack(self.onPurchase)`) that sets `@Published` state.
    @Test func aHandedInHandlerTouchesTheInterfaceThroughItsOwnType() throws {
        let helper = """
            #import <StoreKit/StoreKit.h>

            @implementation IAPManager
            - (void)requestProducts:(void (^)(BOOL success, NSArray *products))completionHandler {
                self.completionHandler = completionHandler;
                self.productRequest = [[SKProductsRequest alloc] initWithProductIdentifiers:self.identifiers];
                self.productRequest.delegate = self;
                [self.productRequest start];
            }

            - (void)productsRequest:(SKProductsRequest *)request didReceiveResponse:(SKProductsResponse *)response {
                self.completionHandler(YES, response.products);
            }
            @end
            """
        let coordinator = """
            #import "IAPManager.h"

            @implementation SettingsCoordinator
            - (void)unableToRetrieveProducts {
                NSArray *controllers = self.navigationController.viewControllers;
                NSLog(@"%@", controllers);
            }

            - (void)load {
                [IAPManager.sharedInstance requestProducts:^(BOOL success, NSArray *products) {
                    if (success == NO) { [self unableToRetrieveProducts]; }
                }];
            }
            @end
            """
        let objectiveC = Self.adding(
            "Pebble/SettingsCoordinator.m", coordinator,
            to: Self.adding("Pebble/IAPManager.m", helper, to: try Fixture.files(nil)))
        let reached = try Detail.result("main-thread-assumed", files: objectiveC)
        #expect(reached?.status == .warning, "\(reached?.message ?? "")")
        #expect(reached?.evidence.map(\.file) == ["Pebble/SettingsCoordinator.m"])
        let tipJar = """
            import StoreKit

            final class TipJar: NSObject, SKPaymentTransactionObserver {
                static let shared = TipJar()
                private var callBack: ((Bool, String) -> Void)?

                func setCallBack(_ callBack: @escaping (Bool, String) -> Void) {
                    self.callBack = callBack
                }

                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions where transaction.transactionState == .purchased {
                        self.callBack!(true, transaction.payment.productIdentifier)
                        queue.finishTransaction(transaction)
                    }
                }
            }
            """
        let viewModel = """
            import Combine

            final class TipJarModel: ObservableObject {
                @Published var thanks = false

                init() {
                    TipJar.shared.setCallBack(self.onPurchase)
                }

                func onPurchase(_ success: Bool, _ productID: String) {
                    thanks = success
                }
            }
            """
        let swift = Self.adding(
            "Pebble/TipJarModel.swift", viewModel,
            to: Self.adding("Pebble/TipJar.swift", tipJar, to: try Fixture.files(nil)))
        let published = try Detail.result("main-thread-assumed", files: swift)
        #expect(published?.status == .warning, "\(published?.message ?? "")")
        #expect(published?.evidence.map(\.file) == ["Pebble/TipJarModel.swift"])
    }

    /// A custom entry point (`@main struct Main { static func main() { NewApp.main() } }`)
    /// launches the App types it runs, with their `@StateObject` stores.
    @Test func aCustomEntryPointLaunchesTheAppsItRuns() throws {
        var files = try Fixture.files(nil)
        files["Pebble/PebbleApp.swift"] = Array(
            """
            import SwiftUI

            struct PebbleApp13: App {
                @StateObject private var store = StoreHolder()
                var body: some Scene { WindowGroup { Text("Pebble") } }
            }

            @main
            struct Main {
                static func main() {
                    PebbleApp13.main()
                }
            }

            final class StoreHolder: ObservableObject {
                let store = Store()
            }
            """.utf8)
        let result = try Detail.result("listener-at-launch", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        #expect(result?.message.contains("@main Main → PebbleApp13.main()") == true)
    }

    /// A request kept only in a `weak var` (typed local or not) is released as the method
    /// returns; without ARC, one sent `release` right after `start` is too.
    @Test func weakPropertiesAndAnEarlyReleaseKeepNoRequest() throws {
        let store = """
            import StoreKit

            final class PerkStore: NSObject, SKProductsRequestDelegate {
                weak var request: SKProductsRequest?

                func load() {
                    let request: SKProductsRequest = SKProductsRequest(productIdentifiers: ["com.example.pebble.pro"])
                    request.delegate = self
                    self.request = request
                    request.start()
                }

                func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                    print(response.invalidProductIdentifiers)
                }
            }
            """
        let files = Self.adding("Pebble/PerkStore.swift", store, to: try Fixture.files(nil))
        #expect(try Detail.result("request-not-retained", files: files)?.status == .warning)
        let strong = try Detail.replacing("Pebble/PerkStore.swift", "weak var request", with: "var request", in: files)
        #expect(try Detail.result("request-not-retained", files: strong)?.status == .pass)
        let path = "Pebble.xcodeproj/project.pbxproj"
        let manual = try Detail.replacing(
            path, "CLANG_ENABLE_OBJC_ARC = YES;", with: "CLANG_ENABLE_OBJC_ARC = NO;",
            in: try Fixture.files("ObjectiveCStore"))
        #expect(try Detail.result("request-not-retained", files: manual)?.status == .pass)
        let released = try Detail.replacing(
            "Pebble/LegacyStore.m", "    [request start];", with: "    [request start];\n    [request release];",
            in: manual)
        #expect(try Detail.result("request-not-retained", files: released)?.status == .warning)
    }

    /// The observer tells its delegate (`IAPHandler.delegate?.purchaseResult(was:)`), and the
    /// screen that adopts the protocol hides its spinner without a hop.
    @Test func aDelegateProtocolMethodThatTouchesTheInterfaceIsTheCallbacksTouch() throws {
        let handler = """
            import StoreKit

            protocol PurchaseResultDelegate: AnyObject {
                func purchaseResult(was success: Bool)
            }

            final class IAPHandler: NSObject, SKPaymentTransactionObserver {
                weak var delegate: PurchaseResultDelegate?

                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions where transaction.transactionState == .purchased {
                        queue.finishTransaction(transaction)
                        delegate?.purchaseResult(was: true)
                    }
                }
            }
            """
        let screen = """
            import UIKit

            final class UnlockController: UIViewController, PurchaseResultDelegate {
                let spinner = UIActivityIndicatorView()

                func purchaseResult(was success: Bool) {
                    spinner.stopAnimating()
                }
            }
            """
        let files = Self.adding(
            "Pebble/UnlockController.swift", screen,
            to: Self.adding("Pebble/IAPHandler.swift", handler, to: try Fixture.files(nil)))
        let result = try Detail.result("main-thread-assumed", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        #expect(result?.evidence.map(\.file) == ["Pebble/UnlockController.swift"])
        let hopped = try Detail.replacing(
            "Pebble/UnlockController.swift", "spinner.stopAnimating()",
            with: "DispatchQueue.main.async { self.spinner.stopAnimating() }", in: files)
        #expect(try Detail.result("main-thread-assumed", files: hopped)?.status == .pass)
    }

    /// A callback that calls a free function, which posts through a helper that takes the
    /// notification's name: the observer that presents an alert is the callback's touch. The
    /// observer is named in `#selector(Type.method(notification:))`.
    @Test func aNotificationPostedThroughFreeHelpersReachesItsObserver() throws {
        let helpers = """
            import Foundation

            func announce(named name: String, info: [AnyHashable: Any]? = nil) {
                NotificationCenter.default.post(name: NSNotification.Name(rawValue: name), object: nil, userInfo: info)
            }

            func askForAlert(title: String) {
                announce(named: "pebbleAlertWanted", info: ["title": title])
            }
            """
        let observer = """
            import StoreKit

            final class RestoreObserver: NSObject, SKPaymentTransactionObserver {
                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {}

                func paymentQueueRestoreCompletedTransactionsFinished(_ queue: SKPaymentQueue) {
                    askForAlert(title: "Restored")
                }
            }
            """
        let screen = """
            import UIKit

            final class BoardController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    NotificationCenter.default.addObserver(
                        self, selector: #selector(BoardController.showAlert(notification:)),
                        name: NSNotification.Name(rawValue: "pebbleAlertWanted"), object: nil)
                }

                @objc func showAlert(notification: Notification) {
                    let alert = UIAlertController(title: "Done", message: nil, preferredStyle: .alert)
                    present(alert, animated: true)
                }
            }
            """
        var files = Self.adding("Pebble/Helpers.swift", helpers, to: try Fixture.files(nil))
        files = Self.adding("Pebble/RestoreObserver.swift", observer, to: files)
        files = Self.adding("Pebble/BoardController.swift", screen, to: files)
        let result = try Detail.result("main-thread-assumed", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        #expect(result?.evidence.map(\.file) == ["Pebble/BoardController.swift"])
        let otherName = try Detail.replacing(
            "Pebble/Helpers.swift", "announce(named: \"pebbleAlertWanted\"",
            with: "announce(named: \"pebbleSomethingElse\"", in: files)
        #expect(try Detail.result("main-thread-assumed", files: otherName)?.status == .pass)
        let hopped = try Detail.replacing(
            "Pebble/BoardController.swift", "present(alert, animated: true)",
            with: "DispatchQueue.main.async { self.present(alert, animated: true) }", in: files)
        #expect(try Detail.result("main-thread-assumed", files: hopped)?.status == .pass)
    }

    /// A handed-in block that messages another class's method, named by no other class, which
    /// shows an alert view; and a screen's handed-in closure that touches its storyboard
    /// outlets. Neither hops, so both are the callback's touches.
    @Test func handedInHandlersReachMethodsOfOtherClassesAndOutlets() throws {
        let helper = """
            #import <StoreKit/StoreKit.h>

            @implementation CoinStore
            - (void)requestProductsWithCompletionHandler:(Handler)completionHandler {
                _completionHandler = [completionHandler copy];
            }

            - (void)productsRequest:(SKProductsRequest *)request didReceiveResponse:(SKProductsResponse *)response {
                _completionHandler(YES, response.products);
            }
            @end
            """
        let layer = """
            @implementation ShopLayer
            - (void)open {
                [[CoinStore shared] requestProductsWithCompletionHandler:^(BOOL success, NSArray *products) {
                    [[Wallet shared] spendCoinsFor:products];
                }];
            }
            @end
            """
        let wallet = """
            @implementation Wallet
            - (void)spendCoinsFor:(NSArray *)products {
                UIAlertView *alert = [[UIAlertView alloc] initWithTitle:@"Coins" message:nil delegate:nil
                    cancelButtonTitle:@"OK" otherButtonTitles:nil];
                [alert show];
            }
            @end
            """
        var files = Self.adding("Pebble/CoinStore.m", helper, to: try Fixture.files(nil))
        files = Self.adding("Pebble/ShopLayer.m", layer, to: files)
        files = Self.adding("Pebble/Wallet.m", wallet, to: files)
        let result = try Detail.result("main-thread-assumed", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        #expect(result?.evidence.map(\.file) == ["Pebble/Wallet.m"])
        // A second class with the same method name leaves the target unknown.
        let ambiguous = Self.adding(
            "Pebble/Ledger.m", "@implementation Ledger\n- (void)spendCoinsFor:(NSArray *)products {}\n@end\n",
            to: files)
        #expect(try Detail.result("main-thread-assumed", files: ambiguous)?.status == .pass)

        let manager = """
            import StoreKit

            final class AdRemover: NSObject, SKPaymentTransactionObserver {
                private var onDone: ((Bool) -> Void)?

                func buy(completion: @escaping (Bool) -> Void) {
                    onDone = completion
                }

                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions {
                        queue.finishTransaction(transaction)
                        onDone?(transaction.transactionState == .purchased)
                    }
                }
            }
            """
        let home = """
            import UIKit

            final class HomeController: UIViewController {
                @IBOutlet weak var adBanner: UIView!

                @IBAction func removeAdsTapped(_ sender: Any) {
                    AdRemover().buy { success in
                        if success { self.hideAds() }
                    }
                }

                func hideAds() {
                    adBanner.removeFromSuperview()
                }
            }
            """
        var outlets = Self.adding("Pebble/AdRemover.swift", manager, to: try Fixture.files(nil))
        outlets = Self.adding("Pebble/HomeController.swift", home, to: outlets)
        let outletResult = try Detail.result("main-thread-assumed", files: outlets)
        #expect(outletResult?.status == .warning, "\(outletResult?.message ?? "")")
        #expect(outletResult?.evidence.map(\.file) == ["Pebble/HomeController.swift"])
        let hopped = try Detail.replacing(
            "Pebble/HomeController.swift", "if success { self.hideAds() }",
            with: "DispatchQueue.main.async { if success { self.hideAds() } }", in: outlets)
        #expect(try Detail.result("main-thread-assumed", files: hopped)?.status == .pass)
    }

    /// A Swift call on a receiver of unknown type reaches the project's only method of that name
    /// only when written with that method's labels: `queue.add(self)` is not
    /// `add(child:container:)` of an extension.
    @Test func aCallWithOtherLabelsIsNotTheProjectsMethodOfThatName() throws {
        let observer = """
            import StoreKit

            final class Observer: NSObject, SKPaymentTransactionObserver {
                var pending = Set<String>()

                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions {
                        pending.insert(transaction.payment.productIdentifier)
                        queue.finishTransaction(transaction)
                    }
                }
            }
            """
        let containment = """
            import UIKit

            extension UIViewController {
                func insert(child: UIViewController, into container: UIView) {
                    addChild(child)
                    container.addSubview(child.view)
                }
            }
            """
        var files = Self.adding("Pebble/Observer.swift", observer, to: try Fixture.files(nil))
        files = Self.adding("Pebble/Containment.swift", containment, to: files)
        #expect(try Detail.result("main-thread-assumed", files: files)?.status == .pass)
        let labelled = try Detail.replacing(
            "Pebble/Observer.swift", "pending.insert(transaction.payment.productIdentifier)",
            with: "screen.insert(child: nextScreen, into: holder)", in: files)
        #expect(try Detail.result("main-thread-assumed", files: labelled)?.status == .warning)
    }

    /// SwiftyStoreKit calls purchase completions from its transaction observer, copied into the
    /// app's sources or used as a package; an app completion that touches the interface must hop.
    @Test func swiftyStoreKitCallsPurchaseCompletionsOffTheMainThread() throws {
        let dashboard = """
            import UIKit
            import SwiftyStoreKit

            final class DashboardController: UIViewController {
                let premiumButton = UIButton()

                func restore() {
                    SwiftyStoreKit.restorePurchases(atomically: true) { results in
                        if !results.restoredPurchases.isEmpty {
                            self.premiumButton.setTitle("Premium", for: .normal)
                        }
                    }
                }
            }
            """
        let vendored = """
            import StoreKit

            final class PaymentQueueController: NSObject, SKPaymentTransactionObserver {
                var onTransactions: (([SKPaymentTransaction]) -> Void)?

                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    onTransactions?(transactions)
                }
            }
            """
        let package = Self.adding("Pebble/DashboardController.swift", dashboard, to: try Fixture.files(nil))
        #expect(try Detail.result("main-thread-assumed", files: package)?.status == .warning)
        let files = Self.adding("Pebble/SwiftyStoreKit/PaymentQueueController.swift", vendored, to: package)
        let result = try Detail.result("main-thread-assumed", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        #expect(result?.message.contains("SwiftyStoreKit.restorePurchases") == true, "\(result?.message ?? "")")
        let hopped = try Detail.replacing(
            "Pebble/DashboardController.swift", "self.premiumButton.setTitle(\"Premium\", for: .normal)",
            with: "DispatchQueue.main.async { self.premiumButton.setTitle(\"Premium\", for: .normal) }", in: files)
        #expect(try Detail.result("main-thread-assumed", files: hopped)?.status == .pass)
    }

    /// An observer that tells states apart with `if … == .purchased { } else if … == .failed { }`
    /// in an app that restores: restored transactions take no branch and are never finished. A
    /// closing `else` that finishes, or a finish after the chain, handles them.
    @Test func anIfChainWithoutTheRestoredStateLeavesRestoredTransactionsUnfinished() throws {
        let screen = """
            import StoreKit
            import UIKit

            final class QuotesController: UITableViewController, SKPaymentTransactionObserver {
                @IBAction func restoreTapped(_ sender: Any) {
                    SKPaymentQueue.default().restoreCompletedTransactions()
                }

                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions {
                        if transaction.transactionState == .purchased {
                            queue.finishTransaction(transaction)
                        } else if transaction.transactionState == .failed {
                            queue.finishTransaction(transaction)
                        }
                    }
                }
            }
            """
        let files = Self.adding("Pebble/QuotesController.swift", screen, to: try Fixture.files(nil))
        let result = try Detail.result("finish-transactions", files: files)
        #expect(result?.status == .fail || result?.status == .warning, "\(result?.message ?? "")")
        #expect(result?.message.contains("restored") == true, "\(result?.message ?? "")")
        let closingElse = try Detail.replacing(
            "Pebble/QuotesController.swift",
            """
                        } else if transaction.transactionState == .failed {
                            queue.finishTransaction(transaction)
                        }
            """,
            with: """
                            } else if transaction.transactionState == .failed {
                                queue.finishTransaction(transaction)
                            } else {
                                queue.finishTransaction(transaction)
                            }
                """, in: files)
        #expect(try Detail.result("finish-transactions", files: closingElse)?.status == .pass)
        let finishedAfter = try Detail.replacing(
            "Pebble/QuotesController.swift",
            """
                        } else if transaction.transactionState == .failed {
                            queue.finishTransaction(transaction)
                        }
            """,
            with: """
                            }
                            queue.finishTransaction(transaction)
                """,
            in: try Detail.replacing(
                "Pebble/QuotesController.swift",
                "if transaction.transactionState == .purchased {\n                queue.finishTransaction(transaction)",
                with: "if transaction.transactionState == .purchased {\n                print(\"unlocked\")", in: files)
        )
        #expect(try Detail.result("finish-transactions", files: finishedAfter)?.status == .pass)
    }

    /// `Settings.instance.disableAds()` reaches `Settings`'s method even when another class has
    /// a method of that name: the chain starts at the type. From there
    /// `SceneDelegate.shared.adsRemoved()` lays out the window's views without a hop.
    @Test func aChainFromAProjectTypeReachesThatTypesMethod() throws {
        let observer = """
            import StoreKit

            final class StoreObserver: NSObject, SKPaymentTransactionObserver {
                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions where transaction.transactionState == .purchased {
                        queue.finishTransaction(transaction)
                        Settings.instance.disableAds()
                    }
                }
            }
            """
        let settings = """
            import Foundation

            final class Settings {
                static let instance = Settings()

                func disableAds() {
                    UserDefaults.standard.set(false, forKey: "ads")
                    SceneDelegate.shared.adsRemoved()
                }
            }

            final class OptionsModel {
                func disableAds() {}
            }
            """
        let scene = """
            import UIKit

            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                static var shared: SceneDelegate!
                var window: UIWindow?

                func adsRemoved() {
                    window?.rootViewController?.view.setNeedsLayout()
                }
            }

            final class ChartScreen {
                func adsRemoved() {}
            }
            """
        var files = Self.adding("Pebble/StoreObserver.swift", observer, to: try Fixture.files(nil))
        files = Self.adding("Pebble/Settings.swift", settings, to: files)
        files = Self.adding("Pebble/SceneDelegate.swift", scene, to: files)
        let result = try Detail.result("main-thread-assumed", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        #expect(result?.evidence.map(\.file) == ["Pebble/SceneDelegate.swift"])
        let unknownReceiver = try Detail.replacing(
            "Pebble/StoreObserver.swift", "Settings.instance.disableAds()", with: "settings.disableAds()", in: files)
        #expect(try Detail.result("main-thread-assumed", files: unknownReceiver)?.status == .pass)
    }

    /// An app that never asks for its products and pays with `SKMutablePayment` from an ID
    /// cannot name an unknown one: the purchase just fails.
    @Test func aPaymentFromABareIDWithNoRequestNeverNamesUnknownIDs() throws {
        let screen = """
            import StoreKit
            import UIKit

            final class QuotesController: UITableViewController {
                let premiumID = "com.example.pebble.premium"

                func buyPremium() {
                    let payment = SKMutablePayment()
                    payment.productIdentifier = premiumID
                    SKPaymentQueue.default().add(payment)
                }
            }
            """
        let files = Self.adding("Pebble/QuotesController.swift", screen, to: try Fixture.files("NoStoreCode"))
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.message.contains("bare ID") == true, "\(result?.message ?? "")")
    }

    /// A wrapper of `canMakePayments()` passed on by a repository's and a use case's small
    /// wrappers, none of which any screen calls: the question is never asked. Once a screen
    /// calls the outermost wrapper, it is.
    @Test func aChainOfUncalledWrappersNeverAsksWhetherPaymentsAreAllowed() throws {
        let layers = """
            import StoreKit

            final class PaymentsManager {
                func canPay() -> Bool {
                    SKPaymentQueue.canMakePayments()
                }
            }

            final class PaymentsRepository {
                let manager = PaymentsManager()

                func allowsPurchases(_ completion: @escaping (Bool) -> Void) {
                    completion(self.manager.canPay())
                }
            }

            final class PurchaseUseCase {
                let repository = PaymentsRepository()

                func allowsPurchases(_ completion: @escaping (Bool) -> Void) {
                    self.repository.allowsPurchases(completion)
                }
            }
            """
        let files = Self.adding("Pebble/PaymentLayers.swift", layers, to: try Fixture.files("NoStoreCode"))
        let result = try Detail.result("can-make-payments", files: files)
        #expect(result?.status == .warning || result?.status == .fail, "\(result?.message ?? "")")
        let screen = """
            import UIKit

            final class ShopController: UIViewController {
                let useCase = PurchaseUseCase()

                override func viewDidLoad() {
                    super.viewDidLoad()
                    useCase.allowsPurchases { allowed in
                        self.title = allowed ? "Shop" : "Purchases are turned off"
                    }
                }
            }
            """
        let asked = Self.adding("Pebble/ShopController.swift", screen, to: files)
        #expect(try Detail.result("can-make-payments", files: asked)?.status == .pass)
    }

    /// With one ID asked for, looking at the answer for that product is the check, when the
    /// branch for its absence tells someone: `guard let … = products.first else { throw … }` in
    /// StoreKit 2; a StoreKit 1 handler keeping the product whose identifier matches. A branch
    /// that only returns names nothing.
    @Test func theAnswerToARequestForOneIDIsCheckedWhenItsAbsenceIsReported() throws {
        let tip = """
            import StoreKit

            enum TipError: Error { case noProduct }

            struct TipJar {
                func buyTip() async throws {
                    let products = try await Product.products(for: ["com.example.pebble.tip"])
                    guard let product = products.first else { throw TipError.noProduct }
                    _ = try await product.purchase()
                }
            }
            """
        var files = Self.adding("Pebble/TipJar.swift", tip, to: try Fixture.files("NoStoreCode"))
        #expect(try Detail.result("invalid-ids-ignored", files: files)?.status == .pass)
        files = try Detail.replacing(
            "Pebble/TipJar.swift", "else { throw TipError.noProduct }", with: "else { return }", in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: files)?.status == .warning)

        let loader = """
            import StoreKit

            final class FullVersion: NSObject, SKProductsRequestDelegate {
                let fullVersionID = "com.example.pebble.full"
                var request: SKProductsRequest?
                var product: SKProduct?

                func load() {
                    request = SKProductsRequest(productIdentifiers: [fullVersionID])
                    request?.delegate = self
                    request?.start()
                }

                func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                    response.products.forEach {
                        if $0.productIdentifier == fullVersionID { product = $0 }
                    }
                }
            }
            """
        var storeKit1 = Self.adding("Pebble/FullVersion.swift", loader, to: try Fixture.files("NoStoreCode"))
        #expect(try Detail.result("invalid-ids-ignored", files: storeKit1)?.status == .pass)
        storeKit1 = try Detail.replacing(
            "Pebble/FullVersion.swift",
            """
                    response.products.forEach {
                        if $0.productIdentifier == fullVersionID { product = $0 }
                    }
            """,
            with: """
                        guard !response.products.isEmpty else { return }
                        if let found = response.products.first(where: { $0.productIdentifier == fullVersionID }) {
                            product = found
                        }
                """, in: storeKit1)
        #expect(try Detail.result("invalid-ids-ignored", files: storeKit1)?.status == .warning)
    }

    /// A buy button shown only when payments are allowed (`if canMakePayments() { button shown }`,
    /// no `else`) hides the way to buy instead of failing in silence; a branch that buys with no
    /// `else` still does nothing when payments are off.
    @Test func aBuyButtonShownOnlyWhenPaymentsAreAllowedIsNoSilentRefusal() throws {
        let screen = """
            import StoreKit
            import UIKit

            final class LogoController: UIViewController {
                @IBOutlet weak var removeLogoButton: UIButton!
                var product: SKProduct?

                func refreshButtons() {
                    if SKPaymentQueue.canMakePayments() {
                        removeLogoButton.isHidden = false
                    }
                }

                @IBAction func removeLogoTapped(_ sender: Any) {
                    guard let product else { return }
                    SKPaymentQueue.default().add(SKPayment(product: product))
                }
            }
            """
        let files = Self.adding("Pebble/LogoController.swift", screen, to: try Fixture.files("NoStoreCode"))
        let shown = try Detail.result("can-make-payments", files: files)
        #expect(shown?.status == .pass, "\(shown?.message ?? "")")
        let buying = try Detail.replacing(
            "Pebble/LogoController.swift", "removeLogoButton.isHidden = false", with: "buyRemoveLogo()",
            in: files)
        #expect(try Detail.result("can-make-payments", files: buying)?.status == .warning)
    }

    /// An observer that calls a closure property another type assigns (`observer.onPurchase =
    /// handler`, with `let handler = { … }` before it, or a closure written in place), read into
    /// a local first (`guard let handler = onPurchase`): the assigned closure is the callback's.
    @Test func aClosurePropertyAssignedFromOutsideIsTheCallbacksHandler() throws {
        let observer = """
            import StoreKit

            final class PurchaseObserver: NSObject, SKPaymentTransactionObserver {
                var onPurchase: ((String) -> Void)?

                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions where transaction.transactionState == .purchased {
                        guard let handler = onPurchase else { continue }
                        handler(transaction.payment.productIdentifier)
                        queue.finishTransaction(transaction)
                    }
                }
            }
            """
        let delegate = """
            import UIKit

            final class AppDelegate: UIResponder, UIApplicationDelegate {
                let observer = PurchaseObserver()
                var tabs = UITabBarController()

                func configureObserver() {
                    let unlockHandler = { (productID: String) in
                        let alert = UIAlertController(title: productID, message: nil, preferredStyle: .alert)
                        self.tabs.present(alert, animated: true)
                    }
                    observer.onPurchase = unlockHandler
                }
            }
            """
        var files = Self.adding("Pebble/PurchaseObserver.swift", observer, to: try Fixture.files(nil))
        files = Self.adding("Pebble/AppDelegate.swift", delegate, to: files)
        let result = try Detail.result("main-thread-assumed", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        #expect(result?.evidence.map(\.file) == ["Pebble/AppDelegate.swift"])
        let hopped = try Detail.replacing(
            "Pebble/AppDelegate.swift", "self.tabs.present(alert, animated: true)",
            with: "DispatchQueue.main.async { self.tabs.present(alert, animated: true) }", in: files)
        #expect(try Detail.result("main-thread-assumed", files: hopped)?.status == .pass)
    }

    /// IDs kept in a bundled property list (Apple's sample reads `Products.plist`, whose keys
    /// are the IDs, into a property its `init` assigns) are what the request asks for: they are
    /// compared with the catalogue where the plist writes them, not called "joined at run time".
    @Test func productIDsReadFromABundledPropertyListAreCompared() throws {
        let catalogue = """
            import StoreKit

            final class ProductCatalogue {
                private let emojis: [String: String]

                init() {
                    if let path = Bundle.main.path(forResource: "Products", ofType: "plist"),
                        let data = FileManager.default.contents(atPath: path)
                    {
                        emojis = (try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String]) ?? [:]
                    } else {
                        emojis = [:]
                    }
                }

                func load() async throws -> [Product] {
                    try await Product.products(for: emojis.keys)
                }
            }
            """
        func plist(_ body: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            \(body)
            </plist>
            """
        }
        var files = Self.adding("Pebble/ProductCatalogue.swift", catalogue, to: try Fixture.files("NoStoreCode"))
        files = Self.adding(
            "Pebble/Products.plist",
            plist(
                "<dict>\n\t<key>com.example.pebble.gems</key>\n\t<string>💎</string>\n\t<key>com.example.pebble.pro</key>\n\t<string>⭐️</string>\n</dict>"
            ),
            to: files)
        let known = try Detail.result("product-id-mismatch", files: files)
        #expect(known?.status == .pass, "\(known?.message ?? "")")
        files = try Detail.replacing(
            "Pebble/Products.plist", "<key>com.example.pebble.pro</key>",
            with: "<key>com.example.pebble.pro</key>\n\t<string>⭐️</string>\n\t<key>com.example.pebble.library</key>",
            in: files)
        let stale = try Detail.result("product-id-mismatch", files: files)
        #expect(stale?.status == .fail)
        #expect(stale?.message.contains("\"com.example.pebble.library\" reaches Product.products(for:)") == true)
        #expect(stale?.evidence.map { "\($0.file):\($0.line)" } == ["Pebble/Products.plist:9"])
        // An array of IDs, read by URL, is the same list.
        let listed = try Detail.replacing(
            "Pebble/ProductCatalogue.swift", "Bundle.main.path(forResource: \"Products\", ofType: \"plist\")",
            with: "Bundle.main.path(forResource: \"ProductIDs.plist\", ofType: nil)", in: files)
        let array = Self.adding(
            "Pebble/ProductIDs.plist",
            plist(
                "<array>\n\t<string>com.example.pebble.pro</string>\n\t<string>com.example.pebble.gems</string>\n</array>"
            ),
            to: listed)
        #expect(try Detail.result("product-id-mismatch", files: array)?.status == .pass)
    }

    /// `bundleIdentifier + "." + suffix`: no literal in the request is an ID, but the separator
    /// shows one being assembled at run time, which no file can confirm.
    @Test func anIDJoinedToTheBundleIDWithADotWarns() throws {
        let shop = """
            import StoreKit

            struct Shop {
                func load(_ suffix: String) async throws -> [Product] {
                    try await Product.products(for: [Bundle.main.bundleIdentifier! + "." + suffix])
                }
            }
            """
        let files = Self.adding("Pebble/Shop.swift", shop, to: try Fixture.files("NoStoreCode"))
        let result = try Detail.result("product-id-mismatch", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        #expect(result?.message.contains("joined at run time from \".\" and values known only at run time") == true)
        #expect(result?.evidence.map(\.line) == [5])
    }

    /// SwiftyStoreKit's purchase completions come from its observer, whether the library is
    /// committed in the `Pods` folder or not. A wrapper that passes the answer on to its own
    /// completion runs the screens' closures there too.
    @Test func swiftyStoreKitReachesTheScreensThroughAWrapper() throws {
        let wrapper = """
            import SwiftyStoreKit

            enum Store {
                static func purchase(_ id: String, completion: @escaping (Bool) -> Void) {
                    SwiftyStoreKit.purchaseProduct(id, atomically: true) { result in
                        switch result {
                        case .success: completion(true)
                        case .error: completion(false)
                        }
                    }
                }
            }
            """
        let paywall = """
            import UIKit

            final class PaywallController: UIViewController {
                func buy() {
                    Store.purchase("com.example.pebble.pro") { bought in
                        let alert = UIAlertController(title: bought ? "Thanks" : "Not bought", message: nil, preferredStyle: .alert)
                        self.present(alert, animated: true)
                    }
                }
            }
            """
        var files = Self.adding("Pebble/Store+Swifty.swift", wrapper, to: try Fixture.files(nil))
        files = Self.adding("Pebble/PaywallController.swift", paywall, to: files)
        let committed = Self.adding(
            "Pods/SwiftyStoreKit/Sources/SwiftyStoreKit/PaymentQueueController.swift", "import StoreKit\n", to: files)
        for shape in [files, committed] {
            let result = try Detail.result("main-thread-assumed", files: shape)
            #expect(result?.status == .warning, "\(result?.message ?? "")")
            #expect(result?.message.contains("SwiftyStoreKit.purchaseProduct") == true)
            #expect(result?.evidence.map { "\($0.file):\($0.line)" } == ["Pebble/PaywallController.swift:6"])
        }
    }

    /// With one ID asked for and the answer kept in a property, the purchase's
    /// `guard let product = products.first else { tell the user }` is the check that it came.
    @Test func theOneStoredProductCheckedWhereItIsBoughtNamesItsAbsence() throws {
        let store = """
            import StoreKit

            @MainActor final class TipStore: ObservableObject {
                static let tipID = "com.example.pebble.pro"
                @Published var products: [Product] = []
                @Published var message: String?

                func load() async {
                    do {
                        products = try await Product.products(for: [Self.tipID])
                    } catch {
                        message = error.localizedDescription
                    }
                }

                func buy() async {
                    guard let product = products.first else {
                        message = "The tip is not available. Try again later."
                        return
                    }
                    _ = try? await product.purchase()
                }
            }
            """
        var files = Self.adding("Pebble/TipStore.swift", store, to: try Fixture.files("NoStoreCode"))
        let reported = try Detail.result("invalid-ids-ignored", files: files)
        #expect(reported?.status == .pass, "\(reported?.message ?? "")")
        files = try Detail.replacing(
            "Pebble/TipStore.swift",
            "guard let product = products.first else {\n            message = \"The tip is not available. Try again later.\"\n            return\n        }",
            with: "guard let product = products.first else { return }", in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: files)?.status == .warning)
    }

    /// Setting a property runs its `didSet` where the assignment runs: a products callback that
    /// sets a view's `price`, whose `didSet` retitles a button, touches the interface off the
    /// main thread.
    @Test func aPropertyObserverRunsWhereTheCallbackAssignsIt() throws {
        let screen = """
            import UIKit
            import StoreKit

            final class PriceButton: UIButton {
                func showTitle(_ title: String, size: CGFloat) {
                    setAttributedTitle(NSAttributedString(string: title), for: .normal)
                }
            }

            final class OfferView: UIView {
                let buyButton = PriceButton()

                var price: String? {
                    didSet { buyButton.showTitle(price ?? "Buy", size: 14) }
                }
            }

            final class OfferController: UIViewController, SKProductsRequestDelegate {
                var offerView: OfferView!

                func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                    guard let product = response.products.first else { return }
                    offerView.price = product.localizedTitle
                }
            }
            """
        let files = Self.adding("Pebble/OfferController.swift", screen, to: try Fixture.files(nil))
        let result = try Detail.result("main-thread-assumed", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        #expect(result?.evidence.map { "\($0.file):\($0.line)" } == ["Pebble/OfferController.swift:6"])
        let plain = try Detail.replacing(
            "Pebble/OfferController.swift", "didSet { buyButton.showTitle(price ?? \"Buy\", size: 14) }",
            with: "didSet { print(price ?? \"\") }", in: files)
        #expect(try Detail.result("main-thread-assumed", files: plain)?.status == .pass)
    }

    /// Apple Pay's key in an entitlements file that no target signs with grants nothing: only
    /// the files named by `CODE_SIGN_ENTITLEMENTS` are judged for it. The invented
    /// `in-app-purchase` key is a mistake wherever it is written.
    @Test func anEntitlementsFileNoTargetSignsWithGrantsNoApplePay() throws {
        let applePay = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>com.apple.developer.in-app-payments</key>
            \t<array><string>merchant.com.example.pebble</string></array>
            </dict>
            </plist>
            """
        let stray = Self.adding("Pebble Old.entitlements", applePay, to: try Fixture.files(nil))
        #expect(try Detail.result("apple-pay-entitlement", files: stray)?.status == .pass)
        let signed = Self.adding("Pebble/Pebble.entitlements", applePay, to: try Fixture.files(nil))
        #expect(try Detail.result("apple-pay-entitlement", files: signed)?.status == .warning)
        let invented = Self.adding(
            "Pebble Old.entitlements",
            applePay.replacingOccurrences(of: "in-app-payments", with: "in-app-purchase"), to: try Fixture.files(nil))
        #expect(try Detail.result("apple-pay-entitlement", files: invented)?.status == .fail)
    }

    /// `Container.shared.store.startListening()` in the app's `init`: the chain's property is
    /// declared as a protocol, whose adopter's method starts the listener at launch.
    @Test func aListenerReachedThroughAContainersPropertyStartsAtLaunch() throws {
        let container = """
            import StoreKit

            protocol PurchaseService: AnyObject {
                func startListening()
            }

            final class StorePurchaseService: PurchaseService {
                private var updates: Task<Void, Never>?

                func startListening() {
                    updates = Task {
                        for await update in Transaction.updates {
                            if case .verified(let transaction) = update { await transaction.finish() }
                        }
                    }
                }
            }

            final class Container {
                static let shared = Container()
                private var service: PurchaseService?

                var purchases: PurchaseService {
                    if service == nil { service = StorePurchaseService() }
                    return service!
                }
            }
            """
        var files = Self.adding("Pebble/Container.swift", container, to: try Fixture.files(nil))
        files = try Detail.replacing("Pebble/Store.swift", "Transaction.updates", with: "Transaction.all", in: files)
        files = try Detail.replacing(
            "Pebble/PebbleApp.swift", "    @State private var store = Store()\n",
            with:
                "    @State private var store = Store()\n\n    init() {\n        Container.shared.purchases.startListening()\n    }\n",
            in: files)
        let result = try Detail.result("listener-at-launch", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
    }

    /// `if let product = products.first { …; return }` followed by an error for the user: the
    /// code after the `if` is the branch for the one product's absence.
    @Test func theCodeAfterAnIfLetThatReturnsReportsTheMissingProduct() throws {
        let store = """
            import StoreKit

            @MainActor final class MembershipStore: ObservableObject {
                @Published var product: Product?
                @Published var failure: String?

                func load() async throws {
                    let products = try await Product.products(for: ["com.example.pebble.pro"])
                    if let first = products.first {
                        product = first
                        return
                    }
                    failure = "The membership is not available yet."
                }
            }
            """
        var files = Self.adding("Pebble/MembershipStore.swift", store, to: try Fixture.files("NoStoreCode"))
        let reported = try Detail.result("invalid-ids-ignored", files: files)
        #expect(reported?.status == .pass, "\(reported?.message ?? "")")
        files = try Detail.replacing(
            "Pebble/MembershipStore.swift", "failure = \"The membership is not available yet.\"", with: "",
            in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: files)?.status == .warning)
    }

    /// Code nothing calls does nothing: a restore method no button reaches restores nothing, and
    /// a reader of SwiftyStoreKit's `invalidProductIDs` whose one call is commented out names
    /// no missing product. A delegate method (a parameter of a framework's type) is the system's
    /// to call.
    @Test func aMethodNothingCallsNeitherRestoresNorNamesMissingProducts() throws {
        let helper = """
            import StoreKit

            final class PurchaseHelper: NSObject {
                func restoreEverything() {
                    SKPaymentQueue.default().restoreCompletedTransactions()
                }
            }
            """
        let files = Self.adding("Pebble/PurchaseHelper.swift", helper, to: try Fixture.files("NoStoreCode"))
        let unreached = Self.adding(
            "Pebble/Unlock.swift",
            "import StoreKit\n\nfunc unlock(_ payment: SKPayment) { SKPaymentQueue.default().add(payment) }\n",
            to: files)
        let result = try Detail.result("restore-button", files: unreached)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        let tapped = Self.adding(
            "Pebble/SettingsController.swift",
            "import UIKit\n\nfinal class SettingsController: UIViewController {\n    let helper = PurchaseHelper()\n\n    @IBAction func restoreTapped(_ sender: Any) { helper.restoreEverything() }\n}\n",
            to: unreached)
        #expect(try Detail.result("restore-button", files: tapped)?.status == .pass)

        let store = """
            import SwiftyStoreKit

            final class ShopManager {
                func loadPrices() {
                    SwiftyStoreKit.retrieveProductsInfo(["com.example.pebble.pro"]) { result in
                        for product in result.retrievedProducts { print(product.localizedPrice ?? "") }
                        // self.report(result)
                    }
                }

                func report(_ result: RetrieveResults) {
                    for id in result.invalidProductIDs { print("Unknown product: \\(id)") }
                }
            }
            """
        var swifty = Self.adding("Pebble/ShopManager.swift", store, to: try Fixture.files("NoStoreCode"))
        let ignored = try Detail.result("invalid-ids-ignored", files: swifty)
        #expect(ignored?.status == .warning, "\(ignored?.message ?? "")")
        swifty = try Detail.replacing(
            "Pebble/ShopManager.swift", "// self.report(result)", with: "self.report(result)", in: swifty)
        #expect(try Detail.result("invalid-ids-ignored", files: swifty)?.status == .pass)
    }

    /// A SwiftUI `Button { … } label: { … }` runs its first closure when tapped: a tip jar
    /// first made by a menu's About button is not made at launch.
    @Test func aButtonsActionClosureIsNoLaunch() throws {
        let about = """
            import StoreKit

            final class TipJar {
                static let shared = TipJar()
                private var updates: Task<Void, Never>?

                private init() {
                    updates = Task {
                        for await update in Transaction.updates {
                            if case .verified(let transaction) = update { await transaction.finish() }
                        }
                    }
                }
            }

            final class AboutWindow {
                static func show() { _ = TipJar.shared }
            }
            """
        var files = Self.adding("Pebble/AboutWindow.swift", about, to: try Fixture.files(nil))
        files = try Detail.replacing("Pebble/Store.swift", "Transaction.updates", with: "Transaction.all", in: files)
        let menu = try Detail.replacing(
            "Pebble/PebbleApp.swift", "            Text(\"Pebble\")\n",
            with:
                "            Text(\"Pebble\")\n            Button {\n                AboutWindow.show()\n            } label: {\n                Text(\"About\")\n            }\n",
            in: files)
        let result = try Detail.result("listener-at-launch", files: menu)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        let atLaunch = try Detail.replacing(
            "Pebble/PebbleApp.swift", "    @State private var store = Store()\n",
            with: "    @State private var store = Store()\n\n    init() {\n        AboutWindow.show()\n    }\n",
            in: menu)
        #expect(try Detail.result("listener-at-launch", files: atLaunch)?.status == .pass)
    }

    /// An empty entitlements file grants nothing: it is no unreadable property list.
    @Test func anEmptyEntitlementsFileGrantsNothing() throws {
        let files = Self.adding("Pebble/Pebble.entitlements", "", to: try Fixture.files(nil))
        let result = try Detail.result("apple-pay-entitlement", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        #expect(result?.message.contains("cannot be read") == false)
    }

    /// A zip made on a Mac carries the Finder's metadata beside each file, `__MACOSX/…/._Name`
    /// and `._Name`: binary AppleDouble files that are no entitlements of the project.
    @Test func appleDoubleFilesFromAMacZipAreNoProjectFiles() throws {
        let appleDouble = [UInt8]([0x00, 0x05, 0x16, 0x07, 0x00, 0x02, 0x00, 0x00]) + Array("Mac OS X        ".utf8)
        var files = try Fixture.files(nil)
        files["__MACOSX/Pebble/._Pebble.entitlements"] = appleDouble
        files["Pebble/._Pebble.entitlements"] = appleDouble
        let result = try Detail.result("apple-pay-entitlement", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        #expect(result?.message.contains("cannot be read") == false)
        // The same bytes under a real name are a file the project holds, and cannot be read.
        files["Pebble/Broken.entitlements"] = appleDouble
        #expect(try Detail.result("apple-pay-entitlement", files: files)?.message.contains("cannot be read") == true)
    }

    /// A refusal handed on to a completion (`else { onComplete(false) }`) is silent when every
    /// closure the callers hand in ignores `false`; one that tells the customer is heard.
    @Test func aRefusalHandedToACompletionThatIgnoresItIsSilent() throws {
        let manager = """
            import StoreKit

            final class AdsPurchase: NSObject {
                var products: [SKProduct] = []

                func buyNoAds(onComplete: @escaping (Bool) -> Void) {
                    if SKPaymentQueue.canMakePayments() && !products.isEmpty {
                        SKPaymentQueue.default().add(SKPayment(product: products[0]))
                    } else {
                        onComplete(false)
                    }
                }
            }
            """
        let screen = """
            import UIKit

            final class SettingsController: UIViewController {
                let purchase = AdsPurchase()

                @IBAction func noAdsTapped(_ sender: Any) {
                    purchase.buyNoAds { bought in
                        if bought {
                            self.view.backgroundColor = .white
                        } else {
                            print("not bought")
                        }
                    }
                }
            }
            """
        var files = Self.adding("Pebble/AdsPurchase.swift", manager, to: try Fixture.files("NoStoreCode"))
        files = Self.adding("Pebble/SettingsController.swift", screen, to: files)
        let ignored = try Detail.result("can-make-payments", files: files)
        #expect(ignored?.status == .warning, "\(ignored?.message ?? "")")
        let told = try Detail.replacing(
            "Pebble/SettingsController.swift", "print(\"not bought\")",
            with:
                "self.present(UIAlertController(title: \"Purchases are off\", message: nil, preferredStyle: .alert), animated: true)",
            in: files)
        #expect(try Detail.result("can-make-payments", files: told)?.status == .pass)
    }

    /// A finish after the state switch, in the block that holds it, finishes every state that
    /// does not return first.
    @Test func aFinishAfterTheStateSwitchFinishesEveryCase() throws {
        let observer = """
            import StoreKit

            final class Purchases: NSObject, SKPaymentTransactionObserver {
                func restore() { SKPaymentQueue.default().restoreCompletedTransactions() }

                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    transactions.forEach { transaction in
                        switch transaction.transactionState {
                        case .failed:
                            print("failed")
                        case .purchased, .restored:
                            print("unlocked")
                        default:
                            break
                        }
                        queue.finishTransaction(transaction)
                    }
                }
            }
            """
        let files = Self.adding("Pebble/Purchases.swift", observer, to: try Fixture.files(nil))
        let result = try Detail.result("finish-transactions", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "") \(result?.evidence ?? [])")
        let returned = try Detail.replacing(
            "Pebble/Purchases.swift", "print(\"failed\")", with: "print(\"failed\"); return", in: files)
        #expect(try Detail.result("finish-transactions", files: returned)?.status == .warning)
    }

    /// `.init(Item.allCases.map(\.rawValue))` builds a set of the enum's raw values: whole IDs,
    /// not pieces joined at run time.
    @Test func anImplicitInitialiserOfTheIDsKeepsThemWhole() throws {
        let store = """
            import StoreKit

            final class Purchases: NSObject, SKProductsRequestDelegate {
                enum Item: String, CaseIterable {
                    case pro = "com.example.pebble.pro"
                }

                var request: SKProductsRequest?

                func load() {
                    let request = SKProductsRequest(productIdentifiers: .init(Item.allCases.map(\\.rawValue)))
                    request.delegate = self
                    self.request = request
                    request.start()
                }

                func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                    print(response.invalidProductIdentifiers)
                }
            }
            """
        var files = Self.adding("Pebble/Purchases.swift", store, to: try Fixture.files("NoStoreCode"))
        let result = try Detail.result("product-id-mismatch", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        files = try Detail.replacing(
            "Pebble/Purchases.swift", "\"com.example.pebble.pro\"", with: "\"com.example.pebble.plus\"", in: files)
        #expect(try Detail.result("product-id-mismatch", files: files)?.status == .fail)
    }

    /// Reading a static property of a screen's class (`AppScreen.settings`) reads state; it does
    /// not touch a view.
    @Test func aStaticPropertyOfAScreenClassIsNoInterfaceTouch() throws {
        let code = """
            import UIKit
            import StoreKit

            final class AppScreen: UIViewController {
                static var syncsToCloud = false
            }

            final class Unlocker: NSObject, SKPaymentTransactionObserver {
                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions {
                        if AppScreen.syncsToCloud { print("saving to iCloud") }
                        queue.finishTransaction(transaction)
                    }
                }
            }
            """
        let files = Self.adding("Pebble/Unlocker.swift", code, to: try Fixture.files(nil))
        let result = try Detail.result("main-thread-assumed", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let shown = try Detail.replacing(
            "Pebble/Unlocker.swift", "if AppScreen.syncsToCloud { print(\"saving to iCloud\") }",
            with: "AppScreen().title = \"Unlocked\"", in: files)
        #expect(try Detail.result("main-thread-assumed", files: shown)?.status == .warning)
    }

    /// A `Transaction.updates` loop in a function nothing calls never runs: it is not judged for
    /// finishing (the listener check reports that nothing listens).
    @Test func anUpdatesLoopNothingStartsIsNotJudgedForFinishing() throws {
        let monitor = """
            import StoreKit

            final class SubscriptionMonitor {
                func handle(_ update: VerificationResult<Transaction>) async {}

                func watchUpdates() async {
                    for await update in Transaction.updates {
                        await handle(update)
                    }
                }
            }
            """
        let files = Self.adding("Pebble/SubscriptionMonitor.swift", monitor, to: try Fixture.files(nil))
        let result = try Detail.result("finish-transactions", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let started = Self.adding(
            "Pebble/Launch.swift",
            "final class Launch {\n    let monitor = SubscriptionMonitor()\n\n    func start() async { await monitor.watchUpdates() }\n}\n",
            to: files)
        #expect(try Detail.result("finish-transactions", files: started)?.status == .warning)
    }

    /// A store that compares nothing, so the request under test decides the result.
    static func storeThatComparesNothing() throws -> [String: [UInt8]] {
        let silent = try Detail.replacing(
            "Pebble/Store.swift", "if !missing.isEmpty { print(\"Unknown product IDs: \\(missing.sorted())\") }",
            with: "_ = products", in: try Fixture.files(nil))
        return try Detail.replacing(
            "Pebble/Store.swift", "let missing = Self.productIDs.subtracting(products.map(\\.id))", with: "", in: silent
        )
    }

    /// One ID asked for through a constant declared as a one-element collection: an empty answer
    /// is exactly the missing product, so a message for it names it (hold-out 29's WidgetWeaver).
    @Test func oneIDAskedThroughAOneElementConstantIsCheckedByAnEmptyAnswer() throws {
        let unlock = """
            import StoreKit

            @MainActor final class ProUnlock {
                private let proIDs: Set<String> = [
                    "com.example.pebble.pro"
                ]
                var products: [Product] = []
                var errorMessage = ""

                func load() async {
                    do {
                        let fetched = try await Product.products(for: Array(proIDs))
                        let sorted = fetched.sorted { $0.displayName < $1.displayName }
                        products = sorted
                        if sorted.isEmpty {
                            errorMessage = "The upgrade cannot be bought right now."
                        }
                    } catch {
                        errorMessage = error.localizedDescription
                    }
                }
            }
            """
        let files = Self.adding("Pebble/ProUnlock.swift", unlock, to: try Self.storeThatComparesNothing())
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        // With two IDs, an empty answer says nothing of one of them missing.
        let two = try Detail.replacing(
            "Pebble/ProUnlock.swift", "\"com.example.pebble.pro\"",
            with: "\"com.example.pebble.pro\", \"com.example.pebble.gems\"", in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: two)?.status == .warning)
    }

    /// A StoreKit 1 request of one ID through a local one-element set, whose handler keeps the
    /// product by a `switch` on its identifier: the one answer is checked (hold-out 29's
    /// ios_game_rush).
    @Test func aSwitchOnTheOneRequestedIdentifierChecksTheAnswer() throws {
        let shop = """
            import StoreKit

            final class AdRemoval: NSObject, SKProductsRequestDelegate {
                static let removeAdsID = "com.example.pebble.noads"
                var request: SKProductsRequest?
                var product: SKProduct?

                func load() {
                    let productIds: Set<String> = [Self.removeAdsID]
                    request = SKProductsRequest(productIdentifiers: productIds)
                    request?.delegate = self
                    request?.start()
                }

                func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                    for product in response.products {
                        switch product.productIdentifier {
                        case Self.removeAdsID: self.product = product
                        default: break
                        }
                    }
                }
            }
            """
        let files = Self.adding("Pebble/AdRemoval.swift", shop, to: try Fixture.files(nil))
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let two = try Detail.replacing(
            "Pebble/AdRemoval.swift", "[Self.removeAdsID]", with: "[Self.removeAdsID, \"com.example.pebble.gems\"]",
            in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: two)?.status == .warning)
    }

    /// `.init(color:location:)` in a launch view builds a SwiftUI value; it does not run the
    /// project's initializers, so a store made only by a sheet is not made at launch (hold-out
    /// 29's KeepSafe).
    @Test func anImplicitInitInALaunchViewStartsNoStore() throws {
        let app = """
            import SwiftUI

            @main
            struct PebbleApp: App {
                var body: some Scene {
                    WindowGroup { LaunchView() }
                }
            }

            struct LaunchView: View {
                @State private var showsShop = false

                var body: some View {
                    LinearGradient(
                        gradient: Gradient(stops: [.init(color: .blue, location: 0), .init(color: .teal, location: 1)]),
                        startPoint: .top, endPoint: .bottom
                    )
                    .sheet(isPresented: $showsShop) { ShopView() }
                }
            }

            struct ShopView: View {
                @State private var store = Store()

                var body: some View { Text("Shop") }
            }
            """
        let files = Self.adding("Pebble/PebbleApp.swift", app, to: try Fixture.files(nil))
        let result = try Detail.result("listener-at-launch", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        let atLaunch = try Detail.replacing(
            "Pebble/PebbleApp.swift", "@State private var showsShop = false",
            with: "@State private var showsShop = false\n    @State private var store = Store()", in: files)
        #expect(try Detail.result("listener-at-launch", files: atLaunch)?.status == .pass)
    }

    /// `@State var service: PurchaseService = .shared` in the `@main` type: the declared type
    /// says which of the types with a `shared` instance is made at launch (hold-out 23's
    /// LiquidSky).
    @Test func anImplicitSharedInstanceIsTheDeclaredTypes() throws {
        let app = """
            import SwiftUI

            @main
            struct PebbleApp: App {
                @State var purchases: PurchaseService = .shared

                var body: some Scene {
                    WindowGroup { Text("Pebble") }
                }
            }

            final class Settings {
                static let shared = Settings()
            }

            final class PurchaseService {
                static let shared = PurchaseService()
                private let store: Store

                private init() { store = Store() }
            }
            """
        let files = Self.adding("Pebble/PebbleApp.swift", app, to: try Fixture.files(nil))
        let result = try Detail.result("listener-at-launch", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let other = try Detail.replacing(
            "Pebble/PebbleApp.swift", "@State var purchases: PurchaseService = .shared",
            with: "@State var settings: Settings = .shared", in: files)
        #expect(try Detail.result("listener-at-launch", files: other)?.status == .warning)
    }

    /// A function that asks and returns the products leaves the look-up to its caller, which
    /// picks the requested ID out of what it got back (hold-out 29's InstaCrop).
    @Test func aCallerThatLooksUpTheRequestedIDInTheReturnedProductsChecksThem() throws {
        let catalogue = """
            import StoreKit

            final class Catalogue {
                let ids = ["com.example.pebble.pro", "com.example.pebble.gems"]

                func retrieveProducts() async -> [Product] {
                    do {
                        let products = try await Product.products(for: ids)
                        return products
                    } catch {
                        return []
                    }
                }
            }

            final class UpgradeScreen {
                let catalogue = Catalogue()

                func upgradeTapped() async {
                    let products = await catalogue.retrieveProducts()
                    for product in products {
                        if product.id == "com.example.pebble.pro" { _ = try? await product.purchase() }
                    }
                }
            }
            """
        let files = Self.adding("Pebble/Catalogue.swift", catalogue, to: try Self.storeThatComparesNothing())
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let blind = try Detail.replacing(
            "Pebble/Catalogue.swift", "if product.id == \"com.example.pebble.pro\" {", with: "do {", in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: blind)?.status == .warning)
    }

    /// A hard-coded price returned when the product did not come is shown as if nothing were
    /// missing: it reports nothing (hold-out 29's SimplySwipe).
    @Test func aFallbackPriceForAMissingProductReportsNothing() throws {
        let paywall = """
            import StoreKit

            @MainActor final class Paywall {
                let ids = ["com.example.pebble.pro", "com.example.pebble.gems"]
                var products: [Product] = []
                var notice = ""

                func load() async {
                    do {
                        let storeProducts = try await Product.products(for: ids)
                        self.products = storeProducts
                    } catch {}
                }

                func price(of id: String) -> String {
                    if let product = products.first(where: { $0.id == id }) {
                        return product.displayPrice
                    }
                    return "$2.99"
                }
            }
            """
        let files = Self.adding("Pebble/Paywall.swift", paywall, to: try Self.storeThatComparesNothing())
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        let told = try Detail.replacing(
            "Pebble/Paywall.swift", "return \"$2.99\"",
            with: "notice = \"This plan cannot be bought right now\"\n        return \"\"", in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: told)?.status == .pass)
    }

    /// A root view's body that names a computed view of its own type (`var body: some View {
    /// content }`) runs that view's `.task` too.
    @Test func aComputedViewOfTheRootViewRunsItsTask() throws {
        let app = """
            import SwiftUI

            @main
            struct PebbleApp: App {
                var body: some Scene {
                    WindowGroup { RootView() }
                }
            }

            struct RootView: View {
                var body: some View { content }

                private var content: some View {
                    Text("Pebble").task { _ = Store() }
                }
            }
            """
        let files = Self.adding("Pebble/PebbleApp.swift", app, to: try Fixture.files(nil))
        let result = try Detail.result("listener-at-launch", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let tapped = try Detail.replacing(
            "Pebble/PebbleApp.swift", "Text(\"Pebble\").task { _ = Store() }",
            with: "Button(\"Shop\") { _ = Store() }", in: files)
        #expect(try Detail.result("listener-at-launch", files: tapped)?.status == .warning)
    }

    /// A macOS `Settings { }` scene opens from the app menu: a store its view makes is not made
    /// at launch (hold-out 17's cronica).
    @Test func aSettingsSceneIsNotLaunch() throws {
        let app = """
            import SwiftUI

            @main
            struct PebbleApp: App {
                var body: some Scene {
                    WindowGroup { Text("Pebble") }
                    Settings { TipJarSettings() }
                }
            }

            struct TipJarSettings: View {
                @State private var store = Store()

                var body: some View { Text("Tip jar") }
            }
            """
        let files = Self.adding("Pebble/PebbleApp.swift", app, to: try Fixture.files(nil))
        let result = try Detail.result("listener-at-launch", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        let window = try Detail.replacing(
            "Pebble/PebbleApp.swift", "WindowGroup { Text(\"Pebble\") }", with: "WindowGroup { TipJarSettings() }",
            in: files)
        #expect(try Detail.result("listener-at-launch", files: window)?.status == .pass)
    }

    /// One ID asked for and the one product kept (`product = products.first`); the purchase
    /// unwraps it and says so when it is missing (hold-out 30's SurfPick).
    @Test func theOneKeptProductUnwrappedWithAMessageIsChecked() throws {
        let unlock = """
            import StoreKit

            @MainActor final class ProUnlock {
                static let proID = "com.example.pebble.pro"
                var product: Product?
                var purchaseError = ""

                func loadProduct() async {
                    do {
                        let products = try await Product.products(for: [Self.proID])
                        product = products.first
                    } catch {}
                }

                func purchase() async {
                    if product == nil { await loadProduct() }
                    guard let product else {
                        purchaseError = "The upgrade could not be loaded."
                        return
                    }
                    _ = try? await product.purchase()
                }
            }
            """
        let files = Self.adding("Pebble/ProUnlock.swift", unlock, to: try Self.storeThatComparesNothing())
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let silent = try Detail.replacing(
            "Pebble/ProUnlock.swift", "purchaseError = \"The upgrade could not be loaded.\"\n", with: "", in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: silent)?.status == .warning)
    }

    /// A StoreKit 1 handler that compares how many products came with how many it asked for, and
    /// reports the shortfall, notices a missing ID (hold-out 30's xcode-dev-cleaner).
    @Test func aHandlerThatComparesTheCountWithTheRequestNoticesMissingProducts() throws {
        let jar = """
            import StoreKit

            protocol TipJarDelegate: AnyObject { func tipsFailed(_ reason: String) }

            final class TipJar: NSObject, SKProductsRequestDelegate {
                static let ids: Set<String> = ["com.example.pebble.tip.small", "com.example.pebble.tip.large"]
                weak var delegate: TipJarDelegate?
                var request: SKProductsRequest?

                func load() {
                    request = SKProductsRequest(productIdentifiers: Self.ids)
                    request?.delegate = self
                    request?.start()
                }

                func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                    let expected = Self.ids.count
                    guard response.products.count == expected else {
                        delegate?.tipsFailed("some tips are not for sale")
                        return
                    }
                }
            }
            """
        let files = Self.adding("Pebble/TipJar.swift", jar, to: try Fixture.files(nil))
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let emptyOnly = try Detail.replacing(
            "Pebble/TipJar.swift", "guard response.products.count == expected else {",
            with: "guard !response.products.isEmpty else {", in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: emptyOnly)?.status == .warning)
    }

    /// `delegate?.didUnlock()`, a call down from the observer, runs the one screen's method that
    /// implements the protocol, on StoreKit's queue (hold-out 31's eskiclient).
    @Test func aDelegateProtocolCallReachesItsOneImplementation() throws {
        let code = """
            import UIKit
            import StoreKit

            protocol UnlockerDelegate: AnyObject {
                func didUnlock()
            }

            final class ThanksScreen: UIViewController, UnlockerDelegate {
                func didUnlock() {
                    present(UIAlertController(title: "Thanks", message: nil, preferredStyle: .alert), animated: true)
                }
            }

            final class Unlocker: NSObject, SKPaymentTransactionObserver {
                weak var delegate: UnlockerDelegate?

                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions { handlePurchased(transaction) }
                }

                fileprivate func handlePurchased(_ transaction: SKPaymentTransaction) {
                    SKPaymentQueue.default().finishTransaction(transaction)
                    self.delegate?.didUnlock()
                }
            }
            """
        let files = Self.adding("Pebble/Unlocker.swift", code, to: try Fixture.files(nil))
        let result = try Detail.result("main-thread-assumed", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        let hopped = try Detail.replacing(
            "Pebble/Unlocker.swift", "self.delegate?.didUnlock()",
            with: "DispatchQueue.main.async { self.delegate?.didUnlock() }", in: files)
        #expect(try Detail.result("main-thread-assumed", files: hopped)?.status == .pass)
    }

    /// A `restore()` that nothing calls brings no restored transaction, so a `.restored` case
    /// that only breaks leaves nothing unfinished (hold-out 31's eskiclient).
    @Test func restoredTransactionsNeedFinishingOnlyWhenARestoreRuns() throws {
        let code = """
            import StoreKit

            final class TipObserver: NSObject, SKPaymentTransactionObserver {
                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions {
                        switch transaction.transactionState {
                        case .purchased, .failed: queue.finishTransaction(transaction)
                        case .restored: break
                        default: break
                        }
                    }
                }

                func restore() {
                    SKPaymentQueue.default().restoreCompletedTransactions()
                }
            }
            """
        let files = Self.adding("Pebble/TipObserver.swift", code, to: try Fixture.files(nil))
        let result = try Detail.result("finish-transactions", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let restoring = Self.adding(
            "Pebble/TipSettings.swift",
            "final class TipSettings {\n    let observer = TipObserver()\n\n    func restoreTapped() { observer.restore() }\n}\n",
            to: files)
        #expect(try Detail.result("finish-transactions", files: restoring)?.status == .warning)
    }

    /// Invalid IDs copied into a property nothing reads tell nobody (hold-out 31's eskiclient).
    @Test func invalidIdentifiersCopiedToAnUnreadPropertyAreIgnored() throws {
        let code = """
            import StoreKit

            final class TipCatalogue: NSObject, SKProductsRequestDelegate {
                var request: SKProductsRequest?
                fileprivate var invalidIDs = [String]()

                func load() {
                    request = SKProductsRequest(productIdentifiers: ["com.example.pebble.tip.small", "com.example.pebble.tip.large"])
                    request?.delegate = self
                    request?.start()
                }

                func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                    if !response.invalidProductIdentifiers.isEmpty {
                        invalidIDs = response.invalidProductIdentifiers
                    }
                }

                func report(_ ids: [String]) { print(ids) }
            }
            """
        let files = Self.adding("Pebble/TipCatalogue.swift", code, to: try Fixture.files(nil))
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        let told = try Detail.replacing(
            "Pebble/TipCatalogue.swift", "invalidIDs = response.invalidProductIdentifiers",
            with: "report(response.invalidProductIdentifiers)", in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: told)?.status == .pass)
    }

    /// The updates loop calls `handle(updatedTransaction:)`, which finishes nothing; the
    /// `handle(transaction:)` that finishes is another method (hold-out 31's Pagi).
    @Test func theCallsLabelsSayWhichMethodTheUpdatesLoopRuns() throws {
        let code = """
            import StoreKit

            @MainActor final class Entitlements {
                private var task: Task<Void, Never>?
                var unlocked = false

                init() {
                    task = Task {
                        for await update in Transaction.updates {
                            self.handle(updatedTransaction: update)
                        }
                    }
                }

                private func handle(updatedTransaction result: VerificationResult<Transaction>) {
                    if case .verified = result { unlocked = true }
                }

                func handle(transaction result: VerificationResult<Transaction>) async {
                    if case .verified(let transaction) = result { await transaction.finish() }
                }
            }
            """
        let files = Self.adding("Pebble/Entitlements.swift", code, to: try Fixture.files(nil))
        let result = try Detail.result("finish-transactions", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        let finishing = try Detail.replacing(
            "Pebble/Entitlements.swift", "self.handle(updatedTransaction: update)",
            with: "await self.handle(transaction: update)", in: files)
        #expect(try Detail.result("finish-transactions", files: finishing)?.status == .pass)
    }

    /// Products handed to a completion: the caller's closure looks the requested ID up in them
    /// (hold-out 31's primal-ios-app).
    @Test func aCallerClosureThatLooksUpTheRequestedIDChecksTheAnswer() throws {
        let code = """
            import StoreKit

            final class Plans {
                let ids = ["com.example.pebble.pro", "com.example.pebble.gems"]

                func fetch(completion: @escaping ([Product]) -> Void) {
                    Task {
                        let products = (try? await Product.products(for: ids)) ?? []
                        completion(products)
                    }
                }
            }

            final class PlansScreen {
                let plans = Plans()
                var price = ""

                func show() {
                    plans.fetch { products in
                        if let pro = products.first(where: { $0.id == "com.example.pebble.pro" }) {
                            self.price = pro.displayPrice
                        }
                    }
                }
            }
            """
        let files = Self.adding("Pebble/Plans.swift", code, to: try Self.storeThatComparesNothing())
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let blind = try Detail.replacing(
            "Pebble/Plans.swift", "products.first(where: { $0.id == \"com.example.pebble.pro\" })",
            with: "products.first", in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: blind)?.status == .warning)
    }

    /// Each requested entry looked for in what came back, the missing one logged (hold-out 31's
    /// Project-Color).
    @Test func aLoopThatLogsEachRequestedEntryMissingFromTheAnswerNamesIt() throws {
        let code = """
            import StoreKit

            final class PlanPrices {
                let ids = ["com.example.pebble.pro", "com.example.pebble.gems"]
                var prices: [String: String] = [:]

                func load() async throws {
                    let products = try await Product.products(for: ids)
                    var map: [String: Product] = [:]
                    for product in products { map[product.id] = product }
                    for id in ids {
                        if map[id] == nil {
                            print("no product for \\(id)")
                        }
                    }
                    prices = map.mapValues(\\.displayPrice)
                }
            }
            """
        let files = Self.adding("Pebble/PlanPrices.swift", code, to: try Self.storeThatComparesNothing())
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let silent = try Detail.replacing(
            "Pebble/PlanPrices.swift", "print(\"no product for \\(id)\")", with: "_ = id", in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: silent)?.status == .warning)
    }

    /// `typealias StoreTransaction = StoreKit.Transaction`: its `updates` are StoreKit's
    /// (hold-out 32's HomeLock).
    @Test func aTypealiasOfStoreKitsTransactionListensToItsUpdates() throws {
        var files = try Detail.replacing(
            "Pebble/Store.swift", "Transaction.updates", with: "StoreTransaction.updates", in: try Fixture.files(nil))
        files = Self.adding(
            "Pebble/Aliases.swift", "import StoreKit\n\ntypealias StoreTransaction = StoreKit.Transaction\n", to: files)
        let result = try Detail.result("listener-at-launch", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        #expect(try Detail.result("finish-transactions", files: files)?.status == .pass)
        // Without the alias, `StoreTransaction` is some other type.
        files["Pebble/Aliases.swift"] = nil
        #expect(try Detail.result("listener-at-launch", files: files)?.status == .warning)
    }

    /// `products.filter({ $0.productIdentifier == id }).first` is a look-up like `first(where:)`:
    /// an `else` that returns an empty price in the product's place tells nobody (hold-out 32's
    /// bullshitdetector).
    @Test func aFilteredLookUpThatReturnsAnEmptyPriceReportsNothing() throws {
        let code = """
            import StoreKit

            final class Customisation: NSObject, SKProductsRequestDelegate {
                static let id = "com.example.pebble.custom"
                var request: SKProductsRequest?
                var products: [SKProduct] = []
                var price = ""

                func load() {
                    let ids: Set = [Self.id]
                    request = SKProductsRequest(productIdentifiers: ids)
                    request?.delegate = self
                    request?.start()
                }

                func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                    products = response.products
                    price = priceString()
                }

                func priceString() -> String {
                    guard let product = products.filter({ $0.productIdentifier == Self.id }).first else { return "" }
                    return product.price.stringValue
                }
            }
            """
        let files = Self.adding("Pebble/Customisation.swift", code, to: try Fixture.files(nil))
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        let told = try Detail.replacing(
            "Pebble/Customisation.swift", "else { return \"\" }",
            with: "else {\n            print(\"no product for \\(Self.id)\")\n            return \"\"\n        }",
            in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: told)?.status == .pass)
    }

    /// `tipIDs + planIDs`, each made by `allCases.map(\.rawValue)`, joins two lists of whole IDs,
    /// not pieces of one (hold-out 32's BsuirScheduleApp).
    @Test func listsMadeFromEnumCasesJoinedWithAPlusAreWholeIDs() throws {
        let code = """
            import StoreKit

            final class Catalogue {
                enum TipID: String, CaseIterable {
                    case gems = "com.example.pebble.gems"
                }

                enum PlanID: String, CaseIterable {
                    case pro = "com.example.pebble.pro"
                }

                func load() async throws -> [Product] {
                    let tipIDs = TipID.allCases.map(\\.rawValue)
                    let planIDs = PlanID.allCases.map(\\.rawValue)
                    return try await Product.products(for: tipIDs + planIDs)
                }
            }
            """
        let files = Self.adding("Pebble/Catalogue.swift", code, to: try Fixture.files(nil))
        let result = try Detail.result("product-id-mismatch", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        // A string made from them is joined at run time.
        let joined = try Detail.replacing(
            "Pebble/Catalogue.swift", "for: tipIDs + planIDs", with: "for: [tipIDs.joined() + \".pro\"]", in: files)
        #expect(try Detail.result("product-id-mismatch", files: joined)?.status == .warning)
    }

    /// The Clean store without its one `canMakePayments`: what the app says of a refusal decides.
    static func storeThatNeverAsks() throws -> [String: [UInt8]] {
        try Detail.replacing(
            "Pebble/Store.swift", "var purchasesAllowed: Bool { AppStore.canMakePayments }",
            with: "var purchasesAllowed: Bool { true }", in: try Fixture.files(nil))
    }

    /// `#define DLog(...) NSLog(...)`, written with spaces after the `#` inside an `#ifdef`: a
    /// refusal that only calls the project's logging macro tells the customer nothing.
    @Test func aRefusalThatOnlyCallsALoggingMacroWarns() throws {
        let header = """
            #ifdef DEBUG
            #    define DLog(...) NSLog(@__VA_ARGS__)
            #else
            #    define DLog(...) /* */
            #endif
            """
        let buyer = """
            #import <StoreKit/StoreKit.h>
            #import "Log.h"

            @implementation Buyer
            - (void)buy:(SKProduct *)product {
                if ([SKPaymentQueue canMakePayments]) {
                    [[SKPaymentQueue defaultQueue] addPayment:[SKPayment paymentWithProduct:product]];
                } else {
                    DLog("payments are not allowed");
                }
            }
            @end
            """
        let files = Self.adding(
            "Pebble/Log.h", header, to: Self.adding("Pebble/Buyer.m", buyer, to: try Self.storeThatNeverAsks()))
        let result = try Detail.result("can-make-payments", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        // A macro that shows an alert is no logging call.
        let alerting = try Detail.replacing(
            "Pebble/Log.h", "#    define DLog(...) NSLog(@__VA_ARGS__)",
            with: "#    define DLog(...) ShowAlert(@__VA_ARGS__)",
            in: try Detail.replacing("Pebble/Log.h", "#    define DLog(...) /* */", with: "", in: files))
        #expect(try Detail.result("can-make-payments", files: alerting)?.status == .pass)
    }

    /// `"Can pay: \(AppStore.canMakePayments)"` on a debug screen shows the answer; no purchase
    /// waits on it.
    @Test func anAnswerOnlyWrittenIntoATextIsNotAsking() throws {
        let debug = """
            import StoreKit

            struct DebugScreen {
                func lines() -> [String] {
                    var lines = ["Store"]
                    lines.append("Can make payments: \\(AppStore.canMakePayments)")
                    lines.append("Products: \\(Store.productIDs.count)")
                    return lines
                }
            }
            """
        let files = Self.adding("Pebble/DebugScreen.swift", debug, to: try Self.storeThatNeverAsks())
        let result = try Detail.result("can-make-payments", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        #expect(result?.message.contains("only logs it or does nothing") == true)
    }

    /// The app's own error enum with a `paymentNotAllowed` case describing itself explains nothing
    /// when no code ever produces that case.
    @Test func anOwnErrorCaseNothingProducesExplainsNoRefusal() throws {
        let errors = """
            enum PurchaseFailure: Error {
                case paymentNotAllowed
                case network

                var message: String {
                    switch self {
                    case .paymentNotAllowed: return "Purchases are turned off on this device"
                    case .network: return "No connection"
                    }
                }
            }
            """
        let files = Self.adding("Pebble/PurchaseFailure.swift", errors, to: try Self.storeThatNeverAsks())
        #expect(try Detail.result("can-make-payments", files: files)?.status == .warning)
        // Mapped from StoreKit's own error elsewhere, it is the explanation.
        let mapped = Self.adding(
            "Pebble/Mapping.swift",
            """
            import StoreKit

            func failure(from error: Product.PurchaseError) -> PurchaseFailure {
                error == .purchaseNotAllowed ? .paymentNotAllowed : .network
            }
            """, to: files)
        #expect(try Detail.result("can-make-payments", files: mapped)?.status == .pass)
    }

    /// `class func getInstance() -> Service { return instance }` over `private static let
    /// instance = Service()`: the app delegate that calls it at launch creates the listener.
    @Test func aSingletonReadThroughAStaticGetterIsReachedFromLaunch() throws {
        let app = try Detail.replacing(
            "Pebble/PebbleApp.swift", "@State private var store = Store()",
            with: "init() { Service.getInstance().start() }", in: try Fixture.files(nil))
        let service = """
            final class Service {
                private static let instance = Service()
                private let store: Store

                init() { store = Store() }

                class func getInstance() -> Service {
                    return instance
                }

                func start() {}
            }
            """
        let files = Self.adding("Pebble/Service.swift", service, to: app)
        let result = try Detail.result("listener-at-launch", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
    }

    /// `for await _ in Transaction.updates` throws each update away; a call that finishes
    /// `Transaction.unfinished` only when nothing is owned does not finish it. One that finishes
    /// every unfinished transaction does.
    @Test func anUpdatesLoopThatDiscardsTheUpdateMustFinishEveryUnfinished() throws {
        let discarding = try Detail.replacing(
            "Pebble/Store.swift",
            "for await update in Transaction.updates {\n                if case .verified(let transaction) = update { await transaction.finish() }\n            }",
            with: "for await _ in Transaction.updates {\n                await self.refresh()\n            }",
            in: try Fixture.files(nil))
        let refresh = """
            import StoreKit

            extension Store {
                func refresh() async {
                    var owned: Set<String> = []
                    for await entitlement in Transaction.currentEntitlements {
                        if case .verified(let transaction) = entitlement { owned.insert(transaction.productID) }
                    }
                    if owned.isEmpty {
                        for await pending in Transaction.unfinished {
                            if case .verified(let transaction) = pending { await transaction.finish() }
                        }
                    }
                }
            }
            """
        let files = Self.adding("Pebble/Refresh.swift", refresh, to: discarding)
        let result = try Detail.result("finish-transactions", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        let always = try Detail.replacing(
            "Pebble/Refresh.swift", "if owned.isEmpty {", with: "do {", in: files)
        #expect(try Detail.result("finish-transactions", files: always)?.status == .pass)
    }

    /// A StoreKit 1 request for one ID (`[NSSet setWithObject:…]`, `[NSSet setWithArray:@[…]]`)
    /// whose handler keeps the count in a variable and reports in an `else if`: an empty answer
    /// is the missing ID, told. A set grown from `[NSSet set]` may hold any number.
    @Test func anObjectiveCRequestForOneIDReportedInAnElseIfPasses() throws {
        let helper = """
            #import <StoreKit/StoreKit.h>

            @implementation RemoveAds
            - (void)fetch {
                NSSet *ids = [NSSet setWithArray:@[kRemoveAdsID]];
                self.request = [[SKProductsRequest alloc] initWithProductIdentifiers:ids];
                self.request.delegate = self;
                [self.request start];
            }

            - (void)productsRequest:(SKProductsRequest *)request didReceiveResponse:(SKProductsResponse *)response {
                SKProduct *product = nil;
                NSUInteger count = [response.products count];
                if (count > 0) {
                    product = [response.products objectAtIndex:0];
                }
                else if (!product) {
                    [self showUnavailableAlert];
                }
            }
            @end
            """
        let files = Self.adding("Pebble/RemoveAds.m", helper, to: try Fixture.files(nil))
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let grown = try Detail.replacing(
            "Pebble/RemoveAds.m", "NSSet *ids = [NSSet setWithArray:@[kRemoveAdsID]];",
            with: "NSSet *ids = [NSSet set];\n    ids = [ids setByAddingObject:kRemoveAdsID];", in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: grown)?.status == .warning)
    }

    /// A delegate that posts a notification whose observer, given by name with `queue: nil`,
    /// calls a method of an extension of `UIViewController`: the alert is shown on StoreKit's
    /// queue. With `queue: .main` it is not.
    @Test func anObserverMethodGivenByNameRunsOnThePostingQueue() throws {
        let helper = """
            import StoreKit

            extension Notification.Name {
                static let purchaseFailed = Notification.Name("purchaseFailed")
            }

            final class Helper: NSObject, SKProductsRequestDelegate {
                func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                    if response.products.isEmpty { NotificationCenter.default.post(name: .purchaseFailed, object: nil) }
                }
            }
            """
        let controller = """
            import UIKit

            final class SettingsController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    NotificationCenter.default.addObserver(forName: .purchaseFailed, object: nil, queue: nil, using: showFailure)
                }

                func showFailure(_ note: Notification) {
                    showAlert(title: "Purchase failed")
                }
            }

            extension UIViewController {
                func showAlert(title: String) {
                    let alert = UIAlertController(title: title, message: nil, preferredStyle: .alert)
                    present(alert, animated: true)
                }
            }
            """
        let files = Self.adding(
            "Pebble/Helper.swift", helper,
            to: Self.adding("Pebble/SettingsController.swift", controller, to: try Fixture.files(nil)))
        let result = try Detail.result("main-thread-assumed", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        let onMain = try Detail.replacing(
            "Pebble/SettingsController.swift", "queue: nil", with: "queue: .main", in: files)
        #expect(try Detail.result("main-thread-assumed", files: onMain)?.status == .pass)
    }

    /// An app that sells only through StoreKit's views lets them show StoreKit's alert for a
    /// refused purchase; one that takes the result with `onInAppPurchaseCompletion`, or buys with
    /// its own `purchase()`, must explain the refusal itself.
    @Test func sellingOnlyThroughStoreKitViewsExplainsARefusal() throws {
        let shop = """
            import StoreKit
            import SwiftUI

            struct ShopView: View {
                var body: some View {
                    StoreView(ids: Store.productIDs)
                }
            }
            """
        let files = Self.adding("Pebble/ShopView.swift", shop, to: try Self.storeThatNeverAsks())
        let result = try Detail.result("can-make-payments", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let handled = try Detail.replacing(
            "Pebble/ShopView.swift", "StoreView(ids: Store.productIDs)",
            with: "StoreView(ids: Store.productIDs).onInAppPurchaseCompletion { _, _ in }", in: files)
        #expect(try Detail.result("can-make-payments", files: handled)?.status == .warning)
        let buying = Self.adding(
            "Pebble/Buy.swift",
            "import StoreKit\n\nfunc buy(_ product: Product) async throws { _ = try await product.purchase() }\n",
            to: files)
        #expect(try Detail.result("can-make-payments", files: buying)?.status == .warning)
    }

    /// A `StoreView` given the IDs looks them up itself and leaves out the ones the store does not
    /// know, so it is a request whose missing IDs nobody names.
    @Test func aStoreViewGivenIDsIsARequestNobodyCompares() throws {
        let noLoad = try Detail.replacing(
            "Pebble/Store.swift", "let products = try await Product.products(for: Self.productIDs)",
            with: "let products: [Product] = []", in: try Fixture.files(nil))
        #expect(try Detail.result("invalid-ids-ignored", files: noLoad)?.status == .pass)
        let shop = """
            import StoreKit
            import SwiftUI

            struct ShopView: View {
                var body: some View {
                    StoreView(ids: ["com.example.pebble.gems", "com.example.pebble.pro"])
                }
            }
            """
        let files = Self.adding("Pebble/ShopView.swift", shop, to: noLoad)
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
    }

    /// `SKProductsRequest(productIdentifiers: Set([productID]))` asks for one ID; the answer kept
    /// in a property and unwrapped where the product is bought (`guard let upgrade =
    /// products?.first else { showFailure() }`) tells the customer it is missing.
    @Test func aStoredStoreKit1AnswerCheckedWhereItIsBoughtNamesItsAbsence() throws {
        let upgrade = """
            import StoreKit
            import UIKit

            final class UpgradeController: UIViewController, SKProductsRequestDelegate {
                let productID = "com.example.pebble.pro"
                var products: [SKProduct]?
                var request: SKProductsRequest?

                func load() {
                    request = SKProductsRequest(productIdentifiers: Set([productID]))
                    request?.delegate = self
                    request?.start()
                }

                func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                    products = response.products
                }

                func buy() {
                    guard let upgrade = products?.first else {
                        showFailure()
                        return
                    }
                    SKPaymentQueue.default().add(SKPayment(product: upgrade))
                }

                func showFailure() {}
            }
            """
        let files = Self.adding("Pebble/UpgradeController.swift", upgrade, to: try Fixture.files(nil))
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let twoIDs = try Detail.replacing(
            "Pebble/UpgradeController.swift", "Set([productID])", with: "Set([productID, \"com.example.pebble.gems\"])",
            in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: twoIDs)?.status == .warning)
    }

    /// Objective-C keeps the one product (`self.product = [response.products objectAtIndex:0]`)
    /// and reports when it is nil (`if (!self.product) { … error … }`): the missing ID is told.
    @Test func anObjectiveCKeptProductReportedWhenNilPasses() throws {
        let buyer = """
            #import <StoreKit/StoreKit.h>

            @implementation Buyer
            - (void)buy:(NSString *)identifier {
                self.request = [[SKProductsRequest alloc] initWithProductIdentifiers:[NSSet setWithObject:identifier]];
                self.request.delegate = self;
                [self.request start];
            }

            - (void)productsRequest:(SKProductsRequest *)request didReceiveResponse:(SKProductsResponse *)response {
                self.product = nil;
                if ([response.products count] > 0)
                    self.product = [response.products objectAtIndex:0];
                if (!self.product) {
                    [self.delegate buyerFailedWithError:[NSError errorWithDomain:@"NO PRODUCTS" code:0 userInfo:nil]];
                    return;
                }
                [[SKPaymentQueue defaultQueue] addPayment:[SKPayment paymentWithProduct:self.product]];
            }
            @end
            """
        let files = Self.adding("Pebble/Buyer.m", buyer, to: try Fixture.files(nil))
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let silent = try Detail.replacing(
            "Pebble/Buyer.m",
            "[self.delegate buyerFailedWithError:[NSError errorWithDomain:@\"NO PRODUCTS\" code:0 userInfo:nil]];",
            with: "", in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: silent)?.status == .warning)
    }

    /// A handler's message about a request gone missing ("Missing running request for …
    /// SKProductsRequest …") says nothing about a missing product.
    @Test func aMessageAboutAMissingRequestNamesNoProduct() throws {
        let loader = """
            import StoreKit

            final class Loader: NSObject, SKProductsRequestDelegate {
                var running: [SKRequest: ([SKProduct]) -> Void] = [:]

                func load(_ ids: Set<String>, done: @escaping ([SKProduct]) -> Void) {
                    let request = SKProductsRequest(productIdentifiers: ids)
                    running[request] = done
                    request.delegate = self
                    request.start()
                }

                func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                    guard let done = running.removeValue(forKey: request) else {
                        print("Missing running request for fulfilling SKProductsRequest promise")
                        return
                    }
                    done(response.products)
                }
            }
            """
        let files = Self.adding("Pebble/Loader.swift", loader, to: try Fixture.files(nil))
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        let named = try Detail.replacing(
            "Pebble/Loader.swift", "done(response.products)",
            with:
                "for id in response.invalidProductIdentifiers { print(\"Product not found: \\(id)\") }\n        done(response.products)",
            in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: named)?.status == .pass)
    }

    /// `purchasable[kind]`: the subscript's key picks which list of plans is asked for; the key's
    /// type (`Plan.Kind`) does not put every case of `Plan`, old IDs included, in the request.
    @Test func aSubscriptKeyAddsNoIDsToTheRequest() throws {
        let catalogue = """
            import StoreKit

            enum Plan: String {
                enum Kind { case premium }

                case legacy = "com.example.pebble.legacy"
                case pro = "com.example.pebble.pro"
            }

            final class Catalogue {
                private let purchasable: [Plan.Kind: [Plan]] = [.premium: [.pro]]

                func load(kind: Plan.Kind) async throws -> [Product] {
                    let plans = purchasable[kind] ?? []
                    return try await Product.products(for: plans.map(\\.rawValue))
                }
            }
            """
        let files = Self.adding("Pebble/Catalogue.swift", catalogue, to: try Fixture.files(nil))
        let result = try Detail.result("product-id-mismatch", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let legacy = try Detail.replacing(
            "Pebble/Catalogue.swift", "[.premium: [.pro]]", with: "[.premium: [.legacy]]", in: files)
        #expect(try Detail.result("product-id-mismatch", files: legacy)?.status == .fail)
    }

    /// An observer that collects restored transactions in its switch (`restored.append(…)`) and
    /// hands them, after the loop, to a method that finishes each finishes them.
    @Test func restoredTransactionsCollectedAndFinishedAfterTheLoopAreFinished() throws {
        let observer = """
            import StoreKit

            final class Observer: NSObject, SKPaymentTransactionObserver {
                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    var restored: [SKPaymentTransaction] = []
                    for transaction in transactions {
                        switch transaction.transactionState {
                        case .purchased, .failed: queue.finishTransaction(transaction)
                        case .restored: restored.append(transaction)
                        default: break
                        }
                    }
                    if !restored.isEmpty { handleRestored(restored) }
                }

                func handleRestored(_ transactions: [SKPaymentTransaction]) {
                    for transaction in transactions { SKPaymentQueue.default().finishTransaction(transaction) }
                }

                func restorePurchases() {
                    SKPaymentQueue.default().restoreCompletedTransactions()
                }
            }
            """
        let settings =
            "final class Settings {\n    let observer = Observer()\n    func restoreTapped() { observer.restorePurchases() }\n}\n"
        let files = Self.adding(
            "Pebble/Observer.swift", observer,
            to: Self.adding("Pebble/Settings.swift", settings, to: try Fixture.files(nil)))
        let result = try Detail.result("finish-transactions", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let unfinished = try Detail.replacing(
            "Pebble/Observer.swift",
            "for transaction in transactions { SKPaymentQueue.default().finishTransaction(transaction) }",
            with: "print(transactions.count)", in: files)
        #expect(try Detail.result("finish-transactions", files: unfinished)?.status == .warning)
    }

    /// The Clean app with no store made at launch: what an app delegate reaches decides.
    static func appThatStartsNoStore() throws -> [String: [UInt8]] {
        try Detail.replacing(
            "Pebble/PebbleApp.swift", "@State private var store = Store()", with: "", in: try Fixture.files(nil))
    }

    /// `[AppController setUp]` in the app delegate, after `extern Controller *AppController;` in a
    /// header: the global holds the one `Controller`, whose `setUp` adds the observer (another
    /// class's `setUp` does not make it ambiguous).
    @Test func anObjectiveCGlobalInstanceReceivesTheLaunchMessage() throws {
        var files = Self.adding(
            "Pebble/Controller.h",
            "#import <StoreKit/StoreKit.h>\n\n@class Controller;\nextern Controller *AppController;\n",
            to: try Self.appThatStartsNoStore())
        files = Self.adding(
            "Pebble/Controller.m",
            """
            #import "Controller.h"

            Controller *AppController;

            @implementation Controller
            - (void)setUp {
                [[SKPaymentQueue defaultQueue] addTransactionObserver:self];
            }
            @end

            @implementation Preferences
            - (void)setUp {
            }
            @end
            """, to: files)
        files = Self.adding(
            "Pebble/AppDelegate.m",
            """
            #import "Controller.h"

            @implementation AppDelegate
            - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                [AppController setUp];
                return YES;
            }
            @end
            """, to: files)
        let result = try Detail.result("listener-at-launch", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let unreached = try Detail.replacing("Pebble/AppDelegate.m", "[AppController setUp];", with: "", in: files)
        #expect(try Detail.result("listener-at-launch", files: unreached)?.status == .warning)
    }

    /// An Objective-C launch method that returns before adding the observer never adds it; a
    /// brace-less `if (…) return;` ends nothing.
    @Test func anObserverAddedAfterTheReturnIsNeverAdded() throws {
        let delegate = """
            #import <StoreKit/StoreKit.h>

            @implementation AppDelegate
            - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                [Tracker start];
                return YES;
                [[SKPaymentQueue defaultQueue] addTransactionObserver:self];
            }
            @end
            """
        let files = Self.adding("Pebble/AppDelegate.m", delegate, to: try Self.appThatStartsNoStore())
        let result = try Detail.result("listener-at-launch", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        let guarded = try Detail.replacing(
            "Pebble/AppDelegate.m", "    return YES;\n    [[SKPaymentQueue defaultQueue] addTransactionObserver:self];",
            with:
                "    if (!launchOptions) return YES;\n    [[SKPaymentQueue defaultQueue] addTransactionObserver:self];\n    return YES;",
            in: files)
        #expect(try Detail.result("listener-at-launch", files: guarded)?.status == .pass)
    }

    /// `buyButton.enable()` on an outlet, where `enable` is the project's own `UIButton` method
    /// that hops to the main queue first, does not touch the interface off the main thread.
    @Test func anOutletsOwnMethodThatHopsIsNoTouch() throws {
        let controller = """
            import StoreKit
            import UIKit

            final class UnlockController: UIViewController, SKProductsRequestDelegate {
                @IBOutlet weak var buyButton: UIButton!

                func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                    buyButton.enable()
                }
            }

            extension UIButton {
                func enable() {
                    DispatchQueue.main.async { self.isEnabled = true }
                }
            }
            """
        let files = Self.adding("Pebble/UnlockController.swift", controller, to: try Fixture.files(nil))
        let result = try Detail.result("main-thread-assumed", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let direct = try Detail.replacing(
            "Pebble/UnlockController.swift", "DispatchQueue.main.async { self.isEnabled = true }",
            with: "self.isEnabled = true", in: files)
        #expect(try Detail.result("main-thread-assumed", files: direct)?.status == .warning)
    }

    /// An app that looks products up through SwiftyStoreKit and reads its `invalidProductIDs`
    /// keeps an old `productsRequest(_:didReceive:)` that no request starts: nothing is ignored.
    @Test func aLeftoverStoreKit1HandlerBesideSwiftyStoreKitIsNotARequest() throws {
        let manager = """
            import StoreKit
            import SwiftyStoreKit

            final class Manager: NSObject {
                var products: [SKProduct] = []

                override init() {
                    super.init()
                    loadProducts()
                }

                func loadProducts() {
                    SwiftyStoreKit.retrieveProductsInfo(["com.example.pebble.pro"]) { result in
                        if let product = result.retrievedProducts.first {
                            self.products = [product]
                        } else if let invalid = result.invalidProductIDs.first {
                            print("Invalid product identifier: \\(invalid)")
                        }
                    }
                }
            }

            extension Manager: SKProductsRequestDelegate {
                func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                    products = response.products
                }
            }
            """
        let files = Self.adding("Pebble/Manager.swift", manager, to: try Fixture.files(nil))
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let started = try Detail.replacing(
            "Pebble/Manager.swift", "    func loadProducts() {",
            with:
                "    func fetch() {\n        let request = SKProductsRequest(productIdentifiers: [\"com.example.pebble.pro\", \"com.example.pebble.gems\"])\n        request.delegate = self\n        request.start()\n        self.request = request\n    }\n\n    var request: SKProductsRequest?\n\n    func loadProducts() {",
            in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: started)?.status == .warning)
    }

    /// SwiftyStoreKit's `shouldAddStorePaymentHandler` handles a promoted product's purchase.
    @Test func swiftyStoreKitsStorePaymentHandlerHandlesPromotedPurchases() throws {
        var workbook = Fixture.workbook()
        workbook.products[1].promoted = true
        let handler = """
            import SwiftyStoreKit

            enum PromotedPurchases {
                static func start() {
                    SwiftyStoreKit.shouldAddStorePaymentHandler = { _, _ in true }
                }
            }
            """
        let files = try Fixture.files(nil)
        #expect(try Detail.result("promoted-purchases", files: files, workbook: workbook)?.status == .warning)
        let handled = Self.adding("Pebble/PromotedPurchases.swift", handler, to: files)
        #expect(try Detail.result("promoted-purchases", files: handled, workbook: workbook)?.status == .pass)
    }

    /// A delegate that calls one of two overloads of a free function (`sendAlert(_:withTitle:)`
    /// and one with another label) reaches the alert it shows.
    @Test func anOverloadedFreeFunctionIsFollowedByItsLabels() throws {
        let observer = """
            import AppKit
            import StoreKit

            final class Observer: NSObject, SKPaymentTransactionObserver {
                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions where transaction.transactionState == .failed {
                        sendAlert("The purchase failed.", withTitle: "Sorry") { _ in }
                        queue.finishTransaction(transaction)
                    }
                }
            }

            func sendAlert(_ message: String, withTitle: String?, handler: @escaping (NSApplication.ModalResponse) -> Void) {
                let alert = NSAlert()
                alert.messageText = withTitle ?? message
                handler(alert.runModal())
            }

            func sendAlert(_ message: String, withTitle: String?, sheet: Bool, handler: @escaping (NSApplication.ModalResponse) -> Void) {
                let alert = NSAlert()
                alert.messageText = withTitle ?? message
                handler(alert.runModal())
            }
            """
        let files = Self.adding("Pebble/Observer.swift", observer, to: try Fixture.files(nil))
        let result = try Detail.result("main-thread-assumed", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
    }

    /// `self.invalid = response.invalidProductIdentifiers` in the handler stores the unknown IDs
    /// under a name that says so; nothing reads them, so nobody is told.
    @Test func invalidIDsStoredUnderAComparisonWordAreNotRead() throws {
        let manager = """
            import StoreKit

            final class Manager: NSObject, SKProductsRequestDelegate {
                var request: SKProductsRequest?
                var available: [SKProduct] = []
                var invalid: [String] = []

                func load() {
                    request = SKProductsRequest(productIdentifiers: ["com.example.pebble.gems", "com.example.pebble.pro"])
                    request?.delegate = self
                    request?.start()
                }

                func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                    available = response.products
                    self.invalid = response.invalidProductIdentifiers
                }
            }
            """
        let files = Self.adding("Pebble/Manager.swift", manager, to: try Fixture.files(nil))
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
    }

    /// A wrapper of `canMakePayments` read only as `guard store.isAllowed else { return }`: the
    /// customer taps Buy and nothing happens. `if store.isAllowed { showPurchaseSection() }` with
    /// no `else`, which only shows the way to buy when payments are allowed, is fine; a
    /// `purchaseLabel` in it is no purchase.
    @Test func aWrapperReadOnlyInSilentGuardsRefusesInSilence() throws {
        let observer = """
            import StoreKit

            final class Payments {
                static let shared = Payments()
                var isAllowed: Bool { SKPaymentQueue.canMakePayments() }
            }

            final class Shop {
                func buy(_ product: SKProduct) {
                    guard Payments.shared.isAllowed else { return }
                    SKPaymentQueue.default().add(SKPayment(product: product))
                }
            }
            """
        let files = Self.adding("Pebble/Shop.swift", observer, to: try Self.storeThatNeverAsks())
        let result = try Detail.result("can-make-payments", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        let shown = try Detail.replacing(
            "Pebble/Shop.swift",
            "        guard Payments.shared.isAllowed else { return }\n        SKPaymentQueue.default().add(SKPayment(product: product))",
            with:
                "        SKPaymentQueue.default().add(SKPayment(product: product))\n    }\n\n    func layout() {\n        if Payments.shared.isAllowed {\n            let purchaseLabel = \"Purchase coins\"\n            show(purchaseLabel)\n        }",
            in: files)
        #expect(try Detail.result("can-make-payments", files: shown)?.status == .pass)
    }

    /// Two observers: one finishes every failed transaction, the other only hides a spinner for
    /// the purchase it waits on. StoreKit hands each transaction to both, so it is finished.
    @Test func aSecondObserverThatOnlyShowsProgressNeedsNoFinish() throws {
        let observers = """
            import StoreKit

            final class Finisher: NSObject, SKPaymentTransactionObserver {
                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions {
                        switch transaction.transactionState {
                        case .purchased, .failed, .restored: queue.finishTransaction(transaction)
                        default: break
                        }
                    }
                }
            }

            final class Spinner: NSObject, SKPaymentTransactionObserver {
                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions {
                        switch transaction.transactionState {
                        case .purchasing: print("spinning")
                        case .failed: print("stopped")
                        default: break
                        }
                    }
                }
            }
            """
        let files = Self.adding("Pebble/Observers.swift", observers, to: try Fixture.files(nil))
        let result = try Detail.result("finish-transactions", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let alone = try Detail.replacing(
            "Pebble/Observers.swift", "case .purchased, .failed, .restored: queue.finishTransaction(transaction)",
            with: "case .purchased, .restored: queue.finishTransaction(transaction)", in: files)
        #expect(try Detail.result("finish-transactions", files: alone)?.status == .warning)
    }

    /// `guard let ids = supported[1] else { logger.fatalError("…") }`: the local's value
    /// ends before the `else`, so what the `else` calls (a logger's own `fatalError` that
    /// interpolates a file and line) builds no product ID.
    @Test func aGuardLetValueEndsBeforeItsElse() throws {
        let catalogue = """
            import StoreKit

            struct Logger {
                func fatalError(_ message: String, file: String = #file, line: UInt = #line) {
                    let tag = "\\(file):\\(line)"
                    print(tag, message)
                }
            }

            final class Catalogue {
                let logger = Logger()
                let supported: [Int: Set<String>] = [1: ["com.example.pebble.gems"]]

                func load() {
                    let maybeIDs = supported[1]
                    guard let ids = maybeIDs else {
                        logger.fatalError("coins are not supported")
                        return
                    }
                    let request = SKProductsRequest(productIdentifiers: ids)
                    request.start()
                }
            }
            """
        let files = Self.adding("Pebble/Catalogue.swift", catalogue, to: try Fixture.files(nil))
        let result = try Detail.result("product-id-mismatch", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
    }

    /// `#pragma mark -` on the line above a method: the mark's `-` belongs to the directive, so
    /// the launch method under it is still a method, and the observer it adds is added at launch.
    @Test func aMethodUnderAPragmaMarkIsStillAMethod() throws {
        let delegate = """
            #import <StoreKit/StoreKit.h>

            @implementation AppDelegate
            - (NSString *)name {
                return @"Pebble";
            }

            #pragma mark -
            #pragma mark Launching
            #pragma mark -

            /* the app starts here */
            - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions
            {
                [[SKPaymentQueue defaultQueue] addTransactionObserver:self];
                return YES;
            }
            @end
            """
        let files = Self.adding("Pebble/AppDelegate.m", delegate, to: try Self.appThatStartsNoStore())
        let result = try Detail.result("listener-at-launch", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
    }

    /// `NSMenuItem(title: "Settings…", action: #selector(showSettings(_:)), …)` built at launch
    /// names the method the menu runs when the user picks it: the store the settings window
    /// makes is not made at launch. `perform(#selector(setUp))` runs it now.
    @Test func aMenuItemsSelectorIsNoCall() throws {
        let delegate = """
            import AppKit
            import StoreKit

            final class AppDelegate: NSObject, NSApplicationDelegate {
                func applicationDidFinishLaunching(_ notification: Notification) {
                    let menu = NSMenu()
                    menu.addItem(NSMenuItem(title: "Settings…", action: #selector(showSettings(_:)), keyEquivalent: ","))
                    NSApp.mainMenu = menu
                }

                @objc func showSettings(_ sender: Any?) {
                    let store = Store()
                    print(store)
                }
            }
            """
        let files = Self.adding("Pebble/AppDelegate.swift", delegate, to: try Self.appThatStartsNoStore())
        let result = try Detail.result("listener-at-launch", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        let performed = try Detail.replacing(
            "Pebble/AppDelegate.swift", "NSApp.mainMenu = menu",
            with: "perform(#selector(showSettings(_:)), with: nil)",
            in: files)
        #expect(try Detail.result("listener-at-launch", files: performed)?.status == .pass)
    }

    /// One ID asked for, however the set is written (`Set(["…"])` in a local, `Set(arrayLiteral:)`,
    /// the cases of a one-case enum): an empty answer is exactly the missing ID, and the `else`
    /// of `if let product = response.products.first` that says so names it. Two IDs are not one.
    @Test func oneIDWrittenAnyWayIsOneID() throws {
        let unlocker = """
            import StoreKit

            enum Unlock: String, CaseIterable {
                case pro = "com.example.pebble.pro"
            }

            final class Unlocker: NSObject, SKProductsRequestDelegate {
                var request: SKProductsRequest?

                func load() {
                    let ids = Set(["com.example.pebble.pro"])
                    request = SKProductsRequest(productIdentifiers: ids)
                    request?.delegate = self
                    request?.start()
                }

                func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                    if let product = response.products.first {
                        print(product.price)
                    } else {
                        print("the unlock is not on sale")
                    }
                }
            }
            """
        let files = Self.adding("Pebble/Unlocker.swift", unlocker, to: try Fixture.files(nil))
        let local = try Detail.result("invalid-ids-ignored", files: files)
        #expect(local?.status == .pass, "\(local?.message ?? "")")
        for written in ["Set(arrayLiteral: \"com.example.pebble.pro\")", "Set(Unlock.allCases.map(\\.rawValue))"] {
            let other = try Detail.replacing(
                "Pebble/Unlocker.swift", "let ids = Set([\"com.example.pebble.pro\"])", with: "let ids = \(written)",
                in: files)
            let result = try Detail.result("invalid-ids-ignored", files: other)
            #expect(result?.status == .pass, "\(written): \(result?.message ?? "")")
        }
        let two = try Detail.replacing(
            "Pebble/Unlocker.swift", "Set([\"com.example.pebble.pro\"])",
            with: "Set([\"com.example.pebble.pro\", \"com.example.pebble.gems\"])", in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: two)?.status == .warning)
    }

    /// `func product(for id:) -> Product? { products.first { $0.id == id } }` kept beside the
    /// loaded products, and a screen's `guard let product = shop.product(for: id) else { … }`
    /// that tells the customer: the requested ID is looked for and its absence reported.
    @Test func aLookUpFunctionWhoseCallersReportNamesTheMissingID() throws {
        var files = try Detail.replacing(
            "Pebble/Store.swift", "if !missing.isEmpty { print(\"Unknown product IDs: \\(missing.sorted())\") }",
            with: "_ = products", in: try Fixture.files(nil))
        files = try Detail.replacing(
            "Pebble/Store.swift", "let missing = Self.productIDs.subtracting(products.map(\\.id))", with: "", in: files)
        let shop = """
            import StoreKit

            @MainActor
            final class CreditShop {
                var products: [Product] = []
                var message = ""

                func load() async {
                    do {
                        products = try await Product.products(for: ["com.example.pebble.gems", "com.example.pebble.pro"])
                    } catch {
                        print(error)
                    }
                }

                func product(for id: String) -> Product? {
                    return products.first { $0.id == id }
                }

                func buy(_ id: String) {
                    guard let product = product(for: id) else {
                        message = "This pack is not available right now."
                        return
                    }
                    print(product.displayName)
                }
            }
            """
        files = Self.adding("Pebble/CreditShop.swift", shop, to: files)
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let silent = try Detail.replacing(
            "Pebble/CreditShop.swift", "message = \"This pack is not available right now.\"\n", with: "", in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: silent)?.status == .warning)
    }

    /// `storeKitConfigurationFile = "…"` written on the Run action instead of the
    /// `StoreKitConfigurationFileReference` element: Xcode reads only the element, so the file is
    /// not attached, and the check says so where the attribute is.
    @Test func aStoreKitFileNamedInARunActionAttributeIsNotAttached() throws {
        let scheme = "Pebble.xcodeproj/xcshareddata/xcschemes/Pebble.xcscheme"
        let files = try Detail.replacing(
            scheme,
            """
                  launchStyle = "0">
                  <StoreKitConfigurationFileReference
                     identifier = "../../Pebble/Products.storekit">
                  </StoreKitConfigurationFileReference>
            """,
            with: """
                      launchStyle = "0"
                      storeKitConfigurationFile = "Pebble/Products.storekit">
                """, in: try Fixture.files(nil))
        let result = try Detail.result("storekit-config-path", files: files)
        #expect(result?.status == .fail, "\(result?.message ?? "")")
        #expect(result?.evidence.first?.file.hasSuffix("Pebble.xcscheme") == true)
        #expect(try Detail.result("storekit-config-path", files: try Fixture.files(nil))?.status == .pass)
    }

    /// An app that sells only through RevenueCatUI's `PaywallView`, with no purchase call or
    /// failure handler of its own: the paywall's alert explains a refused purchase. An app that
    /// also calls `Purchases.shared.purchase(package:)` itself must explain it.
    @Test func aRevenueCatPaywallExplainsARefusedPurchase() throws {
        let paywall = """
            import RevenueCat
            import RevenueCatUI
            import SwiftUI

            struct UpgradeView: View {
                var body: some View {
                    PaywallView(displayCloseButton: true)
                }
            }
            """
        let store = """
            import RevenueCat

            final class Store {
                init() {
                    Purchases.configure(withAPIKey: "appl_example")
                }
            }
            """
        var files = try Fixture.files(nil)
        files["Pebble/Store.swift"] = Array(store.utf8)
        files = Self.adding("Pebble/UpgradeView.swift", paywall, to: files)
        let result = try Detail.result("can-make-payments", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let own = try Detail.replacing(
            "Pebble/Store.swift", "Purchases.configure(withAPIKey: \"appl_example\")",
            with:
                "Purchases.configure(withAPIKey: \"appl_example\")\n    }\n\n    func buy(_ package: Package) async throws {\n        _ = try await Purchases.shared.purchase(package: package)",
            in: files)
        // Bought only where a screen calls it: a purchase method nothing calls buys nothing.
        #expect(try Detail.result("can-make-payments", files: own)?.status == .pass)
        let called = Self.adding(
            "Pebble/BuyButton.swift",
            "func tapped(_ store: Store, _ package: Package) async throws { try await store.buy(package) }\n",
            to: own)
        #expect(try Detail.result("can-make-payments", files: called)?.status == .warning)
    }

    /// Swift 1's one-ID request, `NSSet(object: id) as! Set<NSString>`, and its count kept with a
    /// type annotation, `var count : Int = response.products.count`, then `if count > 0 { … }
    /// else { tell }`: the empty answer is the missing ID, and the `else` names it.
    @Test func aCastOneIDAndATypedCountAreTheOneIDCheck() throws {
        let shop = """
            import StoreKit

            class Shop: NSObject, SKProductsRequestDelegate {
                var request: SKProductsRequest!

                func load() {
                    request = SKProductsRequest(productIdentifiers: NSSet(object: "com.example.pebble.pro") as! Set<NSString>)
                    request.delegate = self
                    request.start()
                }

                func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                    var count : Int = response.products.count
                    if count > 0 {
                        println(response.products[0])
                    } else {
                        println("the unlock is not on sale")
                    }
                }
            }
            """
        let files = Self.adding("Pebble/Shop.swift", shop, to: try Fixture.files(nil))
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let two = try Detail.replacing(
            "Pebble/Shop.swift", "NSSet(object: \"com.example.pebble.pro\")",
            with: "NSSet(objects: \"com.example.pebble.pro\", \"com.example.pebble.gems\")", in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: two)?.status == .warning)
    }

    /// `restoreCompletedTransactions()` called from the observer's own
    /// `paymentQueue(_:updatedTransactions:)`, after a purchase, is no way for the customer to
    /// restore; the same call behind a button is.
    @Test func aRestoreStartedByTheObserverIsNoRestoreButton() throws {
        let observer = """
            import StoreKit

            final class Payments: NSObject, SKPaymentTransactionObserver {
                func buy(_ payment: SKPayment) {
                    SKPaymentQueue.default().add(payment)
                }

                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions where transaction.transactionState == .failed {
                        queue.finishTransaction(transaction)
                        queue.restoreCompletedTransactions()
                    }
                }
            }
            """
        let files = Self.adding("Pebble/Payments.swift", observer, to: try Fixture.files("NoStoreCode"))
        let result = try Detail.result("restore-button", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        let tapped = Self.adding(
            "Pebble/SettingsController.swift",
            "import UIKit\nimport StoreKit\n\nfinal class SettingsController: UIViewController {\n    @IBAction func restoreTapped(_ sender: Any) { SKPaymentQueue.default().restoreCompletedTransactions() }\n}\n",
            to: files)
        #expect(try Detail.result("restore-button", files: tapped)?.status == .pass)
    }

    /// `static let pro = Self("com.example.pebble.pro")` in an extension of the app's ID type
    /// makes the type from one whole ID; it is not an ID joined at run time.
    @Test func anIDTypeMadeWithSelfHoldsAWholeID() throws {
        let unlocks = """
            import StoreKit

            struct PebbleProductID: Hashable {
                let raw: String
                init(_ raw: String) { self.raw = raw }
            }

            extension PebbleProductID {
                static let pro = Self("com.example.pebble.pro")
            }

            final class Unlocks {
                func load() async throws -> [Product] {
                    try await Product.products(for: [PebbleProductID.pro.raw])
                }
            }
            """
        let files = Self.adding("Pebble/Unlocks.swift", unlocks, to: try Fixture.files(nil))
        let result = try Detail.result("product-id-mismatch", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let wrong = try Detail.replacing(
            "Pebble/Unlocks.swift", "Self(\"com.example.pebble.pro\")", with: "Self(\"com.example.pebble.bronze\")",
            in: files)
        #expect(try Detail.result("product-id-mismatch", files: wrong)?.status == .fail)
    }

    /// A loader that returns what it got for the IDs it is handed, and a caller that hands in
    /// one ID (`loadProducts(for: [proID])`) and tells the customer when `found.first` is nil:
    /// the one missing ID is reported. Two IDs handed in are not one.
    @Test func aCallerHandingInOneIDAndCheckingTheFirstNamesTheMissingID() throws {
        var files = try Detail.replacing(
            "Pebble/Store.swift", "if !missing.isEmpty { print(\"Unknown product IDs: \\(missing.sorted())\") }",
            with: "_ = products", in: try Fixture.files(nil))
        files = try Detail.replacing(
            "Pebble/Store.swift", "let missing = Self.productIDs.subtracting(products.map(\\.id))", with: "", in: files)
        let shop = """
            import StoreKit

            @MainActor
            final class ProShop {
                var message = ""

                func loadProducts(for ids: [String]) async throws -> [Product] {
                    let products = try await Product.products(for: ids)
                    return products
                }

                func buyPro() async throws {
                    let found = try await loadProducts(for: ["com.example.pebble.pro"])
                    guard let product = found.first else {
                        message = "No product found for the Pro unlock."
                        return
                    }
                    _ = try await product.purchase()
                }
            }
            """
        files = Self.adding("Pebble/ProShop.swift", shop, to: files)
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let two = try Detail.replacing(
            "Pebble/ProShop.swift", "[\"com.example.pebble.pro\"]",
            with: "[\"com.example.pebble.pro\", \"com.example.pebble.gems\"]", in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: two)?.status == .warning)
    }

    /// A lazy store read at launch (`_ = self.store` in the launch method, or `lazy var store:
    /// Store = .init()` read by name) is made at launch; one never read there is not.
    @Test func aLazyStoreReadAtLaunchIsMadeAtLaunch() throws {
        let delegate = """
            import StoreKit
            import UIKit

            final class AppDelegate: NSObject, UIApplicationDelegate {
                lazy var store = Store()

                func application(
                    _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
                ) -> Bool {
                    _ = self.store
                    return true
                }
            }
            """
        var files = try Detail.replacing(
            "Pebble/PebbleApp.swift", "@State private var store = Store()",
            with: "@UIApplicationDelegateAdaptor(AppDelegate.self) private var delegate", in: try Fixture.files(nil))
        files = Self.adding("Pebble/AppDelegate.swift", delegate, to: files)
        let result = try Detail.result("listener-at-launch", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        var implicit = try Detail.replacing(
            "Pebble/AppDelegate.swift", "lazy var store = Store()", with: "lazy var store: Store = .init()", in: files)
        implicit = try Detail.replacing("Pebble/AppDelegate.swift", "_ = self.store", with: "_ = store", in: implicit)
        let made = try Detail.result("listener-at-launch", files: implicit)
        #expect(made?.status == .pass, "\(made?.message ?? "")")
        let unread = try Detail.replacing("Pebble/AppDelegate.swift", "_ = self.store", with: "", in: files)
        #expect(try Detail.result("listener-at-launch", files: unread)?.status == .warning)
    }

    /// `.onAppear(perform: launcher.start)` on the root view runs the launcher's method at launch,
    /// and the store it makes listens from the start.
    @Test func aRootViewsOnAppearRunsAMethodOfAProperty() throws {
        let root = """
            import SwiftUI

            final class Launcher {
                var store: Store?

                func start() {
                    store = Store()
                }
            }

            struct RootView: View {
                let launcher: Launcher

                var body: some View {
                    Text("Pebble")
                        .onAppear(perform: launcher.start)
                }
            }
            """
        var files = try Detail.replacing(
            "Pebble/PebbleApp.swift", "Text(\"Pebble\")", with: "RootView(launcher: Launcher())",
            in: try Self.appThatStartsNoStore())
        files = Self.adding("Pebble/RootView.swift", root, to: files)
        let result = try Detail.result("listener-at-launch", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let tapped = try Detail.replacing(
            "Pebble/RootView.swift", ".onAppear(perform: launcher.start)",
            with: ".onTapGesture(perform: launcher.start)", in: files)
        #expect(try Detail.result("listener-at-launch", files: tapped)?.status == .warning)
    }

    /// A response handler whose message says the products did not come ("No products found",
    /// "Product not available") names them, whatever the words; a message about something else
    /// does not.
    @Test(arguments: ["No product found", "No products found", "Product not available"])
    func aMessageThatNoProductCameNamesTheMissingIDs(_ words: String) throws {
        let shop = """
            import StoreKit

            final class Shop: NSObject, SKProductsRequestDelegate {
                let request = SKProductsRequest(productIdentifiers: ["com.example.pebble.pro", "com.example.pebble.gems"])

                func load() {
                    request.delegate = self
                    request.start()
                }

                func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                    if response.products.count < 2 {
                        print("\(words), 2 asked for")
                    }
                }
            }
            """
        let files = Self.adding("Pebble/Shop.swift", shop, to: try Fixture.files(nil))
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let other = try Detail.replacing("Pebble/Shop.swift", words, with: "Loaded", in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: other)?.status == .warning)
    }

    /// A StoreKit 1 store that hands what came to a screen through its delegate, and a screen
    /// that looks the tapped product's ID up there and alerts when it is not (`else {
    /// showAlert(…) }`): the missing product is named where it is wanted. A look-up for what a
    /// transaction bought, or one with no `else`, names nothing.
    @Test func aScreenLookingUpAStoreKit1ProductAndAlertingNamesTheMissingID() throws {
        let store = """
            import StoreKit

            protocol StoreDelegate: AnyObject {
                func didReceive(products: [SKProduct])
            }

            final class ProductStore: NSObject, SKProductsRequestDelegate {
                weak var delegate: StoreDelegate?
                var request: SKProductsRequest?

                func load(_ ids: Set<String>) {
                    request = SKProductsRequest(productIdentifiers: ids)
                    request?.delegate = self
                    request?.start()
                }

                func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                    let products = response.products
                    DispatchQueue.main.async { self.delegate?.didReceive(products: products) }
                }
            }
            """
        let screen = """
            import StoreKit
            import UIKit

            final class GamesController: UITableViewController, StoreDelegate {
                let store = ProductStore()
                var products: [SKProduct] = []

                override func viewDidLoad() {
                    super.viewDidLoad()
                    store.delegate = self
                    store.load(["com.example.pebble.pro", "com.example.pebble.gems"])
                }

                func didReceive(products: [SKProduct]) {
                    self.products = products
                }

                override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                    let productID = indexPath.row == 0 ? "com.example.pebble.pro" : "com.example.pebble.gems"
                    if let product = products.first(where: { $0.productIdentifier == productID }) {
                        print(product.localizedTitle)
                    } else {
                        showAlert("This game could not be loaded from the App Store.")
                    }
                }

                func showAlert(_ text: String) {
                    present(UIAlertController(title: nil, message: text, preferredStyle: .alert), animated: true)
                }
            }
            """
        var files = Self.adding("Pebble/ProductStore.swift", store, to: try Fixture.files(nil))
        files = Self.adding("Pebble/GamesController.swift", screen, to: files)
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let silent = try Detail.replacing(
            "Pebble/GamesController.swift",
            "} else {\n            showAlert(\"This game could not be loaded from the App Store.\")\n        }",
            with: "}", in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: silent)?.status == .warning)
        let bought = try Detail.replacing(
            "Pebble/GamesController.swift", "$0.productIdentifier == productID",
            with: "$0.productIdentifier == transaction.payment.productIdentifier", in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: bought)?.status == .warning)
    }

    /// An iOS app whose only shared scheme attaches the file, beside a Mac app of the same bundle
    /// ID whose scheme does not: the Mac scheme runs another app, so the iOS app can still not be
    /// tried against the sandbox. A second scheme for the iOS app without the file answers it.
    @Test func aSandboxSchemeForAnotherAppLeavesThisOneShadowed() throws {
        var files = try Self.addingAppTarget(
            "PebbleMac",
            settings: [
                "GENERATE_INFOPLIST_FILE = YES;", "PRODUCT_BUNDLE_IDENTIFIER = com.example.pebble;",
                "SDKROOT = macosx;",
            ],
            targetLines: ["fileSystemSynchronizedGroups = (", "\tS10000000000000000000001 /* Pebble */,", ");"],
            to: try Fixture.files(nil))
        func scheme(_ target: String, _ name: String, storeKit: Bool) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Scheme LastUpgradeVersion = "1600" version = "1.7">
               <LaunchAction buildConfiguration = "Debug" launchStyle = "0">
                  <BuildableProductRunnable runnableDebuggingMode = "0">
                     <BuildableReference BuildableIdentifier = "primary" BlueprintIdentifier = "\(target)"
                        BuildableName = "\(name).app" BlueprintName = "\(name)" ReferencedContainer = "container:Pebble.xcodeproj">
                     </BuildableReference>
                  </BuildableProductRunnable>\(storeKit ? """

                  <StoreKitConfigurationFileReference identifier = "../../Pebble/Products.storekit">
                  </StoreKitConfigurationFileReference>
            """ : "")
               </LaunchAction>
            </Scheme>
            """
        }
        let schemes = "Pebble.xcodeproj/xcshareddata/xcschemes/"
        // The fixture's own sandbox scheme names no target, so it could run either app.
        files.removeValue(forKey: schemes + "Pebble Sandbox.xcscheme")
        files[schemes + "Pebble.xcscheme"] = Array(scheme("T10000000000000000000001", "Pebble", storeKit: true).utf8)
        files[schemes + "PebbleMac.xcscheme"] = Array(
            scheme("T10000000000000000000009", "PebbleMac", storeKit: false).utf8)
        let result = try Detail.result("storekit-config-shadows-sandbox", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        #expect(result?.evidence.first?.file.hasSuffix("Pebble.xcscheme") == true)
        files[schemes + "Pebble Sandbox.xcscheme"] = Array(
            scheme("T10000000000000000000001", "Pebble", storeKit: false).utf8)
        #expect(try Detail.result("storekit-config-shadows-sandbox", files: files)?.status == .pass)
    }

    /// A Restore button whose action restores only when payments are allowed, with no `else`,
    /// does nothing a customer sees when they are not; the request guarded the same way only
    /// logs. Telling the customer in the restore's `else` is heard.
    @Test func aRestoreGuardedByThePermissionWithNoElseIsSilent() throws {
        let menu = """
            import StoreKit
            import UIKit

            final class MenuController: UIViewController, SKProductsRequestDelegate {
                var request: SKProductsRequest?

                @IBAction func restoreTapped(_ sender: UIButton) {
                    if SKPaymentQueue.canMakePayments() {
                        SKPaymentQueue.default().restoreCompletedTransactions()
                    }
                }

                func requestProducts() {
                    if SKPaymentQueue.canMakePayments() {
                        request = SKProductsRequest(productIdentifiers: ["com.example.pebble.pro"])
                        request?.delegate = self
                        request?.start()
                    } else {
                        print("purchases are off")
                    }
                }

                func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                    print(response.invalidProductIdentifiers)
                }
            }
            """
        var files = Self.adding("Pebble/MenuController.swift", menu, to: try Fixture.files(nil))
        files = try Detail.replacing("Pebble/Store.swift", "AppStore.canMakePayments", with: "true", in: files)
        let result = try Detail.result("can-make-payments", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        let told = try Detail.replacing(
            "Pebble/MenuController.swift", "restoreCompletedTransactions()\n        }",
            with: "restoreCompletedTransactions()\n        } else {\n            showPurchasesOffAlert()\n        }",
            in: files)
        #expect(try Detail.result("can-make-payments", files: told)?.status == .pass)
    }

    /// `var productIDs: [String] = []` grown by `productIDs.append("…")` in `viewDidLoad`: the
    /// appended literal is what the request asks for, checked against the catalogue, and one ID
    /// appended is one ID, whose empty answer the handler's `else` reports.
    @Test func anIDAppendedToAnEmptyPropertyIsRequested() throws {
        let menu = """
            import StoreKit
            import UIKit

            final class MenuController: UIViewController, SKProductsRequestDelegate {
                var productIDs: Array<String> = []
                var request: SKProductsRequest?

                override func viewDidLoad() {
                    super.viewDidLoad()
                    productIDs.append("com.example.pebble.pro")
                    let identifiers = NSSet(array: productIDs)
                    request = SKProductsRequest(productIdentifiers: identifiers as! Set<String>)
                    request?.delegate = self
                    request?.start()
                }

                func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                    if response.products.count > 0 {
                        print(response.products)
                    } else {
                        print("the upgrade is not on sale")
                    }
                }
            }
            """
        let files = Self.adding("Pebble/MenuController.swift", menu, to: try Fixture.files(nil))
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let wrong = try Detail.replacing(
            "Pebble/MenuController.swift", "append(\"com.example.pebble.pro\")",
            with: "append(\"com.example.pebble.bronze\")", in: files)
        #expect(try Detail.result("product-id-mismatch", files: wrong)?.status == .fail)
    }

    /// A scene shown at launch whose `didMove(to:)` declares the buttons' actions as local
    /// functions: a local function runs when the body calls it, not when it is declared, so the
    /// observer that only the purchase adds is not added at launch.
    @Test func aLocalFunctionRunsOnlyWhenCalled() throws {
        let scene = """
            import SpriteKit
            import StoreKit

            final class MenuScene: SKScene, SKPaymentTransactionObserver {
                override func didMove(to view: SKView) {
                    backgroundColor = .black
                    func unlockNight() -> Void {
                        buy()
                    }
                }

                func buy() {
                    SKPaymentQueue.default().add(self)
                    SKPaymentQueue.default().add(SKPayment(product: night))
                }

                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions { queue.finishTransaction(transaction) }
                }
            }
            """
        var files = Self.adding("Pebble/MenuScene.swift", scene, to: try Fixture.files(nil))
        files = try Detail.replacing("Pebble/Store.swift", "Transaction.updates", with: "Transaction.all", in: files)
        files = try Detail.replacing(
            "Pebble/Store.swift", "    init() {\n", with: "    init() {\n        _ = MenuScene(fileNamed: \"Menu\")\n",
            in: files)
        let declared = try Detail.result("listener-at-launch", files: files)
        #expect(declared?.status == .warning, "\(declared?.message ?? "")")
        // Called from the body, it runs.
        let called = try Detail.replacing(
            "Pebble/MenuScene.swift", "        buy()\n        }\n",
            with: "        buy()\n        }\n        unlockNight()\n",
            in: files)
        let result = try Detail.result("listener-at-launch", files: called)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        #expect(result?.message.contains("unlockNight() → MenuScene.buy()") == true, "\(result?.message ?? "")")
    }

    /// A refusal whose `case` hands back the words an alert shows explains it; the same
    /// closure handing back nothing for it does not.
    @Test func aRefusalWhoseCaseReturnsTheAlertsMessageIsExplained() throws {
        let buying = """
            import StoreKit
            import SwiftyStoreKit

            final class ProScreen {
                func buy() {
                    SwiftyStoreKit.purchaseProduct("com.example.pebble.pro", quantity: 1, atomically: true) { result in
                        guard case .error(let error) = result else { return }
                        self.alert(title: "Purchase failed", message: {
                            switch error.code {
                            case .paymentNotAllowed:
                                return "Payment not allowed"
                            default:
                                return error.localizedDescription
                            }
                        }())
                    }
                }
            }
            """
        var files = Self.adding("Pebble/ProScreen.swift", buying, to: try Fixture.files(nil))
        files = try Detail.replacing("Pebble/Store.swift", "AppStore.canMakePayments", with: "true", in: files)
        let result = try Detail.result("can-make-payments", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let unexplained = try Detail.replacing(
            "Pebble/ProScreen.swift", "return \"Payment not allowed\"", with: "return", in: files)
        #expect(try Detail.result("can-make-payments", files: unexplained)?.status == .warning)
    }

    /// A view whose `body` shows a product only when it finds it (`if let … firstIndex(where:)`
    /// with no `else`) names no missing product: the body is not a look-up whose callers could
    /// report, even where some other `body` is unwrapped with a message.
    @Test func aViewBodyThatShowsOnlyFoundProductsNamesNoMissingOne() throws {
        let stored = try Detail.replacing(
            "Pebble/Store.swift", "    private var updates: Task<Void, Never>?",
            with: "    var products: [Product] = []\n    private var updates: Task<Void, Never>?",
            in: try Fixture.files(nil))
        let files = try Detail.replacing(
            "Pebble/Store.swift",
            """
                    let missing = Self.productIDs.subtracting(products.map(\\.id))
                    if !missing.isEmpty { print("Unknown product IDs: \\(missing.sorted())") }
                    return products
            """,
            with: """
                        products = try await Product.products(for: Self.productIDs)
                        return products
                """, in: stored)
        let shop = """
            import StoreKit
            import SwiftUI

            struct ShopView: View {
                let store: Store

                var body: some View {
                    List {
                        if let i = store.products.firstIndex(where: { $0.id == "com.example.pebble.pro" }) {
                            Text(store.products[i].displayName)
                        }
                    }
                }
            }

            struct Message {
                var body: String?

                func text() throws -> String {
                    guard let body else { throw MessageError.empty }
                    return body
                }
            }
            """
        let silent = Self.adding("Pebble/ShopView.swift", shop, to: files)
        let result = try Detail.result("invalid-ids-ignored", files: silent)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        // A property that is the look-up, unwrapped with a message, names it.
        let named = Self.adding(
            "Pebble/Pro.swift",
            """
            import StoreKit

            extension Store {
                var pro: Product? { self.products.first(where: { $0.id == "com.example.pebble.pro" }) }
                func buyPro() async throws {
                    guard let pro else { throw StoreError.missing("com.example.pebble.pro") }
                    _ = try await pro.purchase()
                }
            }
            """, to: silent)
        #expect(try Detail.result("invalid-ids-ignored", files: named)?.status == .pass)
    }

    /// A purchased branch that finishes only past a `guard` on a product a screen loads leaves
    /// the transaction in the queue whenever the product is not loaded, as at every launch. A
    /// `guard` whose `else` finishes too leaves nothing behind.
    @Test func aGuardThatLeavesBeforeTheFinishLeavesThePurchaseUnfinished() throws {
        let observer = """
            import StoreKit

            final class Observer: NSObject, SKPaymentTransactionObserver {
                var product: SKProduct?

                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions {
                        switch transaction.transactionState {
                        case .purchased:
                            guard let period = product?.subscriptionPeriod,
                                  let date = transaction.transactionDate else {
                                return
                            }
                            unlock(from: date, for: period)
                            queue.finishTransaction(transaction)
                        case .failed:
                            queue.finishTransaction(transaction)
                        default:
                            break
                        }
                    }
                }
            }
            """
        let files = Self.adding("Pebble/Observer.swift", observer, to: try Fixture.files(nil))
        let result = try Detail.result("finish-transactions", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        #expect(result?.evidence.map(\.line) == [10])
        #expect(
            result?.message.contains("finishes a purchased transaction only when the guard at line 10 holds") == true)
        let finishedEitherWay = try Detail.replacing(
            "Pebble/Observer.swift", "            return\n",
            with: "            queue.finishTransaction(transaction)\n                    return\n", in: files)
        #expect(try Detail.result("finish-transactions", files: finishedEitherWay)?.status == .pass)
    }

    /// A response handler that hands a missing product on as `nil` to the handler the asking
    /// method kept tells no one when the screen that asked only returns on `nil`; the screen
    /// saying so is the report.
    @Test func anAbsenceHandedToACompletionIsReportedOnlyByItsReceiver() throws {
        let upgrade = """
            import StoreKit

            final class ProUpgrade: NSObject, SKProductsRequestDelegate {
                private var request: SKProductsRequest?
                private var completion: ((SKProduct?) -> Void)?
                let productIdentifier = "com.example.pebble.pro"

                func fetch(completion: @escaping (SKProduct?) -> Void) {
                    request = SKProductsRequest(productIdentifiers: Set([productIdentifier]))
                    request?.delegate = self
                    request?.start()
                    self.completion = completion
                }

                func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                    guard let product = response.products.first else {
                        completion?(nil)
                        return
                    }
                    completion?(product)
                }
            }

            final class ProScreen {
                let upgrade = ProUpgrade()

                func load() {
                    upgrade.fetch { [weak self] in
                        guard let product = $0 else { return }
                        self?.show(product)
                    }
                }
            }
            """
        let files = Self.adding("Pebble/ProUpgrade.swift", upgrade, to: try Fixture.files(nil))
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        #expect(result?.message == "invalidProductIdentifiers is never read")
        let told = try Detail.replacing(
            "Pebble/ProUpgrade.swift", "guard let product = $0 else { return }",
            with: "guard let product = $0 else { self?.showError(\"The Pro upgrade is not available\"); return }",
            in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: told)?.status == .pass)
    }

    /// Without ARC, a request autoreleased where it is made is let go at the end of the run
    /// loop's pass, before StoreKit answers.
    @Test func anAutoreleasedRequestWithoutARCIsNotKept() throws {
        let manual = try Detail.replacing(
            "Pebble.xcodeproj/project.pbxproj", "CLANG_ENABLE_OBJC_ARC = YES;", with: "CLANG_ENABLE_OBJC_ARC = NO;",
            in: try Fixture.files("ObjectiveCStore"))
        #expect(try Detail.result("request-not-retained", files: manual)?.status == .pass)
        let autoreleased = try Detail.replacing(
            "Pebble/LegacyStore.m", "setWithObjects:PEBBLE_GEMS, nil]];",
            with: "setWithObjects:PEBBLE_GEMS, nil]] autorelease];", in: manual)
        let withBracket = try Detail.replacing(
            "Pebble/LegacyStore.m", "SKProductsRequest *request = [[SKProductsRequest alloc]",
            with: "SKProductsRequest *request = [[[SKProductsRequest alloc]", in: autoreleased)
        let result = try Detail.result("request-not-retained", files: withBracket)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        #expect(result?.evidence.map(\.line) == [6])
    }

    /// A callback that posts the bought product's ID as the notification's name reaches the
    /// screens that observe the products' IDs (`NSNotification.Name(Products.pro.rawValue)`).
    @Test func aNotificationNamedByTheProductIDReachesItsObservers() throws {
        let observer = """
            import StoreKit
            import UIKit

            enum Products: String {
                case pro = "com.example.pebble.pro"
            }

            final class PebbleObserver: NSObject, SKPaymentTransactionObserver {
                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions {
                        NotificationCenter.default.post(
                            name: NSNotification.Name(transaction.payment.productIdentifier), object: nil)
                        queue.finishTransaction(transaction)
                    }
                }
            }

            final class ProController: UIViewController {
                override func viewDidLoad() {
                    NotificationCenter.default.addObserver(
                        self, selector: #selector(unlocked), name: NSNotification.Name(Products.pro.rawValue), object: nil)
                }

                @objc private func unlocked() {
                    self.dismiss(animated: true, completion: nil)
                }
            }
            """
        let files = Self.adding("Pebble/PebbleObserver.swift", observer, to: try Fixture.files(nil))
        let result = try Detail.result("main-thread-assumed", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        #expect(result?.evidence.map(\.line).contains(25) == true)
        // A case whose raw value is no product ID names another notification.
        let other = try Detail.replacing(
            "Pebble/PebbleObserver.swift", "case pro = \"com.example.pebble.pro\"", with: "case pro = \"Pro unlocked\"",
            in: files)
        #expect(try Detail.result("main-thread-assumed", files: other)?.status == .pass)
    }

    /// A `SubscriptionStoreView` given product IDs looks them up and leaves out the unknown ones
    /// in silence, as a `StoreView` does.
    @Test func aSubscriptionStoreViewOfProductIDsIsALookUp() throws {
        let paywall = """
            import StoreKit
            import SwiftUI

            struct PlusView: View {
                let ids = ["com.example.pebble.plus.monthly", "com.example.pebble.plus.yearly"]

                var body: some View {
                    SubscriptionStoreView(productIDs: ids)
                }
            }
            """
        // The store's own look-up names what is missing; the view is then the only silent one.
        let silentStore = try Detail.replacing(
            "Pebble/Store.swift",
            """
                    let missing = Self.productIDs.subtracting(products.map(\\.id))
                    if !missing.isEmpty { print("Unknown product IDs: \\(missing.sorted())") }

            """, with: "", in: try Fixture.files(nil))
        let files = Self.adding("Pebble/PlusView.swift", paywall, to: try Fixture.files(nil))
        #expect(try Detail.result("invalid-ids-ignored", files: files)?.status == .pass)
        let result = try Detail.result(
            "invalid-ids-ignored", files: Self.adding("Pebble/PlusView.swift", paywall, to: silentStore))
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        #expect(result?.message.hasPrefix("Pebble/PlusView.swift, Pebble/Store.swift never compare") == true)
    }

    /// A StoreKit service nothing calls, kept beside RevenueCat's paywall, asks for nothing and
    /// buys nothing: its look-up is not judged, and the paywall explains a refused purchase.
    @Test func aStoreKitServiceNothingCallsBesideRevenueCatIsNotJudged() throws {
        let service = """
            import StoreKit

            final class StoreKitService {
                func loadProducts() async throws -> [Product] {
                    try await Product.products(for: ["com.example.pebble.pro"])
                }

                func purchase(_ product: Product) async throws -> Bool {
                    if case .success = try await product.purchase() { return true }
                    return false
                }
            }
            """
        let paywall = """
            import RevenueCat
            import RevenueCatUI
            import SwiftUI

            struct ProPaywall: View {
                var body: some View {
                    PaywallView()
                }
            }
            """
        var files = Self.adding("Pebble/StoreKitService.swift", service, to: try Fixture.files(nil))
        files = Self.adding("Pebble/ProPaywall.swift", paywall, to: files)
        files = try Detail.replacing("Pebble/Store.swift", "AppStore.canMakePayments", with: "true", in: files)
        let invalid = try Detail.result("invalid-ids-ignored", files: files)
        #expect(invalid?.status == .pass, "\(invalid?.message ?? "")")
        let permission = try Detail.result("can-make-payments", files: files)
        #expect(permission?.status == .pass, "\(permission?.message ?? "")")
        // Called by a screen, the service's look-up and purchase are the app's own.
        let called = Self.adding(
            "Pebble/BuyButton.swift",
            """
            import StoreKit

            func buyPro(with service: StoreKitService) async throws {
                let products = try await service.loadProducts()
                _ = try await service.purchase(products[0])
            }
            """, to: files)
        #expect(try Detail.result("invalid-ids-ignored", files: called)?.status == .warning)
        #expect(try Detail.result("can-make-payments", files: called)?.status == .warning)
    }

    /// An Objective-C wrapper asked as a message (`if ([store canMakePurchases]) { buy }`) with
    /// no `else` refuses in silence, as the Swift call does.
    @Test func anObjectiveCWrapperAskedAsAMessageWithNoElseIsSilent() throws {
        let helper = """
            #import <StoreKit/StoreKit.h>

            @implementation PurchaseHelper
            - (BOOL)canMakePurchases {
                return [SKPaymentQueue canMakePayments];
            }
            - (void)purchaseProUpgrade {
                [[SKPaymentQueue defaultQueue] addPayment:[SKPayment paymentWithProduct:self.proUpgrade]];
            }
            @end

            @implementation CategoryController
            - (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
                if ([self.helper canMakePurchases]) {
                    [self.helper purchaseProUpgrade];
                }
            }
            @end
            """
        var files = Self.adding("Pebble/PurchaseHelper.m", helper, to: try Fixture.files(nil))
        files = try Detail.replacing("Pebble/Store.swift", "AppStore.canMakePayments", with: "true", in: files)
        let result = try Detail.result("can-make-payments", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        let told = try Detail.replacing(
            "Pebble/PurchaseHelper.m", "        [self.helper purchaseProUpgrade];\n    }",
            with:
                "        [self.helper purchaseProUpgrade];\n    } else {\n        [self showAlert:@\"Purchases are turned off\"];\n    }",
            in: files)
        #expect(try Detail.result("can-make-payments", files: told)?.status == .pass)
    }

    /// An ask joined to another condition with `&&` still sends a refusal to the `else`: one that
    /// only logs leaves the customer with nothing. Joined with `||`, a refusal may take either
    /// branch, and the ask is not judged.
    @Test func anAskJoinedWithAndStillRefusesInTheElse() throws {
        let controller = """
            import StoreKit

            final class ShopController {
                var products: [SKProduct] = []

                @objc func tapped() {
                    if SKPaymentQueue.canMakePayments() && !products.isEmpty {
                        SKPaymentQueue.default().add(SKPayment(product: products[0]))
                    } else {
                        print("nothing to buy")
                    }
                }
            }
            """
        var files = Self.adding("Pebble/ShopController.swift", controller, to: try Fixture.files(nil))
        files = try Detail.replacing("Pebble/Store.swift", "AppStore.canMakePayments", with: "true", in: files)
        let result = try Detail.result("can-make-payments", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        #expect(result?.evidence.map(\.line) == [7])
        let told = try Detail.replacing(
            "Pebble/ShopController.swift", "print(\"nothing to buy\")", with: "showAlert(\"Purchases are turned off\")",
            in: files)
        #expect(try Detail.result("can-make-payments", files: told)?.status == .pass)
        let either = try Detail.replacing("Pebble/ShopController.swift", "&& !products", with: "|| products", in: files)
        #expect(try Detail.result("can-make-payments", files: either)?.status == .pass)
    }

    /// Inside the Buy action itself (`- (IBAction)buy:`), an ask with no `else` that goes on to
    /// start the purchase leaves the tap unanswered when payments are off; the same `if` where a
    /// screen loads only starts work the customer did not ask for.
    @Test func theBuyActionAskingWithNoElseRefusesInSilence() throws {
        let controller = """
            #import <StoreKit/StoreKit.h>

            @implementation ShopController
            - (IBAction)buy:(id)sender {
                if ([SKPaymentQueue canMakePayments]) {
                    [self.manager requestProductData];
                }
            }
            @end
            """
        var files = Self.adding("Pebble/ShopController.m", controller, to: try Fixture.files(nil))
        files = try Detail.replacing("Pebble/Store.swift", "AppStore.canMakePayments", with: "true", in: files)
        let result = try Detail.result("can-make-payments", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        #expect(result?.evidence.map(\.line) == [5])
        let loading = try Detail.replacing(
            "Pebble/ShopController.m", "- (IBAction)buy:(id)sender {", with: "- (void)viewDidLoad {", in: files)
        #expect(try Detail.result("can-make-payments", files: loading)?.status == .pass)
    }

    /// A refusal handed to a closure property (`purchaseStatusBlock?(.disabled)`) is heard only
    /// if a closure the screens store there handles that case; one that looks only for
    /// `.purchased`, after `guard let strongSelf = self`, drops it.
    @Test func aRefusalHandedToAClosurePropertyThatTestsAnotherCaseIsSilent() throws {
        let handler = """
            import StoreKit
            import UIKit

            enum PurchaseAlert { case disabled, purchased, restored }

            final class IAPHandler: NSObject {
                static let shared = IAPHandler()
                var purchaseStatusBlock: ((PurchaseAlert) -> Void)?

                func purchase(_ product: SKProduct) {
                    if SKPaymentQueue.canMakePayments() {
                        SKPaymentQueue.default().add(SKPayment(product: product))
                    } else {
                        purchaseStatusBlock?(.disabled)
                    }
                }
            }

            final class StoreController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    IAPHandler.shared.purchaseStatusBlock = { [weak self] type in
                        guard let strongSelf = self else { return }
                        if type == .purchased {
                            strongSelf.dismiss(animated: true)
                        }
                    }
                }
            }
            """
        var files = Self.adding("Pebble/IAPHandler.swift", handler, to: try Fixture.files(nil))
        files = try Detail.replacing("Pebble/Store.swift", "AppStore.canMakePayments", with: "true", in: files)
        let result = try Detail.result("can-make-payments", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        #expect(result?.evidence.map(\.line) == [11])
        let handled = try Detail.replacing(
            "Pebble/IAPHandler.swift", "if type == .purchased {", with: "if type == .disabled {", in: files)
        #expect(try Detail.result("can-make-payments", files: handled)?.status == .pass)
    }

    /// A prefix kept empty (`static let prefix = ""`) adds nothing: the literal joined to it is
    /// the whole product ID, and an unknown one is named as plainly as if written alone.
    @Test func aLiteralJoinedToAnEmptyConstantIsTheWholeID() throws {
        let shop = """
            import StoreKit

            enum Shop {
                static let prefix = ""

                static func load() async throws -> [Product] {
                    try await Product.products(for: [Shop.prefix + "com.example.pebble.bronze"])
                }
            }
            """
        let files = Self.adding("Pebble/Shop.swift", shop, to: try Fixture.files(nil))
        let result = try Detail.result("product-id-mismatch", files: files)
        #expect(result?.status == .fail, "\(result?.message ?? "")")
        #expect(
            result?.message
                == "\"com.example.pebble.bronze\" reaches Product.products(for:) but is in neither the guides nor any .storekit file"
        )
        // A prefix with text in it is a run-time assembly, not the literal's own ID.
        let filled = try Detail.replacing(
            "Pebble/Shop.swift", "static let prefix = \"\"",
            with: "static var prefix = ProcessInfo.processInfo.environment[\"P\"] ?? \"\"",
            in: files)
        #expect(try Detail.result("product-id-mismatch", files: filled)?.message.contains("bronze\" reaches") != true)
    }

    /// Before Xcode 7 the template's Info.plist built the bundle ID from the product name
    /// (`com.example.${PRODUCT_NAME:rfc1034identifier}`); once the settings it names resolve,
    /// that ID is judged like one written out.
    @Test func aBundleIDTheInfoPlistBuildsFromTheProductNameIsJudged() throws {
        func plist(_ bundleID: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>CFBundleIdentifier</key>
            \t<string>\(bundleID)</string>
            </dict>
            </plist>
            """
        }
        let project = try Detail.replacing(
            "Pebble.xcodeproj/project.pbxproj",
            "GENERATE_INFOPLIST_FILE = YES;\n\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.pebble;",
            with: "INFOPLIST_FILE = Pebble/Info.plist;\n\t\t\t\tPRODUCT_NAME = pebble;", in: try Fixture.files(nil))
        let right = Self.adding(
            "Pebble/Info.plist", plist("com.example.${PRODUCT_NAME:rfc1034identifier}"), to: project)
        let passing = try Detail.result("bundle-id-mismatch", files: right)
        #expect(passing?.status == .pass, "\(passing?.message ?? "")")
        let wrong = Self.adding("Pebble/Info.plist", plist("com.sample.${PRODUCT_NAME:rfc1034identifier}"), to: project)
        let result = try Detail.result("bundle-id-mismatch", files: wrong)
        #expect(result?.status == .fail, "\(result?.message ?? "")")
        #expect(result?.message.contains("com.sample.pebble") == true)
    }

    /// `AppStore.sync()` in a type nothing makes (a file of sample calls kept beside the store)
    /// restores nothing: without a restore of the app's own, the button is missing.
    @Test func aRestoreInATypeNothingMakesIsNoRestore() throws {
        let samples = """
            import StoreKit

            /// Calls a store makes, kept for reference.
            struct StoreKitUsageExamples {
                func restorePurchases() async throws {
                    try await AppStore.sync()
                }
            }
            """
        var files = try Detail.replacing(
            "Pebble/Store.swift", "    func restore() async throws {\n        try await AppStore.sync()\n    }\n",
            with: "",
            in: try Fixture.files(nil))
        files = Self.adding("Pebble/StoreKitUsageExamples.swift", samples, to: files)
        let result = try Detail.result("restore-button", files: files)
        #expect(result?.status != .pass, "\(result?.message ?? "")")
        let made = Self.adding(
            "Pebble/SettingsView.swift", "let examples = StoreKitUsageExamples()\n", to: files)
        #expect(try Detail.result("restore-button", files: made)?.status == .pass)
    }

    /// An observer may leave restored transactions alone as they arrive when
    /// `paymentQueueRestoreCompletedTransactionsFinished` walks the queue and finishes them once
    /// the restore is over.
    @Test func restoredTransactionsFinishedWhenTheRestoreEndsAreFinished() throws {
        let observer = """
            import StoreKit

            final class PebbleObserver: NSObject, SKPaymentTransactionObserver {
                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions {
                        switch transaction.transactionState {
                        case .purchased, .failed:
                            queue.finishTransaction(transaction)
                        default:
                            break
                        }
                    }
                }

                func paymentQueueRestoreCompletedTransactionsFinished(_ queue: SKPaymentQueue) {
                    for transaction in queue.transactions {
                        switch transaction.transactionState {
                        case .restored:
                            queue.finishTransaction(transaction)
                        default:
                            break
                        }
                    }
                }

                func restore() { SKPaymentQueue.default().restoreCompletedTransactions() }
            }

            final class RestoreButton {
                let observer = PebbleObserver()

                @objc func tapped() { observer.restore() }
            }
            """
        let files = Self.adding("Pebble/PebbleObserver.swift", observer, to: try Fixture.files(nil))
        let result = try Detail.result("finish-transactions", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let kept = try Detail.replacing(
            "Pebble/PebbleObserver.swift", "case .restored:\n                queue.finishTransaction(transaction)",
            with: "case .restored:\n                print(transaction)", in: files)
        #expect(try Detail.result("finish-transactions", files: kept)?.status == .warning)
    }

    /// A SwiftyStoreKit wrapper that calls its own completion inside `DispatchQueue.main.async`
    /// has already hopped: the closures screens hand it run on the main thread.
    @Test func aSwiftyStoreKitWrapperHoppingBeforeItsCompletionIsOnTheMainThread() throws {
        let wrapper = """
            import SwiftyStoreKit

            enum Store {
                static func purchase(_ id: String, completion: @escaping (Bool) -> Void) {
                    SwiftyStoreKit.purchaseProduct(id, atomically: true) { result in
                        switch result {
                        case .success: DispatchQueue.main.async { completion(true) }
                        case .error: DispatchQueue.main.async { completion(false) }
                        }
                    }
                }
            }
            """
        let paywall = """
            import UIKit

            final class PaywallController: UIViewController {
                func buy() {
                    Store.purchase("com.example.pebble.pro") { bought in
                        let alert = UIAlertController(title: bought ? "Thanks" : "Not bought", message: nil, preferredStyle: .alert)
                        self.present(alert, animated: true)
                    }
                }
            }
            """
        var files = Self.adding("Pebble/Store+Swifty.swift", wrapper, to: try Fixture.files(nil))
        files = Self.adding("Pebble/PaywallController.swift", paywall, to: files)
        let result = try Detail.result("main-thread-assumed", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let halfway = try Detail.replacing(
            "Pebble/Store+Swifty.swift", "case .error: DispatchQueue.main.async { completion(false) }",
            with: "case .error: completion(false)", in: files)
        #expect(try Detail.result("main-thread-assumed", files: halfway)?.status == .warning)
    }

    /// The answer handed to a resolver (`try pro.resolve(from: products)`) whose look-up of its
    /// own ID says when the product did not come names the missing ID, as a look-up beside the
    /// request would; a resolver that only stores the match tells no one.
    @Test func anAnswerHandedToAResolverThatLooksItsIDUpIsACompare() throws {
        let resolver = """
            import StoreKit

            struct ResolvableProduct {
                let id: Product.ID
                private(set) var resolved: Product?

                mutating func resolve(from products: [Product]) throws {
                    if let match = products.first(where: { $0.id == id }) {
                        resolved = match
                    } else {
                        print("no product came for \\(id)")
                    }
                }
            }
            """
        var files = try Detail.replacing(
            "Pebble/Store.swift",
            """
                    let missing = Self.productIDs.subtracting(products.map(\\.id))
                    if !missing.isEmpty { print("Unknown product IDs: \\(missing.sorted())") }

            """, with: "", in: try Fixture.files(nil))
        files = try Detail.replacing(
            "Pebble/Store.swift", "    private var updates",
            with: "    private var pro = ResolvableProduct(id: \"com.example.pebble.pro\")\n    private var updates",
            in: files)
        files = try Detail.replacing(
            "Pebble/Store.swift", "        return products\n",
            with: "        try pro.resolve(from: products)\n        return products\n", in: files)
        files = Self.adding("Pebble/ResolvableProduct.swift", resolver, to: files)
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let quiet = try Detail.replacing(
            "Pebble/ResolvableProduct.swift", "} else {\n            print(\"no product came for \\(id)\")\n        }",
            with: "}", in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: quiet)?.status == .warning)
    }

    /// A loop that decides per state whether to finish (`var finish = true`, cleared for the
    /// states that stay in the queue) and finishes after its branches when the flag holds
    /// finishes every state it left set.
    @Test func aFinishGatedByAFlagTheBranchesSetIsAFinish() throws {
        let observer = """
            import StoreKit

            final class PlusScene: NSObject, SKPaymentTransactionObserver {
                var plus = false

                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions {
                        var settle = true
                        if transaction.transactionState == .purchased {
                            plus = true
                        } else if transaction.transactionState == .restored {
                            plus = true
                        } else if transaction.transactionState == .failed {
                            plus = false
                        } else {
                            settle = false
                        }
                        if settle {
                            SKPaymentQueue.default().finishTransaction(transaction)
                        }
                    }
                }
            }
            """
        let files = Self.adding("Pebble/PlusScene.swift", observer, to: try Fixture.files(nil))
        let result = try Detail.result("finish-transactions", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        // A failure that clears the flag leaves its transaction in the queue.
        let kept = try Detail.replacing(
            "Pebble/PlusScene.swift", "        plus = false\n            } else {",
            with: "        plus = false\n                settle = false\n            } else {", in: files)
        #expect(try Detail.result("finish-transactions", files: kept)?.status == .warning)
    }

    /// `Edition.all.map(\.productID)` asks for the `productID` of each element: the other
    /// arguments that make an element (its theme, its data file's name, lists of words) are no IDs,
    /// however they look; a wrong `productID:` among them is still one.
    @Test func aKeyPathMapAsksOnlyForThatFieldOfTheElements() throws {
        let editions = """
            struct Theme {
                let dataFile: String
                let sponsors: [String]
            }

            let proTheme = Theme(dataFile: "words_pro", sponsors: ["OpenLab", "Acme"])

            struct Edition {
                let name: String
                let theme: Theme
                let productID: String

                static let all: [Edition] = [
                    .init(name: "Gems", theme: proTheme, productID: "com.example.pebble.gems"),
                    .init(name: "Pro", theme: proTheme, productID: "com.example.pebble.pro"),
                ]
            }
            """
        var files = Self.adding("Pebble/Edition.swift", editions, to: try Fixture.files(nil))
        files = try Detail.replacing(
            "Pebble/Store.swift", "Product.products(for: Self.productIDs)",
            with: "Product.products(for: Edition.all.map(\\.productID))", in: files)
        let result = try Detail.result("product-id-mismatch", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let stale = try Detail.replacing(
            "Pebble/Edition.swift", "productID: \"com.example.pebble.pro\"",
            with: "productID: \"com.example.pebble.pro_old\"", in: files)
        let wrong = try Detail.result("product-id-mismatch", files: stale)
        #expect(wrong?.status == .fail)
        #expect(wrong?.message.contains("com.example.pebble.pro_old") == true, "\(wrong?.message ?? "")")
        #expect(wrong?.message.contains("words_pro") == false, "\(wrong?.message ?? "")")
    }

    /// Bundle IDs are case-insensitive, and a product ID that carries the bundle ID joined by
    /// `_` or `-` (`com.example.pebble_dlc`) still names its app: only an ID that does not begin
    /// with the bundle ID, or runs on into a longer word, lacks the prefix.
    @Test func aPrefixInAnotherCaseOrJoinedByAnUnderscoreIsThePrefix() throws {
        func prefixResult(_ ids: [String]) throws -> CheckResult? {
            var workbook = Fixture.workbook()
            workbook.products = ids.enumerated().map { offset, id in
                let at = SourceLocation(file: "guide.md", line: offset + 7, column: 9)
                return Product(
                    id: Located(id, at: at), type: .nonConsumable, referenceName: Located(id, at: at), price: nil,
                    clearedForSale: Located(true, at: at), location: at)
            }
            return try Detail.result("product-id-prefix", files: try Fixture.files(nil), workbook: workbook)
        }
        let kept = try prefixResult(["com.example.Pebble.tip.small", "com.example.pebble_dlc", "com.example.pebble-x"])
        #expect(kept?.status == .pass, "\(kept?.message ?? "")")
        let lost = try prefixResult(["com.example.pebblestone.pro", "com.example.pro", "com.example.pebble"])
        #expect(lost?.status == .warning)
        #expect(
            lost?.message.hasPrefix("com.example.pebblestone.pro, com.example.pro, com.example.pebble do not start")
                == true,
            "\(lost?.message ?? "")")
    }

    /// RevenueCat sells packages: `$rc_monthly` and the custom package names written beside it
    /// (`tier.1`) are package identifiers, however close to a product ID (`tier1`); a near miss
    /// elsewhere in the app is still one.
    @Test func revenueCatPackageNamesBesideARevenueCatNameAreNoProductIDs() throws {
        let packages = """
            import RevenueCat

            enum TipPackage: String {
                case monthly = "$rc_monthly"
                case small = "tier.1"
            }

            func smallTip(in offering: Offering) -> Package? {
                offering.availablePackages.first { $0.identifier == TipPackage.small.rawValue }
            }
            """
        var workbook = Fixture.workbook()
        let at = SourceLocation(file: "guide.md", line: 30, column: 9)
        workbook.products.append(
            Product(
                id: Located("tier1", at: at), type: .consumable, referenceName: Located("Tip", at: at), price: nil,
                clearedForSale: Located(true, at: at), location: at))
        let files = Self.adding("Pebble/TipPackage.swift", packages, to: try Fixture.files(nil))
        let result = try Detail.result("product-id-mismatch", files: files, workbook: workbook)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let typo = Self.adding(
            "Pebble/TipCheck.swift", "func boughtTip(_ id: String) -> Bool { id == \"tier.1\" }\n", to: files)
        let found = try Detail.result("product-id-mismatch", files: typo, workbook: workbook)
        #expect(found?.status == .fail, "\(found?.message ?? "")")
        #expect(found?.evidence.map(\.file) == ["Pebble/TipCheck.swift"])
    }

    /// An app that asks for one product ID in all, and shows a screen's "no product" state when
    /// the list it is handed comes empty, names that product's absence, however many layers the
    /// list passed through; asking for two, an empty list names neither.
    @Test func anEmptyListShownWhenTheAppAsksForOneIDNamesIt() throws {
        let loader = """
            import StoreKit

            final class ShopLoader: NSObject, SKProductsRequestDelegate {
                private var request: SKProductsRequest?
                private var completion: (([SKProduct]) -> Void)?
                let wanted: [String] = ["com.example.pebble.pro"]

                func load(completion: @escaping ([SKProduct]) -> Void) {
                    let request = SKProductsRequest(productIdentifiers: Set(wanted))
                    request.delegate = self
                    self.request = request
                    self.completion = completion
                    request.start()
                }

                func productsRequest(_ request: SKProductsRequest, didReceive response: SKProductsResponse) {
                    DispatchQueue.main.async { self.completion?(response.products) }
                }
            }
            """
        let screen = """
            import StoreKit
            import UIKit

            struct ShelfModel {
                let products: [SKProduct]
            }

            final class ShelfAdapter {
                weak var screen: UITableViewController?

                func display(_ model: ShelfModel) {
                    if model.products.isEmpty {
                        screen?.tableView.tableHeaderView = UILabel()
                    }
                }
            }

            final class ShelfPresenter {
                let loader = ShopLoader()
                let adapter = ShelfAdapter()

                func start() {
                    loader.load { products in self.adapter.display(ShelfModel(products: products)) }
                }
            }
            """
        var files = Self.adding("Pebble/ShopLoader.swift", loader, to: try Fixture.files(nil))
        files = Self.adding("Pebble/Shelf.swift", screen, to: files)
        let result = try Detail.result("invalid-ids-ignored", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let two = try Detail.replacing(
            "Pebble/ShopLoader.swift", "[\"com.example.pebble.pro\"]",
            with: "[\"com.example.pebble.pro\", \"com.example.pebble.gems\"]", in: files)
        #expect(try Detail.result("invalid-ids-ignored", files: two)?.status == .warning)
    }

    /// A branch that waits for a handler (`guard let handler = onPurchase else { continue }`)
    /// never waits when launch installs the handler before it adds the observer: the queue
    /// delivers nothing before then. A handler installed by a screen, later, leaves transactions
    /// in the queue until that screen appears.
    @Test func aHandlerInstalledBeforeTheObserverIsAddedIsAlwaysThere() throws {
        let observer = """
            import StoreKit

            final class PurchaseObserver: NSObject, SKPaymentTransactionObserver {
                static let shared = PurchaseObserver()
                var onPurchase: ((String) -> Void)?

                func paymentQueue(_ queue: SKPaymentQueue, updatedTransactions transactions: [SKPaymentTransaction]) {
                    for transaction in transactions {
                        switch transaction.transactionState {
                        case .purchased, .restored:
                            guard let handler = onPurchase else { continue }
                            handler(transaction.payment.productIdentifier)
                            queue.finishTransaction(transaction)
                        case .failed:
                            queue.finishTransaction(transaction)
                        default:
                            break
                        }
                    }
                }
            }
            """
        let launch = """
            import StoreKit
            import UIKit

            final class AppDelegate: UIResponder, UIApplicationDelegate {
                func application(
                    _ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?
                ) -> Bool {
                    PurchaseObserver.shared.onPurchase = { id in UserDefaults.standard.set(true, forKey: id) }
                    SKPaymentQueue.default().add(PurchaseObserver.shared)
                    return true
                }

                func restore() { SKPaymentQueue.default().restoreCompletedTransactions() }
            }
            """
        var files = Self.adding("Pebble/PurchaseObserver.swift", observer, to: try Fixture.files(nil))
        files = Self.adding("Pebble/AppDelegate.swift", launch, to: files)
        let result = try Detail.result("finish-transactions", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let late = try Detail.replacing(
            "Pebble/AppDelegate.swift",
            "PurchaseObserver.shared.onPurchase = { id in UserDefaults.standard.set(true, forKey: id) }\n", with: "",
            in: Self.adding(
                "Pebble/ShopScreen.swift",
                """
                import UIKit

                final class ShopScreen: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        PurchaseObserver.shared.onPurchase = { id in self.title = id }
                    }
                }
                """, to: files))
        #expect(try Detail.result("finish-transactions", files: late)?.status == .warning)
    }

    /// A negated ask of a wrapper sent to a receiver that is itself a message
    /// (`if (![[AppDelegate get] canMakePayments]) { present an alert; return; }`) tells the
    /// customer in its own block: that is the refusal's branch, not the purchase's.
    @Test func aNegatedWrapperAskOfAMessageReceiverTellsInItsBlock() throws {
        let shop = """
            #import <StoreKit/StoreKit.h>

            @implementation AppDelegate (Shop)
            - (BOOL)canMakePayments {
                return [SKPaymentQueue canMakePayments];
            }

            - (void)buyProductWithIdentifier:(NSString *)identifier {
            #if TARGET_OS_IPHONE
                if (![[AppDelegate get] canMakePayments]) {
                    UIAlertController *alert = [UIAlertController alertControllerWithTitle:@"Purchases are off"
                                                                                   message:nil
                                                                            preferredStyle:UIAlertControllerStyleAlert];
                    [self.window.rootViewController presentViewController:alert animated:YES completion:nil];
                    return;
                }
            #endif
                [[SKPaymentQueue defaultQueue] addPayment:[SKPayment paymentWithProduct:self.products[identifier]]];
            }
            @end

            @implementation ShopController
            - (IBAction)buyPro:(id)sender {
                [[AppDelegate get] buyProductWithIdentifier:@"com.example.pebble.pro"];
            }
            @end
            """
        var files = Self.adding("Pebble/AppDelegate+Shop.m", shop, to: try Fixture.files(nil))
        files = try Detail.replacing("Pebble/Store.swift", "AppStore.canMakePayments", with: "true", in: files)
        let result = try Detail.result("can-make-payments", files: files)
        #expect(result?.status == .pass, "\(result?.message ?? "")")
        let silent = try Detail.replacing(
            "Pebble/AppDelegate+Shop.m",
            "        [self.window.rootViewController presentViewController:alert animated:YES completion:nil];\n",
            with: "",
            in: try Detail.replacing(
                "Pebble/AppDelegate+Shop.m",
                """
                        UIAlertController *alert = [UIAlertController alertControllerWithTitle:@"Purchases are off"
                                                                                       message:nil
                                                                                preferredStyle:UIAlertControllerStyleAlert];

                """, with: "", in: files))
        let refused = try Detail.result("can-make-payments", files: silent)
        #expect(refused?.status == .warning, "\(refused?.message ?? "")")
    }

    /// A hop handed a block covers that block: an observer, written in a category, that hops
    /// only to show a failure's alert and then tells its listeners, which update their table
    /// (any message to `self.tableView` is one to a view), still touches the interface off the
    /// main thread.
    @Test func aHopCoversItsBlockNotWhatTheCallbackDoesAfterIt() throws {
        let store = """
            #import <StoreKit/StoreKit.h>

            void ShopRunOnMain(void (^block)(void)) {
                dispatch_async(dispatch_get_main_queue(), block);
            }

            @implementation AppDelegate (Store)

            - (void)paymentQueue:(SKPaymentQueue *)queue updatedTransactions:(NSArray *)transactions {
                for (SKPaymentTransaction *transaction in transactions) {
                    switch (transaction.transactionState) {
                        case SKPaymentTransactionStateFailed:
                            [queue finishTransaction:transaction];
                            ShopRunOnMain( ^{
                                [self.window.rootViewController presentViewController:self.failureAlert animated:YES completion:nil];
                            } );
                            break;
                        default:
                            [queue finishTransaction:transaction];
                            break;
                    }
                }
                for (id<ShopListener> listener in self.listeners)
                    [listener showProducts:self.products transactions:transactions];
            }

            @end
            """
        let screen = """
            #import <UIKit/UIKit.h>

            @interface ShelfController () <ShopListener>
            @end

            @implementation ShelfController

            - (void)showProducts:(NSDictionary *)products transactions:(NSArray *)transactions {
                self.products = products;
                [self.tableView updateSections:products animated:YES];
            }

            @end
            """
        var files = Self.adding("Pebble/AppDelegate+Store.m", store, to: try Fixture.files(nil))
        files = Self.adding("Pebble/ShelfController.m", screen, to: files)
        let result = try Detail.result("main-thread-assumed", files: files)
        #expect(result?.status == .warning, "\(result?.message ?? "")")
        #expect(result?.evidence.map(\.file) == ["Pebble/ShelfController.m"])
        let told = try Detail.replacing(
            "Pebble/AppDelegate+Store.m",
            "    for (id<ShopListener> listener in self.listeners)\n        [listener showProducts:self.products transactions:transactions];",
            with:
                "    ShopRunOnMain( ^{\n        for (id<ShopListener> listener in self.listeners)\n            [listener showProducts:self.products transactions:transactions];\n    } );",
            in: files)
        #expect(try Detail.result("main-thread-assumed", files: told)?.status == .pass)
    }

    /// Sources cut off in the middle of the shapes the callback and look-up readers follow
    /// (a message to a handler-taking method, a look-up, a handler setter) are read without a
    /// crash, and the report still comes.
    @Test func sourcesCutOffInsideTheFollowedShapesStillGetAReport() throws {
        let helper = """
            #import <StoreKit/StoreKit.h>

            @implementation IAPHelper
            - (void)requestProductsWithCompletionHandler:(Handler)completionHandler {
                _completionHandler = [completionHandler copy];
            }

            - (void)productsRequest:(SKProductsRequest *)request didReceiveResponse:(SKProductsResponse *)response {
                _completionHandler(YES, response.products);
            }
            @end
            """
        var files = Self.adding("Pebble/IAPHelper.m", helper, to: try Fixture.files(nil))
        files["Pebble/Cut.m"] = Array("[[IAPHelper shared] requestProductsWithCompletionHandler".utf8)
        files["Pebble/Cut.swift"] = Array("let pro = store.products.first(".utf8)
        files["Pebble/Setter.m"] = Array(
            "@implementation IAPHelper\n- (void)set:(Handler)h {\n    _completionHandler = [".utf8)
        for id in ["main-thread-assumed", "invalid-ids-ignored", "request-not-retained"] {
            #expect(try Detail.result(id, files: files) != nil, "\(id)")
        }
    }
}

extension ProjectLoader {
    /// The same loader over other files, for a test's second look.
    func with(_ files: [String: [UInt8]]) -> ProjectLoader {
        ProjectLoader(fileSystem: MemoryProjectFiles(files: files))
    }
}
