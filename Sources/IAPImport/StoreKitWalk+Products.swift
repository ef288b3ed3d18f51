import Foundation
import IAPDiagnostics
import IAPJSON
import IAPModel
import IAPProject
import IAPValidate

/// The subscription group a subscription is read inside.
struct GroupContext {
    var name: Located<String>
    /// The group's `id`, which its subscriptions repeat as `subscriptionGroupID`.
    var id: String?
}

extension StoreKitWalk {
    static let productKeys: Set<String> = [
        "displayPrice", "familyShareable", "localizations", "productID", "referenceName", "type",
    ]
    static let subscriptionKeys: Set<String> = [
        "groupNumber", "introductoryOffer", "recurringSubscriptionPeriod", "subscriptionGroupID",
    ]

    mutating func group(_ object: LocatedJSON) {
        guard object.members != nil else {
            error("a subscription group must be an object, found \(Self.kindName(object))", at: location(object))
            return
        }
        let id = string("id", in: object)
        guard let name = string("name", in: object) ?? id else {
            error("a subscription group has neither a 'name' nor an 'id'", at: location(object))
            return
        }
        if isMissing("name", in: object) {
            warning(
                "subscription group \(Diagnostic.quote(name.value)) has no 'name'; the chapter names it by its 'id'",
                at: location(object))
        }
        let owner = "subscription group \(Diagnostic.quote(name.value))"
        if let first = groupIDs[name.value], first != id?.value {
            // The guide knows a group by its name alone, so two groups of one name become one.
            warning(
                "another subscription group is also named \(Diagnostic.quote(name.value)); the chapter merges them into one group",
                at: name.location)
        } else {
            groupIDs.updateValue(id?.value, forKey: name.value)
        }
        if let names = object.member("localizations"), !names.value.isBlank(ignoring: ["locale"]) {
            warning(
                "the localized names of \(owner) are not imported; the guide format names a group without localizing it",
                at: location(ofKey: names))
        }
        for item in list("subscriptions", in: object) {
            product(item, group: GroupContext(name: name, id: id?.value))
        }
        reportUnread(object, read: ["id", "name", "localizations", "subscriptions"], owner: owner)
    }

    mutating func product(_ object: LocatedJSON, group: GroupContext?) {
        guard object.members != nil else {
            error("a product must be an object, found \(Self.kindName(object))", at: location(object))
            return
        }
        guard let id = string("productID", in: object) else {
            if isMissing("productID", in: object) { error("a product has no 'productID'", at: location(object)) }
            return
        }
        let quotedID = Diagnostic.quote(id.value)
        guard let type = productType(object, id: id.value, group: group) else { return }
        var referenceName = string("referenceName", in: object)
        let unnamed =
            referenceName.map { $0.value.allSatisfy(\.isWhitespace) } ?? isMissing("referenceName", in: object)
        if unnamed {
            warning("product \(quotedID) has no reference name; the chapter uses its product ID", at: location(object))
            referenceName = id
        }
        let price = decimal("displayPrice", in: object)
        if isMissing("displayPrice", in: object) {
            warning(
                "product \(quotedID) has no 'displayPrice'; the chapter leaves its price for you to add",
                at: location(object))
        }
        if type == .nonRenewing {
            warning(
                "non-renewing subscription \(quotedID): a .storekit file does not record how long one purchase lasts; add its 'duration' (such as 'P1Y') to the chapter",
                at: location(object))
        }
        let familyShareable = bool("familyShareable", in: object)?.value ?? false
        let localizations = self.localizations(object, owner: "product \(quotedID)")
        var read = Self.productKeys
        var subscription: Subscription?
        if let group {
            subscription = self.subscription(object, id: id.value, group: group)
            read.formUnion(Self.subscriptionKeys)
        }
        reportUnread(object, read: read, owner: "product \(quotedID)")
        guard let referenceName else { return }
        products.append(
            Product(
                id: id, type: type, referenceName: referenceName, price: price, familyShareable: familyShareable,
                clearedForSale: Located(true, at: location(object)), localizations: localizations,
                subscription: subscription, location: location(object)))
    }

