import IAPDiagnostics
import IAPModel
import IAPProject
import IAPValidate

/// The checks about identifiers: the app's bundle ID in every build configuration, the signing
/// that names the App ID, and the product IDs the code asks for.
struct IdentifierChecks {
    let context: CheckContext

    private var workbook: Workbook { context.workbook }

    // MARK: Bundle ID

    func bundleIDMismatch() -> Outcome {
        guard let app = workbook.app else { return .manual("the guides declare no app bundle ID") }
        guard let snapshot = context.snapshot else { return .noProject }
        let expected = app.bundleID.value
        let selling = context.sellingTargets
        var wrong: [String] = []
        var evidence: [SourceLocation] = []
        var notes: [String] = []
        var checked = 0
        for target in selling.targets {
            for configuration in target.configurations {
                let settings = snapshot.buildSettings(target, configuration: configuration.name)
                if CheckContext.isSignedOutsideTheAppStore(settings) {
                    notes.append(
                        "\(target.name) (\(configuration.name)) is signed for Developer ID, outside the App Store, and sells nothing"
                    )
                    continue
                }
                let missing = snapshot.missingConfigurationFiles(target, configuration: configuration.name)
                guard let resolved = settings.value("PRODUCT_BUNDLE_IDENTIFIER") else {
                    if !missing.isEmpty {
                        notes.append(
                            "\(target.name) (\(configuration.name)) could not be judged: \(Self.list(missing)) missing")
                    }
                    continue
                }
                if !resolved.undefined.isEmpty, !missing.isEmpty {
                    // The value depends on a setting of a file that is not there, as before a
                    // template is copied or `pod install` runs: nothing to compare yet.
                    notes.append(
                        "\(target.name) (\(configuration.name)) could not be judged: \(resolved.undefined.joined(separator: ", ")) comes from \(Self.list(missing)), which is missing"
                    )
                    evidence += missing.map { SourceLocation(file: $0, line: 1, column: 1) }.filter {
                        !evidence.contains($0)
                    }
                    continue
                }
                checked += 1
                guard resolved.value != expected else { continue }
                wrong.append("\(target.name) (\(configuration.name)) uses \(resolved.value)")
                if let location = snapshot.location(of: resolved), !evidence.contains(location) {
                    evidence.append(location)
                }
            }
            for entry in snapshot.targetInfoPlists where entry.targetID == target.id {
                guard let plist = snapshot.infoPlists.first(where: { $0.document.path == entry.path }),
                    let written = plist.bundleIdentifier
                else { continue }
                let settings = snapshot.buildSettings(target, configuration: entry.configuration)
                if CheckContext.isSignedOutsideTheAppStore(settings) { continue }
                let expanded = settings.expand(written)
                // `$(PRODUCT_BUNDLE_IDENTIFIER)` is judged with the build settings above. An ID the
                // Info.plist builds from other settings, as Xcode's templates did before Xcode 7
                // (`com.example.${PRODUCT_NAME:rfc1034identifier}`), is judged here once they resolve.
                if plist.bundleIdentifierIsBuildSetting,
                    written.contains("PRODUCT_BUNDLE_IDENTIFIER") || !expanded.undefined.isEmpty
                {
                    continue
                }
                let value = expanded.value
                // A bundle ID written out in the Info.plist is judged there, right or wrong.
                checked += 1
                guard value != expected, !wrong.contains(where: { $0.hasPrefix("\(entry.path) ") }) else { continue }
                wrong.append("\(entry.path) sets CFBundleIdentifier \(value)")
                if let location = plist.bundleIdentifierLocation { evidence.append(location) }
            }
        }
        if !wrong.isEmpty { return Outcome(.fail, wrong.joined(separator: "; ") + ", not \(expected)", evidence) }
        let judged = selling.targets.map(\.name).joined(separator: ", ")
        var message: String
        if checked == 0 {
            // With notes, every configuration sets it from something this checkout lacks.
            message =
                selling.targets.isEmpty
                ? "the project has no application target"
                : notes.isEmpty
                    ? "no configuration of \(judged) sets PRODUCT_BUNDLE_IDENTIFIER"
                    : "no configuration of \(judged) has a PRODUCT_BUNDLE_IDENTIFIER that can be worked out"
            if !notes.isEmpty { message += "; " + notes.joined(separator: "; ") }
            return Outcome(.info, message, evidence)
        }
        message = "every build configuration of \(judged) uses \(expected)"
        if !selling.others.isEmpty {
            message +=
                "; \(selling.others.map(\.name).joined(separator: ", ")) \(selling.others.count == 1 ? "is" : "are") not the app the guides describe"
        }
        if !notes.isEmpty { message += "; " + notes.joined(separator: "; ") }
        return Outcome(.pass, message, evidence)
    }

