import Synchronization

/// A fan-out channel behind the stand-in's endless sequences (`Transaction.updates`,
/// `PurchaseIntent.intents`, `Storefront.updates`).
///
/// Each iteration of such a sequence is one listener. A listener is registered when its iterator
/// is made and gets every value published from then on, in order, in its own queue. Its
/// iteration ends when the task running it is cancelled, when the iterator is dropped, or when
/// the fake store is reset.
///
/// A channel that holds values while unheard keeps whatever is published while nobody listens
/// and hands all of it to the next listener that registers, the way StoreKit hands unfinished
/// transactions to the first `updates` loop of a launch.
///
/// The channel also lets tests wait without sleeping: for a number of listeners to register,
/// and for the channel to be idle (nothing held for a future listener, and every listener has
/// taken all it was given and is back waiting for more).
final class Broadcast<Element: Sendable>: Sendable {
    private struct Listener {
        var queue: [Element] = []
        var waiting: CheckedContinuation<Element?, Never>?
    }

    private struct ListenerWaiter {
        let token: Int
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct IdleWaiter {
        let token: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var nextToken = 0
        var listeners: [Int: Listener] = [:]
        var held: [Element] = []
        var listenerWaiters: [ListenerWaiter] = []
        var idleWaiters: [IdleWaiter] = []
        var endedWaiters: Set<Int> = []

        mutating func makeToken() -> Int {
            nextToken += 1
            return nextToken
        }

        var isIdle: Bool {
            held.isEmpty && listeners.values.allSatisfy { $0.queue.isEmpty && $0.waiting != nil }
        }

        /// Removes and returns the waiters whose condition now holds.
        mutating func takeSatisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
            var ready: [CheckedContinuation<Void, Never>] = []
            let count = listeners.count
            listenerWaiters.removeAll { waiter in
                guard waiter.count <= count else { return false }
                ready.append(waiter.continuation)
                return true
            }
            if isIdle {
                ready += idleWaiters.map(\.continuation)
                idleWaiters.removeAll()
            }
            return ready
        }
    }

    private let state = Mutex(State())
    private let holdsWhileUnheard: Bool

    init(holdsWhileUnheard: Bool) {
        self.holdsWhileUnheard = holdsWhileUnheard
    }

    /// Registers a new listener. Values held for an absent listener move to its queue.
    func register() -> Int {
        let (token, ready) = state.withLock { state in
            let token = state.makeToken()
            var listener = Listener()
            if state.listeners.isEmpty {
                listener.queue = state.held
                state.held.removeAll()
            }
            state.listeners[token] = listener
            return (token, state.takeSatisfiedWaiters())
        }
        ready.forEach { $0.resume() }
        return token
    }

    /// Ends one listener. Values it was given but never took are held again when it was the last
    /// listener, so that they are not lost.
    func unregister(_ token: Int) {
        let (waiting, ready) = state.withLock { state in
            guard let listener = state.listeners.removeValue(forKey: token) else {
                return (CheckedContinuation<Element?, Never>?.none, [CheckedContinuation<Void, Never>]())
            }
            if state.listeners.isEmpty && holdsWhileUnheard {
                state.held = listener.queue + state.held
            }
            return (listener.waiting, state.takeSatisfiedWaiters())
        }
        waiting?.resume(returning: nil)
        ready.forEach { $0.resume() }
    }

