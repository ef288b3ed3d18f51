import Dispatch
import Foundation

/// Runs `transform` for every index on all cores and returns the results in index order, as if
/// they had been computed one by one. Used where independent files are read: chapters of a
/// book, Swift files of a project.
public func concurrentMap<Result: Sendable>(count: Int, _ transform: @Sendable (Int) -> Result) -> [Result] {
    let slots = ConcurrentSlots<Result?>(repeating: nil, count: count)
    DispatchQueue.concurrentPerform(iterations: count) { index in
        slots[index] = transform(index)
    }
    return slots.all.compactMap { $0 }
}

/// The results of a concurrent loop, one slot per index, behind a lock: each slot is filled by
/// one job, on whichever thread runs it.
public final class ConcurrentSlots<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Element]

    public init(repeating value: Element, count: Int) {
        slots = Array(repeating: value, count: count)
    }

    public subscript(index: Int) -> Element {
        get { locked { slots[index] } }
        set { locked { slots[index] = newValue } }
    }

    public var all: [Element] { locked { slots } }

    /// `NSLock.withLock` needs macOS 14; this works wherever the package builds.
    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
