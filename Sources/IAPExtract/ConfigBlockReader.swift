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
            return (nil, [.error(error.message(locating: map.location), at: map.location(error.mark))])
        case .success(nil):
            return (nil, [.warning("config block is empty", at: block.location)])
        case .success(let node?):
            root = node
        }
        let decoded = ConfigDecoder().decodeCollectingErrors(ConfigBlockSchema.self, from: root)
        let productIDs = (root["products"]?.items ?? []).map { $0["id"]?.scalarText }
        var diagnostics = withoutFollowOnErrors(decoded.errors).map { error in
            Diagnostic.error(describe(error, productIDs: productIDs), at: map.location(error.mark))
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
    ///
    /// A product is named by its ID where the block gives one (`product 'com.example.gems'`
    /// rather than `products[0]`), and a price written with a decimal comma gets the number it
    /// should be.
    static func describe(_ error: ConfigDecodingError, productIDs: [String?] = []) -> String {
        let path = named(error.keyPathDescription, productIDs: productIDs)
        var message = error.message + priceHint(error.message)
        if let range = message.range(of: " in products["), let close = message[range.upperBound...].firstIndex(of: "]")
        {
            let inner = String(message[message.index(range.lowerBound, offsetBy: 4)...close])
            message.replaceSubrange(
                message.index(range.lowerBound, offsetBy: 4)...close, with: named(inner, productIDs: productIDs))
        }
        if path.isEmpty || error.message.contains(error.keyPathDescription) || error.message.hasPrefix("unknown key") {
            return message
        }
        if error.message.hasPrefix("missing required key") {
            let parent = ConfigDecodingError("", at: error.mark, codingPath: Array(error.codingPath.dropLast()))
                .keyPathDescription
            return parent.isEmpty ? message : "\(message) in \(named(parent, productIDs: productIDs))"
        }
        return "\(path): \(message)"
    }

    /// A misspelled key is reported once: as unknown, with its suggestion, and not also as the
    /// required key it was meant to be.
    static func withoutFollowOnErrors(_ errors: [ConfigDecodingError]) -> [ConfigDecodingError] {
        let meant = Set(
            errors.compactMap { error -> String? in
                guard error.message.hasPrefix("unknown key"), let hint = error.message.range(of: "did you mean '")
                else { return nil }
                let key = error.message[hint.upperBound...].prefix { $0 != "'" }
                return parentPath(of: error, unknownKey: true) + "/" + key
            })
        return errors.filter { error in
            guard error.message.hasPrefix("missing required key '") else { return true }
            let key = error.message.dropFirst("missing required key '".count).prefix { $0 != "'" }
            return !meant.contains(parentPath(of: error, unknownKey: false) + "/" + key)
        }
    }

    /// The object an error is about: an unknown key's path ends at the object or at the key
    /// itself; a missing key's path ends at the key.
    private static func parentPath(of error: ConfigDecodingError, unknownKey: Bool) -> String {
        var path = error.codingPath
        if !path.isEmpty, !unknownKey || error.message.contains("'\(path.last ?? "")'") { path.removeLast() }
        return path.joined(separator: "/")
    }

    /// `products[2].price` → `product 'com.example.pro' price`; `products[2]` → `product 'com.example.pro'`.
    static func named(_ path: String, productIDs: [String?]) -> String {
        guard path.hasPrefix("products["), let close = path.firstIndex(of: "]"),
            let index = Int(path[path.index(path.startIndex, offsetBy: "products[".count)..<close]),
            index < productIDs.count, let id = productIDs[index], !id.isEmpty
        else { return path }
        var rest = path[path.index(after: close)...]
        if rest.hasPrefix(".") { rest = rest.dropFirst() }
        return "product '\(id)'" + (rest.isEmpty ? "" : " \(rest)")
    }

    /// `; write 4.99 (App Store Connect prices use a decimal point)` for `found '4,99'`.
    static func priceHint(_ message: String) -> String {
        guard message.hasPrefix("expected a number"), let found = message.range(of: "found '") else { return "" }
        let value = message[found.upperBound...].prefix { $0 != "'" }
        let parts = value.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { return "" }
        return "; write \(parts[0]).\(parts[1]) (prices take a decimal point)"
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
