import Foundation
import IAPDiagnostics
import IAPJSON
import IAPProject

/// Regenerating the `.storekit` file keeps what the guides do not model: the settings made in
/// Xcode (Ask to Buy, interrupted purchases, `_storeKitErrors`, the storefront, the time rate),
/// the file's identifier and version, the IDs Xcode gave products and offers, group
/// localizations, and offers the guide format has no place for (promotional, offer codes,
/// win-back). What the guides do model (IDs, types, names, prices, localizations, groups,
/// levels, periods, introductory offers) always comes from the guides.
///
/// A file whose content would not change is left byte for byte as it is, however Xcode
/// formatted it, so `iapkit generate --check` stays quiet after an edit in Xcode.
public enum StoreKitFileMerger {
    /// The keys of a product (or subscription) that the guides decide.
    static let productKeys: Set<String> = [
        "displayPrice", "familyShareable", "groupNumber", "introductoryOffer", "localizations", "productID",
        "recurringSubscriptionPeriod", "referenceName", "subscriptionGroupID", "type",
    ]

    /// `generated` with the rest of `existing` kept; `path` names the file in warnings.
    public static func merge(generated: String, existing: String?, path: String) -> (
        text: String, warnings: [Diagnostic]
    ) {
        guard let existing else { return (generated, []) }
        let existingValue: LocatedJSON
        do {
            existingValue = try LocatedJSONParser.parse(Array(existing.utf8))
        } catch {
            let location = SourceLocation(file: path, line: error.line, column: error.column)
            return (
                generated,
                [.warning("the existing file is not valid JSON (\(error.message)); it is replaced", at: location)]
            )
        }
        guard let generatedValue = try? LocatedJSONParser.parse(Array(generated.utf8)),
            case .object = generatedValue.value, case .object = existingValue.value
        else { return (generated, []) }
        var warnings: [Diagnostic] = []
        let merged = file(
            generated: JSON(generatedValue), existing: JSON(existingValue), path: path, warnings: &warnings)
        if merged == JSON(existingValue) { return (existing, warnings) }
        if merged == JSON(generatedValue) { return (generated, warnings) }
        return (XcodeJSONWriter.text(of: merged), warnings)
    }

    private static func file(generated: JSON, existing: JSON, path: String, warnings: inout [Diagnostic]) -> JSON {
        var result = existing.overlaid(by: generated)
        // Xcode's own: the file's identifier and format version, and every setting.
        for key in ["identifier", "version"] {
            if let kept = existing[key] { result[key] = kept }
        }
        if let settings = generated["settings"], let kept = existing["settings"] {
            result["settings"] = kept.overlaidKeepingOwn(settings)
        }
        for key in ["products", "nonRenewingSubscriptions"] {
            result[key] = products(
                generated: generated[key]?.elements ?? [], existing: existing[key]?.elements ?? [], path: path,
                warnings: &warnings)
        }
        result["subscriptionGroups"] = groups(
            generated: generated["subscriptionGroups"]?.elements ?? [],
            existing: existing["subscriptionGroups"]?.elements ?? [], path: path, warnings: &warnings)
        return result
    }

    private static func products(
        generated: [JSON], existing: [JSON], path: String, groupID: String? = nil, warnings: inout [Diagnostic]
    ) -> JSON {
        let generatedIDs = Set(generated.compactMap { $0["productID"]?.string })
        for old in existing {
            if let id = old["productID"]?.string, !generatedIDs.contains(id) {
                warnings.append(
                    .warning(
                        "product \(Diagnostic.quote(id)) is in the file but in none of the guides; it is left out (define it in a guide to keep it)",
                        at: SourceLocation(file: path, line: 1, column: 1)))
            }
        }
        return .array(
            generated.map { product in
                guard let id = product["productID"]?.string,
                    let old = existing.first(where: { $0["productID"]?.string == id })
                else { return product }
                // The guides decide their keys, even where they leave one out; the file keeps the
                // rest (Xcode's IDs, offer codes, win-back and promotional offers).
                var merged = old.overlaidKeepingOwn(product)
                for key in productKeys { merged[key] = product[key] }
                if let offer = product["introductoryOffer"], case .object = offer,
                    let oldOffer = old["introductoryOffer"], let keptID = oldOffer["internalID"]
                {
                    var offer = offer
                    offer["internalID"] = keptID
                    merged["introductoryOffer"] = offer
                }
                if let groupID { merged["subscriptionGroupID"] = .string(groupID) }
                return merged
            })
    }

