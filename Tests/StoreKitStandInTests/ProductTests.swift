import Foundation
import StoreKit
import Testing

extension FakeStoreSuite {
    @Suite struct ProductTests {
        init() {
            Catalog.setUp()
        }

        @Test func unknownIdentifiersAreLeftOut() async throws {
            let products = try await Product.products(for: ["com.example.premium", "com.example.missing"])
            #expect(products.map(\.id) == ["com.example.premium"])
        }

        @Test func productsComeOnceInTheOrderAskedFor() async throws {
            let ids: Set<String> = []
            #expect(try await Product.products(for: ids).isEmpty)
            let products = try await Product.products(for: [
                "com.example.season", "com.example.coins", "com.example.season",
            ])
            #expect(products.map(\.id) == ["com.example.season", "com.example.coins"])
        }

        @Test func productFieldsComeFromTheCatalog() async throws {
            let coins = try await Catalog.product(Catalog.coins)
            #expect(coins.type == .consumable)
            #expect(coins.displayName == "100 Coins")
            #expect(coins.description == "A pile of coins")
            #expect(coins.price == Decimal(string: "0.99"))
            #expect(coins.displayPrice == "$0.99")
            #expect(!coins.isFamilyShareable)
            #expect(coins.subscription == nil)

            let premium = try await Catalog.product(Catalog.premium)
            #expect(premium.isFamilyShareable)
            #expect(premium.displayPrice == "$4.99")
        }

        @Test func subscriptionInfoComesFromTheCatalog() async throws {
            let monthly = try await Catalog.product(Catalog.monthly)
            let subscription = try #require(monthly.subscription)
            #expect(subscription.subscriptionGroupID == "pro")
            #expect(subscription.subscriptionPeriod.value == 1)
            #expect(subscription.subscriptionPeriod.unit == .month)
            #expect(subscription.groupLevel == 2)
            let offer = try #require(subscription.introductoryOffer)
            #expect(offer.type == .introductory)
            #expect(offer.paymentMode == .freeTrial)
            #expect(offer.period.unit == .week)
            #expect(offer.periodCount == 1)
            #expect(offer.displayPrice == "$0.00")
            #expect(offer.id == nil)

            let yearly = try await Catalog.product(Catalog.yearly)
            #expect(yearly.subscription?.introductoryOffer == nil)
        }

        @Test func aScriptedErrorFailsTheRequest() async throws {
            FakeAppStore.productsError = StoreKitError.networkError(URLError(.notConnectedToInternet))
            await #expect {
                _ = try await Product.products(for: ["com.example.premium"])
            } throws: { error in
                guard case StoreKitError.networkError(let urlError) = error else { return false }
                return urlError.code == .notConnectedToInternet
            }
            FakeAppStore.productsError = nil
            #expect(try await Product.products(for: ["com.example.premium"]).count == 1)
            #expect(FakeAppStore.productRequestCount == 2)
        }

        @Test func theCatalogCanChange() async throws {
            FakeAppStore.reset()
            #expect(try await Product.products(for: ["com.example.premium"]).isEmpty)
            FakeAppStore.offer(Catalog.premium)
            FakeAppStore.offer(FakeProduct(id: "com.example.premium", type: .nonConsumable, price: 1))
            #expect(FakeAppStore.products.count == 1)
            #expect(try await Catalog.product(Catalog.premium).displayPrice == "$1.00")
            FakeAppStore.withdraw(productID: "com.example.premium")
            #expect(try await Product.products(for: ["com.example.premium"]).isEmpty)
        }

        @Test func canMakePaymentsFollowsTheFakeStore() {
            #expect(AppStore.canMakePayments)
            FakeAppStore.canMakePayments = false
            #expect(!AppStore.canMakePayments)
        }

        @Test func storefrontFollowsTheFakeStore() async {
            #expect(await Storefront.current?.countryCode == "USA")
            #expect(await Storefront.current?.id == "143441")
            FakeAppStore.setStorefront(countryCode: "FRA", id: "143442")
            #expect(await Storefront.current?.countryCode == "FRA")
            FakeAppStore.clearStorefront()
            #expect(await Storefront.current == nil)
        }
    }
}
