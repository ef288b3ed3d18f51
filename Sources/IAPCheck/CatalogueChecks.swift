import IAPDiagnostics
import IAPModel
import IAPValidate

/// Checks of the guides' own catalogue, the same rules App Store Connect applies when a product
/// is created. They need no project.
struct CatalogueChecks {
    var workbook: Workbook

    private var products: [Product] { workbook.products }

    func productIDFormat() -> Outcome {
        guard !products.isEmpty else { return Outcome(.info, "the guides declare no products") }
        let invalid = products.filter { !AppStoreLimits.isValidProductID($0.id.value) }
        guard !invalid.isEmpty else {
            let hyphenated = products.filter { $0.id.value.contains("-") }
            if !hyphenated.isEmpty {
                let names = hyphenated.map { Diagnostic.quote($0.id.value) }.joined(separator: ", ")
                return Outcome(
                    .warning, "\(names) contain '-', which older App Store Connect guidance does not allow",
                    hyphenated.map(\.id.location))
            }
            return Outcome(.pass, "every product ID uses allowed characters and has at most 100 of them")
        }
        let names = invalid.map { Diagnostic.quote($0.id.value) }.joined(separator: ", ")
        return Outcome(
            .fail, "\(names) use characters App Store Connect refuses or are too long", invalid.map(\.id.location))
    }

    func productIDDuplicate() -> Outcome {
        guard !products.isEmpty else { return Outcome(.info, "the guides declare no products") }
        var first: [String: Product] = [:]
        var repeated: [String] = []
        var evidence: [SourceLocation] = []
        for product in products {
            guard let earlier = first[product.id.value] else {
                first[product.id.value] = product
                continue
            }
            if !repeated.contains(product.id.value) {
                repeated.append(product.id.value)
                evidence.append(earlier.id.location)
            }
            evidence.append(product.id.location)
        }
        guard !repeated.isEmpty else { return Outcome(.pass, "every product ID is defined once") }
        let names = repeated.map { Diagnostic.quote($0) }.joined(separator: ", ")
        return Outcome(.fail, "\(names) defined more than once", evidence)
    }

    func referenceNameLength() -> Outcome {
        guard !products.isEmpty else { return Outcome(.info, "the guides declare no products") }
        let limit = AppStoreLimits.referenceNameMaximumLength
        let long = products.filter { $0.referenceName.value.count > limit }
        guard !long.isEmpty else { return Outcome(.pass, "every reference name has at most \(limit) characters") }
        let names = long.map { "\($0.id.value) (\($0.referenceName.value.count))" }.joined(separator: ", ")
        return Outcome(
            .fail, "reference names longer than \(limit) characters: \(names)", long.map(\.referenceName.location))
    }
}
