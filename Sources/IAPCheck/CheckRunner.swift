import IAPDiagnostics
import IAPModel
import IAPProject
import IAPValidate

/// Runs every check of the catalogue against the guides and, when given, a project.
public struct CheckRunner: Sendable {
    public var workbook: Workbook
    public var snapshot: ProjectSnapshot?

    public init(workbook: Workbook, snapshot: ProjectSnapshot?) {
        self.workbook = workbook
        self.snapshot = snapshot
    }

    /// One result per check, in catalogue order.
    public func run() -> [CheckResult] {
        CheckCatalogue.all.map { definition in
            result(for: definition)
        }
    }

    private var productIDs: [String] { workbook.products.map(\.id.value) }

    private func result(for definition: CheckDefinition) -> CheckResult {
        let outcome: Outcome? =
            switch definition.id {
            case "bundle-id-mismatch": bundleIDMismatch()
            case "product-id-prefix": productIDPrefix()
            case "product-id-mismatch": productIDMismatch()
            case "product-id-format": CatalogueChecks(workbook: workbook).productIDFormat()
            case "product-id-duplicate": CatalogueChecks(workbook: workbook).productIDDuplicate()
            case "reference-name-length": CatalogueChecks(workbook: workbook).referenceNameLength()
            case "explicit-app-id": explicitAppID()
            case "can-make-payments": SourceHeuristics(snapshot: snapshot).canMakePayments()
            case "iap-capability": iapCapability()
            case "storekit-linked": storeKitLinked()
            case "apple-pay-entitlement": applePayEntitlement()
            case "simulator-without-config": simulatorWithoutConfig()
            case "storekit-config-path": storeKitConfigPath()
            case "storekit-config-missing-ids": storeKitConfigMissingIDs()
            case "storekit-config-schema": storeKitConfigSchema()
            case "storekit-config-shadows-sandbox": storeKitConfigShadowsSandbox()
            case "request-not-retained": SourceHeuristics(snapshot: snapshot).requestNotRetained()
            case "invalid-ids-ignored": SourceHeuristics(snapshot: snapshot).invalidIDsIgnored()
            case "listener-at-launch": SourceHeuristics(snapshot: snapshot).listenerAtLaunch()
            case "finish-transactions": SourceHeuristics(snapshot: snapshot).finishTransactions()
            case "restore-button": SourceHeuristics(snapshot: snapshot).restoreButton()
            case "promoted-purchases": promotedPurchases()
            case "main-thread-assumed": SourceHeuristics(snapshot: snapshot).mainThreadAssumed()
            default: nil
            }
        guard let outcome else {
            let reason =
                definition.kind == .manual
                ? "confirm by hand" : "not checked from files yet; confirm by hand"
            return CheckResult(id: definition.id, status: .manual, message: reason, fix: definition.fix)
        }
        return CheckResult(
            id: definition.id, status: outcome.status, message: outcome.message, evidence: outcome.evidence,
            fix: definition.fix)
    }

    // MARK: Identifiers

    private func bundleIDMismatch() -> Outcome {
        guard let app = workbook.app else { return .manual("the guides declare no app bundle ID") }
        guard let snapshot else { return .noProject }
        let expected = app.bundleID.value
        var wrong: [String] = []
        var evidence: [SourceLocation] = []
        var checked = 0
        for target in snapshot.project.targets where target.productType == Self.applicationType {
            for configuration in target.configurations {
                let key = "PRODUCT_BUNDLE_IDENTIFIER"
                guard let value = snapshot.project.setting(key, target: target, configuration: configuration.name)
                else { continue }
                checked += 1
                if value != expected, !value.contains("$") {
                    wrong.append("\(target.name) (\(configuration.name)) uses \(value)")
                    if let location = snapshot.project.location(ofSetting: "PRODUCT_BUNDLE_IDENTIFIER", value: value),
                        !evidence.contains(location)
                    {
                        evidence.append(location)
                    }
                }
            }
        }
        for plist in snapshot.infoPlists {
            guard let value = plist.bundleIdentifier, !plist.bundleIdentifierIsBuildSetting else { continue }
            checked += 1
            if value != expected {
                wrong.append("\(plist.document.path) sets CFBundleIdentifier \(value)")
                if let location = plist.bundleIdentifierLocation { evidence.append(location) }
            }
        }
        if !wrong.isEmpty {
            return Outcome(.fail, wrong.joined(separator: "; ") + ", not \(expected)", evidence)
        }
        if checked == 0 { return Outcome(.info, "no application target sets PRODUCT_BUNDLE_IDENTIFIER") }
        return Outcome(.pass, "every app build configuration uses \(expected)")
    }

