import Foundation

/// Holds deliveries until a test lets them through, so that several can overlap.
@MainActor
public final class DeliveryGate {
    public init() {}

    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false
    public private(set) var arrivals = 0

    public func pass() async {
        arrivals += 1
        guard !isOpen else { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    public func open() {
        isOpen = true
        waiting.forEach { $0.resume() }
        waiting.removeAll()
    }
}
