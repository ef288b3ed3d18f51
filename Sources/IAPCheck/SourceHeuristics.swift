import IAPDiagnostics
import IAPProject

/// Checks that read Swift source patterns. They can be wrong, so they warn and never fail.
struct SourceHeuristics {
    var snapshot: ProjectSnapshot?

    private var scans: [SwiftSourceScan] { snapshot?.swiftSources ?? [] }

    private func uses(_ name: String) -> Bool { scans.contains { $0.mentions(name) } }
    private func accesses(_ first: String, _ second: String) -> Bool {
        scans.contains { !$0.memberAccesses(first, second).isEmpty }
    }

    private var usesStoreKit1: Bool { uses("SKPaymentQueue") || uses("SKProductsRequest") }
    private var usesStoreKit2: Bool {
        accesses("Product", "products") || uses("Transaction") || accesses("AppStore", "sync")
    }

    /// `nil` when there is nothing to read: no project, or no Swift file.
    private var unavailable: Outcome? {
        guard snapshot != nil else { return .noProject }
        if scans.isEmpty { return Outcome(.info, "no Swift sources in the project") }
        return nil
    }

    func requestNotRetained() -> Outcome {
        if let unavailable { return unavailable }
        var evidence: [SourceLocation] = []
        for scan in scans where scan.mentions("SKProductsRequest") {
            evidence += Self.localProductRequests(in: scan.tokens)
        }
        if evidence.isEmpty { return Outcome(.pass, "no SKProductsRequest is held only by a local variable") }
        return Outcome(.warning, "SKProductsRequest is assigned to a local variable", evidence)
    }

    /// `let request = SKProductsRequest(` inside a function body.
    static func localProductRequests(in tokens: [SwiftToken]) -> [SourceLocation] {
        enum Scope { case function, other }
        var scopes: [Scope] = []
        // How many of `scopes` are functions, so the question costs one comparison.
        var functionDepth = 0
        var functionPending = false
        var found: [SourceLocation] = []
        for (index, token) in tokens.enumerated() {
            switch (token.kind, token.text) {
            case (.identifier, "func"), (.identifier, "init"), (.identifier, "deinit"):
                let afterDot = index > 0 && tokens[index - 1].text == "."
                if !afterDot { functionPending = true }
            case (.punctuation, "{"):
                scopes.append(functionPending ? .function : .other)
                if functionPending { functionDepth += 1 }
                functionPending = false
            case (.punctuation, "}"):
                if scopes.popLast() == .function { functionDepth -= 1 }
            case (.identifier, "SKProductsRequest"):
                guard functionDepth > 0, index + 1 < tokens.count, tokens[index + 1].text == "(",
                    index >= 3, tokens[index - 1].text == "=", tokens[index - 2].kind == .identifier,
                    ["let", "var"].contains(tokens[index - 3].text)
                else { continue }
                found.append(token.location)
            default:
                continue
            }
        }
        return found
    }

    func invalidIDsIgnored() -> Outcome {
        if let unavailable { return unavailable }
        var evidence: [SourceLocation] = []
        var reasons: [String] = []
        if uses("SKProductsRequest"), !uses("invalidProductIdentifiers") {
            reasons.append("invalidProductIdentifiers is never read")
            evidence += scans.flatMap { $0.occurrences(of: "SKProductsRequest") }.prefix(1).map(\.location)
        }
        for scan in scans where scan.mentions("products") {
            let calls = Self.productsForCalls(in: scan.tokens)
            guard !calls.isEmpty else { continue }
            let compares = ["missing", "subtracting", "filter"].contains { !scan.occurrences(of: $0).isEmpty }
            if !compares {
                reasons.append("\(scan.path) never compares requested and returned IDs")
                evidence += calls
            }
        }
        if reasons.isEmpty { return Outcome(.pass, "unknown product IDs are looked at") }
        return Outcome(.warning, reasons.joined(separator: "; "), evidence)
    }

    /// Places of `products(for:`.
    static func productsForCalls(in tokens: [SwiftToken]) -> [SourceLocation] {
        var found: [SourceLocation] = []
        for index in tokens.indices where index + 2 < tokens.count {
            if tokens[index].kind == .identifier, tokens[index].text == "products", tokens[index + 1].text == "(",
                tokens[index + 2].text == "for"
            {
                found.append(tokens[index].location)
            }
        }
        return found
    }

