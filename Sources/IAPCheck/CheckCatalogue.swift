import IAPDiagnostics
import IAPModel

/// How much a failed check matters.
public enum CheckSeverity: String, Sendable, Hashable {
    case error
    case warning
    case info
}

/// How a check reaches its verdict.
public enum CheckKind: String, Sendable, Hashable {
    /// Decided from files alone.
    case automatic
    /// Decided from source patterns; it may be wrong, so it only warns.
    case heuristic
    /// Only a person can confirm it.
    case manual
}

/// One known cause of "no products available", with the advice that goes with it.
public struct CheckDefinition: Sendable, Hashable {
    /// Stable across releases; the ids of the pitfall catalogue.
    public var id: String
    public var severity: CheckSeverity
    public var kind: CheckKind
    /// One line saying what to do about it.
    public var fix: String
    /// The heading of its section in the troubleshooting chapter, which names the problem.
    public var title: String

    public init(id: String, severity: CheckSeverity, kind: CheckKind, fix: String, title: String) {
        self.id = id
        self.severity = severity
        self.kind = kind
        self.fix = fix
        self.title = title
    }

    /// Where the troubleshooting chapter explains it: the section's GitHub-style anchor in
    /// the Workbook's chapter.
    public var documentation: String { documentation(in: Self.workbookReference) }

    /// The section in the troubleshooting reference at `reference`: a path (`IAPKit/Troubleshooting.md`)
    /// or a URL that `iapkit.yml` names.
    public func documentation(in reference: String) -> String { reference + "#" + Self.anchor(title) }

    /// The troubleshooting chapter of IAPKit's own Workbook.
    public static let workbookReference = "Workbook/troubleshooting.md"

    /// Checks about StoreKit 1's delegate API alone: an app on StoreKit 2 has nothing to confirm.
    public static let storeKit1Only: Set<String> = ["request-not-retained", "main-thread-assumed"]

    /// GitHub's heading anchor of the section, as the site makes it too.
    static func anchor(_ heading: String) -> String { HeadingSlugger.slug(heading) }
}

/// Every check `iapkit check` knows, in the order of the pitfall catalogue.
public enum CheckCatalogue {
    public static func definition(_ id: String) -> CheckDefinition? { all.first { $0.id == id } }

