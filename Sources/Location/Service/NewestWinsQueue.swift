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
/// Anyone may also wake the consumer (``wake()``): a consumer that waits with
/// ``takeOrWake()`` gets ``Taken/wake`` once no element is waiting — the event stream's
/// heartbeat, without a timer task of its own per client. Wakes not yet seen are one flag, so
/// they cost nothing more while the consumer is busy.
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

    /// What a wait with ``takeOrWake()`` ends with.
    enum Taken: Sendable {
        /// The next element.
        case delivery(Delivery)
        /// ``wake()`` was called, and no element is waiting.
        case wake
        /// The queue has ended and is empty.
        case end
    }

    private struct State {
        var queue: [Element] = []
        var head = 0
        var dropped = 0
        var waiter: CheckedContinuation<Taken, Never>?
        var closed = false
        /// A ``wake()`` the consumer has not seen yet.
        var woken = false

        var count: Int { queue.count - head }

        /// What the consumer takes now: an element before the end, the end before a wake, and
        /// `nil` when it must wait.
        mutating func takeNext() -> Taken? {
            if count > 0 { return .delivery(takeFirst()) }
            if closed { return .end }
            guard woken else { return nil }
            woken = false
            return .wake
        }

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
        let (handOff, added, firstDrop): ((CheckedContinuation<Taken, Never>, Delivery)?, Bool, Bool) =
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
        if let (waiter, delivery) = handOff { waiter.resume(returning: .delivery(delivery)) }
        if firstDrop { startedDropping?() }
        return added
    }

    /// Counts `count` elements lost before they reached this queue; the next delivery
    /// reports them.
    func noteDropped(_ count: Int) {
        state.withLock { $0.dropped += count }
    }

    /// Wakes the consumer: its ``takeOrWake()`` returns ``Taken/wake`` at once when it waits,
    /// else once the elements waiting now (and any put meanwhile) are taken. Wakes the consumer
    /// has not seen yet count as one; an ended queue ignores them. Never blocks; callable from
    /// any thread.
    func wake() {
        let waiter = state.withLock { state -> CheckedContinuation<Taken, Never>? in
            guard !state.closed else { return nil }
            // A waiting consumer found no element and no wake: hand it this one.
            guard let waiter = state.waiter else {
                state.woken = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: .wake)
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
            state.woken = false
            if discardingWaiting {
                state.queue = []
                state.head = 0
            }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: .end)
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

    /// The next element (waiting for one if needed), or `nil` once the queue has ended;
    /// wakes are passed over. Only one task may take from a queue; cancelling it does not end
    /// the wait (``cancel()`` does).
    ///
    /// Runs on the caller's executor (`nonisolated(nonsending)`), as ``takeOrWake()`` does: the
    /// service's loop takes a batch of events one after another without leaving its actor. A
    /// plain `nonisolated async` take hopped to the generic executor after each element, and on
    /// a task executor (`watch`'s gpsd loop) that hop is an enqueue behind the printer: the
    /// printer then ran between two events and wrote each fix with a `write` of its own
    /// (Docs/Performance.md, "`watch`: a write per fix").
    nonisolated(nonsending) func take() async -> Delivery? {
        while true {
            switch await takeOrWake() {
            case .delivery(let delivery): return delivery
            case .end: return nil
            case .wake: continue
            }
        }
    }

    /// The next element, else a ``wake()`` not yet seen, else the end — waiting for one of them
    /// if none is there. Only one task may take from a queue; cancelling it does not end the
    /// wait (``cancel()`` does). Runs on the caller's executor, and suspends only to wait.
    nonisolated(nonsending) func takeOrWake() async -> Taken {
        if let ready = state.withLock({ $0.takeNext() }) { return ready }
        return await withCheckedContinuation { continuation in
            let immediate = state.withLock { state -> Taken? in
                if let ready = state.takeNext() { return ready }
                state.waiter = continuation
                return nil
            }
            if let immediate { continuation.resume(returning: immediate) }
        }
    }

    /// The next element if one is waiting, without waiting.
    func takeReady() -> Delivery? {
        state.withLock { $0.count > 0 ? $0.takeFirst() : nil }
    }
}

/// One ``LocationService/updates`` consumer's queue (see ``NewestWinsQueue``).
typealias UpdateMailbox = NewestWinsQueue<LocationUpdate>
