import Geodata
import LocationTestSupport
import Testing

@testable import Location

/// A consumer woken from outside its task (the event stream's heartbeat): the wake comes out of
/// the consumer's own mailbox once no update is waiting, never before one, wakes not yet heard
/// count as one, and an ended consumer hears none.
@Suite(.timeLimit(.minutes(1)))
struct ConsumerWakeTests {
    typealias Queue = NewestWinsQueue<LocationUpdate>

    /// `taken` as text, for comparing: `update STATE dropped N`, `wake` or `end`.
    static func describe(_ taken: Queue.Taken) -> String {
        switch taken {
        case .delivery(let delivery): "update \(delivery.element.stateName) dropped \(delivery.droppedBefore)"
        case .wake: "wake"
        case .end: "end"
        }
    }

    @Test func aWakeEndsTheWaitOfAConsumerWithNothingToTake() async {
        let queue = Queue(capacity: 4)
        let consumer = Task { Self.describe(await queue.takeOrWake()) }
        queue.wake()
        #expect(await consumer.value == "wake")
    }

    @Test func updatesWaitingComeBeforeTheWake() async {
        let queue = Queue(capacity: 4)
        queue.put(.waitingForFix)
        queue.put(.fixLost)
        queue.wake()
        #expect(Self.describe(await queue.takeOrWake()) == "update waitingForFix dropped 0")
        #expect(Self.describe(await queue.takeOrWake()) == "update fixLost dropped 0")
        #expect(Self.describe(await queue.takeOrWake()) == "wake")
        #expect(queue.pendingCount == 0)
    }

    @Test func wakesNotYetHeardCountAsOne() async {
        let queue = Queue(capacity: 4)
        for _ in 0..<5 { queue.wake() }
        #expect(Self.describe(await queue.takeOrWake()) == "wake")
        queue.put(.fixLost)
        #expect(Self.describe(await queue.takeOrWake()) == "update fixLost dropped 0", "only one wake was kept")
    }

    @Test func aWakeTakesNoPlaceInAFullMailboxAndDropsNothing() async {
        let queue = Queue(capacity: 2)
        queue.put(.waitingForFix)
        queue.put(.fixLost)
        queue.wake()
        #expect(queue.pendingCount == 2)
        #expect(queue.takeDropped() == 0)
        #expect(Self.describe(await queue.takeOrWake()) == "update waitingForFix dropped 0")
        #expect(Self.describe(await queue.takeOrWake()) == "update fixLost dropped 0")
        #expect(Self.describe(await queue.takeOrWake()) == "wake")
    }

    @Test(arguments: [true, false])
    func anEndedMailboxHearsNoWake(cancelled: Bool) async {
        let queue = Queue(capacity: 4)
        queue.wake()
        if cancelled { queue.cancel() } else { queue.finish() }
        queue.wake()
        #expect(Self.describe(await queue.takeOrWake()) == "end")
    }

    @Test func aFinishedMailboxHandsOutItsUpdatesThenTheEndNotAWake() async {
        let queue = Queue(capacity: 4)
        queue.put(.fixLost)
        queue.wake()
        queue.finish()
        #expect(Self.describe(await queue.takeOrWake()) == "update fixLost dropped 0")
        #expect(Self.describe(await queue.takeOrWake()) == "end")
    }

    @Test func takePassesOverWakes() async {
        let queue = Queue(capacity: 4)
        queue.wake()
        queue.put(.fixLost)
        #expect(await queue.take()?.element == .fixLost)
        queue.wake()
        queue.finish()
        #expect(await queue.take() == nil)
    }

    // MARK: - Through the service

    static func service() -> (ManualProvider, LocationService) {
        let provider = ManualProvider()
        let service = LocationService(
            provider: provider, authorizer: InMemoryAuthorizer(.authorizedWhenInUse), clock: VirtualClock())
        return (provider, service)
    }

    @Test func aWokenConsumerHearsTheWakeAfterItsWaitingUpdatesWithWhatItMissed() async throws {
        let (provider, service) = Self.service()
        let ending = UpdatesEnding()
        var items = service.updates(bufferSize: 2, endedBy: ending).withWakes.makeAsyncIterator()
        #expect(await items.next() == .update(.waitingForFix, missedBefore: 0))
        await provider.waitUntilRunning()
        let fixes = try (0..<5).map { try testFix(10 + Double($0) * 0.001, 20) }
        for fix in fixes { provider.emit(.fix(fix)) }
        try await waitUntil(hangGuard, "the last fix") {
            await service.lastFix?.coordinate.latitude == fixes[4].coordinate.latitude
        }
        ending.wake()
        #expect(Self.latitude(await items.next()) == "10.00300 missed 3")
        #expect(Self.latitude(await items.next()) == "10.00400 missed 0")
        #expect(await items.next() == .wake)
        #expect(items.droppedUpdates == 3)
        ending.wake()
        #expect(await items.next() == .wake, "a consumer with nothing waiting hears the wake at once")
        ending.end()
        #expect(await items.next() == nil)
        ending.wake()
        #expect(await items.next() == nil, "an ended consumer hears no wake")
    }

    /// A fix's latitude and how many were missed before it.
    static func latitude(_ item: WakingUpdates.Item?) -> String {
        guard case .update(let update, let missed) = item, let fix = update.fix else {
            return "\(String(describing: item))"
        }
        return "\(fix.coordinate.latitude.formatted) missed \(missed)"
    }

    @Test func aPlainIterationPassesOverWakes() async throws {
        let (provider, service) = Self.service()
        let ending = UpdatesEnding()
        var updates = service.updates(bufferSize: 4, endedBy: ending).makeAsyncIterator()
        #expect(await updates.next() == .waitingForFix)
        await provider.waitUntilRunning()
        ending.wake()
        let fix = try testFix(10, 20)
        provider.emit(.fix(fix))
        #expect(await updates.next()?.fix?.coordinate == fix.coordinate)
        ending.wake()
        ending.end()
        #expect(await updates.next() == nil)
    }
}