    public static let all: [CheckDefinition] = [
        CheckDefinition(
            id: "product-id-mismatch", severity: .error, kind: .automatic,
            fix: "Copy the product ID from App Store Connect into code exactly, letter case included.",
            title: "Product ID does not match"),
        CheckDefinition(
            id: "product-id-format", severity: .error, kind: .automatic,
            fix: "Use only letters, digits, '.' and '_' in product IDs ('-' is risky), at most 100 characters.",
            title: "Product ID uses invalid characters"),
        CheckDefinition(
            id: "product-id-duplicate", severity: .error, kind: .automatic,
            fix: "Give every product its own ID; a deleted ID can never be used again.",
            title: "Product ID defined twice or reused"),
        CheckDefinition(
            id: "reference-name-length", severity: .error, kind: .automatic,
            fix: "Shorten the reference name to 64 characters or fewer.",
            title: "Reference name too long"),
        CheckDefinition(
            id: "metadata-missing", severity: .error, kind: .manual,
            fix: "Add a localization and a review screenshot until the product leaves Missing Metadata.",
            title: "Product stuck in Missing Metadata"),
        CheckDefinition(
            id: "cleared-for-sale", severity: .error, kind: .manual,
            fix: "Mark the product cleared for sale and available in the tester's storefront.",
            title: "Product not available in the storefront"),
        CheckDefinition(
            id: "agreements", severity: .error, kind: .manual,
            fix: "Accept the latest license and complete the Paid Applications, tax and banking forms.",
            title: "Agreements not complete"),
        CheckDefinition(
            id: "propagation-delay", severity: .warning, kind: .manual,
            fix: "Wait up to an hour after creating or changing a product before testing it.",
            title: "Product created too recently"),
        CheckDefinition(
            id: "first-submission", severity: .warning, kind: .manual,
            fix: "Submit the first in-app purchases for review together with an app version.",
            title: "First purchases not submitted with a version"),
        CheckDefinition(
            id: "bundle-id-mismatch", severity: .error, kind: .automatic,
            fix: "Make every build configuration use the bundle ID of the app that owns the products.",
            title: "Bundle ID points at another app"),
        CheckDefinition(
            id: "product-id-prefix", severity: .warning, kind: .automatic,
            fix: "Start product IDs with the app's bundle ID, e.g. com.example.app.coins.",
            title: "Product ID without the bundle ID prefix"),
        CheckDefinition(
            id: "explicit-app-id", severity: .error, kind: .heuristic,
            fix: "Sign with a profile for an explicit App ID; a wildcard App ID cannot sell purchases.",
            title: "Wildcard App ID"),
        CheckDefinition(
            id: "iap-capability", severity: .info, kind: .automatic,
            fix: "Nothing to change in files; enable In-App Purchase for the App ID if it is off.",
            title: "In-App Purchase capability"),
        CheckDefinition(
            id: "apple-pay-entitlement", severity: .error, kind: .automatic,
            fix: "Remove com.apple.developer.in-app-purchase; in-app-payments is for Apple Pay only.",
            title: "Apple Pay entitlement mistaken for IAP"),
        CheckDefinition(
            id: "storekit-linked", severity: .info, kind: .automatic,
            fix: "Nothing to do for Swift code: importing StoreKit links the framework.",
            title: "StoreKit framework not linked"),
        CheckDefinition(
            id: "simulator-without-config", severity: .warning, kind: .automatic,
            fix: "Attach a .storekit file in the scheme's Run options to test in the Simulator.",
            title: "Simulator without a StoreKit configuration file"),
        CheckDefinition(
            id: "storekit-config-path", severity: .error, kind: .automatic,
            fix: "Choose the .storekit file again in the scheme editor and share the scheme.",
            title: "Configuration file path does not resolve"),
        CheckDefinition(
            id: "storekit-config-missing-ids", severity: .error, kind: .automatic,
            fix: "Add the missing products to the .storekit file (or sync it with App Store Connect).",
            title: "Products missing from the configuration file"),
        CheckDefinition(
            id: "storekit-config-schema", severity: .error, kind: .automatic,
            fix: "Let Xcode write the .storekit file, or fix the keys and types it reports.",
            title: "Hand-written configuration file"),
        CheckDefinition(
            id: "storekit-config-shadows-sandbox", severity: .warning, kind: .automatic,
            fix: "Set the scheme's StoreKit configuration to None when testing against the sandbox.",
            title: "Configuration file hides the sandbox"),
        CheckDefinition(
            id: "request-not-retained", severity: .warning, kind: .heuristic,
            fix: "Keep the SKProductsRequest in a property until its delegate has answered.",
            title: "Products request released too early"),
        CheckDefinition(
            id: "main-thread-assumed", severity: .warning, kind: .heuristic,
            fix: "Hop to the main actor before touching UI from StoreKit 1 delegate callbacks.",
            title: "Delegate callbacks assumed on the main thread"),
        CheckDefinition(
            id: "invalid-ids-ignored", severity: .warning, kind: .heuristic,
            fix: "Log the IDs StoreKit did not return; they name the products to look at.",
            title: "Unknown IDs never reported"),
        CheckDefinition(
            id: "listener-at-launch", severity: .warning, kind: .heuristic,
            fix: "Start listening to Transaction.updates when the app launches.",
            title: "Transaction listener started too late"),
        CheckDefinition(
            id: "finish-transactions", severity: .warning, kind: .heuristic,
            fix: "Finish every transaction once its content is delivered.",
            title: "Transactions never finished"),
        CheckDefinition(
            id: "restore-button", severity: .warning, kind: .heuristic,
            fix: "Offer a Restore Purchases button that calls AppStore.sync().",
            title: "No way to restore purchases"),
        CheckDefinition(
            id: "promoted-purchases", severity: .warning, kind: .heuristic,
            fix: "Handle PurchaseIntent (or shouldAddStorePayment) when products are promoted.",
            title: "Promoted purchases not handled"),
        CheckDefinition(
            id: "can-make-payments", severity: .warning, kind: .automatic,
            fix: "Check AppStore.canMakePayments and explain when purchases are turned off.",
            title: "Payments disabled on the device"),
        CheckDefinition(
            id: "sandbox-account", severity: .warning, kind: .manual,
            fix: "Sign in with a sandbox tester of the right storefront; try a fresh tester.",
            title: "Sandbox account problems"),
        CheckDefinition(
            id: "device-testing", severity: .warning, kind: .manual,
            fix: "Test sandbox purchases on a device; the Simulator needs a .storekit file.",
            title: "Testing sandbox purchases in the Simulator"),
        CheckDefinition(
            id: "reinstall", severity: .info, kind: .manual,
            fix: "Delete the app and install it again to clear stale state.",
            title: "Stale app state"),
        CheckDefinition(
            id: "unit-test-host", severity: .warning, kind: .manual,
            fix: "Run SKTestSession tests with a host app and the .storekit file in the test bundle.",
            title: "Unit tests without a host app"),
    ]
}

/// What a check found.
public enum CheckStatus: String, Sendable, Hashable {
    case pass
    case fail
    case warning
    case manual
    case info
}

/// The verdict of one check, with the places that led to it.
public struct CheckResult: Sendable, Hashable {
    public var id: String
    public var status: CheckStatus
    public var message: String
    public var evidence: [SourceLocation]
    public var fix: String

    public init(id: String, status: CheckStatus, message: String, evidence: [SourceLocation] = [], fix: String) {
        self.id = id
        self.status = status
        self.message = message
        self.evidence = evidence
        self.fix = fix
    }

    public var definition: CheckDefinition? { CheckCatalogue.definition(id) }
}
