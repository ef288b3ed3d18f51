import Testing

/// The fake App Store is one shared state per test process, and several test targets use it.
/// A test carrying this trait runs alone with respect to every other such test, in any suite
/// of any target, while unrelated tests still run in parallel.
public struct ExclusiveFakeStore: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else {
            try await function()
            return
        }
        await FakeStoreTurns.shared.acquire()
        do {
            try await function()
        } catch {
            await FakeStoreTurns.shared.release()
            throw error
        }
        await FakeStoreTurns.shared.release()
    }
}

extension Trait where Self == ExclusiveFakeStore {
    /// Run one at a time with every other test that uses the fake App Store.
    public static var exclusiveFakeStore: Self { ExclusiveFakeStore() }
}

/// A first-come, first-served lock for async code.
actor FakeStoreTurns {
    static let shared = FakeStoreTurns()
    private var taken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        guard taken else {
            taken = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            taken = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
