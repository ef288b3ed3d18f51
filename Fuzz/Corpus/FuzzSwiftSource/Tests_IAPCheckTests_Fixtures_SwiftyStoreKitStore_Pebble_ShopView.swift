import SwiftUI

/// The shop screen asks for the products when it appears.
struct ShopView: View {
    let store: Store

    var body: some View {
        Text("Shop").onAppear { store.load() }
    }
}