    static func list(_ paths: [String]) -> String {
        paths.map { ProjectPath.lastComponent($0) }.joined(separator: ", ")
    }

    // MARK: Signing

    /// Signing with a wildcard App ID makes every product request come back empty. The
    /// provisioning profile is outside the project, so only its name and the bundle IDs tell.
    func explicitAppID() -> Outcome {
        guard let snapshot = context.snapshot else { return .noProject }
        var wildcards: [String] = []
        var evidence: [SourceLocation] = []
        /// How each configuration signs, in the words of the message, with the configurations.
        var styles: [(style: String, configurations: [String])] = []
        /// The bundle IDs each named profile signs, with where the profile is named.
        var signedByProfile: [String: (bundleIDs: [String], location: SourceLocation?)] = [:]
        var profileOrder: [String] = []
        // The other apps of the project count for what a profile signs (a Lite and a Pro target
        // inheriting one profile from the project): only the selling ones are judged.
        let selling = context.sellingTargets.targets
        let sellingIDs = Set(selling.map(\.id))
        let otherApps = snapshot.project.targets.filter { $0.isApplication && !sellingIDs.contains($0.id) }
        var sellingProfiles: Set<String> = []
        for target in selling + otherApps {
            let isSelling = sellingIDs.contains(target.id)
            for configuration in target.configurations {
                let settings = snapshot.buildSettings(target, configuration: configuration.name)
                let style = settings.value("CODE_SIGN_STYLE")?.value
                let specifier = settings.value("PROVISIONING_PROFILE_SPECIFIER")?.value ?? ""
                let legacy = settings.value("PROVISIONING_PROFILE")?.value ?? ""
                let profileKey = !specifier.isEmpty ? "PROVISIONING_PROFILE_SPECIFIER" : "PROVISIONING_PROFILE"
                if let profile = settings.value(profileKey), !profile.value.isEmpty,
                    let bundleID = Self.bundleID(of: target, configuration: configuration.name, settings, in: snapshot)
                {
                    if signedByProfile[profile.value] == nil {
                        profileOrder.append(profile.value)
                        signedByProfile[profile.value] = ([], snapshot.location(of: profile))
                    }
                    if signedByProfile[profile.value]?.bundleIDs.contains(bundleID) == false {
                        signedByProfile[profile.value]?.bundleIDs.append(bundleID)
                    }
                    if isSelling { sellingProfiles.insert(profile.value) }
                }
                guard isSelling else { continue }
                let described: String
                if !specifier.isEmpty {
                    described = "manual signing with \(specifier)"
                } else if !legacy.isEmpty {
                    described = "manual signing with a profile chosen by its UUID (PROVISIONING_PROFILE)"
                } else if style == "Manual" {
                    described = "manual signing with no profile named"
                } else {
                    described = "automatic signing"
                }
                let name =
                    selling.count > 1
                    ? "\(target.name) (\(configuration.name))" : configuration.name
                if let index = styles.firstIndex(where: { $0.style == described }) {
                    styles[index].configurations.append(name)
                } else {
                    styles.append((described, [name]))
                }
                for key in ["PROVISIONING_PROFILE_SPECIFIER", "PRODUCT_BUNDLE_IDENTIFIER"] {
                    guard let resolved = settings.value(key), Self.namesWildcard(resolved.value) else { continue }
                    wildcards.append("\(target.name) (\(configuration.name)) \(key) is \(resolved.value)")
                    if let location = snapshot.location(of: resolved), !evidence.contains(location) {
                        evidence.append(location)
                    }
                }
            }
        }
        // One profile signing two bundle IDs (a Lite and a full app from one target) can only be
        // a wildcard App ID's: an explicit App ID's profile names one bundle ID.
        // A profile whose name is one of those bundle IDs (fastlane match's `match AppStore
        // com.example.app`) is that explicit App ID's, given to the other targets by mistake.
        for profile in profileOrder where sellingProfiles.contains(profile) {
            guard let signed = signedByProfile[profile], signed.bundleIDs.count > 1 else { continue }
            let words = profile.split(separator: " ").map(String.init)
            if signed.bundleIDs.contains(where: words.contains) { continue }
            wildcards.append(
                "one profile (\(profile)) signs \(signed.bundleIDs.joined(separator: " and "))")
            if let location = signed.location, !evidence.contains(location) { evidence.append(location) }
        }
        if !wildcards.isEmpty {
            return Outcome(
                .warning, wildcards.joined(separator: "; ") + ", which looks like a wildcard App ID", evidence)
        }
        if styles.isEmpty || (styles.count == 1 && styles[0].style == "automatic signing") {
            return Outcome(.pass, "automatic signing; Xcode registers an explicit App ID for the bundle ID")
        }
        let byUUID = styles.contains { $0.style.contains("(PROVISIONING_PROFILE)") }
        let ending =
            "; nothing names a wildcard App ID"
            + (byUUID ? "; confirm that the UUID's profile has an explicit App ID" : "")
        if styles.count == 1 { return Outcome(.pass, styles[0].style + ending) }
        let parts = styles.map { "\($0.style) in \($0.configurations.joined(separator: ", "))" }
        return Outcome(.pass, parts.joined(separator: "; ") + ending)
    }

