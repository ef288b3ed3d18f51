import IAPDiagnostics
import IAPModel

/// A `yaml iap` or `json iap` block as people read it: a table of the products (and the app)
/// it defines, with the block itself folded away below for those who want the source.
struct ConfigBlockView {
    let workbook: Workbook
    let file: String
    let interface: InterfaceLanguage

    func html(for range: SourceRange, info: String, code: String, languageClass: String) -> String {
        let lines = range.start.line...max(range.start.line, range.end.line)
        let products = workbook.products.filter { $0.location.file == file && lines.contains($0.location.line) }
        var html = "<div class=\"config-block\">\n"
        if let app = workbook.app, app.location.file == file, lines.contains(app.location.line) {
            html += appTable(app)
        }
        if !products.isEmpty { html += productTable(products) }
        html +=
            "<details class=\"config-source\"><summary>\(Escape.text(interface[.configSource])) <code>\(Escape.text(info))</code></summary>\n"
        html += "<pre><code\(languageClass)>\(code)</code></pre>\n</details>\n</div>\n"
        return html
    }

    private func appTable(_ app: AppConfiguration) -> String {
        var rows = [
            (interface[.appColumn], Escape.text(app.name.value)),
            (interface[.bundleIDColumn], code(app.bundleID.value)),
        ]
        if let manager = app.manager { rows.append((interface[.storeManagerColumn], code(manager.value))) }
        rows.append((interface[.storeKitColumn], Escape.text(app.storekit.rawValue)))
        if !app.platforms.isEmpty {
            rows.append(
                (
                    interface[.platformsColumn],
                    app.platforms.map { Escape.text("\($0.name) \($0.minimumVersion)") }.joined(separator: ", ")
                ))
        }
        var html = "<table class=\"app-table\">\n<tbody>\n"
        for (label, value) in rows {
            html += "<tr><th scope=\"row\">\(Escape.text(label))</th><td>\(value)</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }

    private func productTable(_ products: [Product]) -> String {
        let labels = [
            interface[.productIDColumn], interface[.typeColumn], interface[.priceColumn], interface[.periodColumn],
            interface[.groupColumn], interface[.localizationsColumn],
        ].map(Escape.attribute)
        var html = "<table class=\"product-table\">\n<thead><tr>"
        for label in labels {
            html += "<th scope=\"col\">\(label)</th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        for product in products {
            let subscription = product.subscription
            // A pass lasts its duration; a pack credits its units: both read as the product's term.
            var period =
                subscription?.period.map { Escape.text($0.value) } ?? product.duration.map { Escape.text($0.value) }
                ?? ""
            if let units = product.units?.value {
                period = Escape.text(interface.format(.units, ["count": "\(units)"]))
            }
            if let offer = subscription?.introductoryOffer {
                period +=
                    "<br><span class=\"offer\">" + Escape.text(interface[.introductoryOffer]) + " "
                    + Escape.text("\(offer.mode.rawValue) \(offer.period.value)")
                if let count = offer.periods?.value { period += Escape.text(" ×\(count)") }
                if let price = offer.price?.value {
                    period += Escape.text(interface.format(.offerPrice, ["price": "\(price)"]))
                }
                period += "</span>"
            }
            let cells = [
                code(product.id.value) + "<br><span class=\"reference-name\">"
                    + Escape.text(product.referenceName.value) + "</span>",
                Escape.text(product.type.rawValue),
                product.price.map { Escape.text("\($0.value)") } ?? "",
                period,
                subscription?.group.map { Escape.text($0.value) } ?? "",
                localizations(product.localizations),
            ]
            // Each cell names its column, for the narrow layout where a product is a card.
            html += "<tr>" + zip(labels, cells).map { "<td data-label=\"\($0)\">\($1)</td>" }.joined() + "</tr>\n"
        }
        return html + "</tbody>\n</table>\n"
    }

    private func localizations(_ localizations: [Localization]) -> String {
        guard !localizations.isEmpty else { return "" }
        var html = "<ul class=\"localizations\">"
        for localization in localizations {
            html += "<li><span class=\"locale\">\(Escape.text(localization.locale))</span> "
            html += "<strong>\(Escape.text(localization.displayName))</strong>"
            if !localization.description.isEmpty { html += ": " + Escape.text(localization.description) }
            html += "</li>"
        }
        return html + "</ul>"
    }

    private func code(_ text: String) -> String {
        "<code>" + Escape.text(text) + "</code>"
    }
}
