import Foundation
import IAPDiagnostics
import IAPModel

/// A product's own fields: reference name, price, sale status and dates.
enum ProductRules {
    static let referenceNameLimit = 64

    static func check(_ product: Product, into log: inout DiagnosticLog) {
        let name = product.referenceName
        if name.value.trimmingCharacters(in: .whitespaces).isEmpty {
            log.error("reference name is empty", at: name.location)
        } else if name.value.count > referenceNameLimit {
            log.error(
                "reference name is \(name.value.count) characters long; App Store Connect allows at most \(referenceNameLimit)",
                at: name.location)
        }
        if let price = product.price, price.value < 0 {
            log.error("price \(price.value) is negative", at: price.location)
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
