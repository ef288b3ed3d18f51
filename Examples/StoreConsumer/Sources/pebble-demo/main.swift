import PebbleStore

/// Lists the catalogue that the build plugin generated from the guides, as a quick look at
/// what the store sells.
for product in ProductID.allCases {
    print("\(product.rawValue)  \(product.kind.rawValue)")
}
