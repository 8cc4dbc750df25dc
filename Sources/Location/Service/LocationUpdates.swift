/// The live updates of a ``LocationService``: an `AsyncSequence` of ``LocationUpdate``.
///
/// Each iteration is one consumer, registered on its first `next()`. The consumer's buffer
/// is bounded (``LocationService/updateBufferSize``, newest wins), so a slow consumer never
/// blocks the provider or other consumers. Iteration ends when the consuming task is
/// cancelled, or when the provider's source ends (a scenario that ran out).
///
/// ```swift
/// for await update in service.updates.prefix(10) { print(update) }
/// ```
public struct LocationUpdates: AsyncSequence, Sendable {
    public typealias Element = LocationUpdate
    public typealias Failure = Never

    let service: LocationService

    /// Iterates one consumer's updates.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let service: LocationService
        var stream: AsyncStream<LocationUpdate>.Iterator?

        /// The next update, or `nil` when the consumer was cancelled or the source ended.
        public mutating func next() async -> LocationUpdate? {
            if stream == nil {
                if Task.isCancelled { return nil }
                stream = await service.subscribe().makeAsyncIterator()
            }
            return await stream?.next()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(service: service)
    }
}
