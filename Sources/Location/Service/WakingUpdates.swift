/// One consumer's ``LocationUpdates`` together with the wakes of its ``UpdatesEnding``: each
/// update with how many the consumer missed just before it, and ``Item/wake`` when
/// ``UpdatesEnding/wake()`` was called and no update was waiting. A consumer that must also
/// do something on time — an event-stream client writing its heartbeat — waits in one place,
/// its own mailbox, with no timer or second task of its own: whoever keeps the time wakes it.
///
/// Iteration ends as the updates' does: the consumer ended (``UpdatesEnding/end()``) or
/// cancelled, or the source ended.
///
/// ```swift
/// let ending = UpdatesEnding()      // heartbeat timer: ending.wake(); client gone: ending.end()
/// for await item in service.updates(bufferSize: 32, endedBy: ending).withWakes {
///     switch item {
///     case .update(let update, let missed): send(update, missed: missed)
///     case .wake: sendHeartbeat()
///     }
/// }
/// ```
public struct WakingUpdates: AsyncSequence, Sendable {
    public typealias Failure = Never

    /// What a ``WakingUpdates`` iteration hands out.
    public enum Item: Sendable, Equatable {
        /// An update, and how many updates the consumer missed just before it (its buffer was
        /// full: newest wins).
        case update(LocationUpdate, missedBefore: Int)
        /// The consumer was woken (``UpdatesEnding/wake()``) and no update was waiting.
        case wake
    }

    public typealias Element = Item

    let base: LocationUpdates

    /// Iterates one consumer's updates and wakes.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: LocationUpdates.AsyncIterator

        /// How many updates this consumer missed so far (see
        /// ``LocationUpdates/AsyncIterator/droppedUpdates``).
        public var droppedUpdates: Int { base.droppedUpdates }

        /// The next update or wake, or `nil` when the consumer was cancelled or ended or the
        /// source ended.
        public mutating func next() async -> Item? {
            await base.nextOrWake()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator())
    }
}