    /// Signing with a wildcard App ID makes every product request come back empty. The
    /// provisioning profile is outside the project, so only its name and the bundle IDs tell.
    private func explicitAppID() -> Outcome {
        guard let snapshot else { return .noProject }
        var wildcards: [String] = []
        var evidence: [SourceLocation] = []
        var manual = 0
        for target in snapshot.project.targets where target.productType == Self.applicationType {
            for configuration in target.configurations {
                let project = snapshot.project
                for key in ["PROVISIONING_PROFILE_SPECIFIER", "PRODUCT_BUNDLE_IDENTIFIER"] {
                    guard let value = project.setting(key, target: target, configuration: configuration.name) else {
                        continue
                    }
                    if key == "PROVISIONING_PROFILE_SPECIFIER", !value.isEmpty { manual += 1 }
                    guard Self.namesWildcard(value) else { continue }
                    wildcards.append("\(target.name) (\(configuration.name)) \(key) is \(value)")
                    if let location = project.location(ofSetting: key, value: value), !evidence.contains(location) {
                        evidence.append(location)
                    }
                }
            }
        }
        if !wildcards.isEmpty {
            return Outcome(
                .warning, wildcards.joined(separator: "; ") + ", which looks like a wildcard App ID", evidence)
        }
        if manual == 0 {
            return Outcome(.pass, "automatic signing; Xcode registers an explicit App ID for the bundle ID")
        }
        return Outcome(.pass, "no provisioning profile or bundle ID names a wildcard")
    }

    static func namesWildcard(_ value: String) -> Bool {
        value.contains("*") || value.lowercased().contains("wildcard")
    }

    private func productIDPrefix() -> Outcome {
        guard let app = workbook.app else { return .manual("the guides declare no app bundle ID") }
        guard !workbook.products.isEmpty else { return Outcome(.info, "the guides declare no products") }
        let prefix = app.bundleID.value + "."
        let outside = workbook.products.filter { !$0.id.value.hasPrefix(prefix) }
        guard !outside.isEmpty else { return Outcome(.pass, "every product ID starts with \(prefix)") }
        return Outcome(
            .warning, "\(outside.map(\.id.value).joined(separator: ", ")) do not start with \(prefix)",
            outside.map(\.id.location))
    }

    private func productIDMismatch() -> Outcome {
        guard let snapshot else { return .noProject }
        guard !workbook.products.isEmpty else { return Outcome(.info, "the guides declare no products") }
        // Computed once: the loop below visits every string literal of the project.
        let productIDs = self.productIDs
        let known = Set(productIDs)
        var failures: [String] = []
        var failureEvidence: [SourceLocation] = []
        var warnings: [String] = []
        var warningEvidence: [SourceLocation] = []
        let bundleID = workbook.app?.bundleID.value
        for scan in snapshot.swiftSources {
            for literal in scan.strings {
                guard let value = literal.value, !value.isEmpty else { continue }
                if literal.isConcatenated || literal.hasInterpolation {
                    if Self.looksLikePrefix(value, bundleID: bundleID, productIDs: productIDs)
                        || Self.looksLikeSuffix(value, productIDs: productIDs)
                    {
                        warnings.append("\"\(value)\" is joined to another string at run time")
                        warningEvidence.append(literal.location)
                    }
                    continue
                }
                if value.hasSuffix("."), Self.looksLikePrefix(value, bundleID: bundleID, productIDs: productIDs) {
                    warnings.append("\"\(value)\" is a product ID prefix kept for building IDs at run time")
                    warningEvidence.append(literal.location)
                    continue
                }
                guard !known.contains(value), let near = Self.nearMiss(value, among: productIDs) else { continue }
                failures.append("\"\(value)\" \(near.reason) \(near.id)")
                failureEvidence.append(literal.location)
            }
        }
        if !failures.isEmpty {
            return Outcome(.fail, (failures + warnings).joined(separator: "; "), failureEvidence + warningEvidence)
        }
        if !warnings.isEmpty {
            return Outcome(
                .warning, warnings.joined(separator: "; ") + "; check the product ID it builds", warningEvidence)
        }
        return Outcome(.pass, "no Swift string literal is a near miss of a product ID")
    }

    static func looksLikePrefix(_ value: String, bundleID: String?, productIDs: [String]) -> Bool {
        if let bundleID, value == bundleID || value == bundleID + "." { return true }
        guard value.count >= 4, value.contains(".") else { return false }
        return productIDs.contains { $0.hasPrefix(value) && $0 != value }
    }

