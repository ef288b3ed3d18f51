import Foundation
import IAPDiagnostics
import IAPJSON
import IAPModel
import IAPProject

extension StoreKitWalk {
    /// Xcode's payment modes and the guide's names for them.
    static let paymentModes: [String: OfferMode] = [
        "free": .freeTrial, "payAsYouGo": .payAsYouGo, "payUpFront": .payUpFront,
    ]

    /// An introductory offer. `numberOfPeriods` becomes the guide's `periods`: always for
    /// pay-as-you-go (Xcode's default being one), otherwise only when it is not one, so an
    /// offer written back by `iapkit generate` reads the same again.
    mutating func introductoryOffer(_ member: LocatedJSON.Member, id: String) -> IntroductoryOffer? {
        let object = member.value
        switch object.value {
        case .null: return nil
        case .object: break
        default:
            error(
                "'introductoryOffer' must be an object or null, found \(Self.kindName(object))", at: location(object))
            return nil
        }
        let quotedID = Diagnostic.quote(id)
        let written = string("paymentMode", in: object)
        let period = string("subscriptionPeriod", in: object)
        let count = integer("numberOfPeriods", in: object)
        let price = decimal("displayPrice", in: object)
        reportUnread(
            object, read: ["paymentMode", "subscriptionPeriod", "numberOfPeriods", "displayPrice"],
            owner: "the introductory offer of \(quotedID)")
        guard let written else {
            if isMissing("paymentMode", in: object) {
                error("the introductory offer of \(quotedID) has no 'paymentMode'", at: location(object))
            }
            return nil
        }
        guard let mode = Self.paymentModes[written.value] else {
            error(
                "unknown payment mode \(Diagnostic.quote(written.value)); Xcode writes free, payAsYouGo or payUpFront",
                at: written.location)
            return nil
        }
        guard let period else {
            if isMissing("subscriptionPeriod", in: object) {
                error("the introductory offer of \(quotedID) has no 'subscriptionPeriod'", at: location(object))
            }
            return nil
        }
        let periods: Located<Int>?
        if mode == .payAsYouGo {
            periods = count ?? Located(1, at: location(object))
        } else {
            periods = count.flatMap { $0.value == 1 ? nil : $0 }
        }
        var offerPrice = price
        if mode == .freeTrial {
            if let price, price.value != 0 {
                warning(
                    "the free trial of \(quotedID) has a 'displayPrice'; a free trial costs nothing, so it is left out",
                    at: price.location)
            }
            offerPrice = nil
        } else if price == nil, isMissing("displayPrice", in: object) {
            warning(
                "the introductory offer of \(quotedID) has no 'displayPrice'; the chapter leaves its price for you to add",
                at: location(object))
        }
        return IntroductoryOffer(
            mode: mode, period: period, periods: periods, price: offerPrice, location: location(object))
    }
}