    /// The next value for one listener, or `nil` once its iteration has ended.
    func next(for token: Int) async -> Element? {
        if Task.isCancelled {
            unregister(token)
            return nil
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Element?, Never>) in
                let (value, ended, ready) = state.withLock { state in
                    guard var listener = state.listeners[token] else {
                        return (Element?.none, true, [CheckedContinuation<Void, Never>]())
                    }
                    if listener.queue.isEmpty {
                        listener.waiting = continuation
                        state.listeners[token] = listener
                        return (nil, false, state.takeSatisfiedWaiters())
                    }
                    let value = listener.queue.removeFirst()
                    state.listeners[token] = listener
                    return (value, false, [])
                }
                if let value {
                    continuation.resume(returning: value)
                } else if ended {
                    continuation.resume(returning: nil)
                }
                ready.forEach { $0.resume() }
            }
        } onCancel: {
            unregister(token)
        }
    }

    /// Sends a value to every listener, or holds it when nobody listens (if this channel holds).
    func publish(_ value: Element) {
        let waiting = state.withLock { state in
            if state.listeners.isEmpty {
                if holdsWhileUnheard {
                    state.held.append(value)
                }
                return [CheckedContinuation<Element?, Never>]()
            }
            var waiting: [CheckedContinuation<Element?, Never>] = []
            for token in state.listeners.keys.sorted() {
                guard var listener = state.listeners[token] else { continue }
                if let continuation = listener.waiting {
                    waiting.append(continuation)
                    listener.waiting = nil
                } else {
                    listener.queue.append(value)
                }
                state.listeners[token] = listener
            }
            return waiting
        }
        waiting.forEach { $0.resume(returning: value) }
    }

    /// Sends a value to every listener; with nobody listening it is dropped.
    func publishIfHeard(_ value: Element) {
        guard listenerCount > 0 else { return }
        publish(value)
    }

    /// Holds values for the next listener, as if they were published while nobody listened.
    func hold(_ values: [Element]) {
        guard holdsWhileUnheard, !values.isEmpty else { return }
        state.withLock { $0.held += values }
    }

    /// Ends every listener and forgets held values.
    func reset() {
        let (waiting, ready) = state.withLock { state in
            let waiting = state.listeners.values.compactMap(\.waiting)
            state.listeners.removeAll()
            state.held.removeAll()
            return (waiting, state.takeSatisfiedWaiters())
        }
        waiting.forEach { $0.resume(returning: nil) }
        ready.forEach { $0.resume() }
    }

    var listenerCount: Int {
        state.withLock { $0.listeners.count }
    }

    var isIdle: Bool {
        state.withLock { $0.isIdle }
    }

    /// Returns once at least `count` listeners are registered, or when the waiting task is
    /// cancelled.
    func waitForListeners(count: Int) async {
        let token = state.withLock { $0.makeToken() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    if state.listeners.count >= count || state.endedWaiters.remove(token) != nil {
                        return true
                    }
                    state.listenerWaiters.append(ListenerWaiter(token: token, count: count, continuation: continuation))
                    return false
                }
                if resumeNow {
                    continuation.resume()
                }
            }
        } onCancel: {
            cancelWaiter(token)
        }
    }

    /// Returns once the channel is idle, or when the waiting task is cancelled.
    func waitUntilIdle() async {
        let token = state.withLock { $0.makeToken() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    if state.isIdle || state.endedWaiters.remove(token) != nil {
                        return true
                    }
                    state.idleWaiters.append(IdleWaiter(token: token, continuation: continuation))
                    return false
                }
                if resumeNow {
                    continuation.resume()
                }
            }
        } onCancel: {
            cancelWaiter(token)
        }
    }

    /// Wakes a cancelled waiter, or marks it so that it does not start waiting at all.
    private func cancelWaiter(_ token: Int) {
        let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if let index = state.listenerWaiters.firstIndex(where: { $0.token == token }) {
                return state.listenerWaiters.remove(at: index).continuation
            }
            if let index = state.idleWaiters.firstIndex(where: { $0.token == token }) {
                return state.idleWaiters.remove(at: index).continuation
            }
            state.endedWaiters.insert(token)
            return nil
        }
        continuation?.resume()
    }
}

/// Keeps one listener registered for as long as an iterator holds it.
final class ListenerRegistration<Element: Sendable>: Sendable {
    let channel: Broadcast<Element>
    let token: Int

    init(channel: Broadcast<Element>) {
        self.channel = channel
        self.token = channel.register()
    }

    deinit {
        channel.unregister(token)
    }
}

/// The shared iterator state for the stand-in's sequences: either a listener on a channel or a
/// fixed list read when the iteration began.
struct FeedIterator<Element: Sendable>: Sendable {
    private enum Source: Sendable {
        case listening(ListenerRegistration<Element>)
        case list([Element], next: Int)
        case ended
    }

    private var source: Source

    init(listeningTo channel: Broadcast<Element>) {
        source = .listening(ListenerRegistration(channel: channel))
    }

    init(list: [Element]) {
        source = .list(list, next: 0)
    }

    mutating func next() async -> Element? {
        switch source {
        case .listening(let registration):
            guard let value = await registration.channel.next(for: registration.token) else {
                source = .ended
                return nil
            }
            return value
        case .list(let list, let index):
            // StoreKit reads its lists from another process: each element is a suspension, at
            // which other work on the same actor can run.
            await Task.yield()
            guard index < list.count else {
                source = .ended
                return nil
            }
            source = .list(list, next: index + 1)
            return list[index]
        case .ended:
            return nil
        }
    }
}