    /// The last part of a product ID, such as `"gems"` in `prefix + "gems"`.
    static func looksLikeSuffix(_ value: String, productIDs: [String]) -> Bool {
        guard value.count >= 3 else { return false }
        let part = value.hasPrefix(".") ? value : "." + value
        return productIDs.contains { $0.hasSuffix(part) }
    }

    /// The product ID `value` nearly equals: same letters in another case, or one or two edits away.
    static func nearMiss(_ value: String, among ids: [String]) -> (id: String, reason: String)? {
        guard value.count >= 6, !value.contains(" ") else { return nil }
        for id in ids where id.lowercased() == value.lowercased() {
            return (id, "differs only in letter case from")
        }
        for id in ids where abs(id.count - value.count) <= 2 {
            let distance = EditDistance.between(value, id, limit: 2)
            if distance >= 1, distance <= 2 { return (id, "is \(distance) edit\(distance == 1 ? "" : "s") from") }
        }
        return nil
    }

    // MARK: Project

    private func iapCapability() -> Outcome {
        guard let snapshot else { return .noProject }
        let marked = snapshot.project.targets.filter { $0.inAppPurchaseCapability == true }
        guard !marked.isEmpty else {
            return Outcome(.info, "no In-App Purchase marker; modern Xcode records none, so nothing is wrong")
        }
        let evidence = snapshot.project.location(of: "com.apple.InAppPurchase").map { [$0] } ?? []
        return Outcome(
            .info, "\(marked.map(\.name).joined(separator: ", ")) record the In-App Purchase capability", evidence)
    }

    private func storeKitLinked() -> Outcome {
        guard let snapshot else { return .noProject }
        let linking = snapshot.project.targets.filter { target in
            target.linkedFrameworks.contains { $0.hasPrefix("StoreKit") }
        }
        guard !linking.isEmpty else {
            return Outcome(.info, "StoreKit is not linked by hand; Swift links it when imported")
        }
        let evidence = snapshot.project.location(of: "StoreKit.framework").map { [$0] } ?? []
        return Outcome(.info, "\(linking.map(\.name).joined(separator: ", ")) link StoreKit explicitly", evidence)
    }

    private func applePayEntitlement() -> Outcome {
        guard let snapshot else { return .noProject }
        let invalid = snapshot.entitlements.compactMap { $0.entry(Entitlements.invalidInAppPurchaseKey) }
        if !invalid.isEmpty {
            return Outcome(
                .fail, "\(Entitlements.invalidInAppPurchaseKey) is not a valid entitlement",
                invalid.compactMap(\.location))
        }
        let applePay = snapshot.entitlements.compactMap { $0.entry(Entitlements.applePayKey) }
        if !applePay.isEmpty {
            return Outcome(
                .warning, "\(Entitlements.applePayKey) enables Apple Pay, which in-app purchases do not need",
                applePay.compactMap(\.location))
        }
        return Outcome(.pass, "no entitlements file confuses Apple Pay with in-app purchase")
    }

    // MARK: Local testing

    private var sharedReferences: [(Scheme, StoreKitConfigurationReference)] {
        (snapshot?.schemes ?? []).compactMap { scheme in
            guard scheme.visibility == .shared, let reference = scheme.storeKitConfiguration else { return nil }
            return (scheme, reference)
        }
    }

    private var allReferences: [(Scheme, StoreKitConfigurationReference)] {
        (snapshot?.schemes ?? []).compactMap { scheme in
            scheme.storeKitConfiguration.map { (scheme, $0) }
        }
    }

    private func simulatorWithoutConfig() -> Outcome {
        guard snapshot != nil else { return .noProject }
        if let (scheme, _) = sharedReferences.first {
            return Outcome(.pass, "shared scheme \(scheme.name) attaches a StoreKit configuration file")
        }
        return Outcome(.warning, "no shared scheme attaches a StoreKit configuration file")
    }

    private func resolvedPath(_ reference: StoreKitConfigurationReference, in snapshot: ProjectSnapshot) -> String {
        let relative = reference.projectRelativePath
        if relative.hasPrefix("/") { return relative }
        return ProjectLoader.normalized(ProjectLoader.join(snapshot.projectFolder, relative))
    }