    /// The product's kind, from its `type` and the list it sits in. Type names seen in
    /// hand-written files (`AutoRenewableSubscription`) are read with a warning; a name that
    /// means nothing is an error.
    private mutating func productType(_ object: LocatedJSON, id: String, group: GroupContext?) -> ProductType? {
        let quotedID = Diagnostic.quote(id)
        guard let written = string("type", in: object) else {
            if isMissing("type", in: object) { error("product \(quotedID) has no 'type'", at: location(object)) }
            return nil
        }
        var name = written.value
        if !StoreKitFileReader.validTypes.contains(name) {
            guard let replacement = StoreKitFileReader.replacement(forType: name) else {
                error(
                    "unknown product type \(Diagnostic.quote(name)); Xcode writes Consumable, NonConsumable, NonRenewingSubscription or RecurringSubscription",
                    at: written.location)
                return nil
            }
            warning(
                "product type \(Diagnostic.quote(name)) is not one Xcode writes; read as \(Diagnostic.quote(replacement))",
                at: written.location)
            name = replacement
        }
        switch (name, group) {
        case ("RecurringSubscription", .some): return .autoRenewable
        case ("RecurringSubscription", nil):
            error(
                "auto-renewable subscription \(quotedID) must sit in a group of 'subscriptionGroups'",
                at: written.location)
            return nil
        case (_, .some(let group)):
            error(
                "subscription group \(Diagnostic.quote(group.name.value)) holds \(quotedID) of type \(Diagnostic.quote(name)); a group holds only RecurringSubscription products",
                at: written.location)
            return nil
        case ("Consumable", nil): return .consumable
        case ("NonConsumable", nil): return .nonConsumable
        default: return .nonRenewing
        }
    }

    private mutating func subscription(_ object: LocatedJSON, id: String, group: GroupContext) -> Subscription {
        let quotedID = Diagnostic.quote(id)
        let period = string("recurringSubscriptionPeriod", in: object)
        if isMissing("recurringSubscriptionPeriod", in: object) {
            warning(
                "subscription \(quotedID) has no 'recurringSubscriptionPeriod'; the chapter leaves its period for you to add",
                at: location(object))
        }
        if let groupID = object.member("subscriptionGroupID"), case .string(let written) = groupID.value.value,
            let expected = group.id, written != expected
        {
            warning(
                "subscription \(quotedID) names group id \(Diagnostic.quote(written)) but sits in group \(Diagnostic.quote(expected)); it is imported into the group it sits in",
                at: location(groupID.value))
        }
        var offer: IntroductoryOffer?
        if let member = object.member("introductoryOffer") {
            offer = introductoryOffer(member, id: id)
        }
        return Subscription(
            group: group.name, period: period, level: integer("groupNumber", in: object), introductoryOffer: offer,
            location: location(object))
    }

    private mutating func localizations(_ object: LocatedJSON, owner: String) -> [Localization] {
        list("localizations", in: object).compactMap { item in
            guard item.members != nil else {
                error("a localization must be an object, found \(Self.kindName(item))", at: location(item))
                return nil
            }
            guard let locale = string("locale", in: item) else {
                if isMissing("locale", in: item) {
                    error("a localization of \(owner) has no 'locale'", at: location(item))
                }
                return nil
            }
            // A guide must read back what the import writes: a locale its lint refuses (or one
            // too long to be a YAML key) is an error here, not in the chapter.
            guard LocaleTag.isValid(locale.value) else {
                let shown = locale.value.count > 40 ? String(locale.value.prefix(40)) + "…" : locale.value
                error(
                    "\(Diagnostic.quote(shown)) is not a locale such as 'en-US'; a guide could not hold this localization of \(owner)",
                    at: locale.location)
                return nil
            }
            let displayName = string("displayName", in: item)?.value ?? ""
            let description = string("description", in: item)?.value ?? ""
            reportUnread(
                item, read: ["locale", "displayName", "description"],
                owner: "the \(Diagnostic.quote(locale.value)) localization of \(owner)")
            // Guides write locales as BCP 47 tags (`zh-Hans`); the generator turns them back.
            return Localization(
                locale: locale.value.replacingOccurrences(of: "_", with: "-"), displayName: displayName,
                description: description, location: location(item))
        }
    }
}
