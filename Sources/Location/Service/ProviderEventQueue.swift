import Locking

/// A provider's events on their way into the service: in order, bounded, and counting what it
/// drops, so that consumers can be told (never a silent gap).
///
/// The provider puts events in from any thread (``put(_:)``, never blocking); the service's
/// one consuming task takes them (``take()``), learning with each how many were dropped just
/// before it. When the queue is full the oldest *fix* is dropped (a state change such as
/// `disconnected` is kept while there is a fix to drop instead), as in each consumer's
/// ``UpdateMailbox``. The queue is emptied by code that only hands events to the state
/// machine, so it fills only when the service gets no CPU for a long while.
///
/// Written for the one job instead of using `AsyncStream`: `AsyncStream`'s storage is generic
/// and not specialized across the standard library's boundary, so each `yield` looked up type
/// metadata and witness tables at run time (a few percent of `petspot watch`'s CPU per fix at
/// full speed), and its drop count needed a second lock beside it.
final class ProviderEventQueue: Sendable {
    /// What ``take()`` hands out: the event, and how many events were dropped just before it.
    struct Delivery {
        var event: ProviderEvent
        var droppedBefore: Int
    }

    private struct State {
        var queue: [ProviderEvent] = []
        var head = 0
        var dropped = 0
        var waiter: CheckedContinuation<Delivery?, Never>?
        var finished = false

        var count: Int { queue.count - head }

        mutating func takeFirst() -> Delivery {
            let event = queue[head]
            head += 1
            if head == queue.count {
                queue.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 64, head * 2 >= queue.count {
                queue.removeFirst(head)
                head = 0
            }
            defer { dropped = 0 }
            return Delivery(event: event, droppedBefore: dropped)
        }
    }

    /// The most events kept waiting.
    let capacity: Int
    private let state = Locked(State())

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Queues `event`, or hands it straight to the waiting consumer. Once ``finish()`` was
    /// called, does nothing.
    func put(_ event: ProviderEvent) {
        let handOff: (CheckedContinuation<Delivery?, Never>, Delivery)? = state.withLock { state in
            guard !state.finished else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                defer { state.dropped = 0 }
                return (waiter, Delivery(event: event, droppedBefore: state.dropped))
            }
            if state.count >= capacity {
                let oldestFix =
                    state.queue[state.head...].firstIndex {
                        if case .fix = $0 { true } else { false }
                    } ?? state.head
                state.queue.remove(at: oldestFix)
                state.dropped += 1
            }
            state.queue.append(event)
            return nil
        }
        if let (waiter, delivery) = handOff { waiter.resume(returning: delivery) }
    }

    /// Ends the queue: the consumer gets what is waiting, then `nil` (at once with
    /// `discardingWaiting`: the consumer was stopped).
    func finish(discardingWaiting: Bool = false) {
        let waiter = state.withLock { state in
            state.finished = true
            if discardingWaiting {
                state.queue = []
                state.head = 0
            }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }

    /// The next event (waiting for one if needed), or `nil` once the queue has ended and is
    /// empty, or the consuming task is cancelled. Only one task may take from a queue.
    func take() async -> Delivery? {
        if !Task.isCancelled, let ready = state.withLock({ $0.count > 0 ? $0.takeFirst() : nil }) { return ready }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let immediate: Delivery?? = state.withLock { state in
                    if state.count > 0 { return .some(state.takeFirst()) }
                    if state.finished || Task.isCancelled { return .some(nil) }
                    state.waiter = continuation
                    return .none
                }
                if case .some(let delivery) = immediate { continuation.resume(returning: delivery) }
            }
        } onCancel: {
            finish(discardingWaiting: true)
        }
    }
}
