import IAPGenerate

/// The files `iapkit init` writes: settings, a book with a catalogue of one product of each
/// type, and a setup checklist whose items link to the automatic checks. Everything is plain
/// text the team edits from then on.
struct StarterBook {
    var name: String
    var bundleID: String
    /// `2`, `1` or `both`, as the app block's `storekit` key takes it.
    var storeKit: String
    /// The store's type name when the one made from the app's name cannot be used (an app named
    /// `App` would get `AppStore`, StoreKit's own type); nil leaves the key out.
    var manager: String? = nil

    static let guidesFolder = "Guides"

    var files: [GeneratedFile] {
        [
            GeneratedFile(path: "iapkit.yml", contents: settings),
            GeneratedFile(path: "\(Self.guidesFolder)/SUMMARY.md", contents: summary),
            GeneratedFile(path: "\(Self.guidesFolder)/products.md", contents: products),
            GeneratedFile(path: "\(Self.guidesFolder)/setup.md", contents: setup),
        ]
    }

    var settings: String {
        """
        # Settings of 'iapkit' in this folder. A path given on the command line wins over these.
        input: \(Self.guidesFolder)
        output: Store
        # The validation checklist and the troubleshooting reference, kept out of Store/ so that
        # adding Store/ to the app target adds only Swift and .storekit files:
        docs: IAPKit
        site: site
        # The Xcode project 'iapkit check' and 'iapkit build' look at:
        # project: \(name).xcodeproj

        """
    }

    var summary: String {
        """
        # Summary

        - [Products](products.md)
        - [Setting up the app](setup.md)

        """
    }

    /// A catalogue that lints clean: the names are the team's to change, the shapes show each
    /// product type with the keys it needs.
    var products: String {
        """
        # Products

        What \(name) sells. Each product below must exist in App Store Connect under exactly
        this ID and type; `iapkit lint` checks the catalogue and `iapkit generate` writes the
        store from it.

        ```yaml iap
        app:
          name: \(yamlText(name))
          bundleID: \(bundleID)
          storekit: \(storeKit)\(manager.map { "\n  manager: \($0)" } ?? "")

        products:
          - id: \(bundleID).coins100
            type: consumable
            referenceName: 100 coins
            price: 0.99
            units: 100
            localizations:
              en-US:
                displayName: 100 Coins
                description: A pouch of coins to spend in the app.

          - id: \(bundleID).premium
            type: non-consumable
            referenceName: Premium unlock
            price: 4.99
            familyShareable: true
            localizations:
              en-US:
                displayName: Premium
                description: Every premium feature, for good.

          - id: \(bundleID).pass.year
            type: non-renewing
            referenceName: One-year pass
            price: 9.99
            duration: P1Y
            localizations:
              en-US:
                displayName: One-Year Pass
                description: Everything in the app for one year.

          - id: \(bundleID).pro.monthly
            type: auto-renewable
            referenceName: Pro, monthly
            price: 2.99
            subscription:
              group: \(yamlText(name + " Pro"))
              period: P1M
              level: 1
            localizations:
              en-US:
                displayName: Pro (Monthly)
                description: Pro features, renewed every month.
        ```

        """
    }

    var setup: String {
        """
        # Setting up the app

        Tick these off as the app gets there. Items whose id names one of IAPKit's checks are
        checked against the Xcode project by `iapkit check`.

        ## App Store Connect

        - [ ] The Paid Applications agreement is active {#agreements}
        - [ ] Every product of the catalogue exists with the same ID and type {#product-id-mismatch}
        - [ ] Every product has a localization and a review screenshot {#metadata-missing}
        - [ ] Every product is cleared for sale {#cleared-for-sale}

        ## Xcode

        - [ ] Every build configuration uses the bundle ID \(bundleID) {#bundle-id-mismatch}
        - [ ] The store starts listening for transactions at launch {#listener-at-launch}
        - [ ] The app has a button that restores purchases {#restore-button}
        - [ ] The scheme's Run options name the generated .storekit file {#simulator-without-config}

        """
    }

    /// A plain YAML scalar, quoted when YAML would read it as something else.
    private func yamlText(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" || $0 == "." }
        if plain, let first = text.first, first.isLetter { return text }
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"\(escaped)\""
    }
}
