import IAPDiagnostics
import IAPModel
import IAPProject

/// What every check may read, with the analyses several checks share computed once: the targets
/// that sell, the source index, the launch reachability, the schemes that run the app.
final class CheckContext {
    let workbook: Workbook
    let snapshot: ProjectSnapshot?

    init(workbook: Workbook, snapshot: ProjectSnapshot?) {
        self.workbook = workbook
        self.snapshot = snapshot
    }

    var productIDs: [String] { workbook.products.map(\.id.value) }

    /// The IDs the App Store catalogue is known to have: the guides' and every `.storekit` file's.
    lazy var catalogue: Set<String> = Set(productIDs).union(snapshot?.storeKitFiles.flatMap(\.productIDs) ?? [])

    lazy var index: SourceIndex = SourceIndex(snapshot?.sources ?? [])
    lazy var reachability: LaunchReachability = LaunchReachability(
        index: index, launchFiles: launchFiles, launchControllers: snapshot?.launchControllers ?? [])

    /// The source files that may hold the selling apps' launch code, as index positions: all but
    /// those only other apps and extensions compile (a TV app's delegate does not launch the phone
    /// app; a library's code ships in whichever app links it). Nil when nothing is left out.
    private var launchFiles: Set<Int>? {
        guard let snapshot else { return nil }
        let selling = sellingTargets.runningCode
        var elsewhere: Set<String> = []
        var kept: Set<String> = []
        for target in snapshot.project.targets where !target.isTest {
            let files = snapshot.targetSources[target.id] ?? []
            let product = target.productType ?? ""
            if !selling.contains(target.id), target.isApplication || product.contains("extension") {
                elsewhere.formUnion(files)
            } else {
                kept.formUnion(files)
            }
        }
        let excluded = elsewhere.subtracting(kept)
        guard !excluded.isEmpty else { return nil }
        return Set(index.scans.indices.filter { !excluded.contains(index.scans[$0].path) })
    }
    lazy var usage: StoreKitUsage = StoreKitUsage(snapshot?.sources ?? [])
    /// Whether the selling apps' Objective-C is compiled with ARC (`CLANG_ENABLE_OBJC_ARC`, on
    /// in every project Xcode has made since 2011); without it, objects live until released.
    lazy var usesAutomaticReferenceCounting: Bool = {
        guard let snapshot else { return true }
        let targets = sellingTargets.targets.isEmpty ? snapshot.project.targets : sellingTargets.targets
        return targets.contains { target in
            target.configurations.contains {
                snapshot.buildSettings(target, configuration: $0.name).value("CLANG_ENABLE_OBJC_ARC")?.value
                    .uppercased() == "YES"
            }
        }
    }()
    /// Sources the selling apps compile with a per-file switch of ARC (`-fobjc-arc`,
    /// `-fno-objc-arc`), by path, with whether it turns ARC on.
    lazy var perFileAutomaticReferenceCounting: [String: Bool] = {
        guard let snapshot else { return [:] }
        let targets = sellingTargets.targets.isEmpty ? snapshot.project.targets : sellingTargets.targets
        var switches: [String: Bool] = [:]
        for target in targets {
            for (relative, flags) in target.compilerFlags {
                let words = flags.split(separator: " ")
                let path = ProjectPath.tidy(ProjectPath.join(snapshot.projectFolder, relative))
                if words.contains("-fobjc-arc") { switches[path] = true }
                if words.contains("-fno-objc-arc") { switches[path] = false }
            }
        }
        return switches
    }()

    /// Whether one Objective-C source is compiled with ARC: its own flag, else its target's.
    func compilesWithAutomaticReferenceCounting(_ path: String) -> Bool {
        perFileAutomaticReferenceCounting[path] ?? usesAutomaticReferenceCounting
    }
    lazy var sellingTargets: SellingTargets = SellingTargets(context: self)
    /// Every product request of the sources.
    lazy var requests: [ProductIDFlow.Request] = ProductIDFlow(index: index).requests()

    // MARK: Schemes

