import StoreKit
import SwiftUI

/// The shop shows each product with Apple's own view, which looks the product up by its ID; an
/// ID the App Store does not know leaves an empty placeholder that nothing names.
struct ShopView: View {
    var body: some View {
        VStack {
            ProductView(id: "com.example.pebble.gems")
            ProductView(id: "com.example.pebble.pro")
        }
    }
}
