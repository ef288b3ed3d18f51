import Foundation
import IAPTestSupport
import Testing

/// Mangled guides never crash the tool: every run ends with status 0, 1 or 2 and, when a guide
/// has errors, with a located message.
@Suite struct RandomInputTests {

    static let seedGuide = """
        # Shop

        > [!NOTE]
        > Products load late.

        1. Create the products.
        2. Wire the store.

        - [ ] Agreements signed {#agreements}
        - [x] Bundle ID checked {#bundle-id}

        ```yaml iap
        app:
          name: Shop
          bundleID: com.example.shop
        products:
          - id: com.example.shop.gems
            type: consumable
            referenceName: Gems
            price: 0.99
            localizations:
              en-US: {displayName: Gems, description: Shiny}
          - id: com.example.shop.pro
            type: auto-renewable
            referenceName: Pro
            price: 4.99
            subscription: {group: Pro, period: P1M, introductoryOffer: {mode: free-trial, period: P1W}}
            localizations:
              en-US: {displayName: Pro, description: All of it}
        ```

        ```json iap
        {"products": [{"id": "com.example.shop.coins", "type": "consumable", "referenceName": "Coins", "price": 1}]}
        ```
        """

    @Test func mangledGuidesNeverCrash() {
        var random = SeededRandom(seed: 20_261_129)
        let original = Array(Self.seedGuide.utf8)
        let alphabet = Array("-:[]{}!#>`*&|\"'\\\n\t 0aZ,.\u{0}".utf8) + [0xFF, 0xC3]
        for round in 0..<300 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                let position = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[position] = alphabet.randomElement(using: &random) ?? 0
                case 1: bytes.insert(alphabet.randomElement(using: &random) ?? 0, at: position)
                default: bytes.remove(at: position)
                }
            }
            let outcome = CommandHarness.run(["lint", "guide.md"], files: ["guide.md": bytes])
            #expect([0, 1].contains(outcome.status), "round \(round)")
            if outcome.status == 1 {
                #expect(outcome.standardOutput.contains("guide.md:"), "round \(round): \(outcome.standardOutput)")
            }
        }
    }
}
