import Location
import LocationTestSupport
import Testing

/// A consumer ended from outside its task (`UpdatesEnding`), as an event-stream client whose
/// connection closed: its waiting `next()` returns nil and its subscription is released.
@Suite(.timeLimit(.minutes(1)))
struct UpdatesEndingTests {
    @Test func anEndingEndsAWaitingConsumerAndReleasesItsSubscription() async throws {
        let service = LocationService(provider: ManualProvider(), authorizer: InMemoryAuthorizer(.authorizedWhenInUse))
        let ending = UpdatesEnding()
        let consumer = Task {
            var updates = service.updates(bufferSize: 4, endedBy: ending).makeAsyncIterator()
            var received = 0
            while await updates.next() != nil { received += 1 }
            return received
        }
        try await waitUntil(hangGuard, "the consumer to subscribe and hear the state") {
            let count = await service.subscriberCount
            let state = await service.currentState
            return count == 1 && state != nil
        }
        ending.end()
        let received = try await withDeadline(hangGuard, "the consumer to end") { await consumer.value }
        #expect(received >= 1, "the waiting state came before the end")
        try await waitUntil(hangGuard, "the subscription to be released") { await service.subscriberCount == 0 }
        #expect(ending.isEnded)
    }

    @Test func anEndingThatCameFirstEndsTheConsumerBeforeItSubscribes() async throws {
        let service = LocationService(provider: ManualProvider(), authorizer: InMemoryAuthorizer(.authorizedWhenInUse))
        let ending = UpdatesEnding()
        ending.end()
        var updates = service.updates(bufferSize: 4, endedBy: ending).makeAsyncIterator()
        #expect(await updates.next() == nil)
        #expect(await service.subscriberCount == 0)
    }
}
