import Foundation
import IAPDiagnostics
import IAPModel

/// A product's own fields: reference name, price, sale status and dates.
enum ProductRules {
    static let referenceNameLimit = 64

    static func check(_ product: Product, into log: inout DiagnosticLog) {
        let name = product.referenceName
        if let control = TextRules.controlCharacter(in: name.value) {
            log.error(
                "reference name contains the control character \(control); App Store Connect takes one line of plain text",
                at: name.location)
        } else if name.value.trimmingCharacters(in: .whitespaces).isEmpty {
            log.error("reference name is empty", at: name.location)
        } else if name.value.count > referenceNameLimit {
            log.error(
                "reference name is \(name.value.count) characters long; App Store Connect allows at most \(referenceNameLimit)",
                at: name.location)
        }
        if let price = product.price {
            PriceRules.check(price, named: "price", into: &log)
        }
        if !product.clearedForSale.value {
            log.warning(
                "product \(Diagnostic.quote(product.id.value)) is not cleared for sale; the store will not return it",
                at: product.clearedForSale.location)
        }
        if let created = product.createdAt, !DateRule.isCalendarDate(created.value) {
            log.error(
                "createdAt \(Diagnostic.quote(created.value)) is not a date in the form YYYY-MM-DD",
                at: created.location)
        }
        if product.type == .autoRenewable, product.subscription == nil {
            log.error(
                "auto-renewable product \(Diagnostic.quote(product.id.value)) needs a 'subscription' with a group and a period",
                at: product.location)
        }
        if product.type != .autoRenewable, let subscription = product.subscription {
            log.error(
                "only auto-renewable products take a 'subscription'; \(Diagnostic.quote(product.id.value)) is \(product.type.rawValue)",
                at: subscription.location)
        }
    }
}

/// Prices App Store Connect can hold: not negative, at most two decimal places (`0.001` would
/// be rounded by someone, somewhere, without a word), and not beyond any price tier (a value of
/// 23 digits is a typo, and loses digits on its way into Xcode's `.storekit` file).
enum PriceRules {
    static let decimalPlaces = 2
    /// Ten digits before the point: above the highest price point of every currency.
    static let highest = Decimal(sign: .plus, exponent: -2, significand: 999_999_999_999)

    static func check(_ price: Located<Decimal>, named what: String, into log: inout DiagnosticLog) {
        if price.value < 0 {
            log.error("\(what) \(price.value) is negative", at: price.location)
            return
        }
        var value = price.value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, decimalPlaces, .plain)
        if rounded != price.value {
            log.error(
                "\(what) \(price.value) has more than \(decimalPlaces) decimal places; App Store prices have at most \(decimalPlaces)",
                at: price.location)
        } else if price.value > highest {
            log.error(
                "\(what) \(price.value) is higher than any App Store price; prices have at most 10 digits before the point",
                at: price.location)
        }
    }
}

/// Text App Store Connect shows on one line.
enum TextRules {
    /// The first control character (C0, DEL, C1) or line or paragraph separator, as `U+000D`.
    static func controlCharacter(in text: String) -> String? {
        guard
            let scalar = text.unicodeScalars.first(where: {
                $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}"
            })
        else { return nil }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

enum DateRule {
    /// `2026-11-20`: a real day of a real month.
    static func isCalendarDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) }), (1...12).contains(month)
        else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...lengths[month - 1]).contains(day)
    }
}
