import IAPDiagnostics
import IAPProject

/// Checks of local StoreKit testing: the schemes that run the app and the `.storekit` files they
/// select.
struct LocalTestingChecks {
    let context: CheckContext

    /// Shared schemes that run the selling app.
    private var sharedAppSchemes: [Scheme] {
        (context.snapshot?.schemes ?? []).filter { $0.visibility == .shared && context.runsSellingApp($0) }
    }

    /// Whether every selling target builds for macOS alone in every configuration: there is no
    /// Simulator, and a Mac app run from Xcode reaches the sandbox.
    private var sellsOnMacOSOnly: Bool {
        guard let snapshot = context.snapshot else { return false }
        let targets = context.sellingTargets.targets
        return !targets.isEmpty
            && targets.allSatisfy { target in
                !target.configurations.isEmpty
                    && target.configurations.allSatisfy {
                        snapshot.buildSettings(target, configuration: $0.name).sdk == "macosx"
                    }
            }
    }

    func simulatorWithoutConfig() -> Outcome {
        guard context.snapshot != nil else { return .noProject }
        if let scheme = sharedAppSchemes.first(where: { $0.storeKitConfiguration != nil }) {
            return Outcome(.pass, "shared scheme \(scheme.name) attaches a StoreKit configuration file")
        }
        if sellsOnMacOSOnly {
            return Outcome(
                .info,
                "the app builds for macOS only, where a run from Xcode buys in the sandbox without a StoreKit configuration file; one still makes local testing faster"
            )
        }
        // A framework's or a library's project has no app for a scheme to run (selling targets
        // are chosen among the applications, so there are none exactly when there is no app).
        if context.sellingTargets.targets.isEmpty {
            return Outcome(.info, "the project has no application target for a scheme to run")
        }
        if sharedAppSchemes.isEmpty {
            return Outcome(.warning, "no shared scheme runs the app, so none attaches a StoreKit configuration file")
        }
        return Outcome(.warning, "no shared scheme that runs the app attaches a StoreKit configuration file")
    }

    func storeKitConfigPath() -> Outcome {
        guard let snapshot = context.snapshot else { return .noProject }
        let references = context.storeKitReferences
        // `storeKitConfigurationFile = "…"` on the Run action: Xcode reads only the element.
        let unread = snapshot.schemes.filter { $0.storeKitConfiguration == nil }.compactMap { scheme in
            scheme.unreadStoreKitAttribute.map { (scheme, $0) }
        }
        if !unread.isEmpty {
            let names = unread.map { "\($0.0.name) names \($0.1.identifier) in an attribute of its Run action" }
            return Outcome(
                .fail,
                "\(names.joined(separator: "; ")), which Xcode does not read, so no StoreKit configuration is attached; choose the file in the scheme editor",
                unread.map(\.1.location))
        }
        guard !references.isEmpty else { return Outcome(.info, "no scheme references a StoreKit configuration file") }
        var broken: [String] = []
        var evidence: [SourceLocation] = []
        for (scheme, reference, path) in references {
            guard let path else {
                broken.append(
                    "\(scheme.name) names \(reference.identifier), which climbs above the file-system root")
                evidence.append(reference.location)
                continue
            }
            guard !snapshot.files.contains(path) else { continue }
            let outside = ProjectPath.isInside(path, snapshot.projectFolder) ? "" : ", outside the project's folder"
            broken.append("\(scheme.name) points at \(path)\(outside), which does not exist")
            evidence.append(reference.location)
        }
        if !broken.isEmpty { return Outcome(.fail, broken.joined(separator: "; "), evidence) }
        if !references.contains(where: { $0.scheme.visibility == .shared }) {
            return Outcome(
                .warning, "only a user scheme (xcuserdata) attaches the StoreKit configuration file",
                references.map(\.reference.location))
        }
        return Outcome(.pass, "every StoreKit configuration reference resolves")
    }

