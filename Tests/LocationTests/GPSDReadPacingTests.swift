import Foundation
import GPSDTestSupport
import Geodata
import LocationTestSupport
import Locking
import Testing

@testable import Location

/// When the gpsd reader reads again: every line as it comes from a receiver, in batches every
/// 2 ms while a replayed log streams thousands of lines a second, and line by line again as
/// soon as the stream slows down.
struct GPSDReadPacingTests {
    let start = ContinuousClock.now

    /// Turns `every` apart, each reading `lines`; the answer to each.
    func play(
        _ pacing: inout GPSDReadPacing, turns: Int, every interval: Duration, lines: Int = 1,
        from offset: Duration = .zero
    )
        -> [GPSDReadPacing.Next]
    {
        (0..<turns).map { turn in
            pacing.turnEnded(readLines: lines, at: start + offset + interval * turn)
        }
    }

    @Test func aReceiverSendingTwentyFixesASecondIsReadOnEveryLine() {
        var pacing = GPSDReadPacing()
        #expect(play(&pacing, turns: 100, every: .milliseconds(50)).allSatisfy { $0 == .onInput })
        #expect(!pacing.isBatching)
    }

    @Test func linesFasterThanOneAMillisecondAreReadEveryTwoMillisecondsAfterFourFastTurns() {
        var pacing = GPSDReadPacing()
        let answers = play(&pacing, turns: 10, every: .microseconds(300))
        #expect(answers.prefix(4).allSatisfy { $0 == .onInput })
        #expect(answers[4] == .at(start + .microseconds(300) * 4 + .milliseconds(2)))
        #expect(pacing.isBatching)
        // While batching, each turn (one every 2 ms, with the lines of 2 ms) asks for the next.
        let batched = pacing.turnEnded(readLines: 7, at: start + .milliseconds(10))
        #expect(batched == .at(start + .milliseconds(12)))
    }

    @Test func aBatchIntervalThatBringsNothingEndsTheBatching() {
        var pacing = GPSDReadPacing()
        _ = play(&pacing, turns: 6, every: .microseconds(300))
        #expect(pacing.isBatching)
        #expect(pacing.turnEnded(readLines: 0, at: start + .milliseconds(5)) == .onInput)
        #expect(!pacing.isBatching)
        // Batching again takes four fast turns again.
        let answers = play(&pacing, turns: 5, every: .microseconds(300), from: .milliseconds(100))
        #expect(answers.prefix(4).allSatisfy { $0 == .onInput })
        #expect(answers[4] != .onInput)
    }

    @Test func oneSlowTurnBeforeBatchingStartsCountingAgain() {
        var pacing = GPSDReadPacing()
        _ = play(&pacing, turns: 3, every: .microseconds(300))
        _ = pacing.turnEnded(readLines: 1, at: start + .milliseconds(20))
        let answers = play(&pacing, turns: 4, every: .microseconds(300), from: .milliseconds(20) + .microseconds(300))
        #expect(answers.prefix(3).allSatisfy { $0 == .onInput })
        #expect(answers[3] != .onInput)
    }
}

/// The pacing on a real connection: a peer on the gpsd port streaming TPVs a few hundred
/// microseconds apart (as `gpsfake -c 0` does) reaches the service whole, and wakes the reader
/// thread far less often than once a fix. Counted, not timed.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct GPSDReadBatchingTests {
    /// A TPV at `index` seconds after 2019-06-08T13:20:00Z, 0.00001° north per index.
    static func report(_ index: Int) -> String {
        let time = Date(timeIntervalSince1970: 1_560_000_000 + Double(index))
        let stamp = time.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: false))
        return #"{"class":"TPV","device":"/dev/pts/1","mode":3,"time":""# + stamp
            + #"","lat":\#(10 + Double(index) * 0.00001),"lon":21.0122,"eph":4.0}"#
    }

    /// Voluntary context switches of the gpsd reader thread so far: each is one wait in
    /// `poll()` that something ended.
    static func readerWakeUps() throws -> Int {
        for task in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? [] {
            let comm = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
            guard comm.trimmingCharacters(in: .whitespacesAndNewlines) == "petspot.gpsd",
                let status = try? String(contentsOfFile: "/proc/self/task/\(task)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("voluntary_ctxt_switches:") }),
                let count = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces))
            else { continue }
            return count
        }
        throw ReaderCPU.NotFound()
    }

    @Test func aFullSpeedStreamArrivesWholeAndWakesTheReaderOnceABatchNotOnceAFix() async throws {
        let server = try NMEAFeedServer()
        defer { server.close() }
        let count = 2000
        let service = LocationService(
            provider: GPSDProvider(endpoint: GPSDEndpoint(host: "127.0.0.1", port: server.port)),
            authorizer: InMemoryAuthorizer(.authorizedWhenInUse), updateBufferSize: count * 2,
            executor: LocationEventLoop.shared)
        let fixes = Locked(Set<Double>())
        let consumer = Task(executorPreference: LocationEventLoop.shared) {
            for await update in service.updates {
                if let fix = update.fix { fixes.withLock { _ = $0.insert(fix.coordinate.latitude.degrees) } }
            }
        }
        defer { consumer.cancel() }
        #expect(server.waitForReader(timeout: hangGuard))
        server.send([Self.report(-1)])
        try await waitUntil(hangGuard, "the first fix") { fixes.withLock { !$0.isEmpty } }

        let before = try Self.readerWakeUps()
        // One TPV every 250 µs (busy-waiting: a sleep that short oversleeps), as a full-speed
        // gpsfake sends them: 4,000 a second, against 1 to 20 from a receiver. The sender stays
        // at most `window` fixes ahead of what the consumer has (an event, not a time): a
        // service starved by a CPU hog for a quarter of a second would otherwise overflow its
        // provider queue (1,024, newest wins) and drop the oldest fixes, which it is made to do
        // (LocationServiceTests). On an idle machine the window never closes.
        let window = 256
        let sender = Thread {
            let clock = ContinuousClock()
            var next = clock.now
            for index in 0..<count {
                while index - fixes.withLock({ $0.count }) > window { usleep(200) }
                while clock.now < next {}
                server.send([Self.report(index)])
                next = max(next + .microseconds(250), clock.now)
            }
        }
        sender.start()
        try await waitUntil(hangGuard, "every fix of the stream") { fixes.withLock { $0.count } == count + 1 }
        let wakeUps = try Self.readerWakeUps() - before
        // Line by line, each fix would wake the thread once (2,000 times); batched every 2 ms,
        // about 250 times for the 0.5 s the stream lasts.
        #expect(wakeUps < count / 2, "the reader woke \(wakeUps) times for \(count) fixes")
    }
}
