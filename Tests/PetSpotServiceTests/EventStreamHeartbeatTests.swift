import Location
import LocationTestSupport
import Locking
import Testing

@testable import PetSpotService

/// The event streams' one heartbeat timer, on a virtual clock: every registered client is woken
/// once an interval and not before its turn, a slice of them at a time, a client that left is not, and a client's signals
/// (`ReportRings`) keep a change before a heartbeat and coalesce while it is busy.
@Suite(.timeLimit(.minutes(1)))
struct EventStreamHeartbeatTests {
    @Test func everyRegisteredClientIsWokenAtEachBeatAndOneThatLeftIsNot() async throws {
        let clock = VirtualClock()
        let heartbeat = EventStreamHeartbeat(interval: .seconds(15), clock: clock)
        let (beats, beat) = AsyncStream.makeStream(of: String.self)
        let (staying, releaseStaying) = AsyncStream.makeStream(of: Void.self)
        let (leaving, releaseLeaving) = AsyncStream.makeStream(of: Void.self)
        let first = Task { await heartbeat.beating({ beat.yield("staying") }) { for await _ in staying {} } }
        let second = Task { await heartbeat.beating({ beat.yield("leaving") }) { for await _ in leaving {} } }
        try await waitUntil(hangGuard, "both clients to register") { heartbeat.clientCount == 2 }
        let timer = Task { await heartbeat.run() }
        var heard = beats.makeAsyncIterator()

        try await withDeadline(hangGuard, "the timer") { try await clock.waitForSleepers(atLeast: 1) }
        // Beats come in 16 turns of 0.9375 s; each client is beaten once in an interval, in its turn.
        await clock.advance(by: .milliseconds(937))
        #expect(clock.nextDeadline == VirtualClock.Instant(offset: .microseconds(937_500)), "no beat before its time")
        await clock.advance(by: .seconds(15) - .milliseconds(937))
        var firstBeat: Set<String> = []
        for _ in 0..<2 { firstBeat.insert(await heard.next() ?? "none") }
        #expect(firstBeat == ["staying", "leaving"])

        releaseLeaving.finish()
        await second.value
        #expect(heartbeat.clientCount == 1)
        try await withDeadline(hangGuard, "the timer") { try await clock.waitForSleepers(atLeast: 1) }
        await clock.advance(by: .seconds(15))
        #expect(await heard.next() == "staying")

        releaseStaying.finish()
        await first.value
        #expect(heartbeat.clientCount == 0)
        try await withDeadline(hangGuard, "the timer") { try await clock.waitForSleepers(atLeast: 1) }
        await clock.advance(by: .seconds(15))
        timer.cancel()
        await timer.value
        beat.finish()
        #expect(await heard.next() == nil, "no other wake: the one that left heard one beat, nobody heard the third")
    }

    /// 10,000 idle clients woken at once queued 10,000 writes in front of every request (issue 43).
    @Test func eachTurnWakesOnlyItsSliceOfTheClients() async throws {
        let clock = VirtualClock()
        let heartbeat = EventStreamHeartbeat(interval: .seconds(16), clock: clock)
        let woken = Locked<[Int]>([])
        let (hold, release) = AsyncStream.makeStream(of: Void.self)
        let clients = (0..<64).map { number in
            Task { await heartbeat.beating({ woken.withLock { $0.append(number) } }) { for await _ in hold {} } }
        }
        try await waitUntil(hangGuard, "the clients to register") { heartbeat.clientCount == 64 }
        let timer = Task { await heartbeat.run() }
        for turn in 1...16 {
            try await withDeadline(hangGuard, "the timer") { try await clock.waitForSleepers(atLeast: 1) }
            await clock.advance(by: .seconds(1))
            try await waitUntil(hangGuard, "turn \(turn)") { woken.withLock { $0.count } >= turn * 4 }
            #expect(woken.withLock { $0.count } == turn * 4, "a turn wakes 64 / 16 clients")
        }
        #expect(Set(woken.withLock { $0 }) == Set(0..<64), "each client once in the interval")
        timer.cancel()
        await timer.value
        release.finish()
        for client in clients { await client.value }
    }

    @Test func aChangeComesBeforeAHeartbeatAndEachCoalescesWhileTheClientIsBusy() async {
        let rings = ReportRings()
        for _ in 0..<3 {
            rings.beat()
            rings.ring()
        }
        var iterator = rings.makeAsyncIterator()
        #expect(await iterator.next() == .change)
        #expect(await iterator.next() == .heartbeat)
        rings.ring()
        #expect(await iterator.next() == .change, "nothing else was kept")
        rings.beat()
        rings.end()
        #expect(await iterator.next() == nil, "an ended client takes nothing more")
        rings.ring()
        #expect(await iterator.next() == nil)
    }

    @Test(arguments: [ReportRings.Ring.change, .heartbeat])
    func aWaitingClientIsWokenBy(_ ring: ReportRings.Ring) async {
        let rings = ReportRings()
        let client = Task {
            var iterator = rings.makeAsyncIterator()
            return await iterator.next()
        }
        if ring == .change { rings.ring() } else { rings.beat() }
        #expect(await client.value == ring)
    }

    @Test func endingAWaitingClientEndsItsLoop() async {
        let rings = ReportRings()
        let client = Task {
            var count = 0
            for await _ in rings { count += 1 }
            return count
        }
        rings.end()
        #expect(await client.value == 0)
        #expect(rings.isEnded)
    }
}
