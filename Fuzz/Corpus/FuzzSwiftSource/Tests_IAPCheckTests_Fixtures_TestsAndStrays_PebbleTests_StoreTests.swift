import Testing

@testable import Pebble

/// A test asks for an ID the store must not know.
@Test func anUnknownIDIsReported() async throws {
    #expect(try await Store().products(["com.example.pebble.gem"]).isEmpty)
}