    /// True when the scheme's Run action starts one of the selling apps. A scheme that says too
    /// little to tell counts; one that starts a host such as SpringBoard (a widget), a program by
    /// its path, or another target (a watch app, a test runner), only builds a target, or runs
    /// nothing, does not.
    /// A scheme whose Run action builds the app signed for Developer ID runs it outside the App
    /// Store, where nothing is sold: it is no way to test purchases.
    func runsSellingApp(_ scheme: Scheme) -> Bool {
        guard scheme.hasLaunchAction else { return false }
        switch scheme.launchTarget {
        case nil: break
        case .host, .askedAtRun, .widgetOnHomeScreen, .testsOnly, .buildsOnly, .nothingToRun: return false
        case .product(let blueprint, _): guard sellingTargets.runningCode.contains(blueprint) else { return false }
        }
        guard let snapshot, let configuration = scheme.launchConfiguration else { return true }
        let launched = sellingTargets.targets.filter { target in
            if case .product(let blueprint, _)? = scheme.launchTarget { return target.id == blueprint }
            return true
        }
        return launched.isEmpty
            || !launched.allSatisfy {
                Self.isSignedOutsideTheAppStore(snapshot.buildSettings($0, configuration: configuration))
            }
    }

    /// Whether a build is signed for Developer ID: a Mac app handed out outside the App Store,
    /// which cannot sell in-app purchases, whatever its bundle ID.
    static func isSignedOutsideTheAppStore(_ settings: BuildSettings) -> Bool {
        settings.value("CODE_SIGN_IDENTITY")?.value.hasPrefix("Developer ID") == true
    }

    /// Schemes with a StoreKit configuration, and the file each names (nil when it cannot resolve).
    var storeKitReferences: [(scheme: Scheme, reference: StoreKitConfigurationReference, path: String?)] {
        guard let snapshot else { return [] }
        return snapshot.schemes.compactMap { scheme in
            scheme.storeKitConfiguration.map { (scheme, $0, snapshot.resolvedPath(of: $0, in: scheme)) }
        }
    }

    /// The `.storekit` files that some scheme selects and that exist.
    var selectedStoreKitPaths: Set<String> {
        Set(
            storeKitReferences.compactMap { entry in
                entry.path.flatMap { snapshot?.files.contains($0) == true ? $0 : nil }
            })
    }
}

/// The app targets whose build settings decide which App Store app the products belong to.
///
/// An app whose bundle ID is the guides' is the one; failing that, the apps whose sources use
/// StoreKit; failing that, every app. Watch apps and other companions are never chosen while an
/// iPhone, iPad or Mac app is there: they sell through their parent's App Store record.
struct SellingTargets {
    enum Reason {
        case bundleIDMatches
        case usesStoreKit
        case onlyApplications
    }

    var targets: [PBXTarget] = []
    var reason: Reason = .onlyApplications
    /// Apps that are not judged: companions and other apps in the same project.
    var others: [PBXTarget] = []
    /// The targets whose code runs as the selling app: the selling targets, and for a watch-only
    /// app's container the watch app and WatchKit extension it carries.
    var runningCode: Set<String> = []

    init(context: CheckContext) {
        guard let snapshot = context.snapshot else { return }
        let applications = snapshot.project.targets.filter(\.isApplication)
        let companions = applications.filter { Self.isCompanion($0, snapshot) }
        let primary = applications.filter { !Self.isCompanion($0, snapshot) }
        let candidates = primary.isEmpty ? companions : primary
        if let expected = context.workbook.app?.bundleID.value {
            let matching = candidates.filter { Self.builds(expected, $0, snapshot) }
            if !matching.isEmpty {
                targets = matching
                reason = .bundleIDMatches
            }
        }
        if targets.isEmpty {
            let storeKitFiles = Set(context.usage.filesUsingStoreKit)
            let selling = candidates.filter { !(snapshot.targetSources[$0.id] ?? []).isDisjoint(with: storeKitFiles) }
            if !selling.isEmpty {
                targets = selling
                reason = .usesStoreKit
            } else {
                targets = candidates
                reason = .onlyApplications
            }
        }
        let chosen = Set(targets.map(\.id))
        others = applications.filter { !chosen.contains($0.id) }
        runningCode = chosen
        if targets.contains(where: { $0.productType == PBXTarget.watchOnlyContainer }) {
            runningCode.formUnion(snapshot.project.targets.filter(\.isWatchCode).map(\.id))
        }
    }

    /// Whether some configuration of the target builds `bundleID`: by its build setting, or by
    /// the `CFBundleIdentifier` its Info.plist writes out (older projects, cocos2d-x's templates).
    static func builds(_ bundleID: String, _ target: PBXTarget, _ snapshot: ProjectSnapshot) -> Bool {
        target.configurations.contains { configuration in
            let settings = snapshot.buildSettings(target, configuration: configuration.name)
            if settings.value("PRODUCT_BUNDLE_IDENTIFIER")?.value == bundleID { return true }
            return snapshot.targetInfoPlists.contains { entry in
                guard entry.targetID == target.id, entry.configuration == configuration.name,
                    let plist = snapshot.infoPlists.first(where: { $0.document.path == entry.path }),
                    let written = plist.bundleIdentifier
                else { return false }
                return settings.expand(written).value == bundleID
            }
        }
    }

