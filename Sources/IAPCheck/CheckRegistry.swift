import IAPProject

/// The files and models a check reads.
public enum CheckInput: String, Sendable, Hashable, CaseIterable {
    /// The guides' catalogue and app configuration.
    case guides
    /// `project.pbxproj` with its build settings and configuration files.
    case buildSettings
    case infoPlists
    case entitlements
    case schemes
    case storeKitFiles
    /// Swift and Objective-C sources.
    case sources
}

/// One automatic check: its catalogue entry, what it reads, and how it decides.
struct RegisteredCheck: Sendable {
    let id: String
    let inputs: Set<CheckInput>
    /// The kinds of unreadable files it reports, each as a located warning.
    let reports: Set<ProjectInput>
    let decide: @Sendable (CheckContext) -> Outcome

    /// True when it reads more than the guides, so without a project it is left to a person.
    var needsProject: Bool { !inputs.isSubset(of: [.guides]) }

    init(
        _ id: String, reads inputs: Set<CheckInput>, reports: Set<ProjectInput> = [],
        _ decide: @escaping @Sendable (CheckContext) -> Outcome
    ) {
        self.id = id
        self.inputs = inputs
        self.reports = reports
        self.decide = decide
    }
}

/// Every check decided from files, by id: adding or splitting a check is one entry here and one
/// in `CheckCatalogue`. Manual checks have no entry.
enum CheckRegistry {
    static let checks: [RegisteredCheck] = [
        RegisteredCheck("product-id-mismatch", reads: [.guides, .storeKitFiles, .sources], reports: [.source]) {
            IdentifierChecks(context: $0).productIDMismatch()
        },
        RegisteredCheck("product-id-format", reads: [.guides]) {
            CatalogueChecks(workbook: $0.workbook).productIDFormat()
        },
        RegisteredCheck("product-id-duplicate", reads: [.guides]) {
            CatalogueChecks(workbook: $0.workbook).productIDDuplicate()
        },
        RegisteredCheck("reference-name-length", reads: [.guides]) {
            CatalogueChecks(workbook: $0.workbook).referenceNameLength()
        },
        RegisteredCheck("bundle-id-mismatch", reads: [.guides, .buildSettings, .infoPlists], reports: [.infoPlist]) {
            IdentifierChecks(context: $0).bundleIDMismatch()
        },
        RegisteredCheck("product-id-prefix", reads: [.guides]) { IdentifierChecks(context: $0).productIDPrefix() },
        RegisteredCheck("explicit-app-id", reads: [.buildSettings]) { IdentifierChecks(context: $0).explicitAppID() },
        RegisteredCheck("iap-capability", reads: [.buildSettings]) { ProjectFileChecks(context: $0).iapCapability() },
        RegisteredCheck("apple-pay-entitlement", reads: [.entitlements, .sources], reports: [.entitlements]) {
            ProjectFileChecks(context: $0).applePayEntitlement()
        },
        RegisteredCheck("storekit-linked", reads: [.buildSettings]) { ProjectFileChecks(context: $0).storeKitLinked() },
        RegisteredCheck("simulator-without-config", reads: [.schemes], reports: [.scheme]) {
            LocalTestingChecks(context: $0).simulatorWithoutConfig()
        },
        RegisteredCheck("storekit-config-path", reads: [.schemes]) {
            LocalTestingChecks(context: $0).storeKitConfigPath()
        },
        RegisteredCheck("storekit-config-missing-ids", reads: [.guides, .schemes, .storeKitFiles]) {
            LocalTestingChecks(context: $0).storeKitConfigMissingIDs()
        },
        RegisteredCheck("storekit-config-schema", reads: [.schemes, .storeKitFiles]) {
            LocalTestingChecks(context: $0).storeKitConfigSchema()
        },
        RegisteredCheck("storekit-config-shadows-sandbox", reads: [.schemes]) {
            LocalTestingChecks(context: $0).storeKitConfigShadowsSandbox()
        },
        RegisteredCheck("request-not-retained", reads: [.sources]) {
            SourceHeuristics(context: $0).requestNotRetained()
        },
        RegisteredCheck("main-thread-assumed", reads: [.sources]) { SourceHeuristics(context: $0).mainThreadAssumed() },
        RegisteredCheck("invalid-ids-ignored", reads: [.sources]) { SourceHeuristics(context: $0).invalidIDsIgnored() },
        RegisteredCheck("listener-at-launch", reads: [.sources]) { SourceHeuristics(context: $0).listenerAtLaunch() },
        RegisteredCheck("finish-transactions", reads: [.sources]) {
            SourceHeuristics(context: $0).finishTransactions()
        },
        RegisteredCheck("restore-button", reads: [.guides, .sources]) { SourceHeuristics(context: $0).restoreButton() },
        RegisteredCheck("promoted-purchases", reads: [.guides, .sources]) {
            SourceHeuristics(context: $0).promotedPurchases()
        },
        RegisteredCheck("can-make-payments", reads: [.sources]) { SourceHeuristics(context: $0).canMakePayments() },
    ]

    static let byID: [String: RegisteredCheck] = Dictionary(uniqueKeysWithValues: checks.map { ($0.id, $0) })

    static func check(_ id: String) -> RegisteredCheck? { byID[id] }
}
