import IAPDiagnostics
import IAPModel

/// What a `.storekit` file holds that the guide format can say: its products, in the file's
/// order (`products`, `nonRenewingSubscriptions`, then each group's subscriptions), with every
/// value located in the file it came from.
public struct StoreKitCatalogue: Sendable, Hashable {
    public var products: [Product]
    /// Everything the file holds that the catalogue leaves out, each where the file has it.
    public var warnings: [Diagnostic]

    public init(products: [Product], warnings: [Diagnostic]) {
        self.products = products
        self.warnings = warnings
    }

    /// How many distinct subscription groups the products name.
    public var groupCount: Int {
        Set(products.compactMap { $0.subscription?.group?.value }).count
    }
}

/// A `.storekit` file that cannot be imported: its errors, and the warnings found beside them,
/// so one run reports everything.
public struct StoreKitImportFailure: Error, Sendable, Hashable {
    public var diagnostics: [Diagnostic]

    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }
}