    /// The bundle ID a configuration builds: `PRODUCT_BUNDLE_IDENTIFIER`, or in a project older
    /// than that setting, the Info.plist's `CFBundleIdentifier` with its variables expanded
    /// (`com.idsoftware.${PRODUCT_NAME:identifier}`).
    static func bundleID(
        of target: PBXTarget, configuration: String, _ settings: BuildSettings, in snapshot: ProjectSnapshot
    ) -> String? {
        if let value = settings.value("PRODUCT_BUNDLE_IDENTIFIER")?.value, !value.isEmpty { return value }
        guard
            let entry = snapshot.targetInfoPlists.first(where: {
                $0.targetID == target.id && $0.configuration == configuration
            }),
            let written = snapshot.infoPlists.first(where: { $0.document.path == entry.path })?.bundleIdentifier
        else { return nil }
        let value = settings.expand(written).value
        return value.isEmpty ? nil : value
    }

    static func namesWildcard(_ value: String) -> Bool {
        value.contains("*") || value.lowercased().contains("wildcard")
    }

    // MARK: Product IDs

    func productIDPrefix() -> Outcome {
        guard let app = workbook.app else { return .manual("the guides declare no app bundle ID") }
        guard !workbook.products.isEmpty else { return Outcome(.info, "the guides declare no products") }
        let prefix = app.bundleID.value + "."
        let outside = workbook.products.filter { !ProductIDRules.startsWithBundleID($0.id.value, app.bundleID.value) }
        guard !outside.isEmpty else { return Outcome(.pass, "every product ID starts with \(prefix)") }
        return Outcome(
            .warning, "\(outside.map(\.id.value).joined(separator: ", ")) do not start with \(prefix)",
            outside.map(\.id.location))
    }

    /// Every literal that reaches a product request is compared with the catalogue (the guides
    /// and the `.storekit` files): an ID in neither fails, and so does any literal of the app that
    /// nearly equals a catalogue ID the code never spells exactly. Pieces joined into an ID at run
    /// time are warnings: no file says what they build.
    func productIDMismatch() -> Outcome {
        guard let snapshot = context.snapshot else { return .noProject }
        guard !workbook.products.isEmpty else { return Outcome(.info, "the guides declare no products") }
        let productIDs = context.productIDs
        let catalogue = context.catalogue
        let generated = snapshot.generatedFiles
        var failures: [(String, SourceLocation)] = []
        var warnings: [(String, SourceLocation)] = []
        var reported: Set<SourceLocation> = []
        var pieces: [String: [(String, SourceLocation)]] = [:]
        var flow = ProductIDFlow(index: context.index)
        flow.resources = snapshot.resourcePropertyLists
        let requests = context.requests
        do {
            for literal in flow.literals(reaching: requests) where reported.insert(literal.location).inserted {
                let request = literal.request
                guard !generated.contains(literal.location.file) else { continue }
                if literal.isPiece {
                    let shown =
                        literal.value.isEmpty
                        ? "an interpolated string"
                        : literal.value == "." ? "\".\" and values known only at run time" : "\"\(literal.value)\""
                    pieces[request.api, default: []].append((shown, literal.location))
                    continue
                }
                guard !catalogue.contains(literal.value) else { continue }
                if let near = Self.nearMiss(literal.value, among: productIDs) {
                    failures.append(("\"\(literal.value)\" \(near.reason) \(near.id)", literal.location))
                } else {
                    failures.append(
                        (
                            "\"\(literal.value)\" reaches \(request.api) but is in neither the guides nor any .storekit file",
                            literal.location
                        ))
                }
            }
        }
        // Near misses anywhere else in the app's code, such as `productID == "…"`. A literal near
        // an ID the code also spells exactly is another name (a feature key, an analytics event),
        // not a typo of it.
        let finder = NearMissFinder(productIDs)
        let shipped = snapshot.sources.filter { !generated.contains($0.path) }
        var spelt: Set<String>?
        // RevenueCat sells packages: a file naming one of its own (`$rc_monthly`) names the
        // app's custom packages (`tier.1`) beside it, which are no product IDs.
        for scan in shipped where !scan.strings.contains(where: { $0.constantValue?.hasPrefix("$rc_") == true }) {
            for literal in scan.strings where !reported.contains(literal.location) {
                guard let value = literal.constantValue, !catalogue.contains(value), let near = finder.find(value)
                else { continue }
                // Read the exact spellings only once a near miss turns up, which is rare.
                if spelt == nil {
                    spelt = Set(shipped.flatMap { $0.strings.compactMap(\.constantValue) }).intersection(productIDs)
                }
                guard spelt?.contains(near.id) != true else { continue }
                reported.insert(literal.location)
                failures.append(("\"\(value)\" \(near.reason) \(near.id)", literal.location))
            }
        }
        for (api, parts) in pieces.sorted(by: { $0.key < $1.key }) {
            let sorted = parts.sorted { $0.1 < $1.1 }
            let text = "the IDs \(api) asks for are joined at run time from \(sorted.map(\.0).joined(separator: ", "))"
            warnings += sorted.enumerated().map { ($0.offset == 0 ? text : "", $0.element.1) }
        }
        failures.sort { $0.1 < $1.1 }
        let warningText = warnings.map(\.0).filter { !$0.isEmpty }.joined(separator: "; ")
        if !failures.isEmpty {
            let failureText = Self.distinct(failures.map(\.0)).joined(separator: "; ")
            let text = ([failureText] + (warningText.isEmpty ? [] : [warningText]))
            return Outcome(.fail, text.joined(separator: "; "), failures.map(\.1) + warnings.map(\.1))
        }
        if !warnings.isEmpty {
            return Outcome(.warning, warningText + "; check the product IDs they build", warnings.map(\.1))
        }
        if requests.isEmpty {
            return Outcome(.pass, "no product request in the sources names an ID outside the catalogue")
        }
        return Outcome(.pass, "every product ID the sources request is in the catalogue")
    }

