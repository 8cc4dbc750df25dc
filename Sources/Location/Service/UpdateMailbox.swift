import Locking

/// One ``LocationService/updates`` consumer's queue: bounded, newest wins, and counting what
/// it drops so that the consumer can say so instead of leaving a silent gap.
///
/// The service puts updates in (``put(_:)``, never blocking); the consumer takes them
/// (``take()``), learning with each how many were dropped since the one before, and can ask
/// whether more are waiting (``pendingCount``) — the CLI flushes its output when none are.
/// When the queue is full the oldest *fix* is dropped (a state change such as
/// `providerUnavailable` is kept while there is a fix to drop instead).
final class UpdateMailbox: Sendable {
    /// What ``take()`` hands out: the update, and how many were dropped just before it.
    struct Delivery {
        var update: LocationUpdate
        var droppedBefore: Int
    }

    private struct State {
        var queue: [LocationUpdate] = []
        var head = 0
        var dropped = 0
        var waiter: CheckedContinuation<Delivery?, Never>?
        var closed = false

        var count: Int { queue.count - head }

        mutating func removeFirst() -> LocationUpdate {
            let update = queue[head]
            head += 1
            if head >= 64, head * 2 >= queue.count {
                queue.removeFirst(head)
                head = 0
            }
            return update
        }
    }

    /// The most updates kept waiting.
    let capacity: Int
    private let state = Locked(State())

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Queues `update`, or hands it straight to a waiting consumer. When the queue is full the
    /// oldest fix (else the oldest update) is dropped and counted.
    /// - Returns: whether the consumer has one more update to take: `false` when the queue is
    ///   closed or when the update took the place of one it dropped.
    @discardableResult
    func put(_ update: LocationUpdate) -> Bool {
        let (handOff, added): ((CheckedContinuation<Delivery?, Never>, Delivery)?, Bool) = state.withLock { state in
            guard !state.closed else { return (nil, false) }
            if let waiter = state.waiter {
                state.waiter = nil
                defer { state.dropped = 0 }
                return ((waiter, Delivery(update: update, droppedBefore: state.dropped)), true)
            }
            var added = true
            if state.count >= capacity {
                let oldestFix = state.queue[state.head...].firstIndex { $0.fix != nil } ?? state.head
                state.queue.remove(at: oldestFix)
                state.dropped += 1
                added = false
            }
            state.queue.append(update)
            return (nil, added)
        }
        if let (waiter, delivery) = handOff { waiter.resume(returning: delivery) }
        return added
    }

    /// Counts `count` updates lost before they reached this queue (the provider's buffer
    /// overflowed); the next delivery reports them.
    func noteDropped(_ count: Int) {
        state.withLock { $0.dropped += count }
    }

    /// Ends the queue: the consumer gets what is waiting, then `nil`.
    func finish() {
        close(discardingWaiting: false)
    }

    /// Ends the queue at once (the consumer was cancelled): `nil` from now on.
    func cancel() {
        close(discardingWaiting: true)
    }

    private func close(discardingWaiting: Bool) {
        let waiter = state.withLock { state in
            state.closed = true
            if discardingWaiting {
                state.queue = []
                state.head = 0
            }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }

    /// Takes the drops not yet reported with a delivery (those after the last one, when the
    /// queue has ended).
    func takeDropped() -> Int {
        state.withLock { state in
            defer { state.dropped = 0 }
            return state.dropped
        }
    }

    /// How many updates are waiting.
    var pendingCount: Int { state.withLock { $0.count } }

    /// The next update (waiting for one if needed), or `nil` once the queue has ended.
    /// Only one task may take from a mailbox.
    func take() async -> Delivery? {
        if let ready = takeReady() { return ready }
        return await withCheckedContinuation { continuation in
            let immediate: Delivery?? = state.withLock { state in
                if state.count > 0 {
                    defer { state.dropped = 0 }
                    return .some(Delivery(update: state.removeFirst(), droppedBefore: state.dropped))
                }
                if state.closed { return .some(nil) }
                state.waiter = continuation
                return .none
            }
            if case .some(let delivery) = immediate { continuation.resume(returning: delivery) }
        }
    }

    private func takeReady() -> Delivery? {
        state.withLock { state in
            guard state.count > 0 else { return nil }
            defer { state.dropped = 0 }
            return Delivery(update: state.removeFirst(), droppedBefore: state.dropped)
        }
    }
}