    /// The files the schemes select, judged together: local testing serves a product when the file
    /// of the scheme being run lists it, and the team runs the schemes it shares.
    func storeKitConfigMissingIDs() -> Outcome {
        guard let snapshot = context.snapshot else { return .noProject }
        guard !context.workbook.products.isEmpty else { return Outcome(.info, "the guides declare no products") }
        let selected = context.selectedStoreKitPaths
        let files = snapshot.storeKitFiles.filter { selected.contains($0.path) }
        guard !files.isEmpty else {
            if snapshot.storeKitFiles.isEmpty { return Outcome(.info, "no .storekit file in the project") }
            return Outcome(.info, "no scheme selects a .storekit file, so none is served locally")
        }
        let present = Set(files.flatMap(\.productIDs))
        let missing = context.productIDs.filter { !present.contains($0) }
        let names = files.map(\.path).joined(separator: ", ")
        guard !missing.isEmpty else {
            return Outcome(.pass, "every guide product is in the .storekit file the schemes select (\(names))")
        }
        let holder = files.count == 1 ? names : "any of \(names)"
        return Outcome(
            .fail, "\(missing.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") not in \(holder)",
            files.map { SourceLocation(file: $0.path, line: 1, column: 1) })
    }

    /// Problems in a file some scheme selects fail; in a file no scheme selects they warn, since
    /// nothing reads that file until a scheme does.
    func storeKitConfigSchema() -> Outcome {
        guard let snapshot = context.snapshot else { return .noProject }
        let unreadable = snapshot.problems(.storeKitFile)
        guard !snapshot.storeKitFiles.isEmpty || !unreadable.isEmpty else {
            return Outcome(.info, "no .storekit file in the project")
        }
        let selected = context.selectedStoreKitPaths
        var failing: [(String, SourceLocation)] = []
        var warning: [(String, SourceLocation)] = []
        for file in snapshot.storeKitFiles {
            for problem in file.problems {
                if selected.contains(file.path) {
                    failing.append((problem.message, problem.location))
                } else {
                    warning.append(("\(problem.message) (no scheme selects \(file.path))", problem.location))
                }
            }
        }
        for problem in unreadable {
            let path = problem.error.location.file
            let entry = ("\(path) cannot be read: \(problem.error.message)", problem.error.location)
            if selected.contains(path) { failing.append(entry) } else { warning.append(entry) }
        }
        if !failing.isEmpty {
            return Outcome(.fail, (failing + warning).map(\.0).joined(separator: "; "), (failing + warning).map(\.1))
        }
        if !warning.isEmpty { return Outcome(.warning, warning.map(\.0).joined(separator: "; "), warning.map(\.1)) }
        return Outcome(.pass, "every .storekit file has the expected keys and types")
    }

    /// A warning only when every shared scheme that runs the app attaches a `.storekit` file: then
    /// nobody on the team can run against the sandbox without editing a scheme first. Schemes that
    /// start something else, such as a widget in SpringBoard, are not runs of the app.
    func storeKitConfigShadowsSandbox() -> Outcome {
        guard context.snapshot != nil else { return .noProject }
        let schemes = sharedAppSchemes
        let local = schemes.filter { $0.storeKitConfiguration != nil }
        guard !local.isEmpty else { return Outcome(.pass, "no shared scheme attaches a StoreKit configuration file") }
        // A scheme with the file is answered by a sandbox scheme that runs the same app: a Mac
        // app's scheme does not let the iOS app be tried against the sandbox. A scheme whose
        // target is not named could run either.
        func launched(_ scheme: Scheme) -> String? {
            if case .product(let blueprint, _)? = scheme.launchTarget { return blueprint }
            return nil
        }
        let sandboxes = schemes.filter { $0.storeKitConfiguration == nil }
        let unanswered = local.filter { scheme in
            !sandboxes.contains { launched($0) == nil || launched(scheme) == nil || launched($0) == launched(scheme) }
        }
        if let sandbox = sandboxes.first, unanswered.isEmpty {
            return Outcome(
                .pass,
                "shared scheme \(sandbox.name) runs against the sandbox; \(local.map(\.name).joined(separator: ", ")) against local products"
            )
        }
        if !sandboxes.isEmpty {
            return Outcome(
                .warning,
                "\(unanswered.map(\.name).joined(separator: ", ")) \(unanswered.count == 1 ? "runs its app" : "run their apps") against local products, and no shared scheme runs \(unanswered.count == 1 ? "that app" : "those apps") against the sandbox (\(sandboxes.map(\.name).joined(separator: ", ")) \(sandboxes.count == 1 ? "runs" : "run") another)",
                unanswered.compactMap { $0.storeKitConfiguration?.location })
        }
        return Outcome(
            .warning,
            "every shared scheme that runs the app (\(local.map(\.name).joined(separator: ", "))) runs against local products, none against the sandbox",
            local.compactMap { $0.storeKitConfiguration?.location })
    }
}
