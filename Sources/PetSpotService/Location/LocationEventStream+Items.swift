import Location

extension LocationEventStream {
    /// One consumer's updates as ``Item``s: each with how many the service dropped for the
    /// consumer just before it (``LocationUpdates/AsyncIterator/droppedUpdates`` grows then),
    /// and ``Item/ended`` when they end (ended from outside, or the source ran out).
    struct CountedUpdates: AsyncSequence, Sendable {
        typealias Element = Item
        typealias Failure = Never

        let updates: LocationUpdates

        struct AsyncIterator: AsyncIteratorProtocol {
            var base: LocationUpdates.AsyncIterator
            var ended = false

            mutating func next() async -> Item? {
                guard !ended else { return nil }
                let before = base.droppedUpdates
                guard let update = await base.next() else {
                    ended = true
                    return Task.isCancelled ? nil : .ended
                }
                return .update(update, missed: base.droppedUpdates - before)
            }
        }

        func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(base: updates.makeAsyncIterator())
        }
    }
}
