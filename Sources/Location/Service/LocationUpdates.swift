import Locking

/// The live updates of a ``LocationService``: an `AsyncSequence` of ``LocationUpdate``.
///
/// Each iteration is one consumer, registered on its first `next()`. The consumer's buffer
/// is bounded (``LocationService/updateBufferSize``, newest wins), so a slow consumer never
/// blocks the provider or other consumers; what it misses is counted
/// (``AsyncIterator/droppedUpdates``), so it can say so. Iteration ends when the consuming
/// task is cancelled, or when the provider's source ends (a scenario that ran out).
///
/// ```swift
/// for await update in service.updates.prefix(10) { print(update) }
///
/// var updates = service.updates.makeAsyncIterator()
/// while let update = await updates.next() {
///     print(update, "missed so far:", updates.droppedUpdates)
/// }
/// ```
public struct LocationUpdates: AsyncSequence, Sendable {
    public typealias Element = LocationUpdate
    public typealias Failure = Never

    let service: LocationService
    /// The consumer's buffer; `nil`: the service's ``LocationService/updateBufferSize``.
    var bufferSize: Int? = nil
    /// Told when the consumer's buffer starts dropping (see
    /// ``LocationService/updates(bufferSize:endedBy:whenFallingBehind:)``).
    var whenFallingBehind: (@Sendable () -> Void)? = nil
    /// Ends the iteration from outside the consuming task.
    var ending: UpdatesEnding? = nil

    /// Iterates one consumer's updates.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let service: LocationService
        let bufferSize: Int?
        let whenFallingBehind: (@Sendable () -> Void)?
        let ending: UpdatesEnding?
        var subscription: Subscription?

        /// How many updates this consumer missed so far because it fell behind (its buffer
        /// was full, so the oldest fixes were dropped: newest wins). It grows just before
        /// `next()` returns the first update after a gap, and at the end for a gap at the end.
        public private(set) var droppedUpdates = 0

        /// How many updates are already waiting for this consumer: when it is zero, the next
        /// `next()` waits for the provider (a good moment to flush buffered output).
        public var pendingUpdates: Int { subscription?.mailbox.pendingCount ?? 0 }

        /// The next update, or `nil` when the consumer was cancelled or ended (``UpdatesEnding``)
        /// or the source ended. Wakes (``UpdatesEnding/wake()``) are passed over.
        public mutating func next() async -> LocationUpdate? {
            while let item = await nextOrWake() {
                if case .update(let update, _) = item { return update }
            }
            return nil
        }

        /// The next update with how many were missed just before it, ``WakingUpdates/Item/wake``
        /// when the consumer was woken and no update is waiting, or `nil` as for ``next()``.
        mutating func nextOrWake() async -> WakingUpdates.Item? {
            if subscription == nil {
                if Task.isCancelled || ending?.isEnded == true { return nil }
                let subscribed = await service.subscribe(bufferSize: bufferSize, whenFallingBehind: whenFallingBehind)
                subscription = subscribed
                ending?.attach(subscribed)
            }
            guard let subscription else { return nil }
            let mailbox = subscription.mailbox
            let taken = await withTaskCancellationHandler {
                await mailbox.takeOrWake()
            } onCancel: {
                subscription.end()
            }
            switch taken {
            case .delivery(let delivery):
                droppedUpdates += delivery.droppedBefore
                return .update(delivery.element, missedBefore: delivery.droppedBefore)
            case .wake:
                return .wake
            case .end:
                droppedUpdates += mailbox.takeDropped()
                return nil
            }
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(service: service, bufferSize: bufferSize, whenFallingBehind: whenFallingBehind, ending: ending)
    }

    /// These updates with the wakes of their ``UpdatesEnding`` (``UpdatesEnding/wake()``), each
    /// update with how many were missed just before it: a consumer that must also act on time,
    /// such as an event-stream client's heartbeat, without a timer of its own.
    public var withWakes: WakingUpdates { WakingUpdates(base: self) }
}

/// Ends one consumer's ``LocationUpdates`` from outside its task: its `next()` returns `nil`
/// at once (also when it is waiting), and its subscription is released, as if its task had been
/// cancelled. For a consumer whose end is decided elsewhere — an event-stream client whose
/// connection closed, a server shutting down — without a task to cancel. It can also wake the
/// consumer (``wake()``), which its ``LocationUpdates/withWakes`` iteration hears.
///
/// ```swift
/// let ending = UpdatesEnding()
/// let updates = service.updates(bufferSize: 32, endedBy: ending)
/// // elsewhere: ending.end()
/// ```
public final class UpdatesEnding: Sendable {
    private let state = Locked<(ended: Bool, subscription: Subscription?)>((false, nil))

    /// An ending not yet used.
    public init() {}

    /// Whether ``end()`` was called.
    public var isEnded: Bool { state.withLock { $0.ended } }

    /// Ends the consumer (once; later calls do nothing).
    public func end() {
        let subscription = state.withLock { state -> Subscription? in
            state.ended = true
            defer { state.subscription = nil }
            return state.subscription
        }
        subscription?.end()
    }

    /// Wakes the consumer once: its ``LocationUpdates/withWakes`` iteration hands out
    /// ``WakingUpdates/Item/wake`` as soon as no update is waiting (a plain iteration passes
    /// it over). Wakes it has not seen yet count as one. Before the consumer's first `next()`
    /// (it has no mailbox yet) and after its end, a wake does nothing. Never blocks.
    public func wake() {
        state.withLock { $0.subscription }?.mailbox.wake()
    }

    /// The consumer's subscription, ended at once when ``end()`` came first.
    func attach(_ subscription: Subscription) {
        let endsNow = state.withLock { state -> Bool in
            guard !state.ended else { return true }
            state.subscription = subscription
            return false
        }
        if endsNow { subscription.end() }
    }
}

/// One registered consumer: its mailbox, unregistered from the service when the consumer is
/// cancelled or its iterator goes away.
final class Subscription: Sendable {
    let mailbox: UpdateMailbox
    let service: LocationService
    let id: UInt64

    init(mailbox: UpdateMailbox, service: LocationService, id: UInt64) {
        self.mailbox = mailbox
        self.service = service
        self.id = id
    }

    /// Ends the consumer's updates and unregisters it.
    func end() {
        mailbox.cancel()
        let service = self.service
        let id = self.id
        Task { await service.unsubscribe(id) }
    }

    deinit {
        end()
    }
}
