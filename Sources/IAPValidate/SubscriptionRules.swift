import IAPDiagnostics
import IAPModel

/// Subscriptions: a group, a period App Store Connect offers, and a coherent introductory offer.
enum SubscriptionRules {
    /// The renewal durations App Store Connect offers for auto-renewable subscriptions.
    static let periods = ["P1W", "P1M", "P2M", "P3M", "P6M", "P1Y"]
    /// The durations an introductory offer may last per period.
    static let offerPeriods = ["P3D", "P1W", "P2W", "P1M", "P2M", "P3M", "P6M", "P1Y"]

    static func check(_ product: Product, into log: inout DiagnosticLog) {
        guard product.type == .autoRenewable, let subscription = product.subscription else { return }
        let id = Diagnostic.quote(product.id.value)
        if let group = subscription.group {
            if group.value.trimmingWhitespaceForRules().isEmpty {
                log.error("subscription group name is empty", at: group.location)
            }
        } else {
            log.error(
                "subscription \(id) has no 'group'; every auto-renewable product belongs to one",
                at: subscription.location)
        }
        if let period = subscription.period {
            if !periods.contains(period.value) {
                log.error(
                    "subscription period \(Diagnostic.quote(period.value)) is not one App Store Connect offers; use \(list(periods))",
                    at: period.location)
            }
        } else {
            log.error("subscription \(id) has no 'period'; use \(list(periods))", at: subscription.location)
        }
        if let level = subscription.level, level.value < 1 {
            log.error("subscription level must be 1 or more (1 is the highest service level)", at: level.location)
        }
        if let offer = subscription.introductoryOffer {
            check(offer, subscription: subscription, into: &log)
        }
    }

    private static func check(_ offer: IntroductoryOffer, subscription: Subscription, into log: inout DiagnosticLog) {
        if !offerPeriods.contains(offer.period.value) {
            log.error(
                "introductory offer period \(Diagnostic.quote(offer.period.value)) is not one App Store Connect offers; use \(list(offerPeriods))",
                at: offer.period.location)
        }
        switch offer.mode {
        case .freeTrial:
            if let price = offer.price, price.value != 0 {
                log.error(
                    "a free trial has no price; remove 'price' or choose pay-as-you-go or pay-up-front",
                    at: price.location)
            }
        case .payAsYouGo, .payUpFront:
            if offer.price == nil {
                log.error("a \(offer.mode.rawValue) introductory offer needs a 'price'", at: offer.location)
            }
        }
        if offer.mode == .payAsYouGo {
            if offer.periods == nil {
                log.error(
                    "a pay-as-you-go introductory offer needs 'periods', the number of discounted periods",
                    at: offer.location)
            }
            if let period = subscription.period, period.value != offer.period.value {
                log.warning(
                    "a pay-as-you-go offer is charged per subscription period; its period \(Diagnostic.quote(offer.period.value)) differs from the subscription's \(Diagnostic.quote(period.value))",
                    at: offer.period.location)
            }
        }
        if let periods = offer.periods, !(1...12).contains(periods.value) {
            log.error("introductory offer 'periods' must be between 1 and 12", at: periods.location)
        }
        if let price = offer.price {
            PriceRules.check(price, named: "introductory offer price", into: &log)
        }
    }

    /// Groups are told apart by their exact name, so two names that differ only in letter case
    /// make two groups, which is almost never meant.
    static func checkGroupNames(_ products: [Product], into log: inout DiagnosticLog) {
        var first: [String: Located<String>] = [:]
        for product in products {
            guard let group = product.subscription?.group else { continue }
            let folded = group.value.lowercased()
            if let earlier = first[folded] {
                if earlier.value != group.value {
                    log.warning(
                        "subscription group \(Diagnostic.quote(group.value)) differs from \(Diagnostic.quote(earlier.value)) only in letter case; they are two groups, and a customer can subscribe to both",
                        at: group.location, notes: [.note("the other spelling is here", at: earlier.location)])
                }
            } else {
                first[folded] = group
            }
        }
    }

    static func list(_ values: [String]) -> String {
        values.dropLast().joined(separator: ", ") + " or " + (values.last ?? "")
    }
}