    /// A watch app, or an app built for watchOS.
    static func isCompanion(_ target: PBXTarget, _ snapshot: ProjectSnapshot) -> Bool {
        if target.productType == PBXTarget.watchOnlyContainer { return false }
        if target.productType?.contains("watchapp") == true { return true }
        guard let configuration = target.configurations.first?.name else { return false }
        return snapshot.buildSettings(target, configuration: configuration).sdk.hasPrefix("watch")
    }
}

/// Which store APIs the app's sources use, Swift and Objective-C alike.
struct StoreKitUsage {
    var storeKit1 = false
    var storeKit2 = false
    var importsStoreKit = false
    var swiftyStoreKit = false
    var revenueCat = false
    /// Paths of the files that use a store API or import StoreKit.
    var filesUsingStoreKit: [String] = []
    private var scans: [SwiftSourceScan] = []

    init(_ scans: [SwiftSourceScan]) {
        self.scans = scans
        // A project's own `Transaction` model is not StoreKit's.
        let ownTransaction = scans.contains { Self.declares("Transaction", in: $0) }
        for scan in scans {
            // Selling through StoreKit 1 takes the payment queue or a products request; naming
            // SKProduct alone is what RevenueCat's delegate methods do, and `defaultQueue` alone
            // is as often NSNotificationQueue's (StoreKit's is `[SKPaymentQueue defaultQueue]`).
            let one = ["SKPaymentQueue", "SKProductsRequest"].contains(where: scan.mentions)
            let two =
                !scan.memberAccesses("Product", "products").isEmpty
                || (!ownTransaction && !scan.memberAccesses("Transaction", "updates").isEmpty)
                || !scan.memberAccesses("AppStore", "sync").isEmpty
                || [
                    "SubscriptionStoreView", "ProductView", "StoreView", "storeProductsTask", "storeProductTask",
                    "subscriptionStatusTask", "currentEntitlements",
                ].contains(where: scan.mentions)
            let imports = Self.importsStoreKit(scan)
            let swifty = scan.mentions("SwiftyStoreKit")
            let revenue = scan.mentions("RevenueCat") || !scan.memberAccesses("Purchases", "configure").isEmpty
            storeKit1 = storeKit1 || one
            storeKit2 = storeKit2 || two
            importsStoreKit = importsStoreKit || imports
            swiftyStoreKit = swiftyStoreKit || swifty
            revenueCat = revenueCat || revenue
            if one || two || imports || swifty { filesUsingStoreKit.append(scan.path) }
        }
    }

    /// True when the file declares a type of that name (`struct Transaction`).
    static func declares(_ name: String, in scan: SwiftSourceScan) -> Bool {
        guard scan.mentions(name) else { return false }
        let tokens = scan.tokens
        return tokens.indices.contains { index in
            index > 0 && tokens[index].text == name
                && ["struct", "class", "enum", "actor"].contains(tokens[index - 1].text)
        }
    }

    /// `import StoreKit`, `@import StoreKit;` or `#import <StoreKit/StoreKit.h>`.
    static func importsStoreKit(_ scan: SwiftSourceScan) -> Bool {
        guard scan.mentions("StoreKit") else { return false }
        let tokens = scan.tokens
        for index in tokens.indices where tokens[index].text == "StoreKit" && index > 0 {
            let previous = tokens[index - 1].text
            if previous == "import" || previous == "@import" || previous == "<" { return true }
        }
        return false
    }

    /// True when the app's own code sells through StoreKit (directly or through SwiftyStoreKit).
    /// Importing StoreKit alone does not count: apps import it to ask for a review, too.
    var any: Bool { storeKit1 || storeKit2 || swiftyStoreKit }

    /// True when purchases go through RevenueCat alone, which listens, finishes and restores.
    var onlyRevenueCat: Bool { revenueCat && !storeKit1 && !storeKit2 && !swiftyStoreKit }

    /// True when some file of the app names `name`.
    func mentions(_ name: String) -> Bool { scans.contains { $0.mentions(name) } }
}
