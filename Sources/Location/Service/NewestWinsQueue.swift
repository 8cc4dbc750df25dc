import Locking

/// What a ``NewestWinsQueue`` holds: it drops fixes before anything else.
protocol NewestWinsElement: Sendable {
    /// Whether this is a fix (dropped first when the queue is full), not a state change.
    var isFix: Bool { get }
}

extension LocationUpdate: NewestWinsElement {
    var isFix: Bool { fix != nil }
}

extension ProviderEvent: NewestWinsElement {
    var isFix: Bool {
        if case .fix = self { true } else { false }
    }
}

/// A queue from any thread to one consuming task: bounded, newest wins, and counting what it
/// drops, so that the consumer can say so instead of leaving a silent gap. The service uses
/// two: its provider's events on their way in (``LocationService/consume(_:generation:)``),
/// and each ``LocationService/updates`` consumer's updates (``UpdateMailbox``).
///
/// Producers put elements in (``put(_:)``, never blocking); the consumer takes them
/// (``take()``), learning with each how many were dropped since the one before, and can ask
/// whether more are waiting (``pendingCount``) — the CLI flushes its output when none are.
/// When the queue is full the oldest *fix* is dropped (a state change such as
/// `providerUnavailable` is kept while there is a fix to drop instead).
///
/// Written for the job instead of using `AsyncStream`: `AsyncStream`'s storage is generic
/// and not specialized across the standard library's boundary, so each `yield` looked up
/// type metadata and witness tables at run time (a few percent of `petspot watch`'s CPU per
/// fix at full speed); this one is specialized in this module, and counts its drops itself.
final class NewestWinsQueue<Element: NewestWinsElement>: Sendable {
    /// What ``take()`` hands out: the element, and how many were dropped just before it.
    struct Delivery: Sendable {
        var element: Element
        var droppedBefore: Int
    }

    private struct State {
        var queue: [Element] = []
        var head = 0
        var dropped = 0
        var waiter: CheckedContinuation<Delivery?, Never>?
        var closed = false

        var count: Int { queue.count - head }

        mutating func takeFirst() -> Delivery {
            let element = queue[head]
            head += 1
            if head == queue.count {
                queue.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 64, head * 2 >= queue.count {
                queue.removeFirst(head)
                head = 0
            }
            defer { dropped = 0 }
            return Delivery(element: element, droppedBefore: dropped)
        }
    }

    /// The most elements kept waiting.
    let capacity: Int
    /// Called (on the producer's thread, outside the lock) when the queue drops an element
    /// after a delivery: once at the start of each run of drops.
    private let startedDropping: (@Sendable () -> Void)?
    private let state: Locked<State>

    init(capacity: Int, startedDropping: (@Sendable () -> Void)? = nil) {
        self.capacity = max(1, capacity)
        self.startedDropping = startedDropping
        state = Locked(State())
    }

    /// Queues `element`, or hands it straight to a waiting consumer. When the queue is full
    /// the oldest fix (else the oldest element) is dropped and counted.
    /// - Returns: whether the consumer has one more element to take: `false` when the queue
    ///   is closed or when the element took the place of one it dropped.
    @discardableResult
    func put(_ element: Element) -> Bool {
        let (handOff, added, firstDrop): ((CheckedContinuation<Delivery?, Never>, Delivery)?, Bool, Bool) =
            state.withLock { state in
                guard !state.closed else { return (nil, false, false) }
                if let waiter = state.waiter {
                    state.waiter = nil
                    defer { state.dropped = 0 }
                    return ((waiter, Delivery(element: element, droppedBefore: state.dropped)), true, false)
                }
                var added = true
                if state.count >= capacity {
                    let oldestFix = state.queue[state.head...].firstIndex { $0.isFix } ?? state.head
                    state.queue.remove(at: oldestFix)
                    state.dropped += 1
                    added = false
                }
                state.queue.append(element)
                return (nil, added, !added && state.dropped == 1)
            }
        if let (waiter, delivery) = handOff { waiter.resume(returning: delivery) }
        if firstDrop { startedDropping?() }
        return added
    }

    /// Counts `count` elements lost before they reached this queue; the next delivery
    /// reports them.
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

    /// How many elements are waiting.
    var pendingCount: Int { state.withLock { $0.count } }

    /// The next element (waiting for one if needed), or `nil` once the queue has ended.
    /// Only one task may take from a queue; cancelling it does not end the wait (``cancel()``
    /// does).
    func take() async -> Delivery? {
        if let ready = takeReady() { return ready }
        return await withCheckedContinuation { continuation in
            let immediate: Delivery?? = state.withLock { state in
                if state.count > 0 { return .some(state.takeFirst()) }
                if state.closed { return .some(nil) }
                state.waiter = continuation
                return .none
            }
            if case .some(let delivery) = immediate { continuation.resume(returning: delivery) }
        }
    }

    /// The next element if one is waiting, without waiting.
    func takeReady() -> Delivery? {
        state.withLock { $0.count > 0 ? $0.takeFirst() : nil }
    }
}

/// One ``LocationService/updates`` consumer's queue (see ``NewestWinsQueue``).
typealias UpdateMailbox = NewestWinsQueue<LocationUpdate>