    private func storeKitConfigPath() -> Outcome {
        guard let snapshot else { return .noProject }
        let references = allReferences
        guard !references.isEmpty else { return Outcome(.info, "no scheme references a StoreKit configuration file") }
        let broken = references.filter { !snapshot.files.contains(resolvedPath($0.1, in: snapshot)) }
        if !broken.isEmpty {
            let names = broken.map {
                "\($0.0.name) points at \(resolvedPath($0.1, in: snapshot)), which does not exist"
            }
            return Outcome(.fail, names.joined(separator: "; "), broken.map(\.1.location))
        }
        if sharedReferences.isEmpty {
            return Outcome(
                .warning, "only a user scheme (xcuserdata) attaches the StoreKit configuration file",
                references.map(\.1.location))
        }
        return Outcome(.pass, "every StoreKit configuration reference resolves")
    }

    /// The `.storekit` files schemes point at, else every one in the project.
    private var relevantStoreKitFiles: [StoreKitFile] {
        guard let snapshot else { return [] }
        let referenced = Set(allReferences.map { resolvedPath($0.1, in: snapshot) })
        let chosen = snapshot.storeKitFiles.filter { referenced.contains($0.path) }
        return chosen.isEmpty ? snapshot.storeKitFiles : chosen
    }

    private func storeKitConfigMissingIDs() -> Outcome {
        guard snapshot != nil else { return .noProject }
        let files = relevantStoreKitFiles
        guard !files.isEmpty else { return Outcome(.info, "no .storekit file in the project") }
        guard !workbook.products.isEmpty else { return Outcome(.info, "the guides declare no products") }
        var messages: [String] = []
        var evidence: [SourceLocation] = []
        for file in files {
            let present = Set(file.productIDs)
            let missing = productIDs.filter { !present.contains($0) }
            if !missing.isEmpty {
                messages.append("\(file.path) lacks \(missing.joined(separator: ", "))")
                evidence.append(SourceLocation(file: file.path, line: 1, column: 1))
            }
        }
        if messages.isEmpty { return Outcome(.pass, "every guide product is in the .storekit file") }
        return Outcome(.fail, messages.joined(separator: "; "), evidence)
    }

    private func storeKitConfigSchema() -> Outcome {
        guard let snapshot else { return .noProject }
        guard !snapshot.storeKitFiles.isEmpty else { return Outcome(.info, "no .storekit file in the project") }
        let problems = snapshot.storeKitFiles.flatMap(\.problems)
        if problems.isEmpty { return Outcome(.pass, "every .storekit file has the expected keys and types") }
        return Outcome(.fail, problems.map(\.message).joined(separator: "; "), problems.map(\.location))
    }

    /// A warning only when every shared scheme attaches a `.storekit` file: then nobody on the
    /// team can run against the sandbox without editing a scheme first.
    private func storeKitConfigShadowsSandbox() -> Outcome {
        guard let snapshot else { return .noProject }
        let shared = sharedReferences
        guard !shared.isEmpty else { return Outcome(.pass, "no shared scheme attaches a StoreKit configuration file") }
        let sandboxSchemes = snapshot.schemes.filter { $0.visibility == .shared && $0.storeKitConfiguration == nil }
        if let sandbox = sandboxSchemes.first {
            return Outcome(
                .pass,
                "shared scheme \(sandbox.name) runs against the sandbox; \(shared.map(\.0.name).joined(separator: ", ")) against local products"
            )
        }
        return Outcome(
            .warning,
            "every shared scheme (\(shared.map(\.0.name).joined(separator: ", "))) runs against local products, none against the sandbox",
            shared.map(\.1.location))
    }

    private func promotedPurchases() -> Outcome {
        let promoted = workbook.products.filter(\.promoted)
        guard !promoted.isEmpty else { return Outcome(.pass, "the guides promote no product") }
        return SourceHeuristics(snapshot: snapshot).promotedPurchases(promoted.map(\.id.value))
    }

    static let applicationType = "com.apple.product-type.application"
}

/// A check's verdict before the catalogue's fix is attached.
struct Outcome {
    var status: CheckStatus
    var message: String
    var evidence: [SourceLocation]

    init(_ status: CheckStatus, _ message: String, _ evidence: [SourceLocation] = []) {
        self.status = status
        self.message = message
        self.evidence = evidence
    }

    static func manual(_ message: String) -> Outcome { Outcome(.manual, message) }
    static let noProject = Outcome(.manual, "no project given (--project); confirm by hand")
}

/// Levenshtein distance over characters, giving up above `limit`.
enum EditDistance {
    static func between(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a)
        let b = Array(b)
        if abs(a.count - b.count) > limit { return limit + 1 }
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            var rowMinimum = current[0]
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            previous = current
        }
        return previous[b.count]
    }
}
