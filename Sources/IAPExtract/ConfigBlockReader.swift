import Foundation
import IAPDiagnostics
import IAPMarkdown
import IAPModel
import IAPYAML

/// Reads one `yaml iap` or `json iap` block into model pieces, with every error located in the
/// Markdown file (the block's own line numbers are shifted by where the block sits, and its
/// columns by the indentation of the container it is in).
enum ConfigBlockReader {
    static func read(_ block: CodeBlock, source: SourceText) -> (fragment: ConfigFragment?, diagnostics: [Diagnostic]) {
        let map = BlockLineMap(block: block, source: source)
        let isJSON = block.language?.lowercased() == "json"
        let parsed = isJSON ? JSONReader.read(block.content) : YAMLReader.read(block.content)
        let root: ConfigNode
        switch parsed {
        case .failure(let error):
            return (nil, [.error(error.message, at: map.location(error.mark))])
        case .success(nil):
            return (nil, [.warning("config block is empty", at: block.location)])
        case .success(let node?):
            root = node
        }
        let decoded = ConfigDecoder().decodeCollectingErrors(ConfigBlockSchema.self, from: root)
        var diagnostics = decoded.errors.map { error in
            Diagnostic.error(describe(error), at: map.location(error.mark))
        }
        guard let schema = decoded.value else { return (nil, diagnostics) }
        var converter = SchemaConverter(map: map)
        let fragment = converter.fragment(from: schema)
        diagnostics += converter.diagnostics
        return (fragment, diagnostics)
    }

    /// The decoder's message with the key path it concerns: in front for a bad value
    /// (`products[0].price: expected a number`), after for a key that is missing
    /// (`missing required key 'id' in products[0]`); unknown-key messages already name it.
    static func describe(_ error: ConfigDecodingError) -> String {
        let path = error.keyPathDescription
        if path.isEmpty || error.message.contains(path) || error.message.hasPrefix("unknown key") {
            return error.message
        }
        if error.message.hasPrefix("missing required key") {
            let parent = ConfigDecodingError("", at: error.mark, codingPath: Array(error.codingPath.dropLast()))
                .keyPathDescription
            return parent.isEmpty ? error.message : "\(error.message) in \(parent)"
        }
        return "\(path): \(error.message)"
    }
}

/// Turns marks inside a block into file locations.
struct BlockLineMap {
    let file: String
    let firstLine: Int
    /// Bytes each block line is shifted right in the file (its container's indentation).
    let offsets: [Int]

    init(block: CodeBlock, source: SourceText) {
        file = block.location.file
        firstLine = block.contentLocation.line
        var offsets: [Int] = []
        let lines = block.content.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let fileLine = Array(source.line(firstLine + index))
            let blockLine = Array(line.utf8)
            let shift = fileLine.count - blockLine.count
            offsets.append(shift >= 0 && fileLine.suffix(blockLine.count).elementsEqual(blockLine) ? shift : 0)
        }
        self.offsets = offsets
    }

    func location(_ mark: ConfigMark) -> SourceLocation {
        let index = mark.line - 1
        let shift = index >= 0 && index < offsets.count ? offsets[index] : (offsets.last ?? 0)
        return mark.sourceLocation(file: file, firstLine: firstLine, columnOffset: shift)
    }
}

/// From decoded schema to model; what the decoder could not check (a product that lacks its
/// ID, say) is left out, having been reported already.
struct SchemaConverter {
    let map: BlockLineMap
    var diagnostics: [Diagnostic] = []

    init(map: BlockLineMap) {
        self.map = map
    }

    mutating func fragment(from schema: ConfigBlockSchema) -> ConfigFragment {
        ConfigFragment(app: schema.app.flatMap(app), products: schema.products.compactMap(product))
    }

    private func located<T>(_ marked: Marked<T>) -> Located<T> {
        Located(marked.value, at: map.location(marked.mark))
    }

    private func app(_ schema: AppSchema) -> AppConfiguration? {
        guard let name = schema.name, let bundleID = schema.bundleID else { return nil }
        return AppConfiguration(
            name: located(name), bundleID: located(bundleID), manager: schema.manager.map(located),
            storekit: schema.storekit ?? .storeKit2,
            platforms: schema.platforms?.entries.map {
                Platform(name: $0.key, minimumVersion: $0.value, location: map.location($0.keyMark ?? schema.mark))
            } ?? [],
            accessLevel: schema.accessLevel ?? .internal, entitlementStore: schema.entitlementStore?.value ?? .keychain,
            entitlementStoreLocation: schema.entitlementStore.map { map.location($0.mark) },
            objectiveC: schema.objectiveC ?? false, typePrefix: schema.typePrefix.map(located),
            location: map.location(schema.mark))
    }

    private func product(_ schema: ProductSchema) -> Product? {
        guard let id = schema.id, let type = schema.type, let referenceName = schema.referenceName else { return nil }
        let location = map.location(schema.mark)
        let localizations =
            schema.localizations?.entries.compactMap { entry -> Localization? in
                guard let displayName = entry.value.displayName else { return nil }
                return Localization(
                    locale: entry.key, displayName: displayName, description: entry.value.description ?? "",
                    location: map.location(entry.keyMark ?? entry.value.mark))
            } ?? []
        return Product(
            id: located(id), type: type, referenceName: located(referenceName), price: schema.price.map(located),
            familyShareable: schema.familyShareable ?? false,
            clearedForSale: schema.clearedForSale.map(located) ?? Located(true, at: location),
            localizations: localizations, handler: schema.handler.map(located), promoted: schema.promoted ?? false,
            createdAt: schema.createdAt.map(located), duration: schema.duration.map(located),
            units: schema.units.map(located), subscription: schema.subscription.map(subscription),
            location: location)
    }

    private func subscription(_ schema: SubscriptionSchema) -> Subscription {
        Subscription(
            group: schema.group.map(located), period: schema.period.map(located), level: schema.level.map(located),
            introductoryOffer: schema.introductoryOffer.flatMap(offer), location: map.location(schema.mark))
    }

    private func offer(_ schema: OfferSchema) -> IntroductoryOffer? {
        guard let mode = schema.mode, let period = schema.period else { return nil }
        return IntroductoryOffer(
            mode: mode, period: located(period), periods: schema.periods.map(located), price: schema.price.map(located),
            location: map.location(schema.mark))
    }
}