    /// Each message once, in the order first met, with how many places said it when more than
    /// one did: one ID requested from two screens is one finding with two locations, not the
    /// same sentence twice.
    static func distinct(_ messages: [String]) -> [String] {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for message in messages {
            if counts[message] == nil { order.append(message) }
            counts[message, default: 0] += 1
        }
        return order.map { message in
            let count = counts[message] ?? 1
            return count > 1 ? "\(message) (\(count) places)" : message
        }
    }

    /// The product ID `value` nearly equals: same letters in another case, or one or two edits away.
    /// (`NearMissFinder` gives the same answer for many literals quickly.)
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
}

/// Finds near misses of the catalogue's IDs among every literal of a project: a literal is only
/// measured against IDs of about its length that share most of its characters, so the edit
/// distance runs for a handful of pairs instead of literals times IDs.
struct NearMissFinder {
    private let ids: [String]
    private let byLowercase: [String: String]
    /// For each ID: its UTF-8 length and a count of each byte, to reject far literals cheaply.
    private let profiles: [(length: Int, counts: [UInt8: Int])]

    init(_ ids: [String]) {
        self.ids = ids
        var lower: [String: String] = [:]
        for id in ids where lower[id.lowercased()] == nil { lower[id.lowercased()] = id }
        byLowercase = lower
        profiles = ids.map { id in (id.utf8.count, Self.counts(id)) }
    }

    static func counts(_ text: String) -> [UInt8: Int] {
        var counts: [UInt8: Int] = [:]
        for byte in text.utf8 { counts[byte, default: 0] += 1 }
        return counts
    }

    func find(_ value: String) -> (id: String, reason: String)? {
        let length = value.utf8.count
        guard length >= 6, length <= 102, !value.utf8.contains(UInt8(ascii: " ")) else { return nil }
        if let id = byLowercase[value.lowercased()], id != value { return (id, "differs only in letter case from") }
        var counts: [UInt8: Int]?
        for (position, profile) in profiles.enumerated() where abs(profile.length - length) <= 2 {
            let mine = counts ?? Self.counts(value)
            counts = mine
            // Two edits change at most four byte counts by one each.
            var difference = 0
            for (byte, count) in mine { difference += abs(count - (profile.counts[byte] ?? 0)) }
            for (byte, count) in profile.counts where mine[byte] == nil { difference += count }
            guard difference <= 4 else { continue }
            let distance = EditDistance.between(value, ids[position], limit: 2)
            if distance >= 1, distance <= 2 {
                return (ids[position], "is \(distance) edit\(distance == 1 ? "" : "s") from")
            }
        }
        return nil
    }
}
