import Foundation

/// Saved entitlements in memory, which outlive the store that wrote them (a relaunch is a new
/// store over the same storage) and whose saves can be made to fail, like a keychain that
/// refuses a write. Each test target declares the conformance to its generated
/// `EntitlementStore.Storage`.
public final class FakeEntitlementStorage: @unchecked Sendable {
    public struct WriteFailed: Error {}

    private let lock = NSLock()
    private var data: Data?
    private var failing = false

    public init() {}

    /// While true, every save throws `WriteFailed` and keeps nothing.
    public var failsToSave: Bool {
        get { lock.withLock { failing } }
        set { lock.withLock { failing = newValue } }
    }

    public func load() throws -> Data? {
        lock.withLock { data }
    }

    public func save(_ data: Data) throws {
        try lock.withLock {
            if failing { throw WriteFailed() }
            self.data = data
        }
    }
}