    private static func groups(generated: [JSON], existing: [JSON], path: String, warnings: inout [Diagnostic]) -> JSON
    {
        .array(
            generated.map { group in
                guard let name = group["name"]?.string,
                    let old = existing.first(where: { $0["name"]?.string == name })
                else { return group }
                var merged = old.overlaid(by: group)
                let id = old["id"]?.string ?? group["id"]?.string
                if let id { merged["id"] = .string(id) }
                if let localizations = old["localizations"] { merged["localizations"] = localizations }
                merged["subscriptions"] = products(
                    generated: group["subscriptions"]?.elements ?? [], existing: old["subscriptions"]?.elements ?? [],
                    path: path, groupID: id, warnings: &warnings)
                return merged
            })
    }
}

/// A JSON value for merging and comparing: objects keep their members in order, and numbers
/// compare by value.
indirect enum JSON: Equatable {
    case object([(key: String, value: JSON)])
    case array([JSON])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    init(_ located: LocatedJSON) {
        switch located.value {
        case .object(let members): self = .object(members.map { ($0.key, JSON($0.value)) })
        case .array(let elements): self = .array(elements.map(JSON.init))
        case .string(let text): self = .string(text)
        case .number(let text): self = .number(text)
        case .bool(let flag): self = .bool(flag)
        case .null: self = .null
        }
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var elements: [JSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    subscript(key: String) -> JSON? {
        get {
            guard case .object(let members) = self else { return nil }
            return members.first { $0.key == key }?.value
        }
        set {
            guard case .object(var members) = self else { return }
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append((key, newValue))
            }
            self = .object(members)
        }
    }

    /// This object with every member of `other` put over it.
    func overlaid(by other: JSON) -> JSON {
        guard case .object(let members) = other else { return other }
        var result = self
        for (key, value) in members { result[key] = value }
        return result
    }

    /// This object, with the members of `other` it lacks added.
    func overlaidKeepingOwn(_ other: JSON) -> JSON {
        guard case .object(let members) = other else { return self }
        var result = self
        for (key, value) in members where result[key] == nil { result[key] = value }
        return result
    }

    static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.object(let left), .object(let right)):
            guard left.count == right.count else { return false }
            return left.allSatisfy { member in right.contains { $0.key == member.key && $0.value == member.value } }
        case (.array(let left), .array(let right)): return left == right
        case (.string(let left), .string(let right)): return left == right
        case (.number(let left), .number(let right)): return Decimal(string: left) == Decimal(string: right)
        case (.bool(let left), .bool(let right)): return left == right
        case (.null, .null): return true
        default: return false
        }
    }
}

/// JSON in the shape Xcode writes `.storekit` files: two-space indent, `" : "` between key and
/// value, keys sorted without regard to case, and empty lists and objects on three lines.
enum XcodeJSONWriter {
    static func text(of value: JSON) -> String {
        var output = ""
        write(value, indent: "", into: &output)
        return output + "\n"
    }

    private static func write(_ value: JSON, indent: String, into output: inout String) {
        let inner = indent + "  "
        switch value {
        case .object(let members):
            let sorted = members.sorted { ($0.key.lowercased(), $0.key) < ($1.key.lowercased(), $1.key) }
            guard !sorted.isEmpty else {
                output += "{\n\n" + indent + "}"
                return
            }
            output += "{\n"
            for (index, member) in sorted.enumerated() {
                output += inner + QuotedLiteral.json(member.key) + " : "
                write(member.value, indent: inner, into: &output)
                output += index == sorted.count - 1 ? "\n" : ",\n"
            }
            output += indent + "}"
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "[\n\n" + indent + "]"
                return
            }
            output += "[\n"
            for (index, element) in elements.enumerated() {
                output += inner
                write(element, indent: inner, into: &output)
                output += index == elements.count - 1 ? "\n" : ",\n"
            }
            output += indent + "]"
        case .string(let text): output += QuotedLiteral.json(text)
        case .number(let text): output += text
        case .bool(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        }
    }
}
