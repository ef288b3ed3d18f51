import IAPDiagnostics
import IAPModel
import Testing

/// A catalogue built to break generated Objective-C: IDs and names holding what string literals,
/// comments and identifiers must survive.
struct HostileCatalogue: Sendable, CustomTestStringConvertible {
    var name: String
    var workbook: Workbook

    var testDescription: String { name }

    /// Unless `tagged` is false, each ID starts with `p0`, `p1`, ... so the Swift names differ
    /// whatever the rest of the ID holds.
    init(
        _ name: String, manager: String = "HostileStore", tagged: Bool = true, ids: [String],
        referenceNames: [String] = []
    ) {
        self.name = name
        let here = IAPDiagnostics.SourceLocation(file: "\(name).md", line: 1, column: 1)
        let types = ProductType.allCases
        let products = ids.enumerated().map { index, id in
            Product(
                id: Located(tagged ? "p\(index)" + id : id, at: here), type: types[index % types.count],
                referenceName: Located(
                    index < referenceNames.count ? referenceNames[index] : "Product \(index)", at: here),
                price: Located(1, at: here), clearedForSale: Located(true, at: here), promoted: index % 2 == 0,
                subscription: types[index % types.count] == .autoRenewable
                    ? Subscription(
                        group: Located("G", at: here), period: Located("P1M", at: here), level: nil,
                        introductoryOffer: nil, location: here) : nil,
                location: here)
        }
        let app = AppConfiguration(
            name: Located("Hostile \(name)", at: here), bundleID: Located("com.example.\"hostile\\", at: here),
            manager: Located(manager, at: here), objectiveC: true, location: here)
        workbook = Workbook(chapters: [], app: app, products: products)
    }
}

enum HostileCatalogues {
    static let all: [HostileCatalogue] = [
        HostileCatalogue(
            "quotes", ids: ["com.x.\"quoted\"", "it's", "\"", "@\"nested\"@"],
            referenceNames: ["Say \"hi\"", "*/ closes nothing", "// twice", "#endif"]),
        HostileCatalogue(
            "backslashes", ids: ["back\\slash", "ends with\\", "\\n is not a newline", "%@ %s %n 100%"],
            referenceNames: ["trailing backslash \\", "trailing backslash and spaces \\  ", "\\\\", "a\\nb"]),
        HostileCatalogue(
            "line-breaks", ids: ["two\nlines", "cr\rlf\r\n", "tab\there", "nul\u{0}byte"],
            referenceNames: ["line\nbreak", "carriage\rreturn", "next\u{85}line", "separator\u{2028}here"]),
        HostileCatalogue(
            "non-ascii", manager: "Café",
            ids: ["gems💎", "café", "中文", "zero\u{200B}width", "rtl\u{202E}override", "bell\u{7}", "ÿ\u{7F}\u{9F}"],
            referenceNames: ["💎 Gems", "Café crème", "中文名称", "\u{FEFF}bom"]),
        HostileCatalogue(
            "trigraphs", ids: ["??=", "??/", "???", "a??'b??(c??)", "?"],
            referenceNames: ["what??/", "??=define", "???", "end??"]),
        HostileCatalogue(
            "keywords", manager: "id", tagged: false, ids: ["for", "while", "id", "default", "int", "2x", "BOOL"],
            referenceNames: ["for", "while"]),
        HostileCatalogue(
            "very-long",
            ids: [
                String(repeating: "com.example.long.", count: 30) + "end",
                String(repeating: "x", count: 1_000),
            ]),
        HostileCatalogue("empty", ids: []),
    ]
}
