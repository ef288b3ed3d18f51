import IAPModel

/// Writes an imported catalogue as a guide chapter: a short introduction and one `yaml iap`
/// block, which `iapkit lint` and `iapkit generate` read like any hand-written block.
public enum GuideChapterWriter {
    /// The chapter for `catalogue`, read from the file named `sourceName` (nil when the file
    /// has no name, as on standard input).
    /// With `app`, the block also says which app sells the products (`app: {name, bundleID}`),
    /// so the chapter is a whole book on its own.
    public static func chapter(
        for catalogue: StoreKitCatalogue, sourceName: String?, app: (name: String, bundleID: String)? = nil
    ) -> String {
        let source = sourceName.map { "the StoreKit configuration file " + MarkdownText.codeSpan($0) }
        var lines = [
            "# In-app purchases",
            "",
            "These products come from \(source ?? "a StoreKit configuration file"):",
            contents(catalogue) + ".",
            "From now on this chapter is their source. `iapkit lint` checks the block below, and",
            "`iapkit generate` writes the store code and a new `.storekit` file from it.",
            "",
        ]
        if !catalogue.warnings.isEmpty {
            lines += [
                "> [!NOTE]",
                "> The import gave \(counted(catalogue.warnings.count, "warning")), which `iapkit storekit import` prints.",
                "> What the guide format has no place for, such as promotional offers and test settings,",
                "> stays in Xcode.",
                "",
            ]
        }
        lines.append("```yaml iap")
        if let app {
            lines += [
                "app:", "  name: " + YAMLScalar.quoted(app.name), "  bundleID: " + YAMLScalar.quoted(app.bundleID), "",
            ]
        }
        lines += catalogueLines(catalogue.products)
        lines.append("```")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Stands where a non-renewing product's `duration` goes: `.storekit` files do not record
    /// how long one purchase lasts, so the person importing writes it in.
    public static let durationPlaceholder =
        "# duration: how long one purchase lasts, such as P1Y (the .storekit file does not say)"

    /// The body of the config block.
    static func catalogueLines(_ products: [Product]) -> [String] {
        guard !products.isEmpty else { return ["products: []"] }
        var lines = ["products:"]
        for product in products {
            lines.append("  - id: " + YAMLScalar.quoted(product.id.value))
            lines.append("    type: " + product.type.rawValue)
            lines.append("    referenceName: " + YAMLScalar.quoted(product.referenceName.value))
            if let price = product.price {
                lines.append("    price: " + YAMLScalar.decimal(price.value))
            }
            lines.append("    familyShareable: \(product.familyShareable)")
            if product.type == .nonRenewing {
                lines.append("    " + durationPlaceholder)
            }
            if let subscription = product.subscription {
                lines += subscriptionLines(subscription)
            }
            if product.localizations.isEmpty {
                lines.append("    localizations: {}")
            } else {
                lines.append("    localizations:")
                for localization in product.localizations {
                    lines.append("      \(YAMLScalar.quoted(localization.locale)):")
                    lines.append("        displayName: " + YAMLScalar.quoted(localization.displayName))
                    lines.append("        description: " + YAMLScalar.quoted(localization.description))
                }
            }
        }
        return lines
    }

    private static func subscriptionLines(_ subscription: Subscription) -> [String] {
        var lines = ["    subscription:"]
        if let group = subscription.group {
            lines.append("      group: " + YAMLScalar.quoted(group.value))
        }
        if let period = subscription.period {
            lines.append("      period: " + YAMLScalar.quoted(period.value))
        }
        if let level = subscription.level {
            lines.append("      level: \(level.value)")
        }
        if let offer = subscription.introductoryOffer {
            lines.append("      introductoryOffer:")
            lines.append("        mode: " + offer.mode.rawValue)
            lines.append("        period: " + YAMLScalar.quoted(offer.period.value))
            if let periods = offer.periods {
                lines.append("        periods: \(periods.value)")
            }
            if let price = offer.price {
                lines.append("        price: " + YAMLScalar.decimal(price.value))
            }
        }
        return lines
    }

    /// "3 products in 1 subscription group", or "2 products" when there are no groups.
    private static func contents(_ catalogue: StoreKitCatalogue) -> String {
        let products = counted(catalogue.products.count, "product")
        guard catalogue.groupCount > 0 else { return products }
        return products + " in " + counted(catalogue.groupCount, "subscription group")
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