    /// The listener must run as the app launches, or purchases that complete while the app is
    /// closed (Ask to Buy approvals, renewals, interrupted purchases) wait until some screen
    /// happens to start it.
    func listenerAtLaunch() -> Outcome {
        if let unavailable { return unavailable }
        var listeners: [(scan: SwiftSourceScan, index: Int)] = []
        for scan in scans where scan.mentions("updates") || scan.mentions("SKPaymentQueue") {
            for index in Self.memberAccessIndices(scan.tokens, "Transaction", "updates") {
                listeners.append((scan, index))
            }
            for index in Self.observerRegistrations(scan.tokens) { listeners.append((scan, index)) }
        }
        guard !listeners.isEmpty else {
            if usesStoreKit2 {
                return Outcome(.warning, "StoreKit 2 is used but Transaction.updates is never listened to")
            }
            if usesStoreKit1 { return Outcome(.warning, "StoreKit 1 is used but no transaction observer is added") }
            return Outcome(.info, "no StoreKit code found")
        }
        var late: [SourceLocation] = []
        var lateNames: [String] = []
        var lateNameSet: Set<String> = []
        // Each file's scopes are worked out once, and each function's callers looked up once,
        // however many listeners a file has: a hostile file must not make this quadratic.
        var scopes: [String: DeclarationScopes] = [:]
        var launchCalls = LaunchCalls(scans: scans)
        for (scan, index) in listeners {
            let fileScopes = scopes[scan.path] ?? DeclarationScopes(scan.tokens)
            scopes[scan.path] = fileScopes
            if fileScopes.runsAtLaunch(index, tokens: scan.tokens) {
                return Outcome(.pass, Self.passMessage(scan, index))
            }
            guard let function = fileScopes.function(around: index) else { continue }
            if launchCalls.calledAtLaunch(function.name) { return Outcome(.pass, Self.passMessage(scan, index)) }
            late.append(scan.tokens[index].location)
            if lateNameSet.insert(function.name).inserted { lateNames.append(function.name) }
        }
        let names = lateNames.map { "\($0)()" }.joined(separator: ", ")
        return Outcome(
            .warning, "the transaction listener starts in \(names), which nothing calls as the app launches", late)
    }

    private static func passMessage(_ scan: SwiftSourceScan, _ index: Int) -> String {
        scan.tokens[index].text == "Transaction"
            ? "Transaction.updates is listened to from launch" : "the payment queue observer is added at launch"
    }

    /// Whether a function is called somewhere that runs at launch, in any file: the calls
    /// (`name(`, not `func name(`) of every file are listed once, by name, on first need, and
    /// each answer is kept.
    private struct LaunchCalls {
        let scans: [SwiftSourceScan]
        private var calls: [Int: [String: [Int]]] = [:]
        private var scopes: [Int: DeclarationScopes] = [:]
        private var answers: [String: Bool] = [:]

        init(scans: [SwiftSourceScan]) {
            self.scans = scans
        }

        mutating func calledAtLaunch(_ name: String) -> Bool {
            if let known = answers[name] { return known }
            var found = false
            for (file, scan) in scans.enumerated() where scan.mentions(name) {
                let sites = calls(in: file)[name] ?? []
                guard !sites.isEmpty else { continue }
                let fileScopes = scopes[file] ?? DeclarationScopes(scan.tokens)
                scopes[file] = fileScopes
                if sites.contains(where: { fileScopes.runsAtLaunch($0, tokens: scan.tokens) }) {
                    found = true
                    break
                }
            }
            answers[name] = found
            return found
        }

        private mutating func calls(in file: Int) -> [String: [Int]] {
            if let known = calls[file] { return known }
            let tokens = scans[file].tokens
            var found: [String: [Int]] = [:]
            for index in tokens.indices where index + 1 < tokens.count {
                guard tokens[index].kind == .identifier, tokens[index + 1].text == "(",
                    index == 0 || tokens[index - 1].text != "func"
                else { continue }
                found[tokens[index].text, default: []].append(index)
            }
            calls[file] = found
            return found
        }
    }

