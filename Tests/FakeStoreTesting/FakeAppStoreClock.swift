import Foundation
import StoreKit

/// The fake App Store's clock, in the shape of the generated stores' `StoreClock`: each test
/// target declares the conformance for its own generated protocol
/// (`extension FakeAppStoreClock: StoreClock {}`).
public struct FakeAppStoreClock: Sendable {
    public init() {}

    public var now: Date { FakeAppStore.now }

    public func sleep(until date: Date) async throws {
        try await FakeAppStore.sleep(until: date)
    }
}
