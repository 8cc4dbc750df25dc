import Geodata
import Location
import LocationTestSupport
import Testing

/// A consumer that falls behind loses the oldest fixes (newest wins) and learns how many.
@Suite struct UpdateDropTests {
    /// A service whose consumers may have 8 updates waiting.
    static func runningService() -> (ManualProvider, LocationService) {
        let provider = ManualProvider()
        let service = LocationService(
            provider: provider, authorizer: InMemoryAuthorizer(.authorizedWhenInUse), clock: VirtualClock(),
            updateBufferSize: 8)
        return (provider, service)
    }

    @Test func aSlowConsumerLearnsHowManyFixesItMissedAndTheyAccountForEveryFix() async throws {
        let (provider, service) = Self.runningService()
        var updates = service.updates.makeAsyncIterator()
        #expect(await updates.next() == .waitingForFix)
        await provider.waitUntilRunning()
        let sent = 500
        for index in 0..<sent { provider.emit(.fix(try testFix(10 + Double(index) * 0.00001, 20))) }
        try await waitUntil(hangGuard, "the last fix") {
            await service.lastFix?.coordinate.latitude.degrees == 10 + Double(sent - 1) * 0.00001
        }
        #expect(updates.pendingUpdates == 8)
        var received: [LocationFix] = []
        while received.count < 8, let update = await updates.next(), let fix = update.fix { received.append(fix) }
        #expect(updates.pendingUpdates == 0)
        #expect(received.count == 8)
        #expect(updates.droppedUpdates == sent - 8)
        #expect(received.last?.coordinate.latitude.formatted == "10.00499")
    }

    @Test func aConsumerThatKeepsUpMissesNothing() async throws {
        let (provider, service) = Self.runningService()
        var updates = service.updates.makeAsyncIterator()
        #expect(await updates.next() == .waitingForFix)
        await provider.waitUntilRunning()
        for index in 0..<200 {
            provider.emit(.fix(try testFix(10 + Double(index) * 0.00001, 20)))
            #expect(await updates.next()?.fix?.coordinate.latitude.degrees == 10 + Double(index) * 0.00001)
        }
        #expect(updates.droppedUpdates == 0)
    }

    @Test func cancellingAWaitingConsumerEndsItAndUnregistersIt() async throws {
        let provider = ManualProvider()
        let service = LocationService(
            provider: provider, authorizer: InMemoryAuthorizer(.authorizedWhenInUse), clock: VirtualClock())
        let consumer = Task {
            var count = 0
            for await _ in service.updates { count += 1 }
            return count
        }
        await provider.waitUntilRunning()
        try await waitUntil(hangGuard, "the consumer") { await service.subscriberCount == 1 }
        consumer.cancel()
        #expect(await consumer.value >= 0)
        try await waitUntil(hangGuard, "the consumer to leave") { await service.subscriberCount == 0 }
        try await waitUntil(hangGuard, "the provider to stop") { !provider.isRunning }
    }
}