    /// Indices of `first` in `first . second`.
    static func memberAccessIndices(_ tokens: [SwiftToken], _ first: String, _ second: String) -> [Int] {
        tokens.indices.filter { index in
            index + 2 < tokens.count && tokens[index].kind == .identifier && tokens[index].text == first
                && tokens[index + 1].text == "." && tokens[index + 2].text == second
        }
    }

    /// Indices of `SKPaymentQueue` in `SKPaymentQueue.default().add(`.
    static func observerRegistrations(_ tokens: [SwiftToken]) -> [Int] {
        let pattern = ["SKPaymentQueue", ".", "default", "(", ")", ".", "add", "("]
        return tokens.indices.filter { index in
            index + pattern.count <= tokens.count
                && pattern.indices.allSatisfy { tokens[index + $0].text == pattern[$0] }
        }
    }

    /// Screen Time can turn purchases off; an app that never asks shows a buy button that fails.
    func canMakePayments() -> Outcome {
        if let unavailable { return unavailable }
        guard usesStoreKit1 || usesStoreKit2 else { return Outcome(.info, "no StoreKit code found") }
        if uses("canMakePayments") { return Outcome(.pass, "the sources ask whether payments are allowed") }
        return Outcome(.warning, "canMakePayments never appears; disable buying when purchases are turned off")
    }

    func finishTransactions() -> Outcome {
        if let unavailable { return unavailable }
        guard usesStoreKit1 || usesStoreKit2 else { return Outcome(.info, "no StoreKit code found") }
        let finishes = scans.contains { scan in
            scan.mentions("finish")
                && scan.tokens.indices.contains { index in
                    index + 1 < scan.tokens.count && scan.tokens[index].kind == .identifier
                        && scan.tokens[index].text == "finish" && scan.tokens[index + 1].text == "("
                }
        }
        if finishes || uses("finishTransaction") { return Outcome(.pass, "transactions are finished") }
        return Outcome(.warning, "neither finish() nor finishTransaction appears in the sources")
    }

    func restoreButton() -> Outcome {
        if let unavailable { return unavailable }
        if accesses("AppStore", "sync") || uses("restoreCompletedTransactions") {
            return Outcome(.pass, "purchases can be restored")
        }
        guard usesStoreKit1 || usesStoreKit2 else { return Outcome(.info, "no StoreKit code found") }
        return Outcome(.warning, "neither AppStore.sync() nor restoreCompletedTransactions appears in the sources")
    }

    func promotedPurchases(_ ids: [String]) -> Outcome {
        if let unavailable { return unavailable }
        if uses("PurchaseIntent") || uses("shouldAddStorePayment") {
            return Outcome(.pass, "promoted purchases are handled")
        }
        return Outcome(
            .warning,
            "\(ids.joined(separator: ", ")) are promoted but neither PurchaseIntent nor shouldAddStorePayment appears")
    }

    /// StoreKit 1 delegate methods in a file that never mentions the main thread or actor.
    func mainThreadAssumed() -> Outcome {
        if let unavailable { return unavailable }
        var evidence: [SourceLocation] = []
        for scan in scans where ["productsRequest", "paymentQueue", "request"].contains(where: scan.mentions) {
            let callbacks = scan.tokens.indices.filter { index in
                index > 0 && scan.tokens[index - 1].text == "func"
                    && ["productsRequest", "paymentQueue", "request"].contains(scan.tokens[index].text)
            }
            guard !callbacks.isEmpty else { continue }
            let mainThread =
                !scan.memberAccesses("DispatchQueue", "main").isEmpty || !scan.occurrences(of: "@MainActor").isEmpty
                || !scan.occurrences(of: "MainActor").isEmpty
            if !mainThread { evidence += callbacks.map { scan.tokens[$0].location } }
        }
        if evidence.isEmpty {
            return Outcome(.pass, "no StoreKit 1 delegate callback without a hop to the main thread")
        }
        return Outcome(.warning, "StoreKit 1 delegate callbacks never hop to the main thread", evidence)
    }
}
